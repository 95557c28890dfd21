#!/bin/bash
test_description='damaged perf.data files are refused or read in part, never crash

Real files recorded by upstream perf are truncated, bit-flipped and given
absurd header fields, zero-size records and overlapping feature sections.
Our perf buildid-list, inject and report --stats (ASan+UBSan build)
must exit 0 or 1 on each, in bounded time,
with one line on stderr when it fails, and no sanitizer report.'
. "$(dirname "$0")/lib/test-lib.sh"

# Leak checking costs more than the run itself: do it on every 8th run.
nr_runs=0
LEAKS_OFF=$(echo "$ASAN_OPTIONS" | sed "s/detect_leaks=1/detect_leaks=0/")

# Run one command on a damaged file; collect anything wrong in ./problems.
check_one () {
	file=$1
	shift
	nr_runs=$((nr_runs + 1))
	if test $((nr_runs % 8)) = 0
	then
		timeout 10 perf "$@" -i "$file" >/dev/null 2>err
	else
		ASAN_OPTIONS=$LEAKS_OFF timeout 10 perf "$@" -i "$file" >/dev/null 2>err
	fi
	rc=$?
	case $rc in
	0|1)	;;
	*)	echo "$file: perf $*: exit $rc" >>problems
		head -5 err >>problems
		return ;;
	esac
	if grep -q -e Sanitizer -e "runtime error" -e LeakSanitizer err
	then
		echo "$file: perf $*: sanitizer report" >>problems
		head -5 err >>problems
	fi
	# A failure is one error line (warnings may precede it).
	if test $rc = 1 && test $(grep -v -c "^Warning:" err) != 1
	then
		echo "$file: perf $*: failed without exactly one error line" >>problems
		cat err >>problems
	fi
}

check () {
	check_one "$1" buildid-list
	check_one "$1" inject -o /dev/null
	check_one "$1" report --stats
}

# One of the three readers per damaged file, in turn.
nr_rot=0
check_rot () {
	nr_rot=$((nr_rot + 1))
	case $((nr_rot % 3)) in
	0)	check_one "$1" buildid-list ;;
	1)	check_one "$1" report --stats ;;
	2)	check_one "$1" inject -o /dev/null ;;
	esac
}

# set_u64 FILE OFFSET VALUE, set_u16 FILE OFFSET VALUE: patch in place.
set_u64 () {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 print F pack("Q<", $ARGV[2])' "$@"
}
set_u16 () {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 print F pack("S<", $ARGV[2])' "$@"
}
get_u64 () {
	perl -e 'open(F, "<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 read(F, $b, 8); print unpack("Q<", $b)' "$@"
}
flip () {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 read(F, $b, 1); seek(F, $ARGV[1], 0); print F chr(ord($b) ^ 0xff)' "$@"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the originals with upstream perf' '
	upstream_perf record -q -e cpu-clock -F 999 -g -o file.data -- \
		ls -R /usr/lib/x86_64-linux-gnu >/dev/null 2>&1 &&
	upstream_perf record -q -e cpu-clock -F 999 -o - -- \
		sh -c "ls -R /usr/lib/x86_64-linux-gnu >/dev/null" >pipe.data 2>/dev/null &&
	: >problems &&
	check file.data && check pipe.data &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'truncated at every 8 bytes of the first KiB, 50 points after' '
	: >problems &&
	size=$(stat -c %s file.data) &&
	for n in $(seq 8 8 1024) $(seq 1024 $(( (size - 1024) / 50 + 1 )) $size)
	do
		head -c $n file.data >t.data && check_rot t.data || return 1
	done &&
	psize=$(stat -c %s pipe.data) &&
	for n in $(seq 4 $((psize / 40 + 1)) $psize)
	do
		head -c $n pipe.data >t.data && check_rot t.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a byte flipped at 200 places' '
	: >problems &&
	size=$(stat -c %s file.data) &&
	for i in $(seq 0 199)
	do
		pos=$(( (i * 7919 + i * i * 13) % size )) &&
		cp file.data f.data && flip f.data $pos &&
		check_rot f.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'absurd header fields' '
	: >problems &&
	for field in 16:0 16:1 16:9223372036854775807 24:18446744073709551615 \
		     32:18446744073709551615 40:18446744073709551615 \
		     48:18446744073709551615 72:18446744073709551615 \
		     80:18446744073709551615 8:0 8:16 8:4294967296 48:0
	do
		cp file.data h.data &&
		set_u64 h.data ${field%%:*} ${field#*:} &&
		check h.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'zero-size records: first, middle, and in a pipe' '
	: >problems &&
	data=$(get_u64 file.data 40) &&
	cp file.data z.data && set_u16 z.data $((data + 6)) 0 && check z.data &&
	cp file.data z.data &&
	# walk to the 5th record and zero its size
	off=$data && for i in 1 2 3 4
	do
		sz=$(perl -e "open(F,\"<\",\"z.data\");seek(F,$off+6,0);read(F,\$b,2);print unpack(\"S<\",\$b)") &&
		off=$((off + sz)) || return 1
	done &&
	set_u16 z.data $((off + 6)) 0 && check z.data &&
	cp pipe.data zp.data && set_u16 zp.data $((16 + 6)) 0 && check zp.data &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'feature sections that overlap, loop or point past the end' '
	: >problems &&
	data=$(get_u64 file.data 40) && dsize=$(get_u64 file.data 48) &&
	table=$((data + dsize)) &&
	cp file.data o.data && set_u64 o.data $((table + 16)) $table && check o.data &&
	cp file.data o.data && set_u64 o.data $((table + 16)) $(get_u64 file.data $table) && check o.data &&
	cp file.data o.data && set_u64 o.data $((table + 8)) 18446744073709551615 && check o.data &&
	cp file.data o.data && set_u64 o.data $((table + 8)) 1099511627776 && check o.data &&
	cp file.data o.data && set_u64 o.data $table $data && check o.data &&
	test_must_be_empty problems &&
	perf buildid-list -i o.data >/dev/null 2>err &&
	grep "^Warning: o.data: feature BUILD_ID section" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a killed writer (data size 0) is read to the end with a warning' '
	cp file.data k.data && set_u64 k.data 48 0 &&
	perf inject -i k.data -o - 2>err | perf buildid-list -i - >/dev/null &&
	grep "^Warning: k.data: header says no data" err
'

# perf.data is read through file mappings: a file cut short meanwhile
# faults (SIGBUS) where read(2) would come up short.  perf script blocks
# writing to a FIFO nobody reads, mid-walk; the file is cut; then read.
# The file must be well over what perf script reads before it blocks.
# Samples come with CPU time, which a busy machine gives the workload less
# of: the recording is made longer until the file is big enough.
test_expect_success PERF_EVENTS 'a file cut short while it is read: one line, exit 1' '
	secs=1 &&
	while perf record -q -e cpu-clock -c 50000 -g -o big.data -- "$WORKLOADS/demo" $secs \
		>/dev/null 2>&1 &&
	      test $(stat -c %s big.data) -le 1000000 && test $secs -lt 32
	do
		secs=$((secs * 2))
	done &&
	test $(stat -c %s big.data) -gt 1000000 &&
	mkfifo out || return 1
	{ perf script -i big.data >out 2>cut.err; echo $? >rc; } &
	exec 9<out &&
	head -c 4096 <&9 >/dev/null &&
	truncate -s 65536 big.data &&
	cat <&9 >/dev/null &&
	exec 9<&- &&
	wait $! &&
	test "$(cat rc)" = 1 &&
	echo "perf: a file being read was truncated meanwhile (SIGBUS)" >expect &&
	test_cmp expect cut.err
'

test_done
