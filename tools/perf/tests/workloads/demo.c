// SPDX-License-Identifier: GPL-2.0
/*
 * demo: a small CPU-bound program for profiling demonstrations and tests.
 *
 *   demo [SECONDS]      (default 0.5)
 *
 * Spends about two thirds of its time in hot_loop_a() and one third in
 * hot_loop_b(), so a profile has two clearly named hot functions in a
 * known ratio.  Built with frame pointers and a build-id (see Makefile).
 *
 * It sleeps once, a millisecond before its loop: a CPU-bound loop
 * on an otherwise idle machine may never be switched out, and tests of
 * context switches and sched:sched_switch need one switch out of it on
 * any machine, busy or idle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* volatile keeps the compiler from folding the loops away. */
__attribute__((noinline)) unsigned long hot_loop_a(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * 7;
	return x;
}

__attribute__((noinline)) unsigned long hot_loop_b(unsigned long n)
{
	volatile unsigned long x = 1;
	unsigned long i;

	for (i = 0; i < n; i++)
		x ^= i * 13;
	return x;
}

int main(int argc, char **argv)
{
	struct timespec nap = { .tv_nsec = 1000000 };
	double seconds = 0.5, end;
	unsigned long sum = 0;
	char *p;

	if (argc > 1) {
		seconds = strtod(argv[1], &p);
		if (*p || seconds < 0 || seconds > 3600) {
			fprintf(stderr, "usage: demo [SECONDS]\n");
			return 2;
		}
	}
	nanosleep(&nap, NULL);
	end = now() + seconds;
	do {
		sum += hot_loop_a(200000);
		sum += hot_loop_b(100000);
	} while (now() < end);
	/* Print something that depends on the work so it cannot be elided. */
	printf("demo: done (%lu)\n", sum & 0xff);
	return 0;
}
