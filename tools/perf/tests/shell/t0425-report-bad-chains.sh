#!/bin/bash
test_description='every sample counted, whatever its call chain holds

A program built with -O2 -fomit-frame-pointer keeps a pointer to data in
rbp while it works: recorded with -g, the kernel'"'"'s frame-pointer walk reads
that data as frames (a second context marker, an unmapped address, a value
that is no marker, a kernel address in the user part).  perf report and
perf script count every sample as upstream perf 6.1 does (the unusable
chain dropped, the sample kept at its ip) and say how many chains they
dropped.  Upstream'"'"'s --call-graph dwarf recordings (user stacks, no user
chain) count every sample, unwound (t0460 compares the chains).
--max-stack cuts 2000-frame chains as upstream cuts them.'
. "$(dirname "$0")/lib/test-lib.sh"

DEEPEN="python3 $SHARNESS_TEST_SRCDIR/lib/deepen-callchains.py"

cat >badfp.c <<'EOF2'
#include <stdio.h>
#include <stdlib.h>

static unsigned long frames[8];

/* without frame pointers rbp is free: a frame-pointer unwind reads frames[] */
__attribute__((noinline)) unsigned long spin(unsigned long n)
{
	register unsigned long *bp asm("rbp") = frames;
	unsigned long x = n;

	for (unsigned long i = 0; i < n; i++) {
		asm volatile("" : "+r"(bp));
		x = x * 6364136223846793005UL + bp[7];
	}
	return x;
}

__attribute__((noinline)) unsigned long work(unsigned long n)
{
	unsigned long s = 0;

	for (int i = 0; i < 8; i++)
		s += spin(n);
	return s;
}

int main(int argc, char **argv)
{
	unsigned long sum = 0;

	/* next frame, return address pairs */
	frames[0] = (unsigned long)&frames[2];	frames[1] = 0xfffffffffffffe00UL;
	frames[2] = (unsigned long)&frames[4];	frames[3] = 0xdcb51cUL;
	frames[4] = (unsigned long)&frames[6];	frames[5] = 0xffffffffffffffffUL;
	frames[6] = 0;				frames[7] = 0xffffffff81000000UL;
	for (int i = 0; i < atoi(argv[1]); i++)
		sum += work(1000000);
	printf("%lu\n", sum);
	return 0;
}
EOF2

cat >rec.c <<'EOF2'
#include <stdlib.h>
/* a recursion 2000 deep that works at the bottom */
__attribute__((noinline)) unsigned long down(int n, unsigned long x)
{
	if (n == 0) {
		for (int i = 0; i < 200000; i++)
			x = x * 6364136223846793005UL + 1;
		return x;
	}
	return down(n - 1, x + n) + 1;
}
int main(int argc, char **argv)
{
	unsigned long s = 0;

	for (int i = 0; i < atoi(argv[1]); i++)
		s += down(2000, i);
	return (int)(s & 1);
}
EOF2

up_record () {
	upstream_record -q -e cpu-clock -F 2999 "$@" >/dev/null
}

# The header lines that count: samples and event count per event.
counts () {
	grep -E "^# (Samples|Event count)"
}

# The last same_report'"'"'s whole outputs equal, but for upstream'"'"'s tip line.
same_text () {
	grep -v -E "^# \(Tip|^#\$|^\$" expect.txt >expect.text &&
	grep -v -E "^#\$|^\$" actual.txt >actual.text &&
	test_cmp expect.text actual.text
}

