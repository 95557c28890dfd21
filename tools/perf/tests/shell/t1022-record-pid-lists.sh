#!/bin/sh
test_description='perf record -p/-t with comma lists: several processes or threads

Like upstream 6.1: -p PID,PID follows every thread of each process, -t
TID,TID only those threads; the recording ends when all of them have
exited.  Upstream reads our files, and its own recording of the same
targets holds the same set of pids or tids.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# The sorted distinct values of field $2 (pid or tid) in FILE $1's samples.
sample_ids () {
	upstream_perf script -i "$1" -F "$2" 2>/dev/null | awk "{ print \$1 }" | sort -un | grep .
}

# How many kernel ids FILE $1's first event has: one per CPU and thread
# opened, as upstream reads the header.
nr_ids () {
	upstream_perf report --header-only -i "$1" 2>/dev/null |
	sed -n "s/^# event : .*, id = { \([0-9, ]*\) }.*/\1/p" | head -1 | tr , "\n" | grep -c .
}
ncpus=$(getconf _NPROCESSORS_ONLN)

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-p A,B: both processes, to their end' '
	# (a background job ends an && chain: it would take the chain with it)
	"$WORKLOADS/demo" 1.5 >/dev/null &
	a=$!
	"$WORKLOADS/demo" 1.5 >/dev/null &
	b=$!

	wait_for_exec $a demo && wait_for_exec $b demo &&
	perf record -F 999 -p $a,$b -o p.data 2>err &&
	test "$(nr_ids p.data)" = $((2 * ncpus)) &&
	printf "%s\n" $a $b | sort -n >expect &&
	sample_ids p.data pid >actual &&
	test_cmp expect actual &&
	upstream_perf script -i p.data --show-mmap-events 2>/dev/null >script &&
	for pid in $a $b; do
		grep "PERF_RECORD_MMAP2 $pid/$pid: .* r-xp $WORKLOADS/demo\$" script >mmaps &&
		test "$(sed "s/.*<\([0-9a-f]*\)>.*/\1/" mmaps)" = "$(demo_id)" || return 1
	done
'

# Upstream 6.1 aborts now and then (test-lib.sh, upstream_try): each try
# records targets of its own, started here; "expect" lists them.  They
# live 3 s: upstream takes most of a second to start on a busy machine,
# and a target gone by then fails its whole recording (ESRCH).
upstream_two_demos () {
	"$WORKLOADS/demo" 3 >/dev/null &
	a=$!
	"$WORKLOADS/demo" 3 >/dev/null &
	b=$!
	wait_for_exec $a demo && wait_for_exec $b demo &&
	printf "%s\n" $a $b | sort -n >expect &&
	"$UPSTREAM_PERF" record -F 999 -p $a,$b -o up-p.data
}

upstream_two_threads () {
	"$WORKLOADS/callpaths" 3 3 >/dev/null &
	pid=$!
	wait_for_exec $pid callpaths &&
	n=0 && while test "$(ls /proc/$pid/task | wc -l)" -lt 4; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || return 1; done &&
	ls /proc/$pid/task | sort -n | grep -vx $pid | head -2 >expect &&
	"$UPSTREAM_PERF" record -F 999 -t $(paste -sd, expect) -o up-t.data
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream'\''s -p A,B holds the same pids' '
	upstream_try upstream_two_demos 2>/dev/null &&
	test "$(nr_ids up-p.data)" = $((2 * ncpus)) &&
	sample_ids up-p.data pid >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-t T1,T2: only those threads of a three-thread process' '
	"$WORKLOADS/callpaths" 3 3 >/dev/null &
	pid=$! &&
	wait_for_exec $pid callpaths &&
	n=0 && while test "$(ls /proc/$pid/task | wc -l)" -lt 4; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || return 1; done &&
	ls /proc/$pid/task | sort -n | grep -vx $pid | head -2 >expect &&
	perf record -F 999 -t $(paste -sd, expect) -o t.data 2>err &&
	# Both threads opened on every CPU; samples of no other thread (a
	# busy machine may not run one of them while perf records).
	test "$(nr_ids t.data)" = $((2 * ncpus)) &&
	sample_ids t.data tid >actual &&
	! grep -vxf expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream'\''s -t T1,T2 holds the same threads' '
	upstream_try upstream_two_threads 2>/dev/null &&
	test "$(nr_ids up-t.data)" = $((2 * ncpus)) &&
	sample_ids up-t.data tid >actual &&
	! grep -vxf expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a pid twice, or a process and one of its threads: each thread once' '
	"$WORKLOADS/callpaths" 3 2 >/dev/null &
	pid=$! &&
	wait_for_exec $pid callpaths &&
	n=0 && while test "$(ls /proc/$pid/task | wc -l)" -lt 3; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || return 1; done &&
	tid=$(ls /proc/$pid/task | sort -n | grep -vx $pid | head -1) &&
	perf record -F 999 -p $pid,$tid,$pid -o dup.data 2>/dev/null &&
	test "$(nr_ids dup.data)" = $((3 * ncpus)) &&
	upstream_perf script -i dup.data -F tid,time,ip 2>/dev/null >samples &&
	test -s samples &&
	sort samples | uniq -d >twice &&
	test_must_be_empty twice
'

test_expect_success PERF_EVENTS 'a list with a process that does not exist: upstream'\''s line, no file' '
	sleep 5 &
	s=$! &&
	test_must_fail perf record -p $s,2147483646 -o gone.data 2>err &&
	kill $s &&
	echo "Couldn'\''t create thread/CPU maps: No such process" >expect &&
	test_cmp expect err &&
	test ! -e gone.data
'

test_expect_success PERF_EVENTS 'malformed lists: one line, exit 129' '
	for l in "1,abc" "1," ",1" "1,,2" "0" "1,-2"; do
		test_expect_code 129 perf record -p "$l" -o bad.data 2>err &&
		grep "^  Error: invalid pid: '\''$l'\''$" err &&
		test_expect_code 129 perf record -t "$l" -o bad.data 2>err &&
		grep "^  Error: invalid tid: '\''$l'\''$" err || return 1
	done &&
	test ! -e bad.data
'

test_done
