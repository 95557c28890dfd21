#!/bin/bash
test_description='perf record reading build-ids itself (kernels without MMAP2 build-ids)

On a kernel whose MMAP2 records carry no build-id (forced here with
PERF_MMAP3_FORCE_USERSPACE_BUILDID=1), perf record reads each mapped
file'"'"'s id from the mapped file when it first sees the map, not from the
path at the end: a binary replaced at one path during the run keeps its
own id, a process in another mount namespace gets its own file'"'"'s id, and
a map whose file is gone (process exited, another file at the path) gets
no id, never the new file'"'"'s, and is named at the end.'
. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

command -v unshare >/dev/null && test_set_prereq NS_TOOLS

export PERF_MMAP3_FORCE_USERSPACE_BUILDID=1

file_id () {
	readelf -n "$1" | sed -n "s/.*Build ID: //p"
}

. "$SHARNESS_TEST_SRCDIR/lib/replaced-lib.sh"

# listed DIR: the ids buildid-list gives DIR/app in DIR/perf.data, sorted
listed () {
	perf buildid-list -i "$1"/perf.data | grep " $PWD/$1/app\$" | sort
}

test_expect_success 'setup: two builds of app' '
	build_version one 3 app.one &&
	build_version two 5 app.two &&
	build_version three 7 app.three &&
	test "$(file_id app.one)" != "$(file_id app.two)"
'

for how in rename rmcp; do
	test_expect_success PERF_EVENTS "default mode, replaced by $how, then deleted: both ids, each on its functions" '
		export PERF_BUILDID_DIR=$PWD/cache-$how &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		record_replaced $how $how &&
		listed $how >actual &&
		test_cmp $how/ids actual &&
		# each version secured at first sight, nothing else under app
		find "$PERF_BUILDID_DIR" -name elf | grep -c "/$how/app/[0-9a-f]*/elf\$" >n &&
		echo 2 >expect &&
		test_cmp expect n &&
		rows -i $how/perf.data >out &&
		both_versions out &&
		test_must_be_empty report.err
	'

	test_expect_success PERF_EVENTS "-B, replaced by $how, then deleted: both ids, --store, each on its functions" '
		export PERF_BUILDID_DIR=$PWD/cache-B-$how &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		record_replaced B-$how $how -B &&
		listed B-$how >actual &&
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

test_expect_success PERF_EVENTS 'each MMAP2 record of app carries its own build'"'"'s id' '
	perf script -i rename/perf.data --show-mmap-events 2>/dev/null |
	grep "PERF_RECORD_MMAP2 .* r-xp $PWD/rename/app\$" |
	sed -n "s/.*<\([0-9a-f]*\)>.*/\1/p" >actual &&
	cut -d" " -f1 rename/ids >ids.sorted &&
	sort actual >actual.sorted &&
	test_cmp ids.sorted actual.sorted &&
	# in run order: app.one first
	test "$(head -n 1 actual)" = "$(file_id app.one)"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream reads the ids in the records too' '
	upstream_perf script -i rename/perf.data --show-mmap-events 2>/dev/null |
	grep "PERF_RECORD_MMAP2 .* r-xp $PWD/rename/app\$" |
	sed -n "s/.*<\([0-9a-f]*\)>.*/\1/p" | sort >actual &&
	test_cmp ids.sorted actual
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

