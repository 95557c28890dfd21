// SPDX-License-Identifier: GPL-2.0
/*
 * Source lines through libdw, in process: one Dwarf per opened file, one
 * cached answer per address.  Upstream runs addr2line per address; here
 * the line tables and DIEs libdw parsed once serve every lookup.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>
#include "util/symbols/srcline.h"
#include "util/symbols/srcline-int.h"
#include "util/symbols/symbol.h"
#include "util/base/hashmap.h"

struct srcline_file {
	int		fd;		/* -1: an image in memory */
	Elf		*elf;
	Dwarf		*dwarf;
	struct srcline_scopes *scopes;	/* made by the first inline chain asked */
	struct srcline_cu_index *cus;	/* made by the first address aranges missed */
	bool		cus_failed;	/* ... or could not be made: not retried */
	struct hashmap	cache;		/* hash of addr -> struct srcline */
};

/* Takes @elf (and @fd) whatever the outcome. */
static int srcline_file__from_elf(struct srcline_file **out, Elf *elf, int fd)
{
	struct srcline_file *sf;

	/* a stripped image or a .debug without lines: nothing to read */
	if (!elf || !elf__has_section(elf, ".debug_info") ||
	    !elf__has_section(elf, ".debug_line"))
		goto no_data;
	sf = calloc(1, sizeof(*sf));
	if (!sf) {
		elf_end(elf);
		if (fd >= 0)
			close(fd);
		return -ENOMEM;
	}
	sf->dwarf = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	if (!sf->dwarf) {
		free(sf);
		goto no_data;
	}
	sf->fd = fd;
	sf->elf = elf;
	hashmap__init(&sf->cache);
	*out = sf;
	return 0;
no_data:
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return -ENODATA;
}

int srcline_file__open(struct srcline_file **out, const char *path)
{
	int fd;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/*
	 * Read, not mapped: dwarf_begin_elf() inflates every compressed
	 * .debug_* section (a distribution's debuginfo: libc's 4 MB of
	 * them), and libelf frees a section's compressed bytes once inflated
	 * only when it read them itself; from a map they stay resident
	 * beside the inflated copy.  4 MB less peak RSS on a report that
	 * touches libc, the same time.
	 */
	return srcline_file__from_elf(out, elf_begin(fd, ELF_C_READ, NULL), fd);
}

int srcline_file__open_mem(struct srcline_file **out, const void *buf, size_t len)
{
	elf_version(EV_CURRENT);
	/* libelf reads the image in place (ELF_C_READ): it is not written */
	return srcline_file__from_elf(out, elf_memory((char *)buf, len), -1);
}

void srcline_file__delete(struct srcline_file *sf)
{
	size_t i;

	if (!sf)
		return;
	for (i = 0; i < sf->cache.nr; i++) {
		struct srcline *sl = sf->cache.entries[i].value;

		free(sl->inlines);
		free(sl);
	}
	hashmap__exit(&sf->cache);
	srcline_scopes__delete(sf->scopes);
	srcline_cu_index__delete(sf->cus);
	dwarf_end(sf->dwarf);
	elf_end(sf->elf);
	if (sf->fd >= 0)
		close(sf->fd);
	free(sf);
}

/*
 * The unit holding @addr: .debug_aranges first (cheap, and what GCC
 * emits), else the units' own ranges (clang emits no aranges).
 */
static bool srcline_file__addrdie(struct srcline_file *sf, u64 addr, Dwarf_Die *cu)
{
	if (dwarf_addrdie(sf->dwarf, addr, cu))
		return true;
	if (!sf->cus && !sf->cus_failed) {
		sf->cus = srcline_cu_index__new(sf->dwarf);
		sf->cus_failed = !sf->cus;
	}
	return sf->cus && !srcline_cu_index__find(sf->cus, sf->dwarf, addr, cu);
}

static void srcline__resolve(struct srcline_file *sf, struct srcline *sl)
{
	Dwarf_Die cu;
	Dwarf_Line *line;
	int lineno;

	if (!srcline_file__addrdie(sf, sl->addr, &cu))
		return;
	line = dwarf_getsrc_die(&cu, sl->addr);
	if (!line || dwarf_lineno(line, &lineno) || lineno < 0) {
		/*
		 * In a unit's ranges but not in its line table (code of an asm
		 * statement): addr2line names no file and no line, ":0" in
		 * upstream's text, not its unknown.
		 */
		sl->file = "";
		return;
	}
	sl->file = dwarf_linesrc(line, NULL, NULL);
	if (!sl->file)
		return;
	sl->line = lineno;
}

static void srcline__resolve_inlines(struct srcline_file *sf, struct srcline *sl)
{
	Dwarf_Die cu;

	sl->inlines_done = true;
	if (!sl->file || !*sl->file || !srcline_file__addrdie(sf, sl->addr, &cu))
		return;
	if (!sf->scopes)
		sf->scopes = srcline_scopes__new(sf->dwarf);
	/* the chain is extra: without it the line still stands */
	if (!sf->scopes || srcline_scopes__add_inlines(sf->scopes, &cu, sl)) {
		free(sl->inlines);
		sl->inlines = NULL;
		sl->nr_inlines = 0;
	}
}

const struct srcline *srcline_file__find(struct srcline_file *sf, u64 addr)
{
	u64 hash = hash__bytes(&addr, sizeof(addr), 0);
	struct srcline *sl;
	size_t iter = 0;

	while ((sl = hashmap__next(&sf->cache, hash, &iter)))
		if (sl->addr == addr)
			return sl;
	sl = calloc(1, sizeof(*sl));
	if (!sl)
		return NULL;
	sl->addr = addr;
	srcline__resolve(sf, sl);
	if (hashmap__add(&sf->cache, hash, sl)) {
		free(sl->inlines);
		free(sl);
		return NULL;
	}
	return sl;
}

const struct srcline *srcline_file__find_inlines(struct srcline_file *sf, u64 addr)
{
	struct srcline *sl = (struct srcline *)srcline_file__find(sf, addr);

	/* ours to complete: the cache owns every answer it handed out */
	if (sl && !sl->inlines_done)
		srcline__resolve_inlines(sf, sl);
	return sl;
}

const char *srcline__basename(const char *file)
{
	const char *p = strrchr(file, '/');

	return p ? p + 1 : file;
}

int srcline__snprintf(const struct srcline *sl, char *buf, size_t size, bool full_path)
{
	if (!sl || !sl->file)
		return snprintf(buf, size, "%s", SRCLINE_UNKNOWN);
	return snprintf(buf, size, "%s:%u", full_path ? sl->file : srcline__basename(sl->file),
			sl->line);
}
