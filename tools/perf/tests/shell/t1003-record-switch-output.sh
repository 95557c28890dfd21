#!/bin/sh
test_description='perf record --switch-output: SIGUSR2 rotates the output

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
	wait $perf &&
	ls out.data.* >files &&
	test "$(wc -l <files)" = 3 &&
	test ! -e out.data &&
	test "$(grep -c "^\[ perf record: Dump out\.data\.[0-9]\{17\} \]$" err)" = 3 &&
	for f in $(cat files); do
		upstream_perf report --stdio --no-children -i $f --sort sym 2>/dev/null >report.$f &&
		grep -q hot_loop_a report.$f &&
		upstream_perf buildid-list -i $f >list.$f 2>/dev/null &&
		grep -Fx "$(demo_id) $WORKLOADS/demo" list.$f || return 1
	done
'

test_expect_success 'only the signal form, never to a pipe' '
	test_expect_code 129 perf record --switch-output=1G -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --switch-output -o - -- true 2>/dev/null
'

test_done