# Stopped, perf record cannot see app.one mapped before its process exits
# and another build is at the path: reading the path would give that
# build'"'"'s id to app.one'"'"'s samples.
test_expect_success PERF_EVENTS 'a build gone, another at its path: no id rather than a wrong one, named' '
	mkdir gone &&
	cp app.one app.three gone/ || return 1
	PERF_BUILDID_DIR=$PWD/cache-gone \
	perf record -q -e cpu-clock -c 100000 -o gone/perf.data -- sh -c \
		"cd gone; touch ready; w=0; while ! test -e go && test \$w -lt 6000; do w=\$((w + 1)); sleep 0.01; done;
		 cp app.one app; ./app; rm app; cp app.three app; touch done" \
		>/dev/null 2>gone/record.err &
	perf=$! &&
	test_when_finished "kill -CONT $perf; kill $perf 2>/dev/null; true" &&
	wait_file gone/ready &&
	kill -STOP $perf &&
	touch gone/go &&
	wait_file gone/done &&
	kill -CONT $perf &&
	wait $perf &&
	echo "Warning: 1 mapped file was gone before perf record could copy it: $PWD/gone/app (build-id unknown); to resolve its samples, keep binaries until the recording ends or serve them by debuginfod" >expect &&
	test_cmp expect gone/record.err &&
	perf buildid-list -i gone/perf.data >list &&
	! grep -F "$(file_id app.three)" list &&
	! grep " $PWD/gone/app\$" list
'

# A process in its own mount namespace, running its own binary at the
# host's path (t1005): the host's file there is another build.
test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'setup: a binary for the mount namespace, another build at its host path' '
	mkdir bin &&
	cp app.one bin/app &&
	cat >spin.c <<-\EOT &&
	#include <stdlib.h>
	#include <time.h>
	static volatile unsigned long sink;
	__attribute__((noinline)) void container_spin(void)
	{
		for (int i = 0; i < 100000; i++)
			sink += i;
	}
	int main(int argc, char **argv)
	{
		time_t end = time(NULL) + atoi(argv[1]);

		while (time(NULL) < end)
			container_spin();
		return 0;
	}
	EOT
	gcc -O1 -g -o container-app spin.c
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'setup: the namespace process, started before perf' '
	unshare -m sh -c "mount --bind \"\$1\" \"\$2\" && exec \"\$2\" 300" - \
		"$PWD/container-app" "$PWD/bin/app" >/dev/null &
	echo $! >ns.pid &&
	wait_for_exec $(cat ns.pid) app &&
	grep -q container_spin /proc/$(cat ns.pid)/root"$PWD"/bin/app &&
	! grep -q container_spin bin/app
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS '-a: the namespace process has its own file'"'"'s id' '
	perf record -q -a -F 999 -o ns-a.data -- sleep 0.5 2>err &&
	perf buildid-list -i ns-a.data >list &&
	grep -Fx "$(file_id container-app) $PWD/bin/app" list &&
	! grep -F "$(file_id bin/app)" list
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS '-p: the same' '
	# -m 1: small buffers, written as they fill; the file then grows
	# by samples past its start (header, synthesized maps)
	perf record -q -m 1 -F 999 -p $(cat ns.pid) -o ns-p.data 2>err &
	perf=$! &&
	wait_for_size ns-p.data 16384 &&
	wait_for_size ns-p.data $(($(stat -c %s ns-p.data) + 16384)) &&
	kill -INT $perf &&
	{ wait $perf; test $? = 130; } &&
	perf buildid-list -i ns-p.data >list &&
	grep -Fx "$(file_id container-app) $PWD/bin/app" list &&
	! grep -F "$(file_id bin/app)" list &&
	perf report --stdio --no-children -i ns-p.data --sort sym 2>/dev/null >syms &&
	grep -q container_spin syms
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'cleanup: the namespace process' '
	kill $(cat ns.pid)
'

# Started during the recording: its map reaches perf as a kernel record.
test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'a namespace process started during -a: its own file'"'"'s id' '
	perf record -q -a -F 999 -o ns-run.data -- \
		unshare -m sh -c "mount --bind \"\$1\" \"\$2\" && exec \"\$2\" 1" - \
		"$PWD/container-app" "$PWD/bin/app" 2>err &&
	perf buildid-list -i ns-run.data >list &&
	grep -Fx "$(file_id container-app) $PWD/bin/app" list &&
	! grep -F "$(file_id bin/app)" list
'

test_done
