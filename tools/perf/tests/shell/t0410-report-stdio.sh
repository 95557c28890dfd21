#!/bin/bash
test_description='perf report --stdio: upstream perf 6.1 layout and numbers

Records the demo workload with upstream perf and with ours (one event, two
events, a stream, system-wide) and compares our perf report --stdio with
upstream perf report --stdio on the same files: header comment lines,
column widths, rows and their order, byte for byte apart from upstream'"'"'s
random "Tip" footer, which we do not print.  Then the flags: --sort,
--percent-limit, -q, --header-only, usage errors, and damaged files.'
. "$(dirname "$0")/lib/test-lib.sh"

# One CPU: records arrive in time order, so the comm of every sample is the
# same for a reader that sorts by time (upstream) and one that does not.
up_record () {
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.1
}

our_record () {
	taskset -c 0 perf record -q "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.1 2>record.err ||
	{ cat record.err >&2; false; }
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record with upstream perf and ours' '
	up_record -e cpu-clock -c 100000 -o up.data &&
	up_record -e cpu-clock,task-clock -c 100000 -o two.data &&
	up_record -e cpu-clock -c 100000 -o - >pipe.data &&
	our_record -e cpu-clock -c 100000 -o ours.data &&
	taskset -c 0 "$UPSTREAM_PERF" record -q -g -e cpu-clock -c 100000 -o g.data -- \
		"$WORKLOADS/demo" 0.1 >/dev/null 2>record.err
'

for f in up two pipe ours
do
	for opts in "--no-children" "--sort pid" "--sort dso,sym" "--sort sym,comm" \
		    "--sort comm,dso --percent-limit 2"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data $opts: identical to upstream" "
			upstream_report $opts -i $f.data >expect &&
			perf report --stdio $opts -i $f.data >actual &&
			test_cmp expect actual
		"
	done
done

# With callchains upstream's default is --children with call graphs.
# Upstream orders rows and sibling branches of equal weight differently
# from run to run (kernel samples make such ties likely): the rows are
# compared as sorted lines, the graphs as their canonical blocks (see
# lib/callgraph-blocks.py), which keep every value, frame and nesting.
# Upstream also makes a second, Self 0.00% entry of an unresolved address
# that is both sampled and a caller (once map-relative, once as recorded;
# seen with [vdso] frames): ours has one entry, so those are left out, of
# the rows here and (--low-addresses) of the blocks.  How many rows there
# are depends on the machine's noise (kernel and ld.so samples): the
# comparison only asks for the demo's two hot functions among them.
BLOCKS="python3 $SHARNESS_TEST_SRCDIR/lib/callgraph-blocks.py --canonical --low-addresses"
rows () {
	grep -E "^ +[0-9.]+%" "$1" |
	grep -Ev "^ +[0-9.]+% +0\.00%  .*\[\.\] 0x[0-9a-f]{16}\$" | sort
}

for opts in "--no-children" "-g none" "--no-children -G"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data $opts: the same rows and graphs as upstream" "
		upstream_report $opts -i g.data >expect &&
		perf report --stdio $opts -i g.data >actual &&
		grep -v '^ ' expect >expect.head && grep -v '^ ' actual >actual.head &&
		test_cmp expect.head actual.head &&
		rows expect >expect.rows && rows actual >actual.rows &&
		grep -q hot_loop_a expect.rows && grep -q hot_loop_b expect.rows &&
		test \$(wc -l <expect.rows) -ge 3 &&
		test_cmp expect.rows actual.rows &&
		\$BLOCKS <expect >expect.blocks && \$BLOCKS <actual >actual.blocks &&
		test_cmp expect.blocks actual.blocks
	"
done

# The graphs of the default report are the graph printer's (see its tests);
# here the rows: Children/Self and their order (callers first on ties).
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'g.data default: the same Children/Self rows as upstream (ties in any order)' '
	upstream_report -i g.data >expect.out && rows expect.out >expect &&
	perf report --stdio -i g.data >actual.out && rows actual.out >actual &&
	test $(wc -l <expect) -ge 10 &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--children: Children and Self columns' '
	perf report --stdio -g none -i g.data >out &&
	grep -q "^# Children      Self  Command  Shared Object  *Symbol *\$" out &&
	# main: most of the time in Children, little of it in Self
	grep -E "^ +([5-9][0-9]|100)\.[0-9]{2}% +[0-4]\.[0-9]{2}%  demo +demo +\[\.\] main\$" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the layout, spelled out' '
	perf report --stdio -i up.data >out &&
	sed -n "1,11p" out >head &&
	printf "%s\n" "# To display the perf.data header info, please use --header/--header-only options." \
		"#" "#" "# Total Lost Samples: 0" "#" >expect &&
	sed -n "1,5p" head >actual &&
	test_cmp expect actual &&
	# a unit letter ("1K of"), or below 1000 a space in its place ("442  of")
	sed -n 6p head | grep -Ex "# Samples: [0-9]+[ KMG] of event .cpu-clock." &&
	sed -n 6p head >samples.ours &&
	upstream_perf report --stdio -i up.data 2>/dev/null | sed -n 6p >samples.up &&
	test_cmp samples.up samples.ours &&
	sed -n 7p head | grep -Ex "# Event count \(approx\.\): [0-9]+" &&
	test_cmp expect actual &&
	grep -q "^# Overhead  Command  Shared Object  *Symbol *\$" head &&
	grep -E "^ +[0-9]+\.[0-9]{2}%  demo  +demo  +\[\.\] hot_loop_a\$" out &&
	tail -n 2 out >tail &&
	printf "\n\n" >expect &&
	test_cmp expect tail
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-i - reads a stream' '
	perf report --stdio -i - <pipe.data >actual &&
	perf report --stdio -i pipe.data >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-q: only the rows' '
	upstream_perf report --stdio -q -i two.data >expect 2>/dev/null &&
	perf report --stdio -q -i two.data >actual &&
	test_cmp expect actual &&
	! grep "^#" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--header-only: the layout lines as upstream' '
	upstream_perf report --header-only -i up.data >up.hdr 2>/dev/null &&
	perf report --header-only -i up.data >hdr &&
	for k in "header version" "data offset" "data size" hostname "os release" arch cmdline
	do
		grep "^# $k *: " up.hdr >expect &&
		grep "^# $k *: " hdr >actual &&
		test_cmp expect actual || return 1
	done &&
	! grep "Samples" hdr
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'unknown --sort key: one line, exit 129' '
	test_expect_code 129 perf report --stdio --sort foo -i up.data >out 2>err &&
	test_must_be_empty out &&
	echo "  Error: Unknown --sort key: \`foo'"'"'" >expect &&
	test_cmp expect err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'bad --percent-limit and options: exit 129' '
	test_expect_code 129 perf report --stdio --percent-limit x -i up.data 2>err &&
	test_expect_code 129 perf report --stdio --no-such-flag -i up.data 2>err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-g on a file without callchains: one-line error' '
	test_expect_code 1 perf report --stdio -g -i up.data >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "no callchain" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'truncated file: warning and the report of what is there' '
	cut=$(data_cut up.data) &&
	head -c $cut up.data >half.data &&
	perf report --stdio -f -i half.data >out 2>err &&
	grep "^Warning: half.data: data section runs past the end of the file" err &&
	test $(wc -l <err) -le 3 &&
	samples_before up.data $cut >whole &&
	test $(cat whole) -gt 0 &&
	grep -x "# Samples: $(cat whole)  of event .cpu-clock." out &&
	grep -E "^ +[0-9.]+%  demo +demo +\[\.\] hot_loop_a\$" out
'

# Where upstream reads through these bytes (sample bodies), so must we,
# with the same rows; where they hit a record header, upstream stops
# (exit 0, no report) and we give the report up to it and exit 1.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'hostile bytes in the data section: what upstream reads' '
	cp up.data bad.data &&
	for off in 1000 3000 6000
	do
		printf "\377\377\377\377\377\377\377\377" |
		dd of=bad.data bs=1 seek=$off conv=notrunc 2>/dev/null || return 1
	done &&
	perf report --stdio -f -i bad.data >out 2>err ;
	code=$? &&
	! grep -i "sanitizer\|runtime error" err &&
	upstream_perf report --stdio -f -i bad.data >up-bad 2>up-err
	# upstream exits 0 even when a record stops it: see what it said
	if ! grep -q "failed to process" up-err
	then
		test $code = 0 &&
		# fields, not widths: upstream sizes the comm column from
		# the comm a sample first saw (7 here), we from the one shown
		grep -v "^#" up-bad | sed "s/perf-ex /perf-exec/" | awk "{ \$1 = \$1; print }" >expect &&
		grep -v "^#" out | awk "{ \$1 = \$1; print }" >actual &&
		test_cmp expect actual
	else
		# a record header hit: the report up to it, exit 1
		test $code = 1 &&
		grep "^bad.data: [a-z ]* at offset 0x[0-9a-f]*\$" err &&
		grep "^# Samples: " out
	fi
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--stats still works' '
	upstream_perf report --stats -i up.data >expect 2>/dev/null &&
	perf report --stats -i up.data >actual &&
	test_cmp expect actual
'

test_done
