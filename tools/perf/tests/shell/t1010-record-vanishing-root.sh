#!/bin/bash
test_description='perf record -a while a namespace and its root vanish

A process in its own mount namespace runs a binary from a tmpfs that
only that namespace mounts; it exits while perf records the whole
system, and with it go the namespace and the tmpfs.  perf record gets
hold of the file while it is mapped (or says it could not), keeps
recording, exits 0 and loses no sample: the count it reports is the
count in the file.'
. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

command -v unshare >/dev/null && test_set_prereq NS_TOOLS

file_id () {
	readelf -n "$1" | sed -n "s/.*Build ID: //p"
}

test_expect_success 'setup: a program to run from the vanishing tmpfs' '
	cat >spin.c <<-\EOT &&
	#include <time.h>
	static volatile unsigned long sink;
	__attribute__((noinline)) void vanishing_spin(void)
	{
		for (int i = 0; i < 100000; i++)
			sink += i;
	}
	int main(void)
	{
		time_t end = time(NULL) + 1;

		while (time(NULL) <= end)
			vanishing_spin();
		return 0;
	}
	EOT
	gcc -O1 -g -o spin spin.c &&
	mkdir jail &&
	cat >run.sh <<-\EOT
	unshare -m --fork sh -c "mount -t tmpfs vanish \"\$1/jail\" &&
		cp \"\$1/spin\" \"\$1/jail/app\" && exec \"\$1/jail/app\"" - "$1"
	sleep 0.5
	EOT
'

# vanish OUT [option...]: perf record -a while a namespace mounts a tmpfs
# on ./jail, runs its copy of spin from there and exits; perf records on
# for half a second after.  The summary's sample count into OUT.count.
vanish () {
	out=$1 &&
	shift &&
	perf record -a -F 999 "$@" -o $out -- sh run.sh "$PWD" >/dev/null 2>$out.err &&
	# the tmpfs was the namespace'"'"'s only: the host never saw the file
	! test -e jail/app &&
	sed -n "s/^\[ perf record: Captured and wrote .* (\([0-9]*\) samples) \]\$/\1/p" \
		$out.err >$out.count &&
	test -s $out.count
}

# Every line on stderr is the summary, or a warning in perf'"'"'s words
# about a file it could not keep (other processes on the machine come and
# go too); none about the recording itself.
only_known_warnings () {
	grep -v "^\[ perf record: " "$1" >other || :
	! grep -v -e "^Warning: [0-9]* mapped files\? w[ae][sr]e\? gone before perf record could copy" \
		-e "^Warning: [0-9]* mapped files\? of running processes could not be read" other
}

# The file has all the samples the summary counted.
no_sample_lost () {
	perf report --stats -i "$1" 2>/dev/null >stats &&
	awk "/^Aggregated stats:/ { a = 1 } a && /SAMPLE events:/ { print \$3; exit }" stats >n &&
	test_cmp "$1.count" n &&
	perf script -i "$1" -F ip 2>/dev/null | wc -l >n2 &&
	test "$(cat n2)" = "$(cat "$1.count")"
}

# The app's samples: on its function if perf got hold of the file, else
# the file was named as not kept.
app_resolved_or_named () {
	perf report --stdio --no-children -i "$1" --sort comm,sym 2>/dev/null |
	awk "\$2 == \"app\" && \$3 == \"[.]\" { print \$4 }" >syms &&
	test -s syms &&
	{ grep -qx vanishing_spin syms || grep -F "$PWD/jail/app" "$1.err"; }
}

for mode in kernel userspace; do
	case $mode in
	kernel) env= ;;
	userspace) env=PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 ;;
	esac

	test_expect_success PERF_EVENTS,ROOT,NS_TOOLS "$mode build-ids: recording goes on, exits 0, no sample lost" '
		export PERF_BUILDID_DIR="$PWD/cache-$mode" &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		(test -z "$env" || export $env; vanish $mode.data) &&
		only_known_warnings $mode.data.err &&
		no_sample_lost $mode.data &&
		app_resolved_or_named $mode.data
	'

	test_expect_success PERF_EVENTS,ROOT,NS_TOOLS "$mode build-ids: the id of the app is that of its file, kept in the cache" '
		export PERF_BUILDID_DIR="$PWD/cache-$mode" &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		perf buildid-list -i $mode.data >list &&
		grep -F " $PWD/jail/app" list >app.ids &&
		echo "$(file_id spin) $PWD/jail/app" >expect &&
		test_cmp expect app.ids &&
		test -e "$PERF_BUILDID_DIR/.build-id/$(file_id spin | cut -c1-2)/$(file_id spin | cut -c3-)/elf"
	'

	test_expect_success PERF_EVENTS,ROOT,NS_TOOLS "$mode build-ids, -B: the same, the held file copied at the end" '
		export PERF_BUILDID_DIR="$PWD/cache-B-$mode" &&
		test_when_finished "unset PERF_BUILDID_DIR" &&
		(test -z "$env" || export $env; vanish B-$mode.data -B) &&
		only_known_warnings B-$mode.data.err &&
		no_sample_lost B-$mode.data &&
		app_resolved_or_named B-$mode.data &&
		test -e "$PERF_BUILDID_DIR/.build-id/$(file_id spin | cut -c1-2)/$(file_id spin | cut -c3-)/elf"
	'
done

test_done
