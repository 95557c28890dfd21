#!/bin/sh
test_description='perf record: processes in containers, chroots, and deleted binaries

A process started before perf is described by records perf synthesizes
from /proc/PID/maps.  The path there is the process'"'"'s own: in another
mount namespace it may name a different file on the host, or none, and a
deleted binary has no path at all.  The build-id in the record must be
that of the file the process runs, and report must name its functions.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

command -v unshare >/dev/null && command -v chroot >/dev/null &&
	command -v setpriv >/dev/null && test_set_prereq NS_TOOLS

# The build-id readelf sees in file $1.
file_id () {
	readelf -n "$1" | sed -n "s/.*Build ID: //p"
}

# The build-ids in the synthesized r-xp MMAP2 records of pid $2 in
# recording $1 for the file named $3 (exactly, "(deleted)" included).
mmap_ids () {
	perf script -i "$1" --show-mmap-events 2>/dev/null |
	grep -F "PERF_RECORD_MMAP2 $2/$2: " | grep -F " r-xp $3" |
	awk -v f=" r-xp $3" "substr(\$0, length(\$0) - length(f) + 1) == f" |
	sed -n "s/.*<\([0-9a-f]*\)>.*/\1/p" | sort -u
}

# The user-space functions report finds in the samples of command $2 in
# recording $1.
report_syms () {
	perf report --stdio --no-children -i "$1" --sort comm,sym 2>/dev/null |
	awk -v comm="$2" "\$2 == comm && \$3 == \"[.]\" { print \$4 }" | sort -u
}

# Record pid $1 into $2 with -p until it has some samples.
record_pid () {
	perf record -q -F 999 -m 1 -p "$1" -o "$2" 2>"$2.err" &
	perf=$! &&
	wait_for_size "$2" 16384 &&
	sleep 0.3 &&
	kill -INT $perf &&
	# no command: perf dies of the SIGINT that stopped it, like upstream
	{ wait $perf; test $? = 130; }
}

test_expect_success 'setup: two programs with different functions and build-ids' '
	cat >spin.c <<-\EOT &&
	#include <stdlib.h>
	#include <time.h>
	static volatile unsigned long sink;
	__attribute__((noinline)) void SPIN(void)
	{
		for (int i = 0; i < 100000; i++)
			sink += i;
	}
	int main(int argc, char **argv)
	{
		time_t end = time(NULL) + atoi(argv[1]);

		while (time(NULL) < end)
			SPIN();
		return 0;
	}
	EOT
	mkdir bin &&
	gcc -O1 -g -DSPIN=host_spin -o bin/app spin.c &&
	gcc -O1 -g -DSPIN=container_spin -o container-app spin.c &&
	gcc -O1 -g -static -DSPIN=chroot_spin -o chroot-app spin.c &&
	gcc -O1 -g -DSPIN=deleted_spin -o deleted-app spin.c &&
	test "$(file_id bin/app)" != "$(file_id container-app)"
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'setup: a mount namespace that runs its own binary at the host path' '
	# unshare -m makes its mounts private: the host keeps bin/app
	unshare -m sh -c "mount --bind \"\$1\" \"\$2\" && exec \"\$2\" 60" - \
		"$PWD/container-app" "$PWD/bin/app" >/dev/null &
	echo $! >ns.pid &&
	wait_for_exec $(cat ns.pid) app &&
	grep -q container_spin /proc/$(cat ns.pid)/root"$PWD"/bin/app &&
	! grep -q container_spin bin/app
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS '-a: the namespace process has its own binary'"'"'s build-id and functions' '
	pid=$(cat ns.pid) &&
	perf record -q -a -F 999 -o a.data -- sleep 0.5 2>err &&
	test_must_be_empty err &&
	file_id container-app >expect &&
	mmap_ids a.data $pid "$PWD/bin/app" >actual &&
	test_cmp expect actual &&
	report_syms a.data app >syms &&
	grep -qx container_spin syms &&
	! grep -q host_spin syms
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS '-p: the same' '
	pid=$(cat ns.pid) &&
	record_pid $pid p.data &&
	test_must_be_empty p.data.err &&
	file_id container-app >expect &&
	mmap_ids p.data $pid "$PWD/bin/app" >actual &&
	test_cmp expect actual &&
	report_syms p.data app >syms &&
	grep -qx container_spin syms &&
	! grep -q host_spin syms
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'userspace build-ids: the table has the namespace'"'"'s id' '
	pid=$(cat ns.pid) &&
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 record_pid $pid u.data &&
	perf buildid-list -i u.data >list &&
	grep -Fx "$(file_id container-app) $PWD/bin/app" list &&
	! grep -F "$(file_id bin/app)" list &&
	report_syms u.data app >syms &&
	grep -qx container_spin syms
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'cleanup: the namespace process' '
	kill $(cat ns.pid)
