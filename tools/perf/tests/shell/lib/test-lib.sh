# Shared set-up for the shell tests: source this instead of sharness.sh.
#
# Puts our perf (the ASan+UBSan build) first in PATH as "perf", so tests
# read like a user's session; upstream perf is always spelled out as
# $UPSTREAM_PERF (/usr/bin/perf), the interop peer.  HOME is sharness's
# trash directory, so ~/.debug is private to each test script.

: "${MMAP3_TOP:=$(cd "$(dirname "$0")/../../../.." && pwd)}"
: "${SHARNESS_TEST_DIRECTORY:=$MMAP3_TOP/build/test-output}"
: "${SHARNESS_TEST_SRCDIR:=$MMAP3_TOP/tools/perf/tests/shell}"
export MMAP3_TOP SHARNESS_TEST_DIRECTORY SHARNESS_TEST_SRCDIR
mkdir -p "$SHARNESS_TEST_DIRECTORY"

. /usr/share/sharness/sharness.sh

# Under scripts/run-tests: every test's commands and their output go to a
# log (sharness's --verbose stream, kept out of the TAP stream, where a
# command's own "ok" line could be taken for a result), each test closed by
# a line naming its result, so the runner can show why a test failed.
if test -n "${MMAP3_TEST_LOG:-}"; then
	verbose=t
	exec 3>>"$MMAP3_TEST_LOG" 4>&3
	eval "sharness_$(declare -f test_ok_)"
	eval "sharness_$(declare -f test_failure_)"
	test_ok_ () {
		echo "--- ok $test_count" >&3
		sharness_test_ok_ "$@"
	}
	test_failure_ () {
		echo "--- not ok $test_count" >&3
		sharness_test_failure_ "$@"
	}
fi

PERF_BIN="${PERF_BIN:-$MMAP3_TOP/build/asan/perf}"
UPSTREAM_PERF="${UPSTREAM_PERF:-/usr/bin/perf}"
WORKLOADS="$MMAP3_TOP/build/workloads"
export UPSTREAM_PERF WORKLOADS

mkdir -p "$SHARNESS_TRASH_DIRECTORY/.bin"
ln -sf "$PERF_BIN" "$SHARNESS_TRASH_DIRECTORY/.bin/perf"
PATH="$SHARNESS_TRASH_DIRECTORY/.bin:$PATH"
export PATH

# Upstream perf prints this to a terminal only; keep its output stable.
export PERF_PAGER=cat PAGER=cat

test -x "$UPSTREAM_PERF" && test_set_prereq UPSTREAM_PERF
test "$(id -u)" = 0 && test_set_prereq ROOT
# perf_event_open works here (root, or paranoid allows it)?
if "$UPSTREAM_PERF" record -q -o /dev/null -e cpu-clock -- true >/dev/null 2>&1; then
	test_set_prereq PERF_EVENTS
fi

# upstream_try CMD ARGS...: CMD (an upstream perf command line), tried
# three times.  Upstream 6.1 aborts now and then at the end of a recording
# ("stack smashing detected", "assertion failed at util/build-id.c") while
# another session on the machine records with build-id mmaps (see
# DEVELOPERS.md), and now and then on vdso handling in script and report.
# Standard output is passed on only from the try that succeeded, so that a
# pipe recording (-o -) never holds the bytes of a failed try.
upstream_try () {
	for try in 1 2 3; do
		"$@" >up-try.out 2>up-try.err && cat up-try.out && return 0
		cat up-try.err >&2
	done
	false
}

# upstream_report ARGS...: upstream's perf report --stdio ARGS, through
# upstream_try, without its random "# (Tip: ...)" footer (the three
# lines "#", the tip, "#" at the end); its raw output stays in up.out.
upstream_report () {
	upstream_try "$UPSTREAM_PERF" report --stdio "$@" >up.out 2>/dev/null || return 1
	if tail -n 3 up.out | grep -q "^# (Tip: "
	then
		head -n -3 up.out
	else
		cat up.out
	fi
}

# no_tip FILE: FILE without upstream report's "# (Tip: ...)" footer line,
# whose text is chosen at random on every run.
no_tip () {
	grep -v "^# (Tip: " "$1"
}

# without_unresolved FILE: FILE without the rows of unresolved addresses
# ("[.] 0x00007f0123456789", "[k] 0000000000000000", wherever the symbol
# column is and whatever -t made of the space after the level).  Upstream
# makes a second entry of an address that is both sampled and a caller,
# and orders the rows of unresolved callers its own way (see t0410).  Rows
# only: compare graphs at a threshold that hides theirs.
without_unresolved () {
	grep -Ev "\][ .](0x)?[0-9a-f]{16}([^0-9a-fx]|\$)" "$1"
}

