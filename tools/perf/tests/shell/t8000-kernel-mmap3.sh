#!/bin/bash
test_description='MMAP3 kernel series: Linux 6.1 patched, built and booted in QEMU

scripts/kernel-test applies the series to linux-source-6.1, builds a
minimal kernel and boots it under QEMU (TCG).  In the guest a static
program opens cpu-clock events with perf_event_open(2) and checks the
MMAP3 records against the build-ids the host readelf -n printed, the
two-session MMAP2 misc fix, the drop_caches case (the id read from
task_work after mmap_lock is dropped), files mapped while another thread
truncates them (ext4 and tmpfs, lockdep and the atomic-sleep check on:
any splat fails), and memfd_secret maps; KUnit runs the lib/buildid.c
suite as a module and, in a second boot, built in; our perf records a workload (MMAP3
chosen by its probe), perf script -D shows the host ids and the samples
resolve to the hot function.  Back on the host, perf inject
--convert-mmap3 makes the guest recording readable by upstream perf,
whose report must name the hot function too.  A test module is loaded:
perf record -a must describe it (its .ko.xz under /lib/modules, the id
the kernel keeps), and both reports put its samples on its function, on
the host from a build-id cache.  Each result is one test.'

. "$(dirname "$0")/lib/test-lib.sh"

test -r /usr/src/linux-source-6.1.tar.xz && test_set_prereq KERNEL_SOURCE

test_expect_success ROOT,KERNEL_SOURCE 'series applies, kernel builds, guest boots' '
	"$MMAP3_TOP/scripts/kernel-test" >kt.out 2>&1
	echo $? >kt.rc
	cat kt.out &&
	grep "^INFO guest ran" kt.out
'

for t in checkpatch-no-errors probe mmap3-map mmap3-exec mmap2-misc-not-leaked \
	 drop-caches-mmap3 drop-caches-mmap2-unchanged secretmem-refused \
	 perf-record-selects-mmap3 perf-script-mmap3-ids perf-report-symbols \
	 perf-data-to-host upstream-report-converted perf-record-module-map \
	 perf-report-module-symbols buildid-list-module module-report-by-build-id \
	 upstream-module-report kunit-module kunit-builtin kernel-no-oops \
	 lockdep-on-to-the-end churn-ext4 churn-tmpfs spdxcheck kernel-doc
do
	test_expect_success ROOT,KERNEL_SOURCE "guest: $t" "
		grep -x 'PASS $t' kt.out || {
			grep -A12 '^FAIL $t' kt.out
			false
		}
	"
done

test_expect_success ROOT,KERNEL_SOURCE 'MMAP3 reads the note beyond page 0 after drop_caches' '
	grep "^INFO drop_caches, exec bignote: MMAP3 build-id 1/1, MMAP2+build_id 0/1\$" kt.out
'

# Figures, not a pass/fail: the cost per mmap, in the log for the notes.
test_expect_success ROOT,KERNEL_SOURCE 'the mmap microbenchmark ran in the guest' '
	grep "^INFO bench " kt.out &&
	test $(grep -c "^INFO bench .* ns per mmap\$" kt.out) = 10
'

test_expect_success ROOT,KERNEL_SOURCE 'kernel-test exits 0' '
	test "$(cat kt.rc)" = 0
'

test_done
