#!/bin/bash
test_description='perf script -F srcline: the source line under each frame

Records lib/srcline-app.c (-O2 -g, a function inlined at two call sites)
with upstream perf, with and without call chains, and compares our perf
script -F +srcline and -F ip,sym,srcline with upstream perf 6.1 on the
same files, byte for byte, on the samples in the program (and, without
call chains, the kernel), named as libdw and eu-addr2line name them where
binutils'"'"' addr2line misnames a DWARF 5 header inlined in libc.'
. "$(dirname "$0")/lib/test-lib.sh"

# Every call chain holds __libc_start_call_main, whose line binutils names
# after the unit's file rather than the header it is in.  Which lines of
# ld.so's start-up code and of a page fault's callers get a sample is
# chance: those samples are left out of the comparisons.
binutils_fix () {
	sed -e "s/libc-start\.c:74/libc_start_call_main.h:74/"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream perf' '
	gcc -O2 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	upstream_record -q -e cpu-clock -c 100000 -o up.data -- ./inl 3000000 &&
	upstream_record -q -g -e cpu-clock -c 100000 -o g.data -- ./inl 3000000
'

for f in "up inl,[kernel.kallsyms]" "g inl"
do
	set -- $f
	f=$1 dsos=$2
	for opts in "-F +srcline" "-F ip,sym,srcline" "-F ip,srcline" "-F ip,sym,dso,srcline -G"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data $opts: identical to upstream" "
			upstream_try \$UPSTREAM_PERF script $opts --dsos '$dsos' -i $f.data | binutils_fix >expect &&
			perf script $opts --dsos '$dsos' -i $f.data >actual &&
			test -s expect &&
			test_cmp expect actual
		"
	done
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the inlined function'"'"'s lines, under both callers' '
	perf script -F ip,sym,srcline -i up.data >out &&
	grep -A1 " left\$" out | grep -E "^  srcline-app\.c:1[0-4]\$" &&
	grep -A1 " right\$" out | grep -E "^  srcline-app\.c:1[0-4]\$"
'

# In code no DWARF covers (nodebug_spin, _start) upstream'"'"'s addr2line
# answers "??:0" and nothing is printed.  (In a PLT entry it names no
# function and upstream prints "dso[address]", as we do, but 6.1 names
# the entry _init where we say clock_gettime@plt: -fno-plt.)
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'code without DWARF: no line, as upstream' '
	gcc -O2 -fno-plt -c -o nodebug.o "$SHARNESS_TEST_SRCDIR/lib/srcline-nodebug.c" &&
	gcc -O2 -g -Wl,--build-id -o mixed "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" nodebug.o &&
	upstream_record -q -g -e cpu-clock -c 100000 -o mixed.data -- ./mixed 1000000 &&
	upstream_try $UPSTREAM_PERF script -F ip,sym,srcline --dsos mixed -i mixed.data |
		binutils_fix >expect &&
	perf script -F ip,sym,srcline --dsos mixed -i mixed.data >actual &&
	grep -q " nodebug_spin\$" actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'srcline without ip: upstream'"'"'s error, exit 255' '
	test_expect_code 255 perf script -F comm,srcline -i up.data >out 2>err &&
	test_must_be_empty out &&
	grep -q "^Display of source line number requested but sample IP is not\$" err
'

test_expect_success 'srcline is listed by -h' '
	perf script -h >help 2>&1 || true &&
	grep -q "symoff,srcline" help
'
test_done
