#!/bin/bash
test_description='perf inject passes a perf.data through unchanged

File to file, file to pipe to file, pipe to file and pipe to pipe: upstream
perf report must print the same report on the input and on every output,
and nothing of the input (records, features) may be lost on the way.'
. "$(dirname "$0")/lib/test-lib.sh"

if test -x "$WORKLOADS/demo"
then
	WORKLOAD="$WORKLOADS/demo 0.2"
else
	WORKLOAD="ls -R /usr/lib/x86_64-linux-gnu"
fi

record () {
	upstream_record -q -e cpu-clock -F 4999 -g "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' $WORKLOAD
}

# The report without the comment lines that name the file, its size, time.
# Call chains are printed folded (one whole chain per line) and sorted:
# upstream orders branches of equal weight differently from run to run, so
# the tree layout is not comparable, while the set of chains with their
# percentages is, exactly.
report () {
	upstream_perf report --stdio --sort comm,dso,sym -g folded "$@" 2>&1 |
		grep -v "^#" | sort
}

# Recordings without call chains (upstream refuses -g on them).
report_flat () {
	upstream_perf report --stdio --sort comm,dso,sym "$@" 2>&1 | grep -v "^#" | sort
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record with upstream perf' '
	record -o in.data &&
	record -o - >in-pipe.data &&
	report -i in.data >expect &&
	test $(grep -c "%" expect) -gt 0 &&
	report -i - <in-pipe.data >expect-pipe &&
	test $(grep -c "%" expect-pipe) -gt 0
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'file -> file: same report, output 0600' '
	perf inject -i in.data -o out.data &&
	report -i out.data >actual &&
	test_cmp expect actual &&
	test "$(stat -c %a out.data)" = 600
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'file -> file keeps every record and feature byte' '
	upstream_perf report --header-only -i in.data | grep -v -e "captured on" -e "data size" -e "feat offset" -e "data offset" >hdr-expect &&
	upstream_perf report --header-only -i out.data | grep -v -e "captured on" -e "data size" -e "feat offset" -e "data offset" >hdr-actual &&
	test_cmp hdr-expect hdr-actual &&
	upstream_perf script -D -i in.data 2>/dev/null | grep -c "^0x" >n-expect &&
	upstream_perf script -D -i out.data 2>/dev/null | grep -c "^0x" >n-actual &&
	test_cmp n-expect n-actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'file -> pipe -> file: same report' '
	perf inject -i in.data -o - | perf inject -i - -o out2.data &&
	report -i out2.data >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'file -> pipe: upstream reads it as it reads its own inject' '
	upstream_perf inject -i in.data -o - | report -i - >expect-up-pipe &&
	test $(grep -c "%" expect-up-pipe) -gt 0 &&
	perf inject -i in.data -o - >out.pipe &&
	report -i - <out.pipe >actual &&
	test_cmp expect-up-pipe actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'build-ids survive file -> pipe -> file' '
	upstream_perf buildid-list -i in.data >expect-ids &&
	upstream_perf buildid-list -i out2.data >actual-ids &&
	test_cmp expect-ids actual-ids
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe -> pipe is byte for byte' '
	perf inject -i - -o - <in-pipe.data >out3.pipe &&
	cmp in-pipe.data out3.pipe
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe -> file, then the file back to a pipe: same reports' '
	perf inject -i - -o out4.data <in-pipe.data &&
	perf inject -i out4.data -o out5.data &&
	report -i out4.data >expect4 &&
	test $(grep -c "%" expect4) -gt 0 &&
	report -i out5.data >actual5 &&
	test_cmp expect4 actual5 &&
	perf inject -i out4.data -o - | report -i - >actual-pipe &&
	test_cmp expect-pipe actual-pipe
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'an existing output is kept as .old' '
	echo previous >keep.data &&
	perf inject -i in.data -o keep.data &&
	echo previous >expect-old &&
	test_cmp expect-old keep.data.old
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'COMPRESSED (-z) records are passed through' '
	record -z -o inz.data &&
	report -i inz.data >expectz &&
	perf inject -i inz.data -o outz.data &&
	report -i outz.data >actualz &&
	test_cmp expectz actualz &&
	perf inject -i inz.data -o - | perf inject -i - -o outz2.data &&
	report -i outz2.data >actualz2 &&
	test_cmp expectz actualz2
'

# Tracing data: a feature in a file, a record with a payload in a stream.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'tracepoints: tracing data survives every direction' '
	upstream_perf record -q -e sched:sched_switch -a -o tp.data -- sleep 0.1 2>/dev/null &&
	upstream_perf record -q -e sched:sched_switch -a -o - -- sleep 0.1 >tp-pipe.data 2>/dev/null &&
	report_flat -i tp.data >expect-tp &&
	grep -q "__schedule" expect-tp &&
	perf inject -i tp.data -o - | report_flat -i - >actual-tp-pipe &&
	test_cmp expect-tp actual-tp-pipe &&
	perf inject -i tp.data -o - | perf inject -i - -o tp2.data &&
	report_flat -i tp2.data >actual-tp2 &&
	test_cmp expect-tp actual-tp2 &&
	report_flat -i - <tp-pipe.data >expect-tpp &&
	perf inject -i - -o tp3.data <tp-pipe.data &&
	report_flat -i tp3.data >actual-tp3 &&
	test_cmp expect-tpp actual-tp3
'

test_expect_success 'a bad input: exit 1, one line, no output file' '
	echo garbage-garbage-garbage >bad.data &&
	test_expect_code 1 perf inject -i bad.data -o never.data 2>err &&
	test $(wc -l <err) = 1 &&
	! test -e never.data
'

test_expect_success 'unknown option is a usage error (129)' '
	test_expect_code 129 perf inject --bogus 2>err &&
	grep "Usage: perf inject" err
'

test_done
