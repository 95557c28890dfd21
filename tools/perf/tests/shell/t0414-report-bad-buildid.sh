#!/bin/bash
test_description='one bad BUILD_ID table entry costs that entry, not the report

A recording'"'"'s build-id table with a broken entry put in front of the
good ones: a build-id size byte over 20, a file name without its NUL, and
a last entry whose size reaches past the section'"'"'s end.  perf report and
perf script print what they print for the table without the broken
entry, with one warning line; perf buildid-list lists the good entries.'
. "$(dirname "$0")/lib/test-lib.sh"

REWRITE="python3 $SHARNESS_TEST_SRCDIR/lib/rewrite-buildids.py"

test_expect_success PERF_EVENTS 'setup: a recording and its build-id table' '
	perf record -q -e cpu-clock -F 999 -o in.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	perf buildid-list -i in.data | awk "{ print \$1, \$2 }" >table &&
	grep demo table &&
	$REWRITE in.data good.data <table &&
	perf report --stdio -i good.data >expect.report 2>/dev/null &&
	perf script -i good.data >expect.script 2>/dev/null &&
	grep "demo" expect.report
'

# $1: the broken entry line(s) put before the good table, $2: after it
check_table () {
	{ printf "%s\n" "$1"; cat table; test -z "$2" || printf "%s\n" "$2"; } |
		$REWRITE in.data bad.data &&
	perf report --stdio -i bad.data >report.out 2>report.err &&
	test_cmp expect.report report.out &&
	test $(grep -c "^Warning: BUILD_ID feature" report.err) = 1 &&
	perf script -i bad.data >script.out 2>script.err &&
	test_cmp expect.script script.out &&
	test $(grep -c "^Warning: BUILD_ID feature" script.err) = 1 &&
	perf buildid-list -i bad.data >list.out 2>/dev/null &&
	awk "{ print \$1, \$2 }" list.out >list &&
	test_cmp table list
}

test_expect_success PERF_EVENTS 'a build-id size byte over 20' '
	check_table "00112233/21 /no/such/lib.so" &&
	grep "size over 20" report.err
'

test_expect_success PERF_EVENTS 'a file name without NUL' '
	check_table "00112233! /no/such/lib.so" &&
	grep "without NUL" report.err
'

test_expect_success PERF_EVENTS 'the last entry reaching past the section end' '
	check_table "" "00112233 /no/such/lib.so
cut 8" &&
	grep "past the section" report.err
'

test_done
