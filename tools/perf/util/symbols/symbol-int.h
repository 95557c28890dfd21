/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of struct symbols shared by the table (symbol.c) and the
 * kallsyms loader (symbol-kallsyms.c).  Nobody else includes this.
 */
#ifndef __PERF_SYMBOL_INT_H
#define __PERF_SYMBOL_INT_H

#include "util/symbols/symbol.h"

/* Fill in @sym, which has room for @name's @len bytes and its NUL. */
void symbol__set(struct symbol *sym, u64 start, u64 end, u32 seq, u8 binding, u8 type,
		 const char *name, size_t len);

/* The end of a zero-size symbol nothing follows: a page of room, upstream's. */
u64 symbol__last_end(u64 start);

/* Allocate the lookup cache of a sorted table (none when small or short of memory). */
void symbols__index(struct symbols *syms);

/* Make entry @i of a kallsyms table.  NULL without memory. */
struct symbol *kallsyms_rows__symbol(const struct kallsyms_rows *rows,
				     const struct symbols *syms, size_t i);
void kallsyms_rows__delete(struct kallsyms_rows *rows);

#endif
