#!/bin/bash
test_description='call paths of several threads: one caller entry per thread

The path trie keeps a caller'"'"'s entry by frame while every frame has one
(util/hists/hist-paths.c) and by node once a frame has several: --sort
pid on a recording of four threads running the same functions gives each
function one entry per thread, each under its own context.  The report
with call graphs must give every entry the periods the per-sample code
(-g none) gives it, and -g folded must give each thread'"'"'s stacks alone.'
. "$(dirname "$0")/lib/test-lib.sh"

rows () {
	perf report --stdio -i "$@" >report.out 2>report.err &&
	grep -E "^ +[0-9.]+% +[0-9.]+% " report.out | sort
}

test_expect_success PERF_EVENTS 'record four threads running the same paths' '
	perf record -q -e cpu-clock -F 4999 -g -o rec.data -- \
		"$WORKLOADS/callpaths" 1 4 200 >/dev/null &&
	perf report --stdio -i rec.data --sort pid >report.out &&
	test $(grep -c "callpaths" report.out) -ge 4
'

test_expect_success PERF_EVENTS 'sorted by pid: children periods as per sample' '
	rows rec.data --children -g none --sort pid,sym >expect &&
	test $(wc -l <expect) -ge 20 &&
	for g in "" "-g caller"; do
		rows rec.data $g --sort pid,sym >actual &&
		test_cmp expect actual || return 1
	done &&
	# callee-first: another level for addresses outside any mapping
	rows rec.data -g callee --sort pid,sym >actual &&
	test_cmp_no_level expect actual
'

# the folded stacks of the entries of one thread: "pid:sym" rows and their stacks
folded_of () {
	awk -v t="$1" '
		/^ +[0-9.]+% +[0-9.]+% / { inside = index($0, t) > 0; next }
		inside && NF { print }
	' "$2" | sort
}

test_expect_success PERF_EVENTS 'sorted by pid: each thread'"'"'s stacks its own' '
	perf report --stdio -i rec.data --sort pid,sym -g folded,0,caller,count \
		>all.out 2>report.err &&
	perf report --stdio -i rec.data --sort pid -F pid >pids.out &&
	grep -oE "^ +[0-9]+:callpaths" pids.out | tr -d " " >pids &&
	test $(wc -l <pids) -ge 4 &&
	while read p; do
		tid=${p%%:*} &&
		perf report --stdio -i rec.data --tid $tid --sort pid,sym \
			-g folded,0,caller,count >one.out 2>report.err &&
		folded_of "$p" all.out >expect &&
		folded_of "$p" one.out >actual &&
		test -s expect &&
		test_cmp expect actual || return 1
	done <pids
'

test_done
