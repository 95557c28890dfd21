#!/bin/sh
test_description='perf record -z: zstd-compressed records, read by upstream perf and by us

Our -z files are read by upstream 6.1 as the uncompressed file they stand
for (inflated here by libzstd through lib/inflate-perf-data.py, not by any
perf); upstream'\''s -z files are read by us as upstream reads them; --stats
counts are equal; the end-of-run line is upstream'\''s.'

. "$(dirname "$0")/lib/test-lib.sh"

INFLATE="$SHARNESS_TEST_SRCDIR/lib/inflate-perf-data.py"

# The event counts of FILE, by upstream's reader and by ours: equal.
stats_equal () {
	upstream_perf report --stats -i "$1" >stats.up 2>/dev/null &&
	perf report --stats -i "$1" >stats.ours 2>stats.err &&
	test_cmp stats.up stats.ours &&
	grep -E "^ +COMPRESSED events: +[1-9]" stats.up
}

test_expect_success PERF_EVENTS 'record -z: upstream'\''s summary line, a COMPRESSED header feature' '
	perf record -z -F 999 -g -o z.data -- "$WORKLOADS/demo" 0.5 >/dev/null 2>err &&
	grep -E "^\[ perf record: Captured and wrote [0-9]+\.[0-9]{3} MB z\.data, compressed \(original [0-9]+\.[0-9]{3} MB, ratio is [0-9]+\.[0-9]{3}\) \]$" err &&
	test "$(wc -l <err)" = 2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream 6.1 prints the same summary line' '
	upstream_record -z -F 999 -o up.data -- "$WORKLOADS/demo" 0.5 >/dev/null &&
	sed -E "s/[0-9]+\.[0-9]+/N/g; s/up\.data/FILE/" up-try.err | grep compressed >expect &&
	sed -E "s/[0-9]+\.[0-9]+/N/g; s/z\.data/FILE/" err | grep compressed >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream reads our header: zstd, level 1, the ratio we printed, rounded' '
	ratio=$(sed -n "s/.*ratio is \([0-9.]*\).*/\1/p" err) &&
	echo "# compressed : Zstd, level = 1, ratio = $(printf %.0f "$ratio")" >expect &&
	upstream_perf report --header-only -i z.data 2>/dev/null | grep "^# compressed" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record -z files read by upstream: --stats counts equal to ours' '
	stats_equal z.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'libzstd inflates every record within the mmap_len upstream gives it' '
	"$INFLATE" z.data plain.data >inflate &&
	read x records y max z mmap_len <inflate &&
	test "$records" -ge 1 &&
	test "$max" -gt 0 &&
	test "$mmap_len" = $(( (128 + 1) * $(getconf PAGESIZE) )) &&
	test "$max" -le "$mmap_len"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream report and script of our -z file equal the uncompressed one'\''s' '
	upstream_perf report --stats -i plain.data 2>/dev/null >stats.plain &&
	! grep COMPRESSED stats.plain &&
	# Counts only: the percentages are of a total with the COMPRESSED records.
	grep -v -e COMPRESSED -e "TOTAL events" stats.up | sed "s/(.*//" >expect &&
	grep -v "TOTAL events" stats.plain | sed "s/(.*//" >actual &&
	test_cmp expect actual &&
	upstream_try "$UPSTREAM_PERF" script -i plain.data >expect 2>/dev/null &&
	upstream_try "$UPSTREAM_PERF" script -i z.data >actual 2>/dev/null &&
	test_cmp expect actual &&
	grep -q hot_loop_a actual &&
	upstream_try "$UPSTREAM_PERF" report --stdio --no-children -i plain.data --sort comm,dso,sym >expect.tip 2>/dev/null &&
	upstream_try "$UPSTREAM_PERF" report --stdio --no-children -i z.data --sort comm,dso,sym >actual.tip 2>/dev/null &&
	no_tip expect.tip >expect &&
	no_tip actual.tip >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'our script and report read our -z file as upstream does' '
	upstream_try "$UPSTREAM_PERF" script -i z.data >expect 2>/dev/null &&
	perf script -i z.data >actual 2>/dev/null &&
	test_cmp expect actual &&
	upstream_try "$UPSTREAM_PERF" report --stdio --no-children -i z.data --sort sym -g none >up.report 2>/dev/null &&
	perf report --stdio --no-children -i z.data --sort sym -g none >ours.report 2>/dev/null &&
	grep "%" up.report | grep -v "^#" >expect &&
	grep "%" ours.report | grep -v "^#" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream'\''s -z files read by us: --stats, script and report equal' '
	stats_equal up.data &&
	upstream_try "$UPSTREAM_PERF" script -i up.data >expect 2>/dev/null &&
	perf script -i up.data >actual 2>/dev/null &&
	test_cmp expect actual &&
	grep -q hot_loop_a actual &&
	upstream_try "$UPSTREAM_PERF" report --stdio --no-children -i up.data --sort sym -g none >up.report 2>/dev/null &&
	perf report --stdio --no-children -i up.data --sort sym -g none >ours.report 2>/dev/null &&
	grep "%" up.report | grep -v "^#" >expect &&
	grep "%" ours.report | grep -v "^#" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the levels: -z22 and --compression-level=5 are in the header' '
	perf record -z22 -g -m 1024 -o z22.data -- "$WORKLOADS/callpaths" 1 >/dev/null 2>/dev/null &&
	upstream_perf report --header-only -i z22.data 2>/dev/null | grep "^# compressed : Zstd, level = 22, ratio = [1-9]" &&
	stats_equal z22.data &&
	"$INFLATE" z22.data plain22.data >inflate &&
	read x records y max z mmap_len <inflate &&
	test "$max" -le "$mmap_len" &&
	perf record --compression-level=5 -o z5.data -- true 2>/dev/null &&
	upstream_perf report --header-only -i z5.data 2>/dev/null | grep "^# compressed : Zstd, level = 5,"
