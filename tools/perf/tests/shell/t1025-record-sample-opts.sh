#!/bin/sh
test_description='perf record: what each event counts and its samples carry

-d, -P, -s, -T, -i, --sample-cpu, --all-user, --all-kernel, --per-thread,
-k and -c set the attr bits upstream 6.1 sets for them: the same workload
recorded by both, `perf evlist -v` of the two files must agree (but for
what only the kernel or the host decides: upstream asks for precise_ip
and bpf events, we for build-ids), and upstream reads our files.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# The attr of each event, minus what differs by design.
attrs () {
	upstream_perf evlist -v -i "$1" 2>/dev/null |
	sed -e "s/^[^ ]*: //" -e "s/, precise_ip: 3//" -e "s/, ksymbol: 1//" \
	    -e "s/, bpf_event: 1//" -e "s/, build_id: 1//"
}

# same_attrs NAME OPTS...: ours and upstream's recording of true with OPTS.
same_attrs () {
	name=$1
	shift
	perf record -q -o ours-$name.data "$@" -- true &&
	upstream_record -q -o up-$name.data "$@" -- true &&
	attrs up-$name.data >expect-$name &&
	attrs ours-$name.data >actual-$name &&
	test -s expect-$name &&
	test_cmp expect-$name actual-$name
}

for opts in "-d" "-P" "-s" "-T" "-i" "--sample-cpu" "--all-user" "--all-kernel" \
	    "--per-thread" "-k mono" "-k CLOCK_MONOTONIC_RAW" "-k 7" "-c 100000" \
	    "-c 100000 -P" "-i -T" "--per-thread -T" "-s -i" "--buildid-all"; do
	name=$(echo "$opts" | tr -c "a-zA-Z0-9\n" _)
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "record $opts: upstream's attr bits" "
		same_attrs $name $opts
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-i -p: no inheritance, TIME kept, as upstream' '
	"$WORKLOADS/demo" 30 >/dev/null &
	pid=$! &&
	wait_for_exec $pid demo || return 1
	# (a background job ignores SIGINT in a script: TERM stops it)
	perf record -q -i -p $pid -o ours-ip.data &
	rec=$! &&
	upstream_record -q -i -p $pid -o up-ip.data -- "$WORKLOADS/demo" 0.3 >/dev/null &&
	kill -TERM $rec; wait $rec
	kill $pid &&
	attrs up-ip.data >expect &&
	attrs ours-ip.data >actual &&
	test_cmp expect actual &&
	grep -q "sample_type: IP|TID|TIME|PERIOD," actual &&
	! grep -q "inherit: 1" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-d: samples carry an address, upstream prints it; both resolve alike' '
	perf record -q -d -o d.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	upstream_perf script -F comm,addr -i d.data 2>/dev/null >script &&
	grep -q "demo" script &&
	upstream_perf script -F comm,ip,sym -i d.data 2>/dev/null >expect &&
	perf script -F comm,ip,sym -i d.data >actual 2>/dev/null &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--sample-cpu: upstream and we print the same CPUs' '
	perf record -q --sample-cpu -o cpu.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	upstream_perf script -F comm,cpu -i cpu.data 2>/dev/null >expect &&
	grep -q "demo" expect &&
	perf script -F comm,cpu -i cpu.data >actual 2>/dev/null &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-s: per-thread counts, upstream report -T lists each demo' '
	perf record -q -s -o s.data -- sh -c "$WORKLOADS/demo 0.1; $WORKLOADS/demo 0.1" >/dev/null &&
	upstream_perf report -T --stdio -i s.data 2>/dev/null >report &&
	sed -n "/PID *TID *cpu-clock/,\$p" report | grep -c "^ *[0-9]" >n &&
	test "$(cat n)" -ge 2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-c: no PERIOD, both report the same profile' '
	perf record -q -c 100000 -o c.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	upstream_perf report --stdio --no-children --sort sym -i c.data 2>/dev/null |
		grep -v "^#" | grep "%" >expect &&
	perf report --stdio --no-children --sort sym -i c.data 2>/dev/null |
		grep -v "^#" | grep "%" >actual &&
	test_cmp expect actual &&
	grep -q hot_loop_a actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--all-user: no kernel samples' '
	perf record -q --all-user -o u.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	upstream_perf report --stdio --sort dso -i u.data 2>/dev/null >report &&
	grep -q demo report &&
	! grep -q "kernel.kallsyms" report
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--per-thread: a buffer per thread of a multi-threaded process' '
	"$WORKLOADS/callpaths" 30 >/dev/null 2>&1 &
	pid=$! &&
	wait_for_exec $pid callpaths || return 1
	perf record -q --per-thread -p $pid -o pt.data 2>err &
	rec=$! &&
	wait_for_size pt.data 0 &&
	"$WORKLOADS/demo" 0.3 >/dev/null &&
	kill -TERM $rec; wait $rec
	kill $pid &&
	test ! -s err &&
	upstream_perf script --show-task-events -i pt.data 2>/dev/null >tasks &&
	grep -c "PERF_RECORD_COMM: callpaths:$pid/" tasks >n &&
	test "$(cat n)" -ge 2
'

test_expect_success PERF_EVENTS '--timestamp-filename: upstream'"'"'s name and lines' '
	perf record -o ts.data --timestamp-filename -- true 2>err &&
	ls ts.data.* >names &&
	test "$(wc -l <names)" = 1 &&
	grep -q "^ts\.data\.[0-9]\{16\}\$" names &&
	grep -q "^\[ perf record: Dump $(cat names) \]\$" err &&
	grep -q "^\[ perf record: Captured and wrote .* ts.data.<timestamp>" err &&
	! test -e ts.data
'

test_expect_success 'bad values: one line, exit 129, as upstream' '
	for bad in "-k bogus" "-k -3" "--all-user --all-kernel" "-o - --timestamp-filename"; do
		test_expect_code 129 perf record $bad -- true 2>err &&
		grep -c "Error:" err >n && test "$(cat n)" = 1 || return 1
	done
'

test_expect_success PERF_EVENTS '--per-thread -a: -a wins, with upstream'"'"'s warning' '
	perf record --per-thread -a -o pa.data -- true 2>err &&
	grep -q "SYSTEM/CPU switch overriding PER-THREAD" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-k writes CLOCKID and CLOCK_DATA, which upstream prints' '
	perf record -q -k mono -o clk.data -- true &&
	upstream_perf report -i clk.data --header-only >hdr 2>/dev/null &&
	grep -q "^# clockid frequency: [0-9]* MHz\$" hdr &&
	grep -q "^# clockid: monotonic (1)\$" hdr &&
	grep -q "^# reference time: .* (TOD) = .* (monotonic)\$" hdr &&
	perf report -i clk.data --header-only >ours &&
	grep "^# clock\|^# reference" hdr >expect &&
	grep "^# clock\|^# reference" ours >actual &&
	test_cmp expect actual &&
	perf record -q -o noclk.data -- true &&
	upstream_perf report -i noclk.data --header-only >hdr0 2>/dev/null &&
	! grep -q "^# clockid" hdr0
'

test_done
