// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as a kallsyms file (the build-id cache's
 * copy can be anything) through symbols__load_kallsyms() and lookups.
 * Besides the sanitizers, it checks the table's contract: one symbol per
 * address in increasing order, each running up to the next one, found at
 * its start and by its name, with a name of one line.
 *
 *   build/fuzz/fuzz-kallsyms tools/perf/tests/fuzz/corpus/kallsyms/
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/symbols/symbol.h"

static void check_symbol(const struct symbols *syms, size_t i)
{
	const struct symbol *sym = symbols__entry(syms, i), *again;
	size_t len;

	if (!sym)
		return;		/* no memory for it: the lookup says "none" */
	len = strlen(sym->name);
	if (sym->start != syms->starts[i] || !len || symbol__namelen(sym) != len ||
	    strchr(sym->name, '\n'))
		__builtin_trap();
	/* only a symbol at the very last address has no room */
	if (sym->end == sym->start) {
		if (sym->start != ~0ULL)
			__builtin_trap();
		return;
	}
	if (i + 1 < syms->nr ? sym->end != syms->starts[i + 1] : sym->end <= sym->start)
		__builtin_trap();
	if (symbols__find(syms, sym->start) != sym || symbols__find(syms, sym->end - 1) != sym)
		__builtin_trap();
	again = symbols__find_by_name(syms, sym->name);
	if (!again || strcmp(again->name, sym->name))
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct symbols syms;
	char path[64];
	int fd, nr;
	size_t i;

	fd = memfd_create("fuzz-kallsyms", MFD_CLOEXEC);
	if (fd < 0)
		return 0;
	if (len && write(fd, data, len) != (ssize_t)len)
		goto out;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	symbols__init(&syms);
	nr = symbols__load_kallsyms(&syms, path);
	if (nr == -ENOMEM)
		goto out;
	if (nr < 0 || (size_t)nr != syms.nr)
		__builtin_trap();
	for (i = 1; i < syms.nr; i++)
		if (syms.starts[i - 1] >= syms.starts[i])
			__builtin_trap();
	/* bounded: find_by_name is a scan */
	for (i = 0; i < syms.nr && i < 64; i++)
		check_symbol(&syms, i);
	if (syms.nr && syms.starts[0] && symbols__find(&syms, syms.starts[0] - 1))
		__builtin_trap();
	symbols__exit(&syms);
out:
	close(fd);
	return 0;
}
