// SPDX-License-Identifier: GPL-2.0
/*
 * One program, built as several versions (a rebuild or a deploy): each
 * version's hot function is named after it, so a report shows at once
 * which build a sample resolved through.  Built by test-lib's
 * build_version:
 *   -DVERSION=name  the hot function is name_work()
 *   -DVNUM=N        its constant, so the code (and the build-id) differs
 *   -DITERATIONS=N  how long it runs (default 100000000)
 *   -DSHARED_WORK   also a shared_work() that every version has alike
 */
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)

#ifndef ITERATIONS
#define ITERATIONS 100000000UL
#endif

__attribute__((noinline)) unsigned long XCAT(VERSION, _work)(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * VNUM;
	return x;
}

#ifdef SHARED_WORK
__attribute__((noinline)) unsigned long shared_work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i;
	return x;
}
#endif

int main(void)
{
	unsigned long r = XCAT(VERSION, _work)(ITERATIONS);

#ifdef SHARED_WORK
	r += shared_work(ITERATIONS);
#endif
	return (int)r & 1;
}