'

test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'a chroot in a container: its binary is not on the host at all' '
	# A static binary in a tmpfs that only the new namespace mounts:
	# the host sees an empty directory where maps says the file is.
	mkdir jail || return 1
	unshare -m sh -c "mount -t tmpfs jail \"\$1\" && cp chroot-app \"\$1/app\" &&
		exec chroot \"\$1\" /app 60" - "$PWD/jail" >/dev/null &
	pid=$! &&
	test_when_finished "kill $pid" &&
	wait_for_exec $pid app &&
	path="$PWD/jail/app" &&
	grep -F " r-xp " /proc/$pid/maps | grep -qF " $path" &&
	! test -e "$path" &&
	perf record -q -a -F 999 -o c.data -- sleep 0.5 2>err &&
	test_must_be_empty err &&
	file_id chroot-app >expect &&
	mmap_ids c.data $pid "$path" >actual &&
	test_cmp expect actual &&
	report_syms c.data app >syms &&
	grep -qx chroot_spin syms &&
	record_pid $pid cp.data &&
	mmap_ids cp.data $pid "$path" >actual &&
	test_cmp expect actual &&
	report_syms cp.data app >syms &&
	grep -qx chroot_spin syms
'

test_expect_success PERF_EVENTS 'a binary deleted before perf started' '
	cp deleted-app gone &&
	file_id gone >expect || return 1
	./gone 60 >/dev/null &
	pid=$! &&
	test_when_finished "kill $pid" &&
	wait_for_exec $pid gone &&
	rm gone &&
	record_pid $pid d.data &&
	test_must_be_empty d.data.err &&
	mmap_ids d.data $pid "$PWD/gone (deleted)" >actual &&
	test_cmp expect actual &&
	report_syms d.data gone >syms &&
	grep -qx deleted_spin syms
'

# Without CAP_SYS_ADMIN /proc/PID/map_files is closed, and a deleted file
# has no path: its map gets no build-id, and perf says so once.
test_expect_success PERF_EVENTS,ROOT,NS_TOOLS 'a mapped file no way reaches: one warning' '
	mkdir user &&
	chmod 777 user &&
	cp deleted-app user/gone &&
	chown nobody user/gone &&
	setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c "
		cd user || exit 1
		./gone 60 >/dev/null &
		pid=\$!
		while test \"\$(cat /proc/\$pid/comm)\" != gone; do sleep 0.01; done
		rm gone || exit 1
		HOME=\$PWD perf record -q -e cpu-clock:u -m 1 -p \$pid -o u.data &
		perf=\$!
		n=0
		while test \$(stat -c %s u.data 2>/dev/null || echo 0) -le 16384; do
			n=\$((n + 1)); test \$n -lt 1000 || break; sleep 0.01
		done
		kill -INT \$perf
		wait \$perf
		ret=\$?
		kill \$pid
		test \$ret = 130" 2>err &&
	grep "^Warning: " err >warnings &&
	test "$(wc -l <warnings)" = 1 &&
	grep -F "1 mapped file of running processes could not be read, so it has no build-id (first: $PWD/user/gone (deleted) of pid " warnings
'

test_done
