// SPDX-License-Identifier: GPL-2.0
/* CPU lists ("0-2,4") into a bitmap, with upstream perf's syntax. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/cpu-bitmap.h"
#include "util/base/array.h"

struct cpu_range {
	unsigned long	start, end;	/* inclusive */
};

struct cpu_ranges {
	struct cpu_range	*v;
	size_t			nr, alloc;
};

/* The ranges of @list, checked for syntax and overlaps; -EINVAL if bad. */
static int cpu_ranges__parse(struct cpu_ranges *r, const char *list)
{
	const char *p = list;
	char *e;
	size_t i;

	while (isdigit((unsigned char)*p)) {
		struct cpu_range cr;

		cr.start = strtoul(p, &e, 0);
		if (cr.start >= INT_MAX || (*e && *e != ',' && *e != '-'))
			return -EINVAL;
		cr.end = cr.start;
		if (*e == '-') {
			cr.end = strtoul(e + 1, &e, 0);
			if (cr.end >= INT_MAX || (*e && *e != ',') || cr.end < cr.start)
				return -EINVAL;
		}
		/* a CPU listed twice */
		for (i = 0; i < r->nr; i++)
			if (cr.start <= r->v[i].end && r->v[i].start <= cr.end)
				return -EINVAL;
		if (ARRAY_GROW(r->v, r->alloc, r->nr + 1))
			return -ENOMEM;
		r->v[r->nr++] = cr;
		p = *e ? e + 1 : e;
	}
	/* nothing read: only the empty list is one */
	return !r->nr && *p ? -EINVAL : 0;
}

int cpu_bitmap__parse(struct cpu_bitmap *b, const char *list, int nr_cpus, int *bad_cpu)
{
	struct cpu_ranges r = { .v = NULL };
	unsigned long bound = nr_cpus > 0 && nr_cpus < CPU_BITMAP_MAX ? nr_cpus : CPU_BITMAP_MAX;
	unsigned long lowest_bad = ULONG_MAX, cpu;
	size_t i;
	int err;

	memset(b, 0, sizeof(*b));
	err = cpu_ranges__parse(&r, list);
	if (err)
		goto out;
	for (i = 0; i < r.nr; i++) {
		if (r.v[i].end < bound)
			continue;
		cpu = r.v[i].start < bound ? bound : r.v[i].start;
		if (cpu < lowest_bad)
			lowest_bad = cpu;
	}
	if (lowest_bad != ULONG_MAX) {
		*bad_cpu = (int)lowest_bad;
		err = -ERANGE;
		goto out;
	}
	b->nr_bits = (int)bound;
	b->bits = calloc((bound + 63) / 64, sizeof(*b->bits));
	if (!b->bits) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < r.nr; i++)
		for (cpu = r.v[i].start; cpu <= r.v[i].end; cpu++)
			b->bits[cpu / 64] |= 1ULL << (cpu % 64);
out:
	free(r.v);
	return err;
}

void cpu_bitmap__exit(struct cpu_bitmap *b)
{
	free(b->bits);
	memset(b, 0, sizeof(*b));
}
