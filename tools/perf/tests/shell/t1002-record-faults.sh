#!/bin/sh
test_description='perf record: lying records, SIGKILL, a full disk

A concurrent build-id session makes the kernel flag our inode-form MMAP2
records as build-id records; what we write must not carry that lie.
A killed perf leaves a file whose header says data size 0; a full disk
stops the recording with one clear error.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a concurrent --buildid-mmap session does not make us lie' '
	"$UPSTREAM_PERF" record -q --buildid-mmap -a -o up.data -- sleep 30 >/dev/null 2>&1 &
	up=$! &&
	wait_for_size up.data 0 &&
	wait_for_child sleep $up &&
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 perf record -q -o ours.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	kill -INT $up && wait $up;
	upstream_perf script -i ours.data --show-mmap-events >script 2>err &&
	grep "PERF_RECORD_MMAP2 .* r-xp $WORKLOADS/demo\$" script >mmaps &&
	test "$(wc -l <mmaps)" = 1 &&
	# the inode form: @ pgoff maj:min ino gen, no <build-id>
	grep -E "@ 0x[0-9a-f]+ [0-9a-f]+:[0-9a-f]+ [0-9]+ [0-9]+\]" mmaps &&
	! grep "<" mmaps &&
	upstream_perf buildid-list -i ours.data >list &&
	grep -Fx "$(demo_id) $WORKLOADS/demo" list
'

test_expect_success PERF_EVENTS 'SIGKILL leaves a header with data size 0 and complete records' '
	perf record -q -F 999 -m 1 -o killed.data -- "$WORKLOADS/demo" 10 >/dev/null &
	perf=$! &&
	wait_for_child demo $perf &&
	demo=$(pgrep -x -P $perf demo) &&
	wait_for_size killed.data 8192 &&
	kill -KILL $perf &&
	{ wait $perf; test $? = 137; } &&
	kill $demo &&
	# bytes 48..55 of the header: data.size
	test "$(od -An -t u8 -j 48 -N 8 killed.data | tr -d " ")" = 0 &&
	perf inject -i killed.data -o fixed.data 2>err &&
	"$UPSTREAM_PERF" report --stdio -i fixed.data --sort sym 2>/dev/null >report &&
	grep -q hot_loop_a report
'

test_expect_success PERF_EVENTS,ROOT 'a full disk stops with one error line' '
	mkdir small &&
	mount -t tmpfs -o size=16k tmpfs small &&
	test_when_finished "umount small" &&
	test_expect_code 1 perf record -q -F 999 -g -o small/full.data -- "$WORKLOADS/demo" 3 >/dev/null 2>err &&
	echo "Error: no space left on device writing small/full.data: the data that fit was kept" >expect &&
	grep -v "^perf: " err | head -1 >actual &&
	test_cmp expect actual &&
	perf report --stats -i small/full.data >stats 2>&1 &&
	grep -q "MMAP2 events" stats
'

# A read of the buffers that did not fit is not in the file: its samples
# must not be in the summary either.  The workload runs until the disk is
# full (perf then stops it), however slowly a loaded machine runs it.
test_expect_success PERF_EVENTS,ROOT,UPSTREAM_PERF 'after a full disk the summary counts the samples in the file' '
	mkdir small2 &&
	mount -t tmpfs -o size=64k tmpfs small2 &&
	test_when_finished "umount small2" &&
	test_expect_code 1 perf record -F 999 -g -m 4 -o small2/full.data -- "$WORKLOADS/demo" 60 >/dev/null 2>err &&
	grep -Fx "Error: no space left on device writing small2/full.data: the data that fit was kept" err &&
	n=$(sed -n "s/^\[ perf record: Captured and wrote [0-9.]* MB small2\/full.data (\([0-9]*\) samples) \]$/\1/p" err) &&
	test "$n" -gt 0 &&
	perf report --stats -i small2/full.data >stats &&
	grep -E "^ *SAMPLE events: *$n( |\$)" stats &&
	# When even the header'"'"'s end did not fit, it says no data size:
	# upstream then needs the file fixed like a killed recording.
	if grep -q "cannot write header" err
	then
		perf inject -i small2/full.data -o fixed.data 2>/dev/null
	else
		cp small2/full.data fixed.data
	fi &&
	upstream_perf report --stats -i fixed.data >stats 2>/dev/null &&
	grep -E "^ *SAMPLE events: *$n( |\$)" stats
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a stopped reader: lost events stated, LOST_SAMPLES written' '
	perf record -F 999 -m 1 -o lost.data -- "$WORKLOADS/demo" 5 >/dev/null 2>err &
	perf=$! &&
	wait_for_child demo $perf &&
	kill -STOP $perf &&
	sleep 3 &&
	kill -CONT $perf &&
	wait $perf &&
	n=$(sed -n "s/^Warning: lost \([0-9]*\) events in [0-9]* chunks: increase the buffer with -m or lower the frequency with -F$/\1/p" err) &&
	test "$n" -gt 0 &&
	upstream_perf report --stdio -i lost.data >report 2>/dev/null &&
	grep -x "# Total Lost Samples: $n" report &&
	perf report --stats -i lost.data >stats &&
	grep "LOST_SAMPLES events: *$n$" stats
'

test_done
