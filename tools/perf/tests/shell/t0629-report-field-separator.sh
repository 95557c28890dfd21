#!/bin/bash
test_description='perf report -t/--field-separator: rows a script can split

A user who feeds perf report to a script asks for a separator instead of
aligned columns.  Records the demo with upstream perf (with and without
call graphs, with the CPU) and compares our rows with upstream perf 6.1'"'"'s
on the same files, byte for byte apart from upstream'"'"'s random "Tip"
footer: no dots line, the values unpadded after one space but padded to
their column unless they end the row, the separator'"'"'s first character
made a "." inside fields, -g folded joined by it.  Then what a script
does with the rows, and the separators that cannot work.'
. "$(dirname "$0")/lib/test-lib.sh"

up_record () {
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.1
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record with upstream perf' '
	up_record -g -e cpu-clock -c 100000 -o g.data &&
	up_record --sample-cpu -e cpu-clock -c 100000 -o cpu.data
'

for sep in "," " " "_x" "::"
do
	# graphs at 5%: their equal-weight branches below that tie in any order
	for opts in "-g graph,5" "--no-children -g graph,5" "--no-children -g none -n" \
		    "-g none --show-total-period -n" "-g none -s dso,sym" "-g caller,5 --no-children" "-q -g none" \
		    "-F overhead_children,sym,period --no-children -g none" \
		    "-F sym,overhead -g none" "-v -g none --no-children"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data -t '$sep' $opts: identical to upstream" "
			report_as_upstream g.data -t '$sep' $opts
		"
	done
	for opts in "-F cpu,sym,overhead" "-F pid,overhead" "-s comm,dso" "-F overhead,sample,period,comm,dso,sym"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "cpu.data -t '$sep' $opts: identical to upstream" "
			report_as_upstream cpu.data -t '$sep' $opts
		"
	done
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-g folded: frames joined by the separator, as upstream' '
	report_as_upstream g.data -t ";;" --no-children -g folded,5 &&
	grep -E "^[0-9.]+% hot_loop_a;;main;;" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a script splits every row into the columns of the header' '
	perf report --stdio -t _ --no-children -g none -n -i g.data >out &&
	grep "^# Overhead_" out >header &&
	test $(tr -cd _ <header | wc -c) = 4 &&
	grep -v "^#" out | grep . >rows &&
	test -s rows &&
	awk -F_ "NF != 5 { print \"bad row: \" \$0; bad = 1 } END { exit bad }" rows &&
	grep -E "^ [0-9.]+% +_ [0-9]+ +_demo +_demo +_\[\.\] hot.loop.a\$" rows
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'an empty separator is none, as upstream' '
	report_as_upstream g.data -t "" -g none &&
	perf report --stdio -g none -i g.data >aligned &&
	test_cmp aligned actual.out
'

test_expect_success 'a separator starting with "." or beside --hierarchy: one line, exit 129' '
	test_expect_code 129 perf report --stdio -t . -i nosuch.data >out 2>err &&
	test_must_be_empty out &&
	test $(wc -l <err) = 1 &&
	grep "field-separator" err &&
	test_expect_code 129 perf report --stdio -t .x -i nosuch.data >out 2>err &&
	test $(wc -l <err) = 1 &&
	test_expect_code 129 perf report --stdio -t , --hierarchy -i nosuch.data >out 2>err &&
	test_must_be_empty out &&
	test $(wc -l <err) = 1 &&
	grep "hierarchy" err
'

test_done
