#!/bin/bash
test_description='perf list: the events -e takes here, as upstream 6.1 lists them

Software and tool events, the hardware and cache events the kernel opens
(none on a machine without a CPU PMU), the events each PMU publishes in
sysfs, the raw syntax lines, and the tracepoints tracefs has.  Section
words (sw, hw, cache, pmu, tracepoint), "sys:event" globs and bare words
(matched anywhere in a name) print what upstream prints, byte for byte.
Upstream also lists SDT events from its probe cache and metrics from
tables compiled into it: we list neither, and say so when asked.'
. "$(dirname "$0")/lib/test-lib.sh"

tracefs=/sys/kernel/tracing/events
test -r "$tracefs" && test_set_prereq TRACEFS

test_expect_success 'sw: the software events, then the tool events' '
	perf list sw >out &&
	grep "^  cpu-clock  *\[Software event\]\$" out &&
	grep "^  context-switches OR cs  *\[Software event\]\$" out &&
	grep "^  duration_time  *\[Tool event\]\$" out &&
	test $(grep -c "Tool event" out) = 3 &&
	! grep -v "\[Software event\]\|\[Tool event\]" out
'

for arg in sw software hw cache pmu "cs" "faults" "msr" "tsc/" "nosuchevent" "--raw-dump sw" "-v sw" "--no-desc pmu"
do
	test_expect_success UPSTREAM_PERF "list $arg: byte-identical to upstream" "
		perf list $arg >ours &&
		\"\$UPSTREAM_PERF\" list $arg >upstream 2>/dev/null &&
		test_cmp upstream ours
	"
done

test_expect_success 'pmu: one line per event file of each PMU in sysfs' '
	perf list pmu >out &&
	for ev in /sys/bus/event_source/devices/*/events/*
	do
		case "$ev" in *.*) continue ;; esac
		pmu=${ev%/events/*} && pmu=${pmu##*/} &&
		grep -F "$pmu/${ev##*/}/" out || return 1
	done &&
	test $(wc -l <out) = $(ls /sys/bus/event_source/devices/*/events/* 2>/dev/null |
		grep -v "/events/[^/]*\." | wc -l)
'

test_expect_success TRACEFS 'tracepoint: every tracefs event that has an id, sorted' '
	perf list tracepoint >out &&
	(cd $tracefs && for id in */*/id; do d=${id%/id}; echo "${d%%/*}:${d#*/}"; done) |
		LC_ALL=C sort >expect &&
	sed -E "s/^  ([^ ]*) +\[Tracepoint event\]\$/\1/" out >names &&
	test_cmp expect names &&
	test $(wc -l <names) -gt 100
'

for arg in tracepoint "sched:*" "sched:sched_w*" "fib*:*" "block:blk*" "sched" "cpu*" "--raw-dump tracepoint"
do
	test_expect_success TRACEFS,UPSTREAM_PERF "list $arg: byte-identical to upstream" "
		perf list $arg >ours &&
		\"\$UPSTREAM_PERF\" list $arg >upstream 2>/dev/null &&
		test -s ours &&
		test_cmp upstream ours
	"
done

test_expect_success TRACEFS,UPSTREAM_PERF 'the whole list: upstream'"'"'s, less its SDT and metric sections' '
	perf list >ours 2>err &&
	test_must_be_empty err &&
	"$UPSTREAM_PERF" list 2>/dev/null >upstream.all &&
	# metrics follow the first blank line; SDT events come from its probe cache
	sed "/^\$/,\$d" upstream.all | grep -v "\[SDT event\]\$" >upstream &&
	grep "\[Raw hardware event descriptor\]" ours &&
	grep "^  mem:<addr>\[/len\]\[:access\]  *\[Hardware breakpoint\]\$" ours &&
	test_cmp upstream ours
'

test_expect_success 'sdt, metric, metricgroup: not supported, one line, exit 129' '
	for w in sdt metric metricgroup
	do
		test_expect_code 129 perf list $w >out 2>err &&
		test_must_be_empty out &&
		test $(wc -l <err) = 1 &&
		grep "^perf list: $w is not supported: " err || return 1
	done
'

test_expect_success 'no tracefs to read: the other sections, and one line saying why' '
	test_when_finished "rm -f nobody.out" &&
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$PERF_BIN" list >nobody.out 2>err &&
	grep "\[Software event\]" nobody.out &&
	! grep "\[Tracepoint event\]" nobody.out &&
	test $(wc -l <err) = 1 &&
	grep "^perf list: tracepoints not listed: no readable tracefs" err
'

test_expect_success 'bad options: usage error, exit 129' '
	test_expect_code 129 perf list --bogus 2>err &&
	grep "unknown option .bogus." err &&
	test_expect_code 129 perf list --cputype 2>err &&
	grep "requires a value" err
'

test_expect_success 'perf list -h: upstream'"'"'s usage line' '
	test_expect_code 129 perf list -h 2>err &&
	grep "^ Usage: perf list \[<options>\] \[hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob\]\$" err &&
	grep "^    -d, --desc  " err
'

test_done
