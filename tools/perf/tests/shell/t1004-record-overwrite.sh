#!/bin/sh
test_description='perf record --overwrite: a flight recorder

The samples go to backward ring buffers the kernel overwrites, so only
the newest ones are kept, and are written at exit or, with
--switch-output, on every SIGUSR2.  Maps, comms and tasks go to a forward
buffer of their own and are never overwritten: every snapshot file
resolves its samples alone, with its own build-id table.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# A 4 KiB buffer per CPU holds at most 4096 / 48 samples (IP TID TIME
# PERIOD ID): 85 per online CPU.
MAX_SAMPLES=$((85 * $(getconf _NPROCESSORS_ONLN)))

# The sample times of file $1, one a line, as upstream prints them.
sample_times () {
	upstream_perf script -F time -i "$1" 2>/dev/null | tr -d " :"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'at exit: the newest samples, backward buffers, resolvable' '
	perf record --overwrite -F 999 -m 1 -o ow.data -- "$WORKLOADS/demo" 1 >/dev/null 2>err &&
	grep "^\[ perf record: Captured and wrote [0-9.]* MB ow\.data ([0-9]* samples) \]$" err &&
	upstream_perf evlist -v -i ow.data >evlist &&
	grep "^dummy:u: .*mmap: 1.*build_id: 1" evlist &&
	grep "^cpu-clock: .*write_backward: 1" evlist &&
	upstream_perf report --stats -i ow.data >stats &&
	n=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" stats | head -1) &&
	test "$n" -gt 0 && test "$n" -le $MAX_SAMPLES &&
	upstream_perf report --stdio --no-children --sort sym -i ow.data >report 2>/dev/null &&
	grep -q hot_loop_a report &&
	upstream_perf buildid-list -i ow.data >list &&
	grep -Fx "$(demo_id) $WORKLOADS/demo" list &&
	perf buildid-list -i ow.data >ours &&
	test_cmp list ours
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'SIGUSR2 twice, then SIGINT: three snapshots, newest only' '
	perf record --overwrite --switch-output -F 999 -m 1 -o snap.data -- "$WORKLOADS/demo" 10 >/dev/null 2>err &
	perf=$! &&
	wait_for_child demo $perf &&
	sleep 1 &&
	kill -USR2 $perf &&
	n=0 && while test "$(ls snap.data.* 2>/dev/null | wc -l)" -lt 1; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || false; done &&
	sleep 1 &&
	kill -USR2 $perf &&
	n=0 && while test "$(ls snap.data.* 2>/dev/null | wc -l)" -lt 2; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || false; done &&
	sleep 0.5 &&
	kill -INT $perf &&
	{ wait $perf; test $? = 143; } &&
	ls snap.data.* >files &&
	test "$(wc -l <files)" = 3 &&
	test ! -e snap.data &&
	test "$(grep -c "^\[ perf record: Dump snap\.data\.[0-9]\{16\} \]$" err)" = 3 &&
	prev=0 &&
	for f in $(cat files); do
		upstream_perf report --stats -i $f >stats.$f &&
		n=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" stats.$f | head -1) &&
		test "$n" -gt 0 && test "$n" -le $MAX_SAMPLES &&
		perf report --stats -i $f >ours.$f &&
		test_cmp stats.$f ours.$f &&
		upstream_perf buildid-list -i $f >list.$f &&
		grep -Fx "$(demo_id) $WORKLOADS/demo" list.$f &&
		perf buildid-list -i $f >ourlist.$f &&
		test_cmp list.$f ourlist.$f &&
		upstream_perf report --stdio --no-children --sort sym -i $f >report.$f 2>/dev/null &&
		grep -q hot_loop_ report.$f &&
		# no sample of this snapshot is older than the previous one
		sample_times $f >times.$f &&
		first=$(sort -n times.$f | head -1) &&
		awk -v a="$prev" -v b="$first" "BEGIN { exit !(b > a) }" &&
		prev=$(sort -n times.$f | tail -1) || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'without --switch-output SIGUSR2 changes nothing' '
	perf record --overwrite -F 999 -m 1 -o one.data -- "$WORKLOADS/demo" 1 >/dev/null 2>err &
	perf=$! &&
	wait_for_child demo $perf &&
	kill -USR2 $perf &&
	wait $perf &&
	test ! -e one.data.* &&
	! grep "Dump" err &&
	# one snapshot at the end, as without the signal
	upstream_perf report --stats -i one.data >stats 2>/dev/null &&
	n=$(sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" stats | head -1) &&
	test "$n" -gt 0 && test "$n" -le $MAX_SAMPLES &&
	perf report --stats -i one.data >ours &&
	test_cmp stats ours &&
	perf report --stdio --no-children --sort sym -i one.data >report &&
	grep -q hot_loop_ report
'

test_done
