#!/bin/bash
test_description='perf report call graphs print as upstream perf 6.1 prints them

Records the demo workload with call chains (upstream perf record -g).
First the call-graph printer alone: the callchain-print driver gets the
samples as upstream perf script resolves them and must print, under every
entry, the graph upstream perf report prints, in each -g layout (graph,
fractal, flat, folded, caller and callee order, thresholds, print limits,
period and count values), with and without --children.  Then our perf
report itself, symbols resolved by our model, against upstream.

Upstream orders sibling branches of equal weight differently from run to
run: graphs are compared as their sorted runs (callgraph-blocks.py
--canonical), which keeps every value, frame and nesting; the hot
entries, which have no ties, are compared byte for byte.'
. "$(dirname "$0")/lib/test-lib.sh"

PRINT="$MMAP3_TOP/build/asan/drivers/callchain-print"
BLOCKS="python3 $SHARNESS_TEST_SRCDIR/lib/callgraph-blocks.py"

# Upstream perf 6.1 sometimes aborts while saving build-ids at the end of
# a recording (see t0400): retry then.
record () {
	upstream_record -q -e cpu-clock -F 4999 -g -o "$1" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.4
}

# Upstream perf 6.1 occasionally dies on vdso handling (see t0400): retry.
upstream_report () {
	for try in 1 2 3; do
		upstream_perf report --stdio --sort comm,dso,sym -i in.data "$@" \
			>report.out 2>report.err && grep -q "%" report.out && break
		cat report.err >&2
	done
	cat report.out
}

# $1: upstream report options, $2: the driver's; canonical blocks must match.
# Upstream 6.1 itself is not deterministic here (under load a run now and
# then differs from the next on the same file, e.g. a stray "(inlined)"
# frame): ours is compared with up to three of its runs, and must equal one.
same_graphs () {
	"$PRINT" $2 <samples.txt | $BLOCKS --canonical --low-addresses >actual &&
	for try in 1 2 3; do
		upstream_report $1 | $BLOCKS --canonical --low-addresses >expect &&
		grep -q "^@@ demo demo hot_loop_a" expect &&
		test $(grep -v -c "^@@" expect) -ge 2 || return 1
		cmp -s expect actual && return 0
	done
	test_cmp expect actual
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the demo with call chains' '
	record in.data &&
	upstream_perf script -F comm,period,ip,sym,dso -i in.data >samples.txt 2>/dev/null &&
	grep -q hot_loop_a samples.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'default: --children, graph,0.5,caller' '
	same_graphs "" "--children"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a hot entry byte for byte, children and self' '
	upstream_report | $BLOCKS >expect-all &&
	"$PRINT" --children <samples.txt | $BLOCKS >actual-all &&
	sed -n "/^@@ demo demo hot_loop_a$/,/^@@/p" expect-all >expect &&
	sed -n "/^@@ demo demo hot_loop_a$/,/^@@/p" actual-all >actual &&
	grep -q -- "--__libc_start_call_main" expect &&
	test_cmp expect actual &&
	upstream_report --no-children | $BLOCKS >expect-all &&
	"$PRINT" <samples.txt | $BLOCKS >actual-all &&
	sed -n "/^@@ demo demo hot_loop_a$/,/^@@/p" expect-all >expect &&
	sed -n "/^@@ demo demo hot_loop_a$/,/^@@/p" actual-all >actual &&
	grep -q -- "---hot_loop_a" expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--no-children: callee order' '
	same_graphs "--no-children" ""
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'bare -g names caller order, even without children' '
	same_graphs "--no-children -g" "-g graph,0.5,caller,function,percent"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'folded and flat' '
	same_graphs "-g folded" "--children -g folded" &&
	same_graphs "--no-children -g flat,0" "-g flat,0" &&
	same_graphs "-g folded,0,callee,count" "--children -g folded,0,callee,count"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'fractal with hidden weight, thresholds, values' '
	same_graphs "--no-children -g fractal" "-g fractal" &&
	same_graphs "-g fractal,0.5,callee" "--children -g fractal,0.5,callee" &&
	same_graphs "-g graph,0,caller" "--children -g graph,0,caller" &&
	same_graphs "--no-children -g fractal,0.1,callee,count" "-g fractal,0.1,callee,count" &&
	same_graphs "-g graph,0.1,period" "--children -g graph,0.1,period" &&
	same_graphs "-g graph,0.5,2" "--children -g graph,0.5,2"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'bad -g settings are refused' '
	test_expect_code 129 "$PRINT" -g bogus </dev/null &&
	test_expect_code 129 "$PRINT" -g graph,0.5,1,x </dev/null
'

# Our perf report: once it prints call graphs (it did not always).
if perf report --stdio -i in.data -g folded 2>/dev/null | grep -q "^[0-9.]*% .*;main;hot_loop_a"
then
	test_set_prereq CALLGRAPH_REPORT
fi

# The graphs of the demo's own functions, in both reports (which entries
# there are, and frames around exec, are the report's and the resolver's
# business, t04NN).
ours_vs_upstream () {
	upstream_report $1 >up.txt &&
	perf report --stdio --sort comm,dso,sym -i in.data $1 >ours.txt 2>/dev/null &&
	$BLOCKS <up.txt | grep "^@@" | sort >keys-up &&
	$BLOCKS <ours.txt | grep "^@@" | sort >keys-ours &&
	comm -12 keys-up keys-ours | grep "^@@ demo demo " >keys &&
	grep -q "^@@ demo demo hot_loop_a$" keys &&
	$BLOCKS --canonical --keys keys <up.txt >expect &&
	$BLOCKS --canonical --keys keys <ours.txt >actual &&
	test_cmp expect actual
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF,CALLGRAPH_REPORT 'perf report -g: as upstream' '
	ours_vs_upstream "" &&
	ours_vs_upstream "--no-children" &&
	ours_vs_upstream "-g folded" &&
	ours_vs_upstream "--no-children -g fractal,0.5,caller,function,count" &&
	ours_vs_upstream "-g flat" &&
	ours_vs_upstream "--no-children -g"
'

# Recursion: upstream gives a --children entry each sample once, at the
# first occurrence met walking the path in the graph's order (outermost in
# caller order, innermost in callee order).  The callpaths workload
# recurses through rec_step/rec_inner on most of its paths.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,CALLGRAPH_REPORT 'recursive functions: graphs as upstream' '
	upstream_record -q -e cpu-clock -F 4999 -g -o rec.data -- \
		"$WORKLOADS/callpaths" 0.5 1 300 >/dev/null &&
	for opts in "" "-g caller" "-g callee" "-g folded,0"; do
		for try in 1 2 3; do
			upstream_perf report --stdio --sort comm,dso,sym -i rec.data $opts \
				>up.txt 2>/dev/null && grep -q rec_inner up.txt && break
		done &&
		perf report --stdio --sort comm,dso,sym -i rec.data $opts >ours.txt 2>/dev/null &&
		$BLOCKS <up.txt | grep "^@@ callpaths callpaths rec_" | sort >keys &&
		test $(wc -l <keys) -eq 2 &&
		$BLOCKS --canonical --keys keys <up.txt >expect &&
		$BLOCKS --canonical --keys keys <ours.txt >actual &&
		test_cmp expect actual || return 1
	done
'

test_done
