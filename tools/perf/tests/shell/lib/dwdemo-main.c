/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DWARF-unwinding tests' program (t0460, t0461, t0531), linked with
 * dwdemo-lib.c: half its time in the library under via_lib(), half in
 * spin() under via_spin(), every frame without a frame pointer.
 */
#include <stdlib.h>

unsigned long lib_mid(unsigned long n);
volatile unsigned long out;

__attribute__((noinline)) static unsigned long spin(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += (i * 7) ^ (s << 1);
	return s;
}

__attribute__((noinline)) unsigned long via_lib(unsigned long n)
{
	unsigned long r = lib_mid(n);

	out += r;
	return r + 2;
}

__attribute__((noinline)) unsigned long via_spin(unsigned long n)
{
	unsigned long r = spin(n);

	out += r;
	return r + 3;
}

__attribute__((noinline)) unsigned long work(unsigned long n)
{
	unsigned long r = via_lib(n) + via_spin(n);

	out += r;
	return r * 2;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 200, k;

	for (k = 0; k < n; k++)
		out += work(1000000);
	return 0;
}
