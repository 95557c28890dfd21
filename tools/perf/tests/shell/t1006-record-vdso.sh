#!/bin/sh
test_description='perf record: the [vdso] goes into the build-id cache, report names its functions

A vDSO has no file: "[vdso]" is no path to open (a file of that name in
the current directory is someone else'"'"'s).  perf record copies the
image the kernel maps into every process, read from its own memory, into
the cache as upstream lays it out, [vdso]/<build-id>/vdso linked from
.build-id/, and report and script resolve [vdso] frames from there.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# The vdso function report names in the [vdso] rows of "--sort dso,sym".
vdso_syms () {
	grep -E "^ +[0-9.]+% +\[vdso\] +\[\.\] " "$1" | sed "s/.*\] //" | sort -u
}

# named_or_bare FILE: every bare address among FILE's vdso rows lies
# outside all of vdso.so's functions.  A vDSO's own helpers are not
# exported (x86's clock read loop, before __vdso_gettimeofday): a sample
# there has no symbol to name, for upstream as for us (seen in CI, the
# clock read retrying under load); one inside a function would be ours
# failing to read the image.
named_or_bare () {
	readelf -sW vdso.so | awk "\$4 == \"FUNC\" { print \$2, \$3 }" >funcs &&
	for a in $(grep "^0x" "$1")
	do
		while read -r start size
		do
			if test $((a)) -ge $((0x$start)) && test $((a)) -lt $((0x$start + size))
			then
				echo "$a: inside a function, unnamed" && return 1
			fi
		done <funcs
	done
}

up_record () {
	upstream_record -q "$@"
}

test_expect_success 'setup: a workload that reads the clock in a loop' '
	cat >clock.c <<-\EOT &&
	#include <stdlib.h>
	#include <time.h>
	int main(int argc, char **argv)
	{
		struct timespec now, end;

		clock_gettime(CLOCK_MONOTONIC, &end);
		end.tv_sec += atoi(argv[1]);
		do
			clock_gettime(CLOCK_MONOTONIC, &now);
		while (now.tv_sec < end.tv_sec ||
		       (now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec));
		return 0;
	}
	EOT
	gcc -O1 -o clock clock.c
'

test_expect_success PERF_EVENTS,ROOT 'setup: the vDSO image as a process maps it' '
	sleep 5 &
	pid=$! &&
	wait_for_exec $pid sleep &&
	set -- $(sed -n "s/^\([0-9a-f]*\)-\([0-9a-f]*\) .*\[vdso\]$/\1 \2/p" /proc/$pid/maps) &&
	dd if=/proc/$pid/mem of=vdso.so bs=4096 skip=$((0x$1 / 4096)) \
		count=$(((0x$2 - 0x$1) / 4096)) 2>/dev/null &&
	kill $pid &&
	readelf -n vdso.so | sed -n "s/.*Build ID: //p" >vdso.id &&
	test -s vdso.id
'

test_expect_success PERF_EVENTS,ROOT 'record caches the vDSO under its build-id, as upstream does' '
	id=$(cat vdso.id) &&
	perf record -q -o ours.data -- ./clock 1 &&
	perf buildid-list -i ours.data >list &&
	grep -Fx "$id [vdso]" list &&
	cmp vdso.so ".debug/[vdso]/$id/vdso" &&
	echo "../../[vdso]/$id" >expect &&
	readlink ".debug/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-)" >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,ROOT 'report and script name the vDSO function' '
	perf report --stdio -i ours.data --sort dso,sym >report &&
	vdso_syms report >syms &&
	grep -x "__vdso_clock_gettime" syms &&
	named_or_bare syms &&
	perf script -i ours.data >script &&
	grep -q " __vdso_clock_gettime+0x[0-9a-f]* (\[vdso\])$" script
'

test_expect_success PERF_EVENTS,ROOT,UPSTREAM_PERF 'upstream names the same function, on its recording and on ours' '
	up_record -o up.data -- ./clock 1 &&
	upstream_perf report --stdio -i up.data --sort dso,sym >up.report 2>/dev/null &&
	vdso_syms up.report >up.syms &&
	grep -x "__vdso_clock_gettime" up.syms &&
	upstream_perf report --stdio -i ours.data --sort dso,sym >up.ours 2>/dev/null &&
	vdso_syms up.ours >actual &&
	test_cmp syms actual
'

test_expect_success PERF_EVENTS,ROOT 'without the cache entry, report takes its own vDSO if the id is the recorded one' '
	id=$(cat vdso.id) &&
	rm -r ".debug/[vdso]" ".debug/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-)" &&
	perf report --stdio -i ours.data --sort dso,sym >report &&
	vdso_syms report >actual &&
	grep -x "__vdso_clock_gettime" actual &&
	test_cmp syms actual
'

test_expect_success PERF_EVENTS,ROOT '-B: no table, no cache; report takes its own vDSO' '
	rm -rf .debug &&
	perf record -q -B -o b.data -- ./clock 1 &&
	! test -e .debug/[vdso] &&
	perf report --stdio -i b.data --sort dso,sym >report &&
	vdso_syms report >actual &&
	grep -x "__vdso_clock_gettime" actual
'

test_expect_success PERF_EVENTS,ROOT 'a ./[vdso] in the current directory is neither copied nor used' '
	id=$(cat vdso.id) &&
	rm -rf .debug &&
	mkdir planted &&
	# the same build-id note, other function names
	perl -0777 -pe "s/__vdso_clock_gettime/__vdso_planted_gett_/g" vdso.so >"planted/[vdso]" &&
	readelf -n "planted/[vdso]" | grep -q "Build ID: $id" &&
	(cd planted && perf record -q -o ../planted.data -- ../clock 1) &&
	cmp vdso.so ".debug/[vdso]/$id/vdso" &&
	(cd planted && perf report --stdio -i ../planted.data --sort dso,sym) >report &&
	vdso_syms report >actual &&
	grep -x "__vdso_clock_gettime" actual &&
	! grep planted actual
'

test_done
