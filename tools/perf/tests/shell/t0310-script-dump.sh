#!/bin/bash
test_description='perf script -D dumps every record like upstream perf

Records a workload with upstream perf and checks our perf script -D: the
same records (offset, size, type, decoded fields) as upstream perf script -D,
the raw hex dump, the workload COMM and MMAP2 with the build-id readelf
prints or the inode stat prints, pipe mode, and an MMAP2 whose misc bit
claims a build-id that the record does not carry.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"

record () {
	upstream_record -q -e cpu-clock -F 2999 "$@" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$DEMO" 0.1
}

# The record lines ("<time> 0x2a0 [0x68]: PERF_RECORD_..."), without
# upstream's per-sample script output which needs symbols.
records () {
	grep -E '^(-1 -1 |[0-9]+ )*0x[0-9a-f]+ \[0x[0-9a-f]+\]: PERF_RECORD_' "$@"
}

# The workload's pid, as upstream sees it in the samples.
pid_of () {
	upstream_perf script -F pid -i "$1" 2>/dev/null | sed -n "1s/ //gp"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record with upstream perf' '
	record -o file.data &&
	record -o bid.data --buildid-mmap &&
	record -o g.data -g &&
	record -o - >pipe.data &&
	test -n "$(pid_of file.data)"
'

for f in file bid g
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data: the records upstream dumps, decoded alike" "
		upstream_perf script -D -i $f.data 2>/dev/null >up.out &&
		perf script -D -i $f.data >our.out &&
		records up.out | sort >expect &&
		records our.out | sort >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'LOST, LOST_SAMPLES, FORK, fixed period, ID|CPU: decoded alike' '
	upstream_perf record -q -m 1 -c 20000 -a -e cpu-clock -g -o lost.data -- \
		sleep 0.2 >/dev/null 2>&1 &&
	upstream_perf script -D -i lost.data 2>/dev/null >up.out &&
	perf script -D -i lost.data >our.out &&
	records up.out | sort >expect &&
	records our.out | sort >actual &&
	grep -q "PERF_RECORD_FORK" actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'one dump per record: the count of perf report --stats' '
	perf script -D -i file.data >our.out &&
	grep -c "^0x[0-9a-f]*@file.data \[0x[0-9a-f]*\]: event: [0-9]*\$" our.out >actual &&
	upstream_perf script -D -i file.data 2>/dev/null |
	grep -c "^0x[0-9a-f]*@file.data \[0x[0-9a-f]*\]: event: [0-9]*\$" >expect &&
	test_cmp expect actual &&
	upstream_perf report --stats -i file.data 2>/dev/null |
	sed -n "s/^ *TOTAL events: *//p" >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the workload COMM exec record' '
	pid=$(pid_of file.data) &&
	printf "PERF_RECORD_COMM exec: %s:$pid/$pid\n" sh demo >expect &&
	perf script -D -i file.data | grep -o "PERF_RECORD_COMM exec: .*" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'raw hex dump of a record is upstream'"'"'s' '
	perf script -D -i file.data >our.out &&
	upstream_perf script -D -i file.data 2>/dev/null >up.out &&
	off=$(sed -n "s/^[0-9]* \(0x[0-9a-f]*\) \[0x[0-9a-f]*\]: PERF_RECORD_COMM exec: demo:.*/\1/p" our.out) &&
	sed -n "/^$off@file.data /,/^\$/p" our.out >actual &&
	sed -n "/^$off@file.data /,/^\$/p" up.out >expect &&
	test $(wc -l <actual) -gt 4 &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'MMAP2 with a build-id: the one readelf prints' '
	pid=$(pid_of bid.data) &&
	bid=$(readelf -n "$DEMO" | sed -n "s/^ *Build ID: *//p") &&
	test ${#bid} = 40 &&
	perf script -D -i bid.data | grep -o "PERF_RECORD_MMAP2 $pid/$pid: .* r-xp $DEMO\$" >actual &&
	grep -E "^PERF_RECORD_MMAP2 $pid/$pid: \[0x[0-9a-f]+\(0x[0-9a-f]+\) @ 0x[0-9a-f]+ <$bid>\]: r-xp $DEMO\$" actual &&
	upstream_perf script -D -i bid.data 2>/dev/null |
	grep -o "PERF_RECORD_MMAP2 $pid/$pid: .* r-xp $DEMO\$" >expect &&
	test_cmp expect actual
'

# maj:min as the kernel prints them in MMAP2, from stat's device number
majmin () {
	d=$(stat -c %d "$1") &&
	printf "%02x:%02x" $(( (d >> 8) & 0xfff )) $(( d & 0xff ))
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'MMAP2 without build-id: the inode stat prints' '
	pid=$(pid_of file.data) &&
	ino=$(stat -c %i "$DEMO") &&
	dev=$(majmin "$DEMO") &&
	perf script -D -i file.data >our.out &&
	grep -E "PERF_RECORD_MMAP2 $pid/$pid: \[0x[0-9a-f]+\(0x[0-9a-f]+\) @ 0x[0-9a-f]+ $dev $ino [0-9]+\]: r-xp $DEMO\$" our.out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe: same records as upstream, offsets after the pipe header' '
	upstream_perf script -D -i - <pipe.data 2>/dev/null >up.out &&
	perf script -D -i - <pipe.data >our.out &&
	records up.out | sort >expect &&
	records our.out | sort >actual &&
	test_cmp expect actual &&
	head -2 our.out >actual &&
	printf "\n0@pipe [0x98]: event: 64\n" >expect &&
	test_cmp expect actual
'

# A concurrent --buildid-mmap session makes the kernel set the build-id
# misc bit on our MMAP2 records, which still carry maj/min/ino; reading
# them as a build-id (upstream 6.1 does) is wrong.  Retry while the
# background session was not yet live when the workload ran.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'MMAP2 with a lying build-id misc bit: read as inode' '
	ino=$(stat -c %i "$DEMO") &&
	for try in 1 2 3
	do
		rm -f bg.data victim.data &&
		{ upstream_perf record -q --buildid-mmap -a -o bg.data -- sleep 2 \
			>/dev/null 2>&1 & } &&
		n=0 &&
		while ! test -s bg.data && test $n -lt 100
		do
			n=$((n + 1)); sleep 0.05
		done &&
		sleep 0.2 &&
		{ upstream_perf record -q -e cpu-clock -o victim.data -- "$DEMO" 0.05 \
			>/dev/null 2>&1; true; } &&
		wait &&
		perf script -D -i victim.data >victim.out 2>victim.err &&
		off=$(sed -n "s/^[0-9]* \(0x[0-9a-f]*\) \[0x[0-9a-f]*\]: PERF_RECORD_MMAP2 .* r-xp .*demo\$/\1/p" victim.out | head -1) &&
		test -n "$off" &&
		if sed -n "/^$off@victim.data /,/^\$/p" victim.out | grep -q "^\.  0000:  0a 00 00 00 0[0-9] 40"
		then
			break
		fi
		test $try != 3 || { echo "misc bit never set" >&2; false; } || return 1
	done &&
	grep -E "PERF_RECORD_MMAP2 [0-9]+/[0-9]+: \[0x[0-9a-f]+\(0x[0-9a-f]+\) @ 0x[0-9a-f]+ [0-9a-f]{2}:[0-9a-f]{2} $ino [0-9]+\]: r-xp $DEMO\$" victim.out
'

test_expect_success 'usage: a bad flag is a usage error (129)' '
	test_expect_code 129 perf script --bogus 2>err &&
	grep "unknown option .bogus" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--dump-raw-trace is -D; default input ./perf.data' '
	cp file.data perf.data &&
	perf script -D >a &&
	perf script --dump-raw-trace -i file.data >b &&
	sed "s/@perf.data /@file.data /" a >a2 &&
	test_cmp a2 b
'

# Cut inside the record after the demo'"'"'s exec COMM (where that lies
# depends on how much start-up synthesis and how many samples came first).
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a damaged file: no crash, records before the damage dumped' '
	upstream_perf script -D -i file.data 2>/dev/null |
	sed -n "s/^[0-9]* \(0x[0-9a-f]*\) \[\(0x[0-9a-f]*\)\]: PERF_RECORD_COMM exec: demo.*/\1 \2/p" |
	head -1 >comm-at &&
	read off len <comm-at &&
	head -c $((off + len + 4)) file.data >cut.data &&
	{ perf script -D -i cut.data >cut.out 2>cut.err; code=$?; } &&
	test $code -le 1 &&
	grep -q "PERF_RECORD_COMM exec: demo" cut.out &&
	grep "truncated record at offset $(printf "0x%x" $((off + len)))" cut.err
'

test_done
