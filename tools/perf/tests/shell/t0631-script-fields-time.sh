#!/bin/bash
test_description='perf script: -F addr and callindent, --reltime, --deltatime, as upstream

On the same files our perf script prints what upstream 6.1'"'"'s prints, byte
for byte: times relative to the first record (--reltime) or to the
previous one (--deltatime), with --ns and with side-band records; the
sample address of page faults (-F addr, recorded with upstream'"'"'s -d),
bare or with the map it falls in, data maps ("-d") named as upstream names
them; callindent, which only branch traces fill, accepted and empty;
context switches (--show-switch-events) of a task and system-wide.'
. "$(dirname "$0")/lib/test-lib.sh"

demo () {
	echo "$WORKLOADS/demo 0.05"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: recordings, page faults with their addresses' '
	upstream_record -q -e cpu-clock -o up.data -- $(demo) >/dev/null &&
	perf record -q -e cpu-clock -g -o ours.data -- $(demo) >/dev/null &&
	upstream_record -q -d -e page-faults -c 1 -o pf.data -- $(demo) >/dev/null &&
	upstream_record -q -d -g -e page-faults,cpu-clock -c 20 -o pfg.data -- $(demo) >/dev/null
'

for opts in "--reltime" "--deltatime" "--reltime --ns" "--deltatime --ns" \
	    "--reltime --show-task-events" "--deltatime --show-task-events --show-mmap-events" \
	    "--reltime -F comm,tid,time,event,ip,sym"; do
	for f in up ours; do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data, $opts: upstream's text" '
			script_as_upstream $f.data $opts
		'
	done
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--reltime: the first record at 0, the times in order' '
	perf script --reltime -F time -i ours.data >times &&
	head -n 1 times | grep -x " *0\.000000: *" &&
	sed "s/[: ]//g" times >t &&
	sort -n t >sorted &&
	test_cmp t sorted
'

test_expect_success PERF_EVENTS '--deltatime: the times add up to the span --reltime shows' '
	perf script --deltatime -F time --ns -i ours.data | sed "s/[: ]//g" >deltas &&
	perf script --reltime -F time --ns -i ours.data | sed "s/[: ]//g" | tail -n 1 >span &&
	awk "{ s += \$1 * 1000000000 } END { printf \"%.9f\\n\", s / 1000000000 }" deltas >sum &&
	awk "{ printf \"%.9f\\n\", \$1 }" span >expect &&
	test_cmp expect sum
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--reltime with --deltatime: upstream'"'"'s line, exit 255' '
	test_expect_code 255 perf script --reltime --deltatime -i up.data >out 2>err &&
	test_must_be_empty out &&
	echo "reltime and deltatime - the two don'"'"'t get along well. Please limit to --reltime or --deltatime." >expect &&
	test_cmp expect err
'

for opts in "-F +addr,-sym,-symoff" "-F addr" "-F addr,ip" "-F comm,tid,time,event,addr,ip,dso" \
	    "-F tid,addr,ip,dso -G"; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "page faults, $opts: upstream's text" '
		script_as_upstream pf.data $opts &&
		grep -E "[0-9a-f]{12}" actual &&
		# data maps (ld.so.cache...) are named, not loaded as ELF files
		test_must_be_empty err
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'page faults with call chains: addresses in data maps named as upstream' '
	script_as_upstream pfg.data -F comm,tid,time,event,addr,ip,dso &&
	script_as_upstream pfg.data -F addr,ip,dso -G
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-F addr where the samples have none: upstream'"'"'s line, exit 255' '
	test_expect_code 255 perf script -F addr -i up.data >out 2>err &&
	echo "Samples for '"'"'cpu-clock'"'"' event do not have ADDR attribute set. Cannot print '"'"'addr'"'"' field." >expect &&
	test_cmp expect err &&
	test_expect_code 255 perf script -F +addr -i ours.data 2>err &&
	grep "do not have ADDR attribute set" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'callindent: accepted, nothing to indent in samples' '
	script_as_upstream up.data -F +callindent &&
	script_as_upstream ours.data -F comm,tid,time,callindent,ip,sym &&
	perf script -i ours.data >plain &&
	perf script -F +callindent -i ours.data >indent &&
	test_cmp plain indent
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: context switches recorded by upstream' '
	upstream_record -q --switch-events -e cpu-clock -o sw.data -- $(demo) >/dev/null
'

for opts in "--show-switch-events" "--show-switch-events -F comm,tid,time" \
	    "--show-switch-events --show-task-events --deltatime" "--show-switch-events -F +pid"; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "a task's switches, $opts: upstream's text" '
		script_as_upstream sw.data $opts &&
		grep -E "PERF_RECORD_SWITCH (IN         |OUT        |OUT preempt)\$" actual
	'
done

# System-wide, the samples are of every program on the machine, some of
# them gone (and their files deleted) between one tool's run and the
# other's, so the two name a symbol differently by chance: the switch
# lines, what this is about, are compared whole; the samples by count.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'system-wide switches: the other task named, as upstream' '
	upstream_record -q -a --switch-events -e cpu-clock -o swa.data -- $(demo) >/dev/null &&
	upstream_try "$UPSTREAM_PERF" script --show-switch-events -i swa.data >up.all &&
	perf script --show-switch-events -i swa.data >our.all 2>err &&
	grep PERF_RECORD_SWITCH up.all >expect &&
	grep PERF_RECORD_SWITCH our.all >actual &&
	test_cmp expect actual &&
	test $(wc -l <up.all) = $(wc -l <our.all) &&
	grep -E "PERF_RECORD_SWITCH_CPU_WIDE (IN   |OUT  ).* (next|prev) pid/tid: +[0-9]+/" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'without --show-switch-events: no switch lines' '
	perf script -i sw.data >out &&
	! grep PERF_RECORD_SWITCH out
'

test_done
