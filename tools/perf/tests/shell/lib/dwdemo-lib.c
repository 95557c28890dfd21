/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DWARF-unwinding tests' library (t0460, t0531): built -O2
 * -fomit-frame-pointer -g -shared, only its CFI unwinds it.
 */
volatile unsigned long sink;

__attribute__((noinline)) unsigned long lib_leaf(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += i * i ^ (s >> 3);
	return s;
}

__attribute__((noinline)) unsigned long lib_mid(unsigned long n)
{
	unsigned long r = lib_leaf(n);

	sink += r;
	return r + 1;
}
