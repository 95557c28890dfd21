#!/bin/bash
test_description='perf report resolves by build-id

A binary rebuilt at one path during the recording: each version'"'"'s samples
on its own functions (upstream perf 6.1 puts them all on the last one).
perf record keeps each version in the build-id cache when it first sees
it, with nobody running buildid-cache: replaced by rm+cp or by cp+rename,
in default mode and with -B (which copies at the end only what was
replaced), and with few descriptors.  Analysis after the binaries are
gone: symbols from that cache, never from another file at the recorded
path (which is warned about, with upstream'"'"'s words).  Kernel symbols from
the cached kallsyms of the recording kernel.'
. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/replaced-lib.sh"

test_expect_success PERF_EVENTS 'setup: one recording, the binary replaced in the middle' '
	build_version one 3 app.one &&
	build_version two 5 app.two &&
	taskset -c 0 perf record -q -e cpu-clock -c 100000 -o during.data -- sh -c \
		"cp app.one app; ./app; rm app; cp app.two app; ./app" 2>record.err &&
	test_must_be_empty record.err &&
	test -s during.data
'

test_expect_success PERF_EVENTS 'each version of app on its own function' '
	rows -i during.data >out &&
	both_versions out &&
	test_must_be_empty report.err
'

test_expect_success PERF_EVENTS 'perf buildid-list lists both builds of app' '
	ids "$PWD" >expect &&
	perf buildid-list -i during.data | grep " $PWD/app\$" | sort >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS 'replaced by cp+rename, then deleted: both builds kept' '
	PERF_BUILDID_DIR=$PWD/cache-rename record_replaced rename rename &&
	perf buildid-list -i rename/perf.data | grep " $PWD/rename/app\$" | sort >actual &&
	test_cmp rename/ids actual &&
	PERF_BUILDID_DIR=$PWD/cache-rename rows -i rename/perf.data >out &&
	both_versions out &&
	test_must_be_empty report.err
'

for how in rmcp rename; do
	test_expect_success PERF_EVENTS "-B, replaced by $how, then deleted: both builds kept" '
		export PERF_BUILDID_DIR=$PWD/cache-B-$how &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		record_replaced B-$how $how -B &&
		# what is still at its path is not copied: only the two builds
		find "$PERF_BUILDID_DIR" -name elf >elves &&
		test $(grep -c "/B-$how/app/[0-9a-f]*/elf\$" elves) = 2 &&
		test $(wc -l <elves) = 2 &&
		perf buildid-list -i B-$how/perf.data | grep " $PWD/B-$how/app\$" | sort >actual &&
		test_cmp B-$how/ids actual &&
		perf buildid-list --store -i B-$how/perf.data >store &&
		sed "s/^/OK /" B-$how/ids >expect &&
		grep " $PWD/B-$how/app\$" store | sort >actual &&
		test_cmp expect actual &&
		rows -i B-$how/perf.data >out &&
		both_versions out &&
		test_must_be_empty report.err
	'
done

test_expect_success PERF_EVENTS 'with 64 descriptors, -B still records and keeps both builds' '
	export PERF_BUILDID_DIR=$PWD/cache-64 &&
	test_when_finished "unset PERF_BUILDID_DIR" &&
	(ulimit -n 64 && record_replaced fd64 rename -B) &&
	perf buildid-list -i fd64/perf.data | grep " $PWD/fd64/app\$" | sort >actual &&
	test_cmp fd64/ids actual &&
	rows -i fd64/perf.data >out &&
	both_versions out
'

# wait_file FILE: until it exists (up to 60 s; a loaded machine is slow)
wait_file () {
	w=0
	while ! test -e "$1"; do
		w=$((w + 1))
		test $w -lt 6000 || return 1
		sleep 0.01
	done
}

# Stopped, perf record cannot see the build before it is gone.
test_expect_success PERF_EVENTS 'a build gone before perf record saw it is named at the end' '
	mkdir gone &&
	cp app.one gone/ || return 1
	# a cache without app.one (the first recording put it in ~/.debug);
	# perf alone in the background, so that $! is perf
	PERF_BUILDID_DIR=$PWD/cache-gone \
	perf record -q -e cpu-clock -c 100000 -o gone/perf.data -- sh -c \
		"cd gone; touch ready; w=0; while ! test -e go && test \$w -lt 6000; do w=\$((w + 1)); sleep 0.01; done;
		 cp app.one app; ./app; rm app app.one; touch done" \
		>/dev/null 2>gone/record.err &
	perf=$! &&
	test_when_finished "kill -CONT $perf; kill $perf 2>/dev/null; true" &&
	wait_file gone/ready &&
	kill -STOP $perf &&
	touch gone/go &&
	wait_file gone/done &&
	kill -CONT $perf &&
	wait $perf &&
	id=$(readelf -n app.one | sed -n "s/.*Build ID: //p") &&
	echo "Warning: 1 mapped file was gone before perf record could copy it: $PWD/gone/app ($id); to resolve its samples, keep binaries until the recording ends or serve them by debuginfod" >expect &&
	test_cmp expect gone/record.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'contrast: upstream puts both runs on the last binary' '
	upstream_perf report --stdio --no-children --sort dso,sym -i during.data 2>/dev/null >up &&
	grep -q "two_work" up &&
	! grep -q "one_work" up
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'binaries gone, another app at the path: symbols from the cache' '
	rm -f app app.one app.two &&
	build_version three 7 app &&
	rows -i during.data >out2 &&
	grep -q "one_work" out2 &&
	grep -q "two_work" out2 &&
	! grep -q "three_work" out2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no cache: the other file is not used, and a warning says so' '
	mkdir empty-cache &&
	PERF_BUILDID_DIR=$PWD/empty-cache rows -i during.data >out3 &&
	! grep -q "three_work" out3 &&
	! grep -q "one_work\|two_work" out3 &&
	grep -E "^ +[0-9.]+%  app +\[\.\] 0x[0-9a-f]{16}\$" out3 &&
	grep "^$PWD/app with build id [0-9a-f]* not found, continuing without symbols\$" \
		report.err >warn &&
	test $(wc -l <warn) = 2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'setup: a system-wide recording with kernel samples' '
	taskset -c 0 perf record -q -a -e cpu-clock -c 100000 -o all.data -- \
		sh -c "ls -lR /usr/lib >/dev/null; $WORKLOADS/demo 0.1 >/dev/null" 2>record.err &&
	rows -i all.data >k.out &&
	grep -q "\[k\] " k.out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT '[k] rows equal upstream'"'"'s' '
	upstream_perf report --stdio --no-children --sort dso,sym -i all.data 2>/dev/null |
	grep "\[k\] " | head -n 30 >expect &&
	grep "\[k\] " k.out | head -n 30 >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'kernel symbols from the cached kallsyms, not /proc' '
	grep "\[k\] " k.out | head -n 30 >expect &&
	rows -i all.data --kallsyms=/nonexistent | grep "\[k\] " | head -n 30 >actual &&
	test_cmp expect actual
'

test_done
