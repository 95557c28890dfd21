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
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>
#include "util/symbols/srcline.h"
#include "util/symbols/symbol.h"
#include "util/base/hashmap.h"
#include "util/base/array.h"

struct srcline_file {
	int		fd;		/* -1: an image in memory */
	Elf		*elf;
	Dwarf		*dwarf;
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
	return srcline_file__from_elf(out, elf_begin(fd, ELF_C_READ_MMAP, NULL), fd);
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
	dwarf_end(sf->dwarf);
	elf_end(sf->elf);
	if (sf->fd >= 0)
		close(sf->fd);
	free(sf);
}

static const char *die__call_file(Dwarf_Die *cu, Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Files *files;
	Dwarf_Word idx;
	size_t nr;

	if (!dwarf_attr(die, DW_AT_call_file, &attr) || dwarf_formudata(&attr, &idx))
		return NULL;
	if (dwarf_getsrcfiles(cu, &files, &nr) || idx >= nr)
		return NULL;
	return dwarf_filesrc(files, idx, NULL, NULL);
}

static unsigned int die__call_line(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Word line;

	if (!dwarf_attr(die, DW_AT_call_line, &attr) || dwarf_formudata(&attr, &line))
		return 0;
	return line > 0xffffffffu ? 0 : (unsigned int)line;
}

/* The name of an inlined subroutine: its own, or its abstract origin's. */
static const char *die__func_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name;

	name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	return name;
}

/* DIEs one lookup may visit: a corrupt DW_AT_sibling can loop. */
#define SRCLINE_MAX_DIES	(1u << 20)
/* Scope nesting followed: the walk recurses, the stack must stay small. */
#define SRCLINE_MAX_DEPTH	256

struct scope_walk {
	struct srcline	*sl;
	Dwarf_Die	*cu;
	u64		addr;
	size_t		alloc;
	unsigned int	budget;
};

static int scope_walk__push(struct scope_walk *w, Dwarf_Die *die)
{
	struct srcline *sl = w->sl;
	struct srcline_inline *in;

	if (ARRAY_GROW(sl->inlines, w->alloc, (size_t)sl->nr_inlines + 1))
		return -ENOMEM;
	in = &sl->inlines[sl->nr_inlines++];
	in->func = die__func_name(die);
	in->file = die__call_file(w->cu, die);
	in->line = die__call_line(die);
	return 0;
}

/*
 * Descend from @parent through the scopes holding the address, noting
 * each inlined subroutine on the way (outermost first).  Our own walk
 * rather than dwarf_getscopes(), which leaks its array on a corrupt DIE
 * tree and has no bound on the DIEs it visits.
 */
static int scope_walk__descend(struct scope_walk *w, Dwarf_Die *parent, int depth)
{
	Dwarf_Die child, func;
	bool have_func = false;

	if (depth > SRCLINE_MAX_DEPTH || dwarf_child(parent, &child))
		return 0;
	do {
		int tag = dwarf_tag(&child);

		if (!w->budget--)
			return 0;
		switch (tag) {
		case DW_TAG_namespace:
		case DW_TAG_class_type:
		case DW_TAG_structure_type:
			/* C++ definitions may sit inside: no ranges of their own */
			if (have_func)
				continue;
			break;
		case DW_TAG_subprogram:
			/*
			 * The assembler gives each alias of an asm function a
			 * subprogram of the same range (__mprotect, mprotect,
			 * __GI_mprotect): addr2line names the last one, and so
			 * do we.  C functions do not overlap.
			 */
			if (dwarf_haspc(&child, w->addr) == 1) {
				func = child;
				have_func = true;
			}
			continue;
		case DW_TAG_inlined_subroutine:
		case DW_TAG_lexical_block:
		case DW_TAG_try_block:
		case DW_TAG_catch_block:
			if (have_func || dwarf_haspc(&child, w->addr) != 1)
				continue;
			if (tag == DW_TAG_inlined_subroutine) {
				if (w->sl->nr_inlines >= SRCLINE_MAX_INLINES)
					return 0;
				if (scope_walk__push(w, &child))
					return -ENOMEM;
			}
			/* the address is in this scope: nowhere else at this level */
			return scope_walk__descend(w, &child, depth + 1);
		default:
			continue;
		}
		if (scope_walk__descend(w, &child, depth + 1))
			return -ENOMEM;
	} while (dwarf_siblingof(&child, &child) == 0);
	if (!have_func)
		return 0;
	/* the innermost one: GNU C nests functions */
	w->sl->func = die__func_name(&func);
	return scope_walk__descend(w, &func, depth + 1);
}

/* The inline call sites around @addr, innermost first. */
static int srcline__add_inlines(struct srcline *sl, Dwarf_Die *cu, u64 addr)
{
	struct scope_walk w = { .sl = sl, .cu = cu, .addr = addr, .budget = SRCLINE_MAX_DIES };
	int i, j;

	if (scope_walk__descend(&w, cu, 0))
		return -ENOMEM;
	for (i = 0, j = sl->nr_inlines - 1; i < j; i++, j--) {
		struct srcline_inline tmp = sl->inlines[i];

		sl->inlines[i] = sl->inlines[j];
		sl->inlines[j] = tmp;
	}
	return 0;
}

static void srcline__resolve(struct srcline_file *sf, struct srcline *sl)
{
	Dwarf_Die cu;
	Dwarf_Line *line;
	int lineno;

	if (!dwarf_addrdie(sf->dwarf, sl->addr, &cu))
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
	if (!sl->file || !*sl->file || !dwarf_addrdie(sf->dwarf, sl->addr, &cu))
		return;
	/* the chain is extra: without it the line still stands */
	if (srcline__add_inlines(sl, &cu, sl->addr)) {
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
