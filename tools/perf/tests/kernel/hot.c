// SPDX-License-Identifier: GPL-2.0
/*
 * hot: the workload the guest profiles with our perf.  Nearly all of its
 * time goes to mmap3_hot_loop(), so a report of the recording must name
 * that function.  A fixed amount of work, not a duration: TCG speed
 * varies with the host's load, the profile's shape does not.  Linked
 * dynamically so libc and ld.so are mapped files with build-ids too.
 *
 *   hot [ITERATIONS]
 */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned long mmap3_hot_loop(unsigned long n)
{
	volatile unsigned long x = 1;
	unsigned long i;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005UL + i;
	return x;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 200000000;

	printf("hot: %lu\n", mmap3_hot_loop(n) & 1);
	return 0;
}