# report_as_upstream FILE OPTS...: our perf report --stdio OPTS of FILE is
# upstream's but for its Tip footer and without_unresolved lines.
report_as_upstream () {
	local f=$1 &&
	shift &&
	upstream_report "$@" -i "$f" >expect.out &&
	perf report --stdio "$@" -i "$f" >actual.out &&
	without_unresolved expect.out >expect &&
	without_unresolved actual.out >actual &&
	test_cmp expect actual
}

# script_as_upstream FILE OPTS...: our perf script OPTS of FILE is upstream's.
script_as_upstream () {
	local f=$1 &&
	shift &&
	upstream_try "$UPSTREAM_PERF" script "$@" -i "$f" >expect &&
	perf script "$@" -i "$f" >actual 2>err &&
	test_cmp expect actual
}

# no_level FILE: report rows (FILE) with the level of the rows of
# addresses outside any mapping as [?], sorted again.  Upstream's level
# for those depends on the order of the graph (callchain_level__cpumode()
# in util/model/callchain.c): callee-first graphs show other levels.
no_level () {
	sed -E 's/\[[k.]\] (0x[0-9a-f]+|0{16})$/[?] \1/' "$1" | sort
}

# test_cmp_no_level EXPECT ACTUAL: test_cmp of the two through no_level.
test_cmp_no_level () {
	no_level "$1" >"$1.nolevel" &&
	no_level "$2" >"$2.nolevel" &&
	test_cmp "$1.nolevel" "$2.nolevel"
}

# no_plt_rows FILE: FILE without the report rows of lazy-binding PLT
# entries (and _init), and with those names as "<plt>" in graph lines.
# Upstream 6.1 names a sample in such an entry after the symbol before
# .plt (often _init) where we name the entry's target ("strtod@plt",
# Documentation/symbol-resolution.txt): rows that exist only when a
# sample lands in a stub, so a comparison with upstream leaves them out.
no_plt_rows () {
	grep -v -E "\] (_init|.*@plt)\$" "$1" |
	sed -E 's/(^|[^[:alnum:]_])(_init|[[:alnum:]_.]*@plt)([^[:alnum:]_]|$)/\1<plt>\3/g'
}

# tracefs_has SYS/NAME: a mounted tracefs (its directory in $tracefs)
# with that tracepoint.  Where it is not mounted yet (a fresh boot), our
# perf record mounts it as root, as upstream's does: asked for a
# tracepoint first, as a user would.
tracefs_mount_point () {
	awk '$3 == "tracefs" { print $2; exit }' /proc/mounts
}

tracefs_has () {
	tracefs=$(tracefs_mount_point)
	if test -z "$tracefs"
	then
		"$PERF_BIN" record -q -e "$(echo "$1" | tr / :)" -o "$SHARNESS_TRASH_DIRECTORY/.tracefs.data" \
			-- true >/dev/null 2>&1
		rm -f "$SHARNESS_TRASH_DIRECTORY/.tracefs.data"
		tracefs=$(tracefs_mount_point)
	fi
	test -n "$tracefs" && test -e "$tracefs/events/$1/id"
}

# upstream_record ARGS...: upstream's perf record, through upstream_try.
upstream_record () {
	upstream_try "$UPSTREAM_PERF" record "$@"
}

# build_version NAME VNUM OUT [CFLAGS...]: lib/versioned-app.c built as
# version NAME (its hot function NAME_work), a build-id of its own.
build_version () {
	local name=$1 vnum=$2 out=$3
	shift 3
	gcc -O1 -DVERSION=$name -DVNUM=$vnum -Wl,--build-id "$@" -o "$out" \
		"$SHARNESS_TEST_SRCDIR/lib/versioned-app.c"
}

# Upstream perf refuses files not owned by the current user unless -f.
upstream_perf () {
	"$UPSTREAM_PERF" "$@"
}

# data_cut FILE: an offset two thirds into FILE's data section (upstream's
# header says where it lies), so that cutting there truncates the data,
# not the features after it.
data_cut () {
	"$UPSTREAM_PERF" report --header-only -i "$1" 2>/dev/null |
	awk '/^# data offset *:/ { off = $NF } /^# data size *:/ { size = $NF }
	     END { if (off && size) print off + int(size * 2 / 3); else exit 1 }'
}

# samples_before FILE CUT: how many SAMPLE records of FILE lie wholly before
# offset CUT, by upstream's -D dump (independent of our reader).
samples_before () {
	"$UPSTREAM_PERF" script -D -i "$1" 2>/dev/null |
	perl -ne 'print "1\n" if /^0x([0-9a-f]+)\@\S+ \[0x([0-9a-f]+)\]: event: 9$/ &&
				 hex($1) + hex($2) <= '"$2" | wc -l
}
