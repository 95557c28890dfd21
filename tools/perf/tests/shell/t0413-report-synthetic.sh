#!/bin/bash
test_description='perf report on files no recording would give cheaply

lib/synth-perf-data.py writes perf.data from nothing: many DSOs, big
build-id tables, deep chains.  Here: a file with no EVENT_DESC feature
(upstream names its event from the attr, with modifiers) and a flat report
over 50 DSOs that do not exist, each equal to upstream'"'"'s; samples of pid 0, which no COMM record names,
belong to swapper in every command, as upstream'"'"'s.'
. "$(dirname "$0")/lib/test-lib.sh"

synth () {
	python3 "$SHARNESS_TEST_SRCDIR/lib/synth-perf-data.py" "$@"
}

test_expect_success UPSTREAM_PERF 'setup: a file of 50 DSOs and 2000 samples' '
	synth --dsos 50 --samples 2000 --ids 10 -o flat.data
'

test_expect_success UPSTREAM_PERF 'no EVENT_DESC: the event named from its attr, as upstream' '
	upstream_report -f --no-children -i flat.data | grep "^# Samples" >expect &&
	grep -x "# Samples: 2K of event .cpu-clock:HG." expect &&
	perf report --stdio --no-children -i flat.data | grep "^# Samples" >actual &&
	test_cmp expect actual
'

test_expect_success UPSTREAM_PERF 'flat report over 50 absent DSOs: upstream'"'"'s' '
	upstream_report -f --no-children -i flat.data >expect &&
	perf report --stdio --no-children -i flat.data >actual 2>err &&
	test_cmp expect actual
'

test_expect_success UPSTREAM_PERF 'the idle task is swapper: report, script, --tasks, --to-json' '
	synth --samples 20 --idle 5 -o idle.data &&
	upstream_report -f -i idle.data --sort comm,pid >expect &&
	perf report --stdio -i idle.data --sort comm,pid >actual 2>err &&
	test_cmp expect actual &&
	grep -E "^ +20\.00% +swapper +0:swapper" actual &&
	upstream_perf script -i idle.data >expect 2>/dev/null &&
	perf script -i idle.data >actual 2>err &&
	test_cmp expect actual &&
	upstream_perf report -f --stdio -i idle.data --tasks >expect 2>/dev/null &&
	perf report --stdio -i idle.data --tasks >actual 2>err &&
	test_cmp expect actual &&
	# (upstream 6.1 converts this file by crashing: it has no header features)
	perf data convert --to-json actual.json -i idle.data 2>err &&
	grep -c "\"comm\": \"swapper\"" actual.json >n &&
	echo 5 >five && test_cmp five n
'

test_done
