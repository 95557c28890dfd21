#!/bin/bash
test_description='perf report and perf script filters: bad values

Every bad filter value gets one line on stderr naming the option and what
is wrong, nothing on stdout past what upstream prints there, and an exit
status: upstream perf 6.1'"'"'s where it fails (234 for --time, 255 for
script'"'"'s --cpu), and where upstream says "problems parsing" or
"failed to set cpu bitmap" but exits 0 anyway, a failure still: 129 for a
list that does not parse (a usage error), 255 for --cpu, as its script.'
. "$(dirname "$0")/lib/test-lib.sh"

# one line on stderr, containing $1
one_line () {
	test $(wc -l <err) = 1 &&
	grep -q -- "$1" err &&
	! grep -i "sanitizer\|runtime error" err
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: recordings with and without CPUs, a stream' '
	upstream_record -q -e cpu-clock -c 100000 --sample-cpu -o up.data "$WORKLOADS/demo" 0.1 &&
	upstream_record -q -e cpu-clock -c 100000 -o nocpu.data "$WORKLOADS/demo" 0.1 &&
	perf record -q -e cpu-clock -c 100000 -o - "$WORKLOADS/demo" 0.1 >pipe.data 2>/dev/null &&
	nrcpus=$("$UPSTREAM_PERF" report --header-only -i up.data 2>/dev/null | sed -n "s/^# nrcpus avail : //p") &&
	test -n "$nrcpus" &&
	echo $nrcpus >nrcpus
'

for cmd in report script
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$cmd: a list that does not parse: one line, exit 129" '
		test_expect_code 129 perf '$cmd' -i up.data --pid abc >out 2>err &&
		one_line "perf '$cmd': --pid: .abc. is not a number" &&
		test_must_be_empty out &&
		test_expect_code 129 perf '$cmd' -i up.data --tid 1,2x 2>err &&
		one_line "perf '$cmd': --tid: .2x. is not a number" &&
		test_expect_code 129 perf '$cmd' -i up.data --pid "12 " 2>err &&
		one_line "--pid" &&
		test_expect_code 129 perf '$cmd' -i up.data --comms dd,demo,dd 2>err &&
		one_line "perf '$cmd': --comm: .dd. is listed twice" &&
		test_expect_code 129 perf '$cmd' -i up.data -S main,main 2>err &&
		one_line "perf '$cmd': --symbols: .main. is listed twice" &&
		test_expect_code 129 perf '$cmd' -i up.data --dsos file:///nonexistent/list 2>err &&
		one_line "perf '$cmd': --dsos: cannot read /nonexistent/list: No such file or directory" &&
		# upstream: the same lists refused
		"$UPSTREAM_PERF" '$cmd' -i up.data --pid abc 2>err >/dev/null ;
		grep "problems parsing pid list" err
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$cmd: a bad --time: one line, upstream's 234" '
		for t in abc 10 "" 2,1 "3,4 1,2" 1,2,3,4 10%/20 0%/1 "10%,20%" 50%-120%
		do
			test_expect_code 234 perf '$cmd' -i up.data --time "$t" >out 2>err &&
			one_line "perf '$cmd': invalid --time .$t." &&
			test_expect_code 234 "$UPSTREAM_PERF" '$cmd' -i up.data --time "$t" \
				>/dev/null 2>&1 || { echo "--time $t"; return 1; }
		done
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$cmd: --time percentages of a stream, which has no sample times" '
		test_expect_code 234 perf '$cmd' -i pipe.data --time 10% >out 2>err &&
		one_line "perf '$cmd': --time 10%: a stream has no first/last sample time" &&
		# absolute times need none
		perf '$cmd' -i pipe.data --time 0, >out 2>err
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$cmd: a bad --cpu: one line, exit 255" '
		for c in abc 1x 0,0 1-0 1- -1 " 1" $(cat nrcpus) 4096 0-99999999999
		do
			test_expect_code 255 perf '$cmd' -i up.data --cpu "$c" >out 2>err &&
			one_line "perf '$cmd': .*--cpu" || { echo "--cpu $c"; return 1; }
		done &&
		test_expect_code 255 perf '$cmd' -i up.data --cpu $(cat nrcpus) 2>err &&
		one_line "perf '$cmd': --cpu: CPU $(cat nrcpus) is not one of the $(cat nrcpus) the recording had" &&
		test_expect_code 255 perf '$cmd' -i nocpu.data --cpu 0 >out 2>err &&
		one_line "perf '$cmd': --cpu: nocpu.data does not sample the CPU" &&
		# upstream refuses the same (its report then exits 0)
		"$UPSTREAM_PERF" '$cmd' -i nocpu.data --cpu 0 >/dev/null 2>err ;
		grep -q "File does not contain CPU events" err
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$cmd: --cpu of a stream: its CPUs are known only later, so taken" '
		perf '$cmd' -i pipe.data --cpu 0-4095 >out 2>err &&
		! grep -i "sanitizer\|runtime error" err
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report: filters that keep nothing are no error' '
	perf report --stdio -i up.data --time 1,2 >out 2>err &&
	one_line "The up.data data has no samples!" &&
	printf "%s\n" "# To display the perf.data header info, please use --header/--header-only options." \
		"#" >expect &&
	test_cmp expect out &&
	perf report --stdio -i up.data --comms nosuch >out 2>err &&
	test_must_be_empty err &&
	! grep "%" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report: --symbol-filter where upstream ignores it says so' '
	perf report --stdio -i up.data --sort dso,sym --symbol-filter hot >out 2>err &&
	one_line "Warning: --symbol-filter is ignored without the comm sort key" &&
	perf report --stdio -q -i up.data --sort dso,sym --symbol-filter hot 2>err &&
	test_must_be_empty err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a filter option without its value: usage error' '
	test_expect_code 129 perf report -i up.data --comms 2>err &&
	grep "requires a value" err &&
	test_expect_code 129 perf script -i up.data --time 2>err &&
	grep "requires a value" err
'

test_done