'

test_expect_success PERF_EVENTS 'levels outside 1-22 and junk: one line, exit 129' '
	for l in -z0 -z23 --compression-level=abc --compression-level=-1 -z1x; do
		test_expect_code 129 perf record $l -o bad.data -- true 2>err &&
		grep "^  Error: invalid compression level" err >line &&
		test "$(wc -l <line)" = 1 &&
		test ! -e bad.data || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--switch-output -z: every file its own stream, read by upstream' '
	perf record -z --switch-output=2K -F 999 -m 1 -o sw.data -- "$WORKLOADS/demo" 1.5 >/dev/null 2>err &&
	ls sw.data.* >files &&
	test "$(wc -l <files)" -ge 2 &&
	for f in $(cat files); do
		stats_equal $f &&
		upstream_perf report --header-only -i $f 2>/dev/null | grep -q "^# compressed : Zstd, level = 1" || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--overwrite -z: the snapshot is compressed too' '
	perf record -z --overwrite -F 999 -o ow.data -- "$WORKLOADS/demo" 0.5 >/dev/null 2>/dev/null &&
	stats_equal ow.data &&
	upstream_try "$UPSTREAM_PERF" script -i ow.data >expect 2>/dev/null &&
	perf script -i ow.data >actual 2>/dev/null &&
	test_cmp expect actual &&
	grep -q hot_loop actual
'

test_expect_success PERF_EVENTS 'a -z stream (-o -) is read back by us' '
	perf record -z -F 999 -o - -- "$WORKLOADS/demo" 0.3 >pipe.data 2>/dev/null &&
	perf report --stats -i - <pipe.data >stats &&
	grep -E "^ +COMPRESSED events: +[1-9]" stats &&
	perf script -i - <pipe.data >script &&
	grep -q hot_loop script
'

test_done
