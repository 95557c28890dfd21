/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inline-chain half of source lines (srcline-inline.c) and the line
 * tables (srcline-lines.c), shared with the lookups (srcline.c).  Nobody
 * else includes this.
 */
#ifndef __PERF_SRCLINE_INT_H
#define __PERF_SRCLINE_INT_H

#include <linux/types.h>
#include <elfutils/libdw.h>
#include <libelf.h>
#include "util/symbols/srcline.h"

/*
 * Per compilation unit, the scopes its top level holds (functions, and
 * the namespaces and classes around C++ ones) with their address ranges,
 * made the first time an address of the unit asks: a lookup then goes to
 * the few scopes holding the address instead of walking every DIE of the
 * unit (4096 functions in one unit: 40x the cost of the line itself).
 */
struct srcline_scopes;

struct srcline_scopes *srcline_scopes__new(Dwarf *dwarf);
void srcline_scopes__delete(struct srcline_scopes *scopes);

/*
 * Fill @sl's inline chain (innermost call site first) and function for
 * its address in @cu.  Returns 0 or -ENOMEM (the chain is then partial).
 */
int srcline_scopes__add_inlines(struct srcline_scopes *scopes, Dwarf_Die *cu,
				struct srcline *sl);

/*
 * The same by walking the whole unit, as before the index: what the
 * index must agree with (the unit tests compare them address by address).
 */
int srcline_scopes__add_inlines_walk(Dwarf_Die *cu, struct srcline *sl);

/*
 * The sections a unit's line table reads, as libdw holds them (inflated):
 * NULL when absent or still compressed.
 */
struct srcline_sections {
	const u8	*line, *line_str, *str, *aranges;
	size_t		line_size, line_str_size, str_size, aranges_size;
};

/* The sections of @elf, after dwarf_begin_elf() inflated them. */
void srcline_sections__init(struct srcline_sections *secs, Elf *elf);

/* Address ranges to units, from .debug_aranges (srcline-aranges.c). */
struct srcline_aranges;

/* -ENODATA: no .debug_aranges; -EINVAL: one libdw is to read; -ENOMEM. */
int srcline_aranges__new(struct srcline_aranges **out, const struct srcline_sections *secs);
void srcline_aranges__delete(struct srcline_aranges *ar);
/*
 * The same table from the units' own ranges, for files without
 * .debug_aranges: 0 (an empty table if no unit has ranges) or -ENOMEM.
 */
int srcline_aranges__from_units(struct srcline_aranges **out, Dwarf *dwarf);
/* The header offset of the unit holding @addr, as dwarf_addrdie() finds it; -ENOENT. */
int srcline_aranges__find(const struct srcline_aranges *ar, u64 addr, u64 *unit);

/* One unit's line table, compact (srcline-lines.c). */
struct srcline_lines;

/*
 * Decode the table at @off in .debug_line for a unit of @addr_size
 * byte addresses built in @comp_dir.  -EOPNOTSUPP or -EINVAL: ask libdw
 * (whatever it answers, error included, is the answer); -ENOMEM.
 */
int srcline_lines__new(struct srcline_lines **out, const struct srcline_sections *secs, u64 off,
		       u8 addr_size, const char *comp_dir);
void srcline_lines__delete(struct srcline_lines *lines);
/*
 * dwarf_getsrc_die() + dwarf_linesrc() + dwarf_lineno() on the same
 * table: 0 with *@file (NULL: an index past the file table) and *@line,
 * or -ENOENT (no row for @addr).  *@file lives as long as @lines.
 */
int srcline_lines__find(const struct srcline_lines *lines, u64 addr, const char **file, int *line);
/* The rows' addresses, sorted (for tests: every row's start). */
size_t srcline_lines__nr(const struct srcline_lines *lines);
u64 srcline_lines__addr(const struct srcline_lines *lines, size_t i);

#endif
