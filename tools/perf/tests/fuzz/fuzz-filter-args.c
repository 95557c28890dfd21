// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as the value of a filter option of report
 * and script (--comms/--dsos/-S lists, --pid/--tid lists, --cpu lists,
 * --time strings), through their parsers.  Besides the sanitizers, it
 * checks what a successful parse promises: every listed value is found,
 * CPUs stay under the bound, time ranges are ordered and disjoint.
 *
 *   build/fuzz/fuzz-filter-args tools/perf/tests/fuzz/corpus/filter-args/
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/value-list.h"
#include "util/base/cpu-bitmap.h"
#include "util/session/time-ranges.h"

static void check_lists(const char *s)
{
	struct str_list sl;
	struct int_list il;
	size_t i;

	/* no file:// here: the fuzzer must not read the machine's files */
	if (!strstr(s, "file://")) {
		if (!str_list__parse(&sl, s))
			for (i = 0; i < sl.nr; i++)
				if (!str_list__has(&sl, sl.entries[i]))
					__builtin_trap();
		str_list__exit(&sl);
	}
	if (!int_list__parse(&il, s))
		for (i = 0; i < il.nr; i++)
			if (!int_list__has(&il, il.entries[i]))
				__builtin_trap();
	int_list__exit(&il);
}

static void check_cpus(const char *s, int nr_cpus)
{
	struct cpu_bitmap b;
	int bad = -1;

	if (!cpu_bitmap__parse(&b, s, nr_cpus, &bad)) {
		if (b.nr_bits > CPU_BITMAP_MAX || (nr_cpus > 0 && b.nr_bits > nr_cpus))
			__builtin_trap();
		cpu_bitmap__exit(&b);
	}
}

static void check_time(const char *s, uint64_t first, uint64_t last)
{
	struct time_ranges tr;
	size_t i;

	if (time_ranges__parse(&tr, s, first, last))
		return;
	if (!tr.nr)
		__builtin_trap();
	/* absolute ranges come in order, each stop after its start */
	if (!strchr(s, '%'))
		for (i = 0; i < tr.nr; i++)
			if ((tr.v[i].end && tr.v[i].end < tr.v[i].start) ||
			    (i + 1 < tr.nr && tr.v[i].end >= tr.v[i + 1].start))
				__builtin_trap();
	time_ranges__skip(&tr, first + (last - first) / 2);
	time_ranges__exit(&tr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t first = 0, last = 0;
	char *s;

	/* the first 8 bytes: the file's first and last sample times, CPU count */
	if (size >= 8) {
		uint32_t a, b;

		memcpy(&a, data, 4);
		memcpy(&b, data + 4, 4);
		first = (uint64_t)a * 1000;
		last = first + b;
		data += 8;
		size -= 8;
	}
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	check_lists(s);
	check_cpus(s, (int)(first % 300));
	check_time(s, first, last);
	free(s);
	return 0;
}
