#!/bin/bash
test_description='perf script -F srcline: the source line under each frame

Records lib/srcline-app.c (-O2 -g, a function inlined at two call sites)
with upstream perf, with and without call chains, and compares our perf
script -F +srcline and -F ip,sym,srcline with upstream perf 6.1 on the
same files, byte for byte, but for the files binutils'"'"' addr2line
misnames (DWARF 5 headers inlined in ld.so and libc), named as libdw and
eu-addr2line name them.'
. "$(dirname "$0")/lib/test-lib.sh"

binutils_fix () {
	sed -e "s/dl-get-cpu-features\.c\(:32[17]\)\{0,1\}/dl-cacheinfo.h\1/" \
	    -e "s/libc-start\.c:74/libc_start_call_main.h:74/"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream perf' '
	gcc -O2 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	upstream_record -q -e cpu-clock -c 100000 -o up.data -- ./inl 3000000 &&
	upstream_record -q -g -e cpu-clock -c 100000 -o g.data -- ./inl 3000000
'

for f in up g
do
	for opts in "-F +srcline" "-F ip,sym,srcline" "-F ip,srcline" "-F ip,sym,dso,srcline -G"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data $opts: identical to upstream" "
			upstream_try \$UPSTREAM_PERF script $opts -i $f.data | binutils_fix >expect &&
			perf script $opts -i $f.data >actual &&
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
