#!/bin/sh
test_description='perf record --switch-output: SIGUSR2, a size, a time or an event rotates the output

Every file the rotation leaves is complete on its own: header, attrs, the
maps that existed when it began (with build-ids) and its build-id table,
so upstream perf reports each one.  --switch-output-event: each hit of
the event ends a file, and the event is not in any.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'SIGUSR2 twice, then SIGINT: three complete files' '
	perf record --switch-output -F 999 -m 1 -o out.data -- "$WORKLOADS/demo" 10 >/dev/null 2>err &
	perf=$! &&
	wait_for_child demo $perf &&
	wait_for_size out.data 8192 &&
	kill -USR2 $perf &&
	n=0 && while test "$(ls out.data.* 2>/dev/null | wc -l)" -lt 1; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || false; done &&
	wait_for_size out.data 8192 &&
	kill -USR2 $perf &&
	n=0 && while test "$(ls out.data.* 2>/dev/null | wc -l)" -lt 2; do sleep 0.01; n=$((n + 1)); test $n -lt 1000 || false; done &&
	wait_for_size out.data 8192 &&
	kill -INT $perf &&
	{ wait $perf; test $? = 143; } &&
	ls out.data.* >files &&
	test "$(wc -l <files)" = 3 &&
	test ! -e out.data &&
	test "$(grep -c "^\[ perf record: Dump out\.data\.[0-9]\{16\} \]$" err)" = 3 &&
	for f in $(cat files); do
		upstream_perf report --stdio --no-children -i $f --sort sym 2>/dev/null >report.$f &&
		grep -q hot_loop_a report.$f &&
		upstream_perf buildid-list -i $f >list.$f 2>/dev/null &&
		grep -Fx "$(demo_id) $WORKLOADS/demo" list.$f || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a size threshold: every file but the last passes it' '
	perf record --switch-output=16K -c 100000 -m 1 -o size.data -- "$WORKLOADS/demo" 1.5 >/dev/null 2>err &&
	ls size.data.* >files &&
	test "$(wc -l <files)" -ge 2 &&
	test "$(grep -c "^\[ perf record: Dump size\.data\.[0-9]\{16\} \]$" err)" = "$(wc -l <files)" &&
	test "$(grep -c "^\[ perf record: dump data: Woken up [0-9]* times \]$" err)" = "$(($(wc -l <files) - 1))" &&
	grep "^\[ perf record: Captured and wrote [0-9.]* MB size\.data\.<timestamp> \]$" err &&
	for f in $(sed \$d files); do
		test $(stat -c %s $f) -ge 16384 || return 1
	done &&
	for f in $(cat files); do
		upstream_perf buildid-list -i $f >list 2>/dev/null &&
		grep -Fx "$(demo_id) $WORKLOADS/demo" list || return 1
	done
'

test_expect_success PERF_EVENTS 'a size below the wakeup size warns like upstream' '
	perf record --switch-output=1K -o warn.data -- true 2>err >/dev/null &&
	grep -x "WARNING: switch-output data size lower than wakeup kernel buffer size (258K) expect bigger perf.data sizes" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a time threshold, and --switch-max-files keeps the newest two' '
	perf record --switch-output=1s --switch-max-files=2 -F 999 -m 1 -o time.data -- "$WORKLOADS/demo" 3.5 >/dev/null 2>err &&
	test "$(grep -c "^\[ perf record: Dump time\.data\." err)" -ge 3 &&
	ls time.data.* >files &&
	test "$(wc -l <files)" = 2 &&
	# the two that are left are the two last dumped
	grep "Dump time" err | tail -2 | sed "s/.*Dump \(.*\) \]/\1/" >expect &&
	test_cmp expect files &&
	for f in $(cat files); do
		upstream_perf report --stats -i $f >stats 2>/dev/null &&
		grep -q "SAMPLE events" stats || return 1
	done
'

test_expect_success 'bad thresholds are usage errors, and never to a pipe' '
	test_expect_code 129 perf record --switch-output=1X -o x.data -- true 2>err &&
	grep "invalid --switch-output value .1X." err &&
	test_expect_code 129 perf record --switch-output=M -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --switch-output=1ss -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --switch-max-files=-1 --switch-output -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --switch-output -o - -- true 2>/dev/null &&
	test_expect_code 129 perf record --overwrite -o - -- true 2>/dev/null &&
	test ! -e x.data
'

tracefs_has sched/sched_process_exec && test_set_prereq TRACEFS

# pids of demo in FILE's samples, one per line
demo_pids () {
	upstream_perf script -i "$1" -F comm,pid 2>/dev/null | awk '$1 == "demo" { print $2 }' | sort -u
}

# The second demo's exec ends the file of the first: the last file holds
# nothing of the first demo, which ran before that exec.  How much of the
# second demo the file before holds depends on how soon perf read the hit:
# perf reads the hit, then the buffers, as upstream's side band does, and
# on a loaded machine that can be after the second demo is gone.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS '--switch-output-event: each exec ends a file, no file holds the event' '
	perf record --switch-output-event sched:sched_process_exec -e cpu-clock -c 100000 \
		-o ev.data -- sh -c "\"\$0\" 0.3; \"\$0\" 0.3" "$WORKLOADS/demo" >/dev/null 2>err &&
	ls ev.data.* | sort >files &&
	test "$(wc -l <files)" -ge 2 &&
	test "$(grep -c "^\[ perf record: Dump ev\.data\.[0-9]\{16\} \]$" err)" = "$(wc -l <files)" &&
	for f in $(cat files); do
		upstream_perf evlist -i $f >evlist.$f 2>/dev/null &&
		echo cpu-clock >expect && test_cmp expect evlist.$f || return 1
	done &&
	for f in $(cat files); do demo_pids $f || return 1; done | sort -n -u >all.pids &&
	test $(wc -l <all.pids) = 2 &&
	first=$(head -n 1 all.pids) &&
	upstream_perf script -i $(tail -n 1 files) -F pid 2>/dev/null | sort -u >last.pids &&
	! grep -qx " *$first" last.pids
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS '--switch-output-event: upstream switches on the same workload, the same files' '
	upstream_record --switch-output-event sched:sched_process_exec -e cpu-clock -c 100000 \
		-o up.data -- sh -c "\"\$0\" 0.3; \"\$0\" 0.3" "$WORKLOADS/demo" >/dev/null 2>up.err &&
	ls up.data.* >up-files &&
	test "$(wc -l <up-files)" -ge 2 &&
	for f in $(cat up-files); do
		upstream_perf evlist -i $f 2>/dev/null || return 1
	done | sort -u >up-evlist &&
	echo cpu-clock >expect && test_cmp expect up-evlist
'

test_expect_success PERF_EVENTS '--switch-output-event: a bad event is upstream'"'"'s error, exit 129, no file' '
	test_expect_code 129 perf record --switch-output-event nosuch:event -o bad.data -- true 2>err &&
	grep -q "nosuch:event" err &&
	test_expect_code 129 perf record --switch-output-event sched:sched_process_exec -o - -- true 2>err &&
	grep -q "needs an output file" err &&
	test ! -e bad.data && ! ls bad.data.* 2>/dev/null
'

test_done
