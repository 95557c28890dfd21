/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of CPUs from a list as upstream perf reads one ("0-2,4"): the
 * --cpu of report and script.  Upstream's syntax: numbers in strtoul's
 * base 0 ("0x1", "010"), ranges low-high, a CPU named twice or a range
 * going down is an error, and parsing stops quietly at an entry that does
 * not start with a digit once a CPU was read ("1,x" is CPU 1).
 */
#ifndef __PERF_CPU_BITMAP_H
#define __PERF_CPU_BITMAP_H

#include <stdbool.h>
#include <linux/types.h>

/* Upstream's MAX_NR_CPUS: no CPU at or above it can be asked for. */
#define CPU_BITMAP_MAX	4096

struct cpu_bitmap {
	u64	*bits;
	int	nr_bits;
};

/*
 * Parse @list into @b.  @nr_cpus: the CPUs the recording machine had (the
 * file's nrcpus avail), 0 when unknown (CPU_BITMAP_MAX then bounds them).
 * Returns 0, -EINVAL (not such a list), -ERANGE (*@bad_cpu: the lowest CPU
 * at or above the bound), -ENOMEM.  An empty list is an empty set.
 */
int cpu_bitmap__parse(struct cpu_bitmap *b, const char *list, int nr_cpus, int *bad_cpu);

static inline bool cpu_bitmap__test(const struct cpu_bitmap *b, u32 cpu)
{
	return cpu < (u32)b->nr_bits && (b->bits[cpu / 64] >> (cpu % 64)) & 1;
}

void cpu_bitmap__exit(struct cpu_bitmap *b);

#endif
