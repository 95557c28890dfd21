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
#   debuginfod-server.sh start --netns NS --addr ADDR ... (root)
#       The same inside network namespace NS; the URL names ADDR, an
#       address of NS (metrics are still read inside NS, on 127.0.0.1).
#   debuginfod-server.sh netns-up NS1 NS2 / netns-down NS1 NS2  (root)
#       Two network namespaces joined by a veth pair: prints their two
#       addresses, "10.213.K.1 10.213.K.2".  For "production box" and
#       "analysis box" tests.
#
# Sourced (sharness tests): debuginfod_server_start [--netns NS --addr A]
# STATE_DIR SCAN_DIR... sets DEBUGINFOD_SERVER_URL and stops the server
# when the test script exits, passing or failing; debuginfod_server_stop
# and _metric STATE_DIR; debuginfod_netns_up NS1 NS2 sets
# DEBUGINFOD_NETNS_ADDRS and deletes the namespaces at exit.
#
# debuginfod 0.188 listens on all addresses; clients only use 127.0.0.1.
# It has no option for a random port, so a free one is taken from the
# kernel and the start retried if another process wins the race.

# Run a command where the server runs: its network namespace, if any.
debuginfod_server__in () {	# STATE_DIR CMD...
	if [ -s "$1/netns" ]; then
		ns=$(cat "$1/netns")
		shift
		ip netns exec "$ns" "$@"
	else
		shift
		"$@"
	fi
}

debuginfod_server__metrics () {	# STATE_DIR
	debuginfod_server__in "$1" \
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

debuginfod_server__free_port () {	# STATE_DIR
	debuginfod_server__in "$1" perl -MIO::Socket::INET -e '
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

debuginfod_server__start () {	# OWNER NETNS ADDR STATE_DIR SCAN_DIR...
	owner=$1 netns=$2 addr=$3 state=$4
	shift 4
	mkdir -p "$state" || return 1
	printf "%s" "$netns" >"$state/netns"
	for attempt in 1 2 3 4 5; do
		port=$(debuginfod_server__free_port "$state") || return 1
		echo "$port" >"$state/port"
		rm -f "$state/db.sqlite"*
		# -t 0 -g 0: scan once, no grooming; -c 2: two scanners on
		# our 2-core CI.  setsid: not in the test's process group.
		# No inherited descriptors: a TAP harness waits for EOF on
		# the pipes a test's children hold (sharness keeps fd 5, 6).
		# (setsid and ip netns exec both exec: $! is debuginfod.)
		setsid ${netns:+ip netns exec "$netns"} \
			debuginfod -F -Z .tar.xz -Z .tar.zst=zstdcat -t 0 -g 0 -c 2 \
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
	echo "http://$addr:$port"
}

# Can this box run the two-namespace tests?  debuginfod, curl and ip are
# there and a network namespace can be made (the caller checks for root).
debuginfod_server__netns_usable () {
	command -v debuginfod >/dev/null && command -v curl >/dev/null &&
	command -v ip >/dev/null && ip netns add "mmap3-probe-$$" 2>/dev/null &&
	ip netns del "mmap3-probe-$$"
}

debuginfod_server__netns_up () {	# NS1 NS2
	k=$(($$ % 250 + 1))
	ip netns add "$1" &&
	ip netns add "$2" &&
	ip link add "v$$x" type veth peer name "v$$y" &&
	ip link set "v$$x" netns "$1" &&
	ip link set "v$$y" netns "$2" &&
	ip -n "$1" addr add "10.213.$k.1/24" dev "v$$x" &&
	ip -n "$2" addr add "10.213.$k.2/24" dev "v$$y" &&
	ip -n "$1" link set "v$$x" up &&
	ip -n "$2" link set "v$$y" up &&
	ip -n "$1" link set lo up &&
	ip -n "$2" link set lo up &&
	echo "10.213.$k.1 10.213.$k.2"
}

debuginfod_server__netns_down () {	# NS...
	for ns in "$@"; do
		ip netns del "$ns" 2>/dev/null
	done
	return 0
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

DEBUGINFOD_SERVER_NETNS=""

# Chain with sharness's EXIT trap ('die'), keeping the exit status.
debuginfod_server__trap () {
	trap 'debuginfod_server__code=$?; debuginfod_server_stop_all;
	      debuginfod_server__netns_down $DEBUGINFOD_SERVER_NETNS;
	      (exit $debuginfod_server__code); die' EXIT
}

debuginfod_server_start () {	# [--netns NS --addr A] STATE_DIR SCAN_DIR...
	DEBUGINFOD_SERVER_URL=$(sh "$DEBUGINFOD_SERVER_SH" start --owner $$ "$@") ||
		return 1
	[ "$1" = "--netns" ] && shift 4
	DEBUGINFOD_SERVER_STATES="$DEBUGINFOD_SERVER_STATES $(cd "$1" && pwd)"
	debuginfod_server__trap
}

debuginfod_netns_up () {	# NS1 NS2
	DEBUGINFOD_SERVER_NETNS="$DEBUGINFOD_SERVER_NETNS $1 $2"
	debuginfod_server__trap
	DEBUGINFOD_NETNS_ADDRS=$(sh "$DEBUGINFOD_SERVER_SH" netns-up "$1" "$2")
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
		owner=$PPID netns="" addr=127.0.0.1
		while :; do
			case "${1:-}" in
			--owner) owner=$2 ;;
			--netns) netns=$2 ;;
			--addr) addr=$2 ;;
			*) break ;;
			esac
			shift 2
		done
		[ $# -ge 2 ] || { echo "usage: $0 start [--owner PID] [--netns NS --addr A] STATE_DIR SCAN_DIR..." >&2; exit 129; }
		debuginfod_server__start "$owner" "$netns" "$addr" "$@"
		;;
	netns-up)
		[ $# -eq 2 ] || { echo "usage: $0 netns-up NS1 NS2" >&2; exit 129; }
		debuginfod_server__netns_up "$1" "$2"
		;;
	netns-down)
		debuginfod_server__netns_down "$@"
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
		echo "usage: $0 start|stop|metric|netns-up|netns-down ..." >&2
		exit 129
		;;
	esac
	;;
esac
