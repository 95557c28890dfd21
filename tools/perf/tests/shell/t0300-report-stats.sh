#!/bin/bash
test_description='perf report --stats counts records like upstream perf

Records a workload with upstream perf (file and pipe mode, --buildid-mmap,
-g, two events, -z) and checks that our perf report --stats prints the same
count for every record type, and the same samples per event, as upstream
perf report --stats on the same data.'
. "$(dirname "$0")/lib/test-lib.sh"

WORKLOAD="$WORKLOADS/demo 0.1"

# The workload's own output must not end up in a pipe-mode stream.
record () {
	upstream_record -q -F 2999 "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' $WORKLOAD
}

# "TYPE count" per aggregated line, "event: TYPE count" per event section.
normalize () {
	awk '/^Aggregated stats:$/ { next }
	     / stats:$/ { ev = $1; next }
	     / events: / { print (ev == "" ? "" : ev ": ") $1 " " $3 }' "$@"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record with upstream perf' '
	record -e cpu-clock -o file.data &&
	record -e cpu-clock -o - >pipe.data &&
	record -e cpu-clock --buildid-mmap -o bid.data &&
	record -e cpu-clock -g -o g.data &&
	record -e cpu-clock,task-clock -o two.data &&
	record -e cpu-clock,task-clock -g -o - >two-pipe.data &&
	record -e cpu-clock -z -o z.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'file: output identical to upstream' '
	upstream_perf report --stats -i file.data >expect 2>/dev/null &&
	perf report --stats -i file.data >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the counts are those of the records in the file' '
	# independent of the printer: count upstream -D dump headers by type
	upstream_perf script -D -i file.data 2>/dev/null |
	sed -n "s/^0x[0-9a-f]*@file.data \[0x[0-9a-f]*\]: event: \([0-9]*\)\$/\1/p" |
	sort -n | uniq -c | awk "{ print \$2, \$1 }" >by-type &&
	sample=$(awk "\$1 == 9 { print \$2 }" by-type) &&
	total=$(awk "{ n += \$2 } END { print n }" by-type) &&
	test "$sample" -gt 0 &&
	grep -E "^ +SAMPLE events: +$sample  \(" actual &&
	grep -E "^ +TOTAL events: +$total\$" actual &&
	grep -E "^cpu-clock stats:\$" actual
'

for f in bid g two z
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data: same counts as upstream" "
		upstream_perf report --stats -i $f.data 2>/dev/null | normalize >expect &&
		perf report --stats -i $f.data >out &&
		normalize out >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'two events: one section per event' '
	perf report --stats -i two.data >out &&
	grep -E "^(cpu|task)-clock stats:\$" out >sections &&
	test $(wc -l <sections) = 2
'

for f in pipe two-pipe
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "pipe $f.data: same counts as upstream (ATTR, FEATURE included)" "
		upstream_perf report --stats -i - <$f.data 2>/dev/null | normalize >expect &&
		perf report --stats -i - <$f.data >out &&
		normalize out >actual &&
		grep -E '^ATTR [0-9]+\$' actual &&
		grep -E '^FEATURE [0-9]+\$' actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a real pipe gives the same counts' '
	cat pipe.data | perf report --stats -i - >from-pipe &&
	perf report --stats -i - <pipe.data >from-file &&
	test_cmp from-file from-pipe
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--no-skip-empty lists the empty types too' '
	perf report --stats --no-skip-empty -i file.data >all &&
	grep -E "^ +LOST events: +0  \( 0\.0%\)\$" all &&
	upstream_perf report --stats --no-skip-empty -i file.data 2>/dev/null |
	normalize >expect &&
	normalize all >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'default input is ./perf.data; -q -f -v accepted' '
	cp file.data perf.data &&
	perf report --stats >default &&
	perf report --stats -q -f -v -i perf.data >flags &&
	test_cmp default flags &&
	perf report --stats --input=file.data >long &&
	test_cmp default long
'

# The :k event needs kernel samples, which the demo alone sometimes does
# not give (then neither tool prints its section): dd adds kernel time.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'events are named as recorded (EVENT_DESC)' '
	cat >kwork.sh <<-EOF &&
	"$WORKLOADS/demo" 0.1
	dd if=/dev/zero of=/dev/null bs=64k count=20000 2>/dev/null
	EOF
	WORKLOAD="sh kwork.sh" record -e cpu-clock:u,task-clock:k -o mod.data &&
	upstream_perf report --stats -i mod.data >expect 2>/dev/null &&
	perf report --stats -i mod.data >actual &&
	grep "^cpu-clock:u stats:\$" actual &&
	grep "^task-clock:k stats:\$" actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'lost records (system-wide, tiny buffer): same counts' '
	upstream_perf record -q -m 1 -c 20000 -a -e cpu-clock -g -o lost.data -- \
		sleep 0.2 >/dev/null 2>&1 &&
	upstream_perf report --stats -i lost.data 2>/dev/null | normalize >expect &&
	perf report --stats -i lost.data >out &&
	normalize out >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe: events named from their attrs (cpu-clock:uH)' '
	record -e cpu-clock:u,task-clock -o - >mod-pipe.data &&
	upstream_perf report --stats -i - <mod-pipe.data >expect 2>/dev/null &&
	perf report --stats -i - <mod-pipe.data >actual &&
	grep "^cpu-clock:uH stats:\$" actual &&
	test_cmp expect actual
'

test_expect_success 'usage errors exit 129' '
	test_expect_code 129 perf report --no-such-option 2>err &&
	grep "unknown option .no-such-option" err &&
	test_expect_code 129 perf report -i 2>err
'

test_expect_success 'a missing file is one error line, exit 1' '
	test_expect_code 1 perf report --stats -i nosuch.data 2>err &&
	test $(wc -l <err) = 1
'

test_expect_success 'no perf.data here: upstream'"'"'s hint to record first' '
	mkdir empty &&
	(cd empty && test_expect_code 1 perf report --stdio 2>../err) &&
	echo "failed to open perf.data: No such file or directory  (try '"'"'perf record'"'"' first)" >expect &&
	test_cmp expect err &&
	(cd empty && test_expect_code 1 perf script 2>../err) &&
	test_cmp expect err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a file cut short: counts up to the cut, says so' '
	cut=$(data_cut file.data) &&
	head -c $cut file.data >cut.data &&
	perf report --stats -i cut.data >cut.out 2>cut.err &&
	grep "^Warning: cut.data: data section runs past the end of the file" cut.err &&
	samples_before file.data $cut >whole &&
	test $(cat whole) -gt 0 &&
	grep -E "^ +SAMPLE events: +$(cat whole)  \(" cut.out
'

test_done
