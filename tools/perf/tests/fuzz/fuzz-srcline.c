// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as an ELF image with DWARF (a debug file
 * from the build-id cache or debuginfod can be anything) through
 * srcline_file__open_mem() and lookups.  Besides the sanitizers, it
 * checks the cache's contract: a second lookup of an address returns the
 * very same answer, a known line names a file, and inline chains stay
 * within their bound.
 *
 *   build/fuzz/fuzz-srcline tools/perf/tests/fuzz/corpus/srcline/
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "util/symbols/srcline.h"

static void check(struct srcline_file *sf, u64 addr)
{
	const struct srcline *sl = srcline_file__find(sf, addr);
	const struct srcline *full = srcline_file__find_inlines(sf, addr);
	char buf[256];
	int i;

	if (!sl)
		return;		/* no memory: the caller prints "??:0" */
	if (srcline_file__find(sf, addr) != sl || full != sl || sl->addr != addr)
		__builtin_trap();
	if (!sl->file && (sl->line || sl->nr_inlines))
		__builtin_trap();
	if (sl->nr_inlines < 0 || sl->nr_inlines > SRCLINE_MAX_INLINES)
		__builtin_trap();
	for (i = 0; i < sl->nr_inlines; i++)
		if (sl->inlines[i].func)
			(void)strlen(sl->inlines[i].func);
	if (srcline__snprintf(sl, buf, sizeof(buf), false) < 0)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct srcline_file *sf;
	u64 addr;
	size_t i;

	if (srcline_file__open_mem(&sf, data, len))
		return 0;
	/* addresses taken from the input itself, so some land in its ranges */
	check(sf, 0);
	for (i = 0; i + 8 <= len && i < 64 * 8; i += 8) {
		memcpy(&addr, data + i, sizeof(addr));
		check(sf, addr);
		check(sf, i);
	}
	srcline_file__delete(sf);
	return 0;
}
