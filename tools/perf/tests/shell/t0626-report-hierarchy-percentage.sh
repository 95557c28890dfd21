#!/bin/bash
test_description='perf report --hierarchy and --percentage

Compares our perf report --stdio --hierarchy with upstream perf 6.1 on the
same files (one, two and three levels, -v, -n, --percent-limit and its "no
entry" line, a callchain file where --hierarchy turns --children off),
byte for byte apart from upstream'"'"'s random "Tip" footer; then
--percentage, which changes nothing without a filter, as upstream.'
. "$(dirname "$0")/lib/test-lib.sh"

up_record () {
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.1
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record with upstream perf' '
	up_record -e cpu-clock -c 100000 -o up.data &&
	up_record -g -e cpu-clock -c 100000 -o g.data &&
	up_record --sample-cpu -e cpu-clock -c 100000 -o cpu.data
'

for opts in "" "-s sym" "-s dso,sym" "-s comm,pid" "-s comm,dso,sym" "-s dso,sym -v" \
	    "-s dso,sym --percent-limit 5" "-s comm,dso,sym --percent-limit 40" "-s dso -q" \
	    "-n" "-n -s dso,sym --percent-limit 5" "-n -s comm,dso,sym -v"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "up.data --hierarchy $opts: identical to upstream" "
		upstream_report --hierarchy $opts -i up.data >expect &&
		perf report --stdio --hierarchy $opts -i up.data >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the tree, spelled out' '
	perf report --stdio --hierarchy -s dso,sym -i up.data >out &&
	grep -x "#    Overhead  Shared Object / Symbol" out &&
	grep -E "^ +[0-9.]+%     demo +\$" out &&
	grep -E "^       [0-9.]+%     \[\.\] hot_loop_a\$" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'cpu.data --hierarchy -s cpu,dso: identical to upstream' '
	upstream_report --hierarchy -s cpu,dso -i cpu.data >expect &&
	perf report --stdio --hierarchy -s cpu,dso -i cpu.data >actual &&
	test_cmp expect actual &&
	grep -E "^   100.00%     000\$" actual
'

# upstream's --hierarchy turns --children off; its graphs under the rows
# are not drawn here (-g none on both sides)
for opts in "-g none" "-g none -s dso" "-g none -s dso,sym"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data --hierarchy $opts: identical to upstream" "
		upstream_report --hierarchy $opts -i g.data >expect &&
		perf report --stdio --hierarchy $opts -i g.data >actual &&
		test_cmp expect actual &&
		! grep Children actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--hierarchy with -g: says the graphs are not drawn' '
	perf report --stdio --hierarchy -g -i g.data >out 2>err &&
	grep "hierarchy shows no call graphs" err &&
	test $(wc -l <err) = 1
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--hierarchy with -F: one line, exit 129' '
	test_expect_code 129 perf report --stdio --hierarchy -F overhead,sym -i up.data >out 2>err &&
	test_must_be_empty out &&
	echo "  Error: --hierarchy and --fields options cannot be used together" >expect &&
	test_cmp expect err
'

# Without a filter every sample is shown: relative and absolute agree.
for opts in "--percentage relative" "--percentage absolute" \
	    "--percentage relative --percent-limit 40" "--percentage relative -F overhead,sample,sym"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "up.data $opts: identical to upstream" "
		upstream_report $opts -i up.data >expect &&
		perf report --stdio $opts -i up.data >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'bad --percentage: one line, exit 129' '
	test_expect_code 129 perf report --stdio --percentage bogus -i up.data >out 2>err &&
	test_must_be_empty out &&
	test $(wc -l <err) = 1 &&
	grep "relative or absolute" err &&
	test_expect_code 129 perf report --stdio --percentage -i up.data 2>err
'

test_expect_success 'perf report -h lists --hierarchy and --percentage' '
	test_expect_code 129 perf report -h >help 2>&1 &&
	grep -E "^ +--hierarchy +Show entries in a hierarchy" help &&
	grep -E "^ +--percentage <relative\|absolute>" help
'

test_done
