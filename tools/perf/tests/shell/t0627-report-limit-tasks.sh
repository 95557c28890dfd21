#!/bin/bash
test_description='perf report --percent-limit on call graphs, -T/--threads, --tasks, --mmaps

On files recorded by upstream perf: --percent-limit prunes call graph
branches below the limit as upstream does (a later -g threshold wins);
--tasks and --mmaps print the process tree (a shell that starts two
demos) and each task'"'"'s maps byte for byte as upstream 6.1; -T prints
the per-thread counts perf record -s leaves, after the report.'
. "$(dirname "$0")/lib/test-lib.sh"

up_record () {
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.1
}

# upstream's report without its "# (Tip: ...)" block ("#", the tip, "#"),
# wherever it is (-T prints after it)
strip_tip () {
	awk '{ l[NR] = $0 }
	     END { for (i = 1; i <= NR; i++) {
			if (l[i] == "#" && l[i + 1] ~ /^# \(Tip: / && l[i + 2] == "#") { i += 2; continue }
			print l[i] } }'
}

upstream_report () {
	upstream_perf report --stdio "$@" 2>/dev/null >up.out &&
	strip_tip <up.out
}

BLOCKS="python3 $SHARNESS_TEST_SRCDIR/lib/callgraph-blocks.py --canonical --low-addresses"

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record with upstream perf' '
	up_record -e cpu-clock -c 100000 -o up.data &&
	up_record -g -e cpu-clock -c 100000 -o g.data &&
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q -e cpu-clock -c 100000 -o multi.data -- \
		sh -c "\"$WORKLOADS/demo\" 0.05 & \"$WORKLOADS/demo\" 0.05; wait" >/dev/null &&
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q -s -e cpu-clock -c 100000 -o s.data -- \
		sh -c "\"$WORKLOADS/demo\" 0.05 & \"$WORKLOADS/demo\" 0.05; wait" >/dev/null
'

# Equal-weight branches come in any order from upstream (see t0410): the
# rows are compared as they are, the graphs as canonical blocks.
for opts in "--percent-limit 2" "--percent-limit 2 -g caller" "-g graph,0.5 --percent-limit 2" \
	    "--percent-limit 5 -G" "--no-children --percent-limit 1"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data $opts: upstream's rows and branches" "
		upstream_report $opts -i g.data >expect &&
		perf report --stdio $opts -i g.data >actual &&
		grep -v '^ ' expect >expect.head && grep -v '^ ' actual >actual.head &&
		test_cmp expect.head actual.head &&
		grep -E '^ +[0-9.]+%' actual >rows && test -s rows &&
		\$BLOCKS <expect >expect.blocks && \$BLOCKS <actual >actual.blocks &&
		test_cmp expect.blocks actual.blocks
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--percent-limit 2: no branch under 2% left, a lower threshold shows them' '
	perf report --stdio --percent-limit 2 -i g.data >limited &&
	! grep -E -- "--(0|1)\.[0-9]+%--" limited &&
	# branches under 2% there are (a low threshold shows them: how many
	# lie between the default 0.5% and 2% depends on the recording)
	perf report --stdio -g graph,0.1 -i g.data >all &&
	grep -E -- "--(0|1)\.[0-9]+%--" all &&
	# a later -g threshold wins over the limit: the graphs under the rows
	# still shown are drawn down to 0.1% (whether such a branch lies under
	# a row of 2% or more depends on the recording: compare, do not grep)
	perf report --stdio --percent-limit 2 -g graph,0.1 -i g.data >later &&
	test $(wc -l <later) -ge $(wc -l <limited)
'

for f in up multi
do
	for opts in --tasks --mmaps
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data $opts: identical to upstream" "
			upstream_report $opts -i $f.data >expect &&
			perf report --stdio $opts -i $f.data >actual &&
			test_cmp expect actual
		"
	done
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--tasks: the shell and its two demos, one column further in' '
	perf report --stdio --tasks -i multi.data >out &&
	head -n 2 out >head &&
	printf "%s\n" "#      pid      tid     ppid  comm" "         0        0       -1 |swapper" >expect &&
	test_cmp expect head &&
	test $(grep -c "|sh\$" out) = 1 &&
	test $(grep -c "| demo\$" out) = 2 &&
	perf report --stdio --mmaps -i multi.data >maps &&
	grep -E "^ {33}[0-9a-f]+-[0-9a-f]+ r-xp [0-9a-f]{8} [0-9]+ .*/demo\$" maps
'

for f in s up
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data -T: identical to upstream" "
		upstream_report -T -i $f.data >expect &&
		perf report --stdio -T -i $f.data >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-T: a row per demo with its count, none without -s' '
	perf report --stdio -T -i s.data >out &&
	sed -n "/^#   *PID  *TID/,\$p" out >table &&
	head -n 1 table | grep -E "^# +PID +TID  cpu-clock\$" &&
	test $(grep -cE "^ +[0-9]+ +[0-9]+ +[0-9]+\$" table) = 2 &&
	perf report --stdio -T -i up.data >out &&
	tail -n 1 out >last &&
	echo "# PID  TID" >expect &&
	test_cmp expect last
'

test_expect_success 'perf report -h lists -T, --tasks, --mmaps' '
	test_expect_code 129 perf report -h >help 2>&1 &&
	grep -E "^ +-T, --threads +Show per-thread event counters" help &&
	grep -E "^ +--tasks +Display recorded tasks\$" help &&
	grep -E "^ +--mmaps +Display recorded tasks memory maps" help
'

test_done
