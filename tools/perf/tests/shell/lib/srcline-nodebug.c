/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Built without -g and linked into srcline-app.c (t0450, t0451): code in a
 * file that has DWARF, at addresses no unit of it covers; and time in the
 * [vdso], which has no file for addr2line to read.
 */
#include <time.h>

static volatile unsigned long sink;

void nodebug_spin(unsigned long n)
{
	struct timespec ts;

	for (unsigned long i = 0; i < 64 * n; i++) {
		sink += i * 3;
		if (!(i & 63)) {
			clock_gettime(CLOCK_MONOTONIC, &ts);
			sink += ts.tv_nsec;
		}
	}
}
