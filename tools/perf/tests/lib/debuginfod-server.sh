#!/bin/sh
# A real debuginfod server on a free port, for tests and benchmarks.
#
#   debuginfod-server.sh start [--owner PID] STATE_DIR SCAN_DIR...
#       Start `debuginfod -F` over SCAN_DIRs (.tar.xz and .tar.zst archives
#       included), wait until it has scanned them, print its URL
#       (http://127.0.0.1:PORT).  STATE_DIR keeps its pid, port, log and
#       database.  The server is killed when PID (default: our parent)
#       exits, so a test that dies without cleaning up leaks nothing.
#   debuginfod-server.sh stop STATE_DIR
#       Stop it and wait until it is gone.
#   debuginfod-server.sh metric STATE_DIR NAME
#       Print the value of one line of its /metrics, e.g.
#       'http_requests_total{type="executable"}'; 0 if absent.
#
# Sourced (sharness tests): debuginfod_server_start STATE_DIR SCAN_DIR...
# sets DEBUGINFOD_SERVER_URL and stops the server when the test script
# exits, passing or failing; debuginfod_server_stop/_metric STATE_DIR.
#
# debuginfod 0.188 listens on all addresses; clients only use 127.0.0.1.
# It has no option for a random port, so a free one is taken from the
# kernel and the start retried if another process wins the race.

debuginfod_server__metrics () {	# STATE_DIR
	curl -sf --max-time 5 "http://127.0.0.1:$(cat "$1/port")/metrics"
}

debuginfod_server__value () {	# STATE_DIR NAME
	debuginfod_server__metrics "$1" |
	# Label values may hold spaces: the value is the last field.
	awk -v name="$2" '{ k = $0; sub(/ [^ ]*$/, "", k) }
		k == name { v = $NF } END { print v == "" ? 0 : v }'
}

# Scanning is over when the one traversal has finished, no scan work is
# queued or running, and every file it found has been scanned (archives
# are counted under source="file" too).
debuginfod_server__scanned () {	# STATE_DIR
	debuginfod_server__metrics "$1" | awk '
		$1 == "thread_work_total{role=\"traverse\"}" { trav = $2 }
		$1 == "thread_busy{role=\"traverse\"}" { tbusy = $2 }
		$1 == "thread_work_pending{role=\"scan\"}" { pend = $2 }
		$1 == "thread_busy{role=\"scan\"}" { busy = $2 }
		$1 == "traversed_total{type=\"file\"}" { files = $2 }
		$1 == "scanned_files_total{source=\"file\"}" { scanned = $2 }
		END { exit !(trav >= 1 && tbusy == 0 && pend == 0 && busy == 0 &&
			     scanned + 0 >= files + 0) }'
}

debuginfod_server__free_port () {
	perl -MIO::Socket::INET -e '
		my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0,
					      Listen => 1, ReuseAddr => 1) or exit 1;
		print $s->sockport, "\n";'
}

# Poll a condition every 0.1 s, $tries times at most.  A condition that
# returns 2 means it can never become true: give up at once.
debuginfod_server__wait () {	# CMD...
	n=0
	while :; do
		"$@"
		case $? in
		0) return 0 ;;
		2) return 1 ;;
		esac
		n=$((n + 1))
		test "$n" -ge "$tries" && return 1
		sleep 0.1
	done
}

debuginfod_server__alive () {	# STATE_DIR
	kill -0 "$(cat "$1/pid")" 2>/dev/null
}

debuginfod_server__responds () {	# STATE_DIR
	debuginfod_server__alive "$1" || return 2
	debuginfod_server__metrics "$1" >/dev/null 2>&1
}

