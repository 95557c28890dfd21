#!/bin/sh
test_description='perf record: -D/--delay, --control, --max-size

When the sampling events count and when the session stops, driven as a
user does: a delay, ranges, commands on a fifo (acknowledged on another),
a size limit; with upstream 6.1'"'"'s messages, its attrs (a side-band
dummy tracks maps while the events wait) and files it reads.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

attrs () {
	upstream_perf evlist -v -i "$1" 2>/dev/null |
	sed -e "s/^[^ ]*: //" -e "s/, precise_ip: 3//" -e "s/, ksymbol: 1//" \
	    -e "s/, bpf_event: 1//" -e "s/, build_id: 1//"
}

# samples FILE: how many samples upstream's report counts in FILE.
samples () {
	upstream_perf report --stdio -i "$1" 2>/dev/null |
	sed -n "s/^# Samples: \([0-9]*\).*/\1/p" | head -1
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-D: upstream'"'"'s attrs, the dummy:HG that tracks' '
	perf record -q -D 1 -o ours.data -- true &&
	upstream_record -q -D 1 -o up.data -- true &&
	attrs up.data >expect &&
	attrs ours.data >actual &&
	test $(wc -l <expect) = 2 &&
	test_cmp expect actual &&
	upstream_perf evlist -i ours.data >names &&
	grep -q "^dummy:HG\$" names
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-D 100: disabled, then enabled; the demo still resolves' '
	perf record -D 100 -o d.data -- "$WORKLOADS/demo" 0.5 >/dev/null 2>err &&
	grep "^Events" err >actual &&
	printf "Events disabled\nEvents enabled\n" >expect &&
	test_cmp expect actual &&
	upstream_perf report --stdio --sort sym -i d.data 2>/dev/null | grep -q hot_loop_a
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-D -1 and no enable: no samples, upstream'"'"'s summary without a count' '
	perf record -D -1 -o none.data -- "$WORKLOADS/demo" 0.2 >/dev/null 2>err &&
	grep -q "^Events disabled\$" err &&
	! grep -q "^Events enabled" err &&
	grep -q "^\[ perf record: Captured and wrote .* none.data \]\$" err &&
	test "$(samples none.data)" = "" -o "$(samples none.data)" = 0
'

# start_controlled ARGS...: perf record --control on fifos ctl/ack, in the
# background ($rec), our ends open as fds 7 (commands) and 8 (acks).
start_controlled () {
	rm -f ctl ack && mkfifo ctl ack &&
	exec 7<>ctl 8<>ack &&
	{ perf record --control fifo:ctl,ack "$@" 2>rec.err & } &&
	rec=$!
}

# command CMD: send it, wait for the ack (bounded by read -t).
command () {
	echo "$1" >&7 &&
	read -t 60 answer <&8 &&
	test "$answer" = ack
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--control: enable, ping, evlist, disable, stop, each acknowledged' '
	start_controlled -D -1 -o ctl.data -- "$WORKLOADS/demo" 30 &&
	command enable &&
	# the recorded demo runs while another one takes its 0.3 s
	"$WORKLOADS/demo" 0.3 >/dev/null &&
	command ping &&
	command "evlist" &&
	command "disable cpu-clock" &&
	command "enable cpu-clock" &&
	command snapshot &&
	command disable &&
	command stop &&
	{ wait $rec; test $? = 143; } &&
	exec 7>&- 8>&- &&
	grep -q "^cpu-clock\$" rec.err &&
	grep -q "^dummy:HG\$" rec.err &&
	grep "^Event" rec.err >actual &&
	printf "%s\n" "Events disabled" "Events enabled" "Event cpu-clock disabled" \
		"Event cpu-clock enabled" "Events disabled" >expect &&
	test_cmp expect actual &&
	upstream_perf script -i ctl.data 2>/dev/null | grep -q demo
'

test_expect_success PERF_EVENTS '--control: an unknown command is said and not acknowledged' '
	start_controlled -D -1 -o unk.data -- "$WORKLOADS/demo" 30 &&
	echo bogus >&7 &&
	command ping &&
	command stop &&
	wait $rec
	exec 7>&- 8>&- &&
	grep -q "unknown control command .bogus." rec.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--control fd: descriptors the caller opened' '
	rm -f ctl2 ack2 && mkfifo ctl2 ack2 &&
	exec 5<>ctl2 6<>ack2 &&
	{ perf record -q --control fd:5,6 -o fd.data -- "$WORKLOADS/demo" 30 2>/dev/null & } &&
	rec=$! &&
	echo stop >&5 && read -t 60 answer <&6 &&
	test "$answer" = ack &&
	{ wait $rec; test $? = 143; } &&
	exec 5>&- 6>&- &&
	upstream_perf report --stdio -i fd.data >/dev/null 2>&1
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-D ranges: enabled in each, the session stops after the last' '
	perf record -D 10-20,50-200 -o r.data -- "$WORKLOADS/demo" 30 >/dev/null 2>err
	test $? = 143 &&
	grep "^Events" err >actual &&
	printf "%s\n" "Events disabled" "Events enabled" "Events disabled" \
		"Events enabled" "Events disabled" >expect &&
	test_cmp expect actual &&
	upstream_perf report --stdio -i r.data >/dev/null 2>&1
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--max-size: upstream'"'"'s line, the workload stopped, a readable file' '
	perf record -F 20000 --max-size=20K -o m.data -- "$WORKLOADS/demo" 30 >/dev/null 2>err
	test $? = 143 &&
	grep -q "^\[ perf record: perf size limit reached ([0-9]* KB), stopping session \]\$" err &&
	test "$(samples m.data)" -gt 0 &&
	test "$(stat -c %s m.data)" -lt 4000000
'

test_expect_success 'bad values: one line, exit 129' '
	for bad in "-D abc" "-D -2" "-D 20-10" "-D 10-20,15-30" "-D 10-20," "--max-size=1000" \
		   "--max-size=1k" "--max-size=10KB" "--control=bogus" "--control=fd:x" \
		   "--control=fifo:/nonexistent/ctl" "--control=fd:99" \
		   "--max-size=1M --switch-output"; do
		test_expect_code 129 perf record $bad -o bad.data -- true 2>err &&
		test $(grep -c "Error\|Failed" err) = 1 || return 1
	done &&
	! test -e bad.data
'

test_done
