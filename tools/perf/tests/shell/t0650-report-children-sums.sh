#!/bin/bash
test_description='--children periods: the path trie sums as each sample would

With a call graph, perf report stores every distinct call path once, in a
trie, and sums the entries'"'"' periods from it after the last sample (a walk
up from every path end; util/hists/hist-paths-collapse.c).  Without one
(-g none), each sample adds its period to every distinct entry on its
chain as it comes (util/hists/hist.c).  The two must give every entry the
same self and children periods, on a recording whose paths recurse (the
callpaths workload: a function that is both a leaf and a caller of longer
paths, an entry above itself; few paths, so that every node holds
samples enough for a wrong sum to show in the percentages) and on a file where nearly every path
differs (random chains over a few DSOs: enough nodes that the trie'"'"'s
lookup table grows several times).  Rows of equal weight may come in a
different order (the graph orders them by call depth): compared sorted.
An address outside any mapping shows the level of the mapped frame
before it in the order upstream walks the chain, from the root unless
the graph is callee-first (callchain_level__cpumode()): for those graphs
the level of such rows is not compared.'
. "$(dirname "$0")/lib/test-lib.sh"

# the entry rows of a report, sorted
rows () {
	perf report --stdio -i "$@" >report.out 2>report.err &&
	grep -E "^ +[0-9.]+% +[0-9.]+% " report.out | sort
}

same_sums () {
	file=$1
	shift
	rows "$file" --children -g none "$@" >expect &&
	test $(wc -l <expect) -ge 20 &&
	for g in "" "-g caller" "-g callee" "-g caller,0.5,callee,address"; do
		rows "$file" $g "$@" >actual &&
		case "$g" in
		*callee*)
			test_cmp_no_level expect actual ;;
		*)
			test_cmp expect actual ;;
		esac || return 1
	done
}

test_expect_success PERF_EVENTS 'record a workload that recurses, with call chains' '
	perf record -q -e cpu-clock -F 4999 -g -o rec.data -- \
		"$WORKLOADS/callpaths" 0.5 1 20 >/dev/null &&
	perf report --stdio -i rec.data >report.out &&
	grep -q "rec_inner" report.out
'

test_expect_success PERF_EVENTS 'recursion: children sums as per sample' '
	same_sums rec.data
'

test_expect_success PERF_EVENTS 'recursion, sorted by pid too: one path trie per thread' '
	same_sums rec.data --sort pid,sym
'

test_expect_success 'a file where nearly every path differs' '
	python3 "$SHARNESS_TEST_SRCDIR/lib/synth-perf-data.py" --dsos 2 --depth 16 \
		--random 7 --samples 4000 -o random.data &&
	same_sums random.data
'

test_expect_success 'without --children: self periods alike' '
	rows random.data --no-children -g none >expect &&
	rows random.data --no-children >actual &&
	test_cmp expect actual
'

test_done
