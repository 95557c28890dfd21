#!/bin/bash
test_description='perf script --show-lost-events and --show-round-events, as upstream

An SRE whose recording warned "lost N events" wants to see where: a
recording with a one-page ring buffer and a high sample rate drops
records, and perf script --show-lost-events shows each LOST record where
it falls, with its thread and time, as upstream 6.1 prints it (byte for
byte, on our recordings, a stream of ours and upstream'"'"'s own).
--show-round-events shows the FINISHED_ROUND markers and, as upstream,
every record in file order.'
. "$(dirname "$0")/lib/test-lib.sh"

# stat_count FILE TYPE: how many TYPE records perf report --stats counts.
stat_count () {
	perf report --stats -i "$1" >stats &&
	sed -n "s/^ *$2 events: *\([0-9]*\).*/\1/p" stats
}

# record_lossy "RECORD COMMAND" OUT: a one-page buffer and a sample with
# its call chain every 10 us (the kernel's floor for cpu-clock) lose
# records on any machine we know; a longer run is tried if one kept up.
record_lossy () {
	for t in 0.3 1 3; do
		$1 -q -g -e cpu-clock -c 10000 -m 1 -o $2 -- "$WORKLOADS/demo" $t \
			>/dev/null 2>rec.err &&
		lost=$(stat_count $2 LOST) &&
		test "${lost:-0}" -gt 0 && return 0
	done
	echo "no LOST record in three tries" >&2
	false
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: recordings that lost records' '
	record_lossy "perf record" ours.data &&
	grep "lost" rec.err &&
	record_lossy upstream_record up.data &&
	perf record -q -g -e cpu-clock -c 10000 -m 1 -o - -- "$WORKLOADS/demo" 0.3 \
		>pipe.data 2>/dev/null &&
	upstream_record -q -g -e cpu-clock -o clean.data -- "$WORKLOADS/demo" 0.05 >/dev/null
'

for opts in "--show-lost-events" "--show-round-events" \
	    "--show-lost-events --show-round-events --show-task-events --show-mmap-events" \
	    "--show-lost-events -F comm,tid,time,event" "--show-lost-events -G" \
	    "--show-round-events -F comm,tid,time,ip,sym"
do
	for f in ours up clean; do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data, $opts: upstream's text" "
			script_as_upstream $f.data $opts
		"
	done
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a stream: the same lines as upstream' '
	upstream_try "$UPSTREAM_PERF" script --show-lost-events --show-round-events \
		-i - <pipe.data >expect &&
	perf script --show-lost-events --show-round-events -i - <pipe.data >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'one line per LOST and per FINISHED_ROUND record, each where it is' '
	perf script --show-lost-events -i ours.data >out &&
	grep -E "^ *demo +[0-9]+ +[0-9.]+: PERF_RECORD_LOST lost [1-9][0-9]*\$" out >lost &&
	test $(wc -l <lost) = $(stat_count ours.data LOST) &&
	perf script --show-round-events -i ours.data >out &&
	test $(grep -c "^PERF_RECORD_FINISHED_ROUND\$" out) = \
		$(stat_count ours.data FINISHED_ROUND) &&
	perf script -i ours.data >plain &&
	! grep "PERF_RECORD_" plain
'

test_done
