#!/bin/bash
test_description='perf inject --convert-mmap3: MMAP3 records as MMAP2

No kernel here emits PERF_RECORD_MMAP3, so the input is crafted: one
cpu-clock attr asking for MMAP3, a COMM, an MMAP3 with the build-id of the
demo workload under a path that does not exist on this machine, an MMAP3
without an id (no note, inode fields set) and samples in hot_loop_a.
Converted, the first must become MMAP2 in the build-id form, the second
MMAP2 in the inode form; our perf and upstream perf must print the same
MMAP2 records, and upstream perf report must find hot_loop_a through the
build-id cache.  File and stream, in and out.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO=$WORKLOADS/demo
test -x "$DEMO" && test_set_prereq DEMO

CRAFT="$SHARNESS_TEST_SRCDIR/lib/mmap3-craft.pl"

mmap_lines () {
	grep -o "PERF_RECORD_MMAP.*" | sed "s/^PERF_RECORD_MMAP2 4242\/4242:/&/"
}

test_expect_success DEMO 'a crafted MMAP3 file reads as MMAP3' '
	perl "$CRAFT" "$DEMO" mmap3.data &&
	chmod 600 mmap3.data &&
	id=$(readelf -n "$DEMO" | sed -n "s/.*Build ID: //p") &&
	# the text segment'"'"'s size, as the crafted MMAP3 has it: demo'"'"'s own
	len=$(readelf -lW "$DEMO" | awk "\$1 == \"LOAD\" && \$7 == \"R\" && \$8 == \"E\" { print \$6 }") &&
	len=$(printf "0x%x" "$len") &&
	perf script -D -i mmap3.data >dump &&
	grep -o "PERF_RECORD_MMAP.*" dump >actual &&
	cat >expect <<-EOT &&
	PERF_RECORD_MMAP3 4242/4242: [0x555555555000($len) @ 0x1000 08:01 1111 7 <$id>]: r-xp /nonexistent/guest/demo
	PERF_RECORD_MMAP3 4242/4242: [0x7f0000001000(0x2000) @ 0x1000 08:01 2222 7 <no build-id: no build-id note>]: r-xp /nonexistent/guest/libnoid.so
	EOT
	test_cmp expect actual
'

test_expect_success DEMO 'converted: MMAP2, build-id form with an id, inode form without' '
	perf inject --convert-mmap3 -i mmap3.data -o mmap2.data &&
	perf script -D -i mmap2.data >dump &&
	grep -o "PERF_RECORD_MMAP.*" dump >actual &&
	cat >expect <<-EOT &&
	PERF_RECORD_MMAP2 4242/4242: [0x555555555000($len) @ 0x1000 <$id>]: r-xp /nonexistent/guest/demo
	PERF_RECORD_MMAP2 4242/4242: [0x7f0000001000(0x2000) @ 0x1000 08:01 2222 7]: r-xp /nonexistent/guest/libnoid.so
	EOT
	test_cmp expect actual &&
	grep -c "PERF_RECORD_SAMPLE" dump >nr &&
	echo 20 >expect &&
	test_cmp expect nr
'

test_expect_success DEMO 'without --convert-mmap3 the records stay MMAP3' '
	perf inject -i mmap3.data -o same.data &&
	perf script -D -i same.data | grep -c "PERF_RECORD_MMAP3 " >nr &&
	echo 2 >expect &&
	test_cmp expect nr
'

test_expect_success DEMO,UPSTREAM_PERF 'upstream perf prints the MMAP2 records as we do' '
	upstream_perf script -D -i mmap2.data 2>/dev/null >up-dump &&
	grep -o "PERF_RECORD_MMAP.*" up-dump >up &&
	grep -o "PERF_RECORD_MMAP.*" dump >ours &&
	test_cmp ours up &&
	upstream_perf evlist -v -i mmap2.data >evlist 2>&1 &&
	grep "mmap: 1, comm: 1, freq: 1, sample_id_all: 1, mmap2: 1, build_id: 1\$" evlist &&
	! grep "Reserved bits" evlist
'

test_expect_success DEMO,UPSTREAM_PERF 'upstream perf report finds hot_loop_a by build-id' '
	upstream_perf buildid-cache -a "$DEMO" &&
	upstream_perf report --stdio -i mmap2.data 2>err >report &&
	! grep "Reserved bits" err &&
	grep "%" report | grep -v "^#" | awk "{ print \$1, \$2, \$3, \$4, \$5 }" >actual &&
	echo "100.00% hot demo [.] hot_loop_a" >expect &&
	test_cmp expect actual
'

test_expect_success DEMO,UPSTREAM_PERF 'stream in, stream out, both: the same records' '
	perf inject --convert-mmap3 -i mmap3.data -o - >conv.pipe &&
	perf inject -i mmap3.data -o - >mmap3.pipe &&
	perf inject --convert-mmap3 -i - -o conv-from-pipe.data <mmap3.pipe &&
	perf inject --convert-mmap3 -i - -o - <mmap3.pipe >conv2.pipe &&
	for f in conv.pipe conv-from-pipe.data conv2.pipe
	do
		perf script -D -i $f | grep -o "PERF_RECORD_MMAP.*" >actual-$f &&
		test_cmp ours actual-$f &&
		upstream_perf report --stdio -i $f 2>err-$f | grep "hot_loop_a\$" &&
		! grep "Reserved bits" err-$f || return 1
	done
'

test_expect_success DEMO 'an MMAP3 record too short to convert: one error line, exit 1' '
	perl "$CRAFT" "$DEMO" short.data short &&
	chmod 600 short.data &&
	test_expect_code 1 perf inject --convert-mmap3 -i short.data -o short-out.data 2>err &&
	cat >expect <<-EOT &&
	perf inject: MMAP3 record of 96 bytes at 0x560 is too short to convert
	EOT
	test_cmp expect err
'

test_done
