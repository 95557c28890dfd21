#!/bin/sh
test_description='perf record --switch-output: SIGUSR2, a size or a time rotates the output

Every file the rotation leaves is complete on its own: header, attrs, the
maps that existed when it began (with build-ids) and its build-id table,
so upstream perf reports each one.'

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
	perf record --switch-output=16K -F 999 -m 1 -o size.data -- "$WORKLOADS/demo" 1.5 >/dev/null 2>err &&
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

test_done
