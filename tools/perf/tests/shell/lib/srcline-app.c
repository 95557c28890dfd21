/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The source-line tests' program (t0450, t0451, bench/srcline): built with
 * -O2 -g, its hot code is mix(), inlined into left() and right().
 */
#include <stdlib.h>

static volatile unsigned long sink;

static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)
{
	for (int i = 0; i < 64; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

static __attribute__((noinline)) unsigned long left(unsigned long n)
{
	unsigned long s = 0;

	for (unsigned long i = 0; i < n; i++)
		s += mix(i);
	return s;
}

static __attribute__((noinline)) unsigned long right(unsigned long n)
{
	unsigned long s = 0;

	for (unsigned long i = 0; i < n; i++)
		s ^= mix(i + 7);
	return s;
}

/* in srcline-nodebug.c, built without -g, when linked in (t0450, t0451) */
void nodebug_spin(unsigned long n) __attribute__((weak));

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 2000000;

	sink = left(n);
	sink = right(n);
	if (nodebug_spin)
		nodebug_spin(n);
	return 0;
}