debuginfod_server__start () {	# OWNER STATE_DIR SCAN_DIR...
	owner=$1 state=$2
	shift 2
	mkdir -p "$state" || return 1
	for attempt in 1 2 3 4 5; do
		port=$(debuginfod_server__free_port) || return 1
		echo "$port" >"$state/port"
		rm -f "$state/db.sqlite"*
		# -t 0 -g 0: scan once, no grooming; -c 2: two scanners on
		# our 2-core CI.  setsid: not in the test's process group.
		# No inherited descriptors: a TAP harness waits for EOF on
		# the pipes a test's children hold (sharness keeps fd 5, 6).
		setsid debuginfod -F -Z .tar.xz -Z .tar.zst=zstdcat -t 0 -g 0 -c 2 \
			-p "$port" -d "$state/db.sqlite" "$@" \
			</dev/null >"$state/log" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
		echo $! >"$state/pid"
		tries=100
		if debuginfod_server__wait debuginfod_server__responds "$state"; then
			break
		fi
		kill "$(cat "$state/pid")" 2>/dev/null
		rm -f "$state/pid"
		if [ "$attempt" = 5 ]; then
			echo "debuginfod-server: cannot start debuginfod, see $state/log" >&2
			return 1
		fi
	done
	# The watchdog: kill the server once its owner is gone.
	setsid sh -c 'tail --pid="$1" -f /dev/null; kill "$2" 2>/dev/null' \
		watchdog "$owner" "$(cat "$state/pid")" </dev/null >/dev/null 2>&1 \
		3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
	echo $! >"$state/watchdog"
	tries=300
	if ! debuginfod_server__wait debuginfod_server__scanned "$state"; then
		echo "debuginfod-server: no scan result after 30 s, see $state/log" >&2
		debuginfod_server__stop "$state"
		return 1
	fi
	echo "http://127.0.0.1:$port"
}

debuginfod_server__gone () {	# PID
	! kill -0 "$1" 2>/dev/null
}

debuginfod_server__stop () {	# STATE_DIR
	state=$1
	# Both were started by setsid: their pid is their process group.
	if [ -f "$state/watchdog" ]; then
		kill -- "-$(cat "$state/watchdog")" 2>/dev/null
		rm -f "$state/watchdog"
	fi
	[ -f "$state/pid" ] || return 0
	pid=$(cat "$state/pid")
	kill "$pid" 2>/dev/null
	tries=50
	if ! debuginfod_server__wait debuginfod_server__gone "$pid"; then
		kill -9 "$pid" 2>/dev/null
	fi
	rm -f "$state/pid"
	return 0
}

# ---- sourced by a sharness test -------------------------------------------
DEBUGINFOD_SERVER_SH="${MMAP3_TOP:-.}/tools/perf/tests/lib/debuginfod-server.sh"
DEBUGINFOD_SERVER_STATES=""

debuginfod_server_start () {	# STATE_DIR SCAN_DIR...
	DEBUGINFOD_SERVER_URL=$(sh "$DEBUGINFOD_SERVER_SH" start --owner $$ "$@") ||
		return 1
	DEBUGINFOD_SERVER_STATES="$DEBUGINFOD_SERVER_STATES $(cd "$1" && pwd)"
	# Chain with sharness's EXIT trap ('die'), keeping the exit status.
	trap 'debuginfod_server__code=$?; debuginfod_server_stop_all;
	      (exit $debuginfod_server__code); die' EXIT
}

debuginfod_server_stop () {	# STATE_DIR
	sh "$DEBUGINFOD_SERVER_SH" stop "$1"
}

debuginfod_server_stop_all () {
	for s in $DEBUGINFOD_SERVER_STATES; do
		sh "$DEBUGINFOD_SERVER_SH" stop "$s"
	done
}

debuginfod_server_metric () {	# STATE_DIR NAME
	sh "$DEBUGINFOD_SERVER_SH" metric "$1" "$2"
}

# ---- executed ----------------------------------------------------------------
case "$0" in
*debuginfod-server.sh)
	cmd=${1:-}
	[ $# -gt 0 ] && shift
	case "$cmd" in
	start)
		owner=$PPID
		if [ "${1:-}" = "--owner" ]; then
			owner=$2
			shift 2
		fi
		[ $# -ge 2 ] || { echo "usage: $0 start [--owner PID] STATE_DIR SCAN_DIR..." >&2; exit 129; }
		debuginfod_server__start "$owner" "$@"
		;;
	stop)
		[ $# -eq 1 ] || { echo "usage: $0 stop STATE_DIR" >&2; exit 129; }
		debuginfod_server__stop "$1"
		;;
	metric)
		[ $# -eq 2 ] || { echo "usage: $0 metric STATE_DIR NAME" >&2; exit 129; }
		debuginfod_server__value "$1" "$2"
		;;
	*)
		echo "usage: $0 start|stop|metric ..." >&2
		exit 129
		;;
	esac
	;;
esac