# $1: file, $2...: report options; ours and upstream's counts and rows equal
same_report () {
	local in=$1 &&
	shift &&
	upstream_perf report --stdio "$@" -i $in >expect.txt 2>/dev/null &&
	perf report --stdio "$@" -i $in >actual.txt 2>report.err &&
	counts <expect.txt >expect.counts &&
	counts <actual.txt >actual.counts &&
	test_cmp expect.counts actual.counts &&
	grep -E "^ +[0-9.]+%" expect.txt >expect.rows &&
	grep -E "^ +[0-9.]+%" actual.txt >actual.rows &&
	test_cmp expect.rows actual.rows
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record the program without frame pointers' '
	gcc -O2 -fomit-frame-pointer -o badfp badfp.c &&
	perf record -q -e cpu-clock -F 2999 -g -o ours.data -- ./badfp 40 >/dev/null &&
	up_record -g -o up.data -- ./badfp 40
'

for f in ours up; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "bad frame pointers ($f.data): every sample counted, as upstream" '
		same_report $f.data &&
		grep -q "spin" actual.rows &&
		same_report $f.data --no-children &&
		same_report $f.data --no-children -g folded &&
		same_text
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'one line says how many chains were dropped, and why' '
	perf report --stdio -i up.data >/dev/null 2>report.err &&
	test $(grep -c "call chains held a value that is neither an address nor a context marker" report.err) = 1 &&
	grep "0xffffffffffffffff" report.err &&
	perf report --stats -i up.data >/dev/null 2>stats.err &&
	test_cmp report.err stats.err &&
	perf report -q --stdio -i up.data >/dev/null 2>quiet.err &&
	test_must_be_empty quiet.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'perf script prints every sample as upstream does' '
	upstream_perf script -i up.data >expect 2>/dev/null &&
	perf script -i up.data >actual 2>script.err &&
	test_cmp expect actual &&
	grep "call chains held a value" script.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: upstream records with --call-graph dwarf' '
	gcc -O2 -g -o rec rec.c &&
	up_record --call-graph dwarf,4096 -o dwarf.data -- ./rec 300
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'dwarf: every sample counted, no chain dropped' '
	upstream_perf report --stdio -i dwarf.data 2>/dev/null | counts >expect &&
	perf report --stdio -i dwarf.data 2>dwarf.err | counts >actual &&
	test_cmp expect actual &&
	upstream_perf report --stdio --no-children -i dwarf.data 2>/dev/null | counts >expect &&
	perf report --stdio --no-children -i dwarf.data 2>>dwarf.err | counts >actual &&
	test_cmp expect actual &&
	# self columns need no unwinding: the rows equal upstream'"'"'s
	same_report dwarf.data --no-children -g none &&
	! grep "not supported\|held no address" dwarf.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'dwarf: perf script prints every sample, its ip at least' '
	upstream_perf script -F comm,tid,time -i dwarf.data >expect 2>/dev/null &&
	perf script -F comm,tid,time -i dwarf.data >actual 2>script.err &&
	test_cmp expect actual &&
	! grep "not supported" script.err &&
	perf script -i dwarf.data 2>/dev/null | grep -A1 "cpu-clock" | grep " down+0x" >/dev/null
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: a recursion 2000 deep, its chains made 2000 frames' '
	gcc -O1 -fno-omit-frame-pointer -fno-optimize-sibling-calls -o rec rec.c &&
	up_record -g -o rec.data -- ./rec 300 &&
	$DEEPEN rec.data deep.data 2000 &&
	upstream_perf report -D -i deep.data 2>/dev/null | grep -c "chain: nr:2000" >nr &&
	test $(cat nr) -ge 20
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '2000-frame chains: the report completes, cut at 127 frames as upstream' '
	same_report deep.data --no-children &&
	same_text &&
	# callers first upstream keeps the outermost frames: rows as upstream'"'"'s
	same_report deep.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--max-stack 5 as upstream: report (callee order) and script' '
	same_report deep.data --no-children --max-stack 5 -g folded &&
	same_text &&
	same_report deep.data --no-children --max-stack 5 &&
	same_text &&
	same_report deep.data --max-stack 5 &&
	same_report deep.data --no-children -g caller --max-stack 5 &&
	upstream_perf script --max-stack 5 -i deep.data >expect 2>/dev/null &&
	perf script --max-stack 5 -i deep.data >actual &&
	test_cmp expect actual &&
	perf report -v --stdio --max-stack 5 -i deep.data 2>&1 >/dev/null | grep "cut at --max-stack"
'

test_done
