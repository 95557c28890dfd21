#!/bin/bash
test_description='perf script prints tracepoint fields like upstream perf 6.1

Records sched:sched_switch (its prev_state is a __print_flags),
sched:sched_process_exec and irq:softirq_entry (a __print_symbolic) with
upstream perf and with ours, to a file and to a pipe, and compares our
perf script output with /usr/bin/perf script on each, byte for byte: the
fields come from the file'\''s own tracing data, not from this kernel.
Then -F trace and the trace: type prefix, a tracepoint with call chains,
a cpu-clock event beside a tracepoint (each type its own default fields),
and tracing data that is corrupt or cut short.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"
TP=sched:sched_switch,sched:sched_process_exec,irq:softirq_entry

if tracefs_has irq/softirq_entry; then
	test_set_prereq TRACEFS
else
	say "tracefs is not mounted: no tracepoint tests"
fi

up_script () {
	upstream_try "$UPSTREAM_PERF" script "$@"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS 'setup: record tracepoints with upstream perf and ours, file and pipe' '
	upstream_record -q -e $TP -o up.data -- "$DEMO" 0.3 >/dev/null &&
	upstream_record -q -e $TP -o - -- "$DEMO" 0.3 >up.pipe &&
	upstream_record -q -a -e $TP -o upa.data -- "$DEMO" 0.2 >/dev/null &&
	perf record -q -e $TP -o our.data -- "$DEMO" 0.3 >/dev/null &&
	perf record -q -e $TP -o - -- "$DEMO" 0.3 >our.pipe &&
	perf record -q -a -e $TP -o oura.data -- "$DEMO" 0.2 >/dev/null
'

for f in up.data upa.data our.data oura.data
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS "$f: the output of upstream perf script" "
		up_script -i $f >expect &&
		perf script -i $f >actual &&
		test_cmp expect actual &&
		grep -E '^ *demo +[0-9]+ \[[0-9]+\] +[0-9.]+: +sched:sched_switch: prev_comm=demo prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=[A-Z+|]+ ==> next_comm=' actual &&
		grep -E ': +sched:sched_process_exec: filename=.*/demo pid=[0-9]+ old_pid=[0-9]+\$' actual
	"
done

for f in up.pipe our.pipe
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS "$f (a stream): the output of upstream perf script" "
		up_script -i - <$f >expect &&
		perf script -i - <$f >actual &&
		test_cmp expect actual &&
		grep -q ': *sched:sched_switch: prev_comm=demo prev_pid=' actual &&
		grep -q ': *sched:sched_process_exec: filename=' actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS '__print_symbolic: softirq_entry names its vector (-a)' '
	perf script -i upa.data >actual &&
	grep -E ": +irq:softirq_entry: vec=[0-9]+ \[action=[A-Z_]+\]\$" actual &&
	perf script -i oura.data >actual &&
	grep -E ": +irq:softirq_entry: vec=[0-9]+ \[action=[A-Z_]+\]\$" actual
'

for F in trace comm,trace trace:comm,tid,trace +period -trace trace:+period trace:ip,sym,trace -cpu,+pid,+trace
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS "-F $F: upstream's output and warnings" "
		up_script -i our.data -F $F >expect &&
		cp up-try.err expect.err &&
		perf script -i our.data -F $F >actual 2>actual.err &&
		test_cmp expect actual &&
		test_cmp expect.err actual.err
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS '-F trace: the fields alone; -F -trace: none' '
	perf script -i our.data -F trace >actual 2>/dev/null &&
	grep -q "^prev_comm=demo prev_pid=" actual &&
	perf script -i our.data -F -trace >actual &&
	! grep -q "prev_comm=" actual &&
	grep -q "sched:sched_switch: \$" actual
'

test_expect_success PERF_EVENTS,TRACEFS '-F sw:trace, raw:trace: upstream'\''s line, exit 129' '
	test_expect_code 129 perf script -i our.data -F sw:trace 2>err &&
	test "$(head -n 1 err)" = "'\''trace'\'' not valid for software events." &&
	test_expect_code 129 perf script -i our.data -F raw:trace 2>err &&
	test "$(head -n 1 err)" = "'\''trace'\'' not valid for unknown events."
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS 'call chains: a tracepoint shows them by default, as upstream' '
	upstream_record -q -g -e sched:sched_switch -o upg.data -- "$DEMO" 0.3 >/dev/null &&
	perf record -q -g -e sched:sched_switch -o ourg.data -- "$DEMO" 0.3 >/dev/null &&
	for f in upg.data ourg.data
	do
		up_script -i $f >expect &&
		perf script -i $f >actual &&
		test_cmp expect actual &&
		grep -q "^	 *[0-9a-f]* __schedule+0x[0-9a-f]* (\[kernel.kallsyms\])\$" actual &&
		up_script -i $f -G >expect &&
		perf script -i $f -G >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS 'cpu-clock beside a tracepoint: each type its own default fields' '
	upstream_record -q -e cpu-clock,sched:sched_switch -o upmix.data -- "$DEMO" 0.3 >/dev/null &&
	perf record -q -e cpu-clock,sched:sched_switch -o ourmix.data -- "$DEMO" 0.3 >/dev/null &&
	for f in upmix.data ourmix.data
	do
		up_script -i $f >expect &&
		perf script -i $f >actual &&
		test_cmp expect actual &&
		grep -q " cpu-clock:  *[0-9a-f]* " actual &&
		grep -q "sched:sched_switch: prev_comm=" actual || return 1
	done
'

# The tracing data section of FILE, rewritten by perl: its offset and size
# are the first feature entry after the data section (TRACING_DATA is
# feature 1, the lowest a file can have).
tracing_section () {
	perl -e '
		open(my $f, "+<", $ARGV[0]) or die; binmode $f;
		read($f, my $h, 104) == 104 or die;
		my ($doff, $dsize) = unpack("Q<Q<", substr($h, 40, 16));
		seek($f, $doff + $dsize, 0); read($f, my $s, 16);
		my ($off, $size) = unpack("Q<Q<", $s);
		if ($ARGV[1] eq "cut") {
			seek($f, $doff + $dsize + 8, 0); print $f pack("Q<", int($size / 2));
		} else {
			seek($f, $off + 20, 0); print $f "XXXXXXXXXXX";	# "header_page"
		}' "$@"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS 'corrupt tracing data: one warning, samples without fields, exit 0' '
	up_script -i our.data >good &&
	cp our.data bad.data &&
	tracing_section bad.data corrupt &&
	perf script -i bad.data >actual 2>err &&
	echo "Warning: bad.data: tracing data is corrupt (no header_page): tracepoint fields are not shown" >expect.err &&
	test_cmp expect.err err &&
	sed "s/\(: *[a-z_]*:[a-z_]*: \).*/\1/" good >expect &&
	test_cmp expect actual &&
	# upstream refuses the whole file
	test_expect_code 255 "$UPSTREAM_PERF" script -i bad.data >/dev/null 2>&1
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,TRACEFS 'tracing data cut short: one warning, samples without fields' '
	cp our.data cut.data &&
	tracing_section cut.data cut &&
	perf script -i cut.data >actual 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^Warning: cut.data: tracing data is corrupt (truncated [a-z_ ]*): tracepoint fields are not shown\$" err &&
	test $(wc -l <actual) = $(wc -l <good) &&
	! grep -q "prev_comm=" actual
'

test_done
