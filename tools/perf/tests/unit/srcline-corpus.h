/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ELF files with DWARF that the source-line unit tests share: the
 * fuzz corpus of srcline (tools/perf/tests/fuzz/corpus/srcline/).
 */
#ifndef __PERF_SRCLINE_CORPUS_H
#define __PERF_SRCLINE_CORPUS_H

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The tree's top: $MMAP3_TOP (run-tests), else ../.. from build/tests/. */
static inline void corpus_path(char *buf, size_t size, const char *name)
{
	const char *top = getenv("MMAP3_TOP");
	char exe[PATH_MAX];
	ssize_t len;

	if (!top) {
		len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		assert_true(len > 0);
		exe[len] = '\0';
		top = dirname(dirname(dirname(exe)));
	}
	snprintf(buf, size, "%s/tools/perf/tests/fuzz/corpus/srcline/%s", top, name);
}

#endif
