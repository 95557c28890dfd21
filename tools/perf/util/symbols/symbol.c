// SPDX-License-Identifier: GPL-2.0
/*
 * The symbol table of a DSO and the kallsyms reader.
 *
 * Symbols are collected unsorted while a source is read, then sorted once
 * (symbols__fixup()); lookups are a binary search over the sorted array.
 * The symbols are carved from 256 KiB blocks, freed together: a per-symbol
 * malloc was a third of a small report's start-up.  A kernel's kallsyms
 * table is filled in as it is looked up (symbol-kallsyms.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"
#include "util/symbols/symbol-int.h"
#include "util/base/mem-populate.h"
#include "util/symbols/demangle.h"
#include "util/base/debug.h"

/* A last symbol of unknown size is given this much room (upstream: a page). */
#define SYMBOL_LAST_ROOM	4096

#define SYMBOL_CHUNK_SIZE	(256 * 1024)

/* Lookups in tables this big are cached, in this many slots (a power of two). */
#define SYMBOL_CACHE_MIN	64
#define SYMBOL_CACHE_BITS	13

struct symbol_cache_slot {
	u64			addr;
	const struct symbol	*sym;		/* NULL: no symbol there */
};

struct symbol_chunk {
	struct symbol_chunk	*next;
	size_t			size;
	char			mem[] __attribute__((aligned(8)));
};

/* @size bytes, 8-aligned, living until symbols__exit(). */
static void *symbols__alloc(struct symbols *syms, size_t size)
{
	struct symbol_chunk *c = syms->chunks;

	size = (size + 7) & ~(size_t)7;
	if (!c || c->size - syms->chunk_used < size) {
		size_t room = size > SYMBOL_CHUNK_SIZE ? size : SYMBOL_CHUNK_SIZE;

		c = malloc(sizeof(*c) + room);
		if (!c)
			return NULL;
		mem__populate(c->mem, room);
		c->size = room;
		c->next = syms->chunks;
		syms->chunks = c;
		syms->chunk_used = 0;
	}
	syms->chunk_used += size;
	return c->mem + syms->chunk_used - size;
}

void symbols__init(struct symbols *syms)
{
	memset(syms, 0, sizeof(*syms));
}

void symbols__exit(struct symbols *syms)
{
	struct symbol_chunk *c, *next;
	size_t i;

	/* a kallsyms table's entries were made one by one */
	for (i = 0; syms->rows && i < syms->nr; i++)
		free(syms->entries[i]);
	kallsyms_rows__delete(syms->rows);
	for (c = syms->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(syms->entries);
	free(syms->starts);
	free(syms->cache);
	symbols__init(syms);
}

void symbol__set(struct symbol *sym, u64 start, u64 end, u32 seq, u8 binding, u8 type,
		 const char *name, size_t len)
{
	sym->start = start;
	sym->end = end;
	sym->seq = seq;
	sym->binding = binding;
	sym->inlined = 0;
	sym->type = type;
	sym->namelen = len < SYMBOL_NAMELEN_LONG ? (u16)len : SYMBOL_NAMELEN_LONG;
	memcpy(sym->name, name, len + 1);
}

struct symbol *symbol__new_inlined(const struct symbol *base, const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = malloc(sizeof(*sym) + len + 1);

	if (!sym)
		return NULL;
	symbol__set(sym, base->start, base->end, base->seq, base->binding, base->type, name, len);
	sym->inlined = 1;
	return sym;
}

u64 symbol__last_end(u64 start)
{
	return start + SYMBOL_LAST_ROOM > start ? start + SYMBOL_LAST_ROOM : ~0ULL;
}

int symbols__add(struct symbols *syms, u64 start, u64 size, u8 binding, u8 type,
		 const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym;

	if (syms->rows)
		return -EINVAL;
	if (ARRAY_GROW(syms->entries, syms->alloc, syms->nr + 1))
		return -ENOMEM;
	sym = symbols__alloc(syms, sizeof(*sym) + len + 1);
	if (!sym)
		return -ENOMEM;
	/* a size that wraps the address space is garbage: treat as unknown */
	symbol__set(sym, start, start + size >= start ? start + size : start, (u32)syms->nr,
		    binding, type, name, len);
	syms->entries[syms->nr++] = sym;
	syms->sorted = false;
	return 0;
}

/* Sorted by copies of the keys: comparing through the pointers missed the cache. */
struct symbol_key {
	u64		start;
	u32		seq;
	struct symbol	*sym;
};

static int symbol_key__cmp(const void *a, const void *b)
{
	const struct symbol_key *ka = a, *kb = b;

	if (ka->start != kb->start)
		return ka->start < kb->start ? -1 : 1;
	return ka->seq < kb->seq ? -1 : ka->seq > kb->seq;
}

static int symbol__cmp(const void *a, const void *b)
{
	const struct symbol *sa = *(const struct symbol * const *)a;
	const struct symbol *sb = *(const struct symbol * const *)b;

	if (sa->start != sb->start)
		return sa->start < sb->start ? -1 : 1;
	return sa->seq < sb->seq ? -1 : sa->seq > sb->seq;
}

static bool symbols__in_order(const struct symbols *syms)
{
	size_t i;

	for (i = 1; i < syms->nr; i++) {
		const struct symbol *a = syms->entries[i - 1], *b = syms->entries[i];

		if (a->start > b->start || (a->start == b->start && a->seq > b->seq))
			return false;
	}
	return true;
}

static void symbols__sort(struct symbols *syms)
{
	struct symbol_key *keys;
	size_t i;

	if (symbols__in_order(syms))
		return;
	keys = malloc(syms->nr * sizeof(*keys));
	if (!keys) {
		/* no memory for the copies: sort the pointers */
		qsort(syms->entries, syms->nr, sizeof(*syms->entries), symbol__cmp);
		return;
	}
	for (i = 0; i < syms->nr; i++)
		keys[i] = (struct symbol_key){ syms->entries[i]->start, syms->entries[i]->seq,
					       syms->entries[i] };
	qsort(keys, syms->nr, sizeof(*keys), symbol_key__cmp);
	for (i = 0; i < syms->nr; i++)
		syms->entries[i] = keys[i].sym;
	free(keys);
}

static size_t symbol__underscores(const struct symbol *sym)
{
	return strspn(sym->name, "_");
}

/* Of two symbols at one address, is @b the better name to show than @a? */
static bool symbol__better(const struct symbol *a, const struct symbol *b)
{
	bool a_sized = a->end > a->start, b_sized = b->end > b->start;
	bool a_weak = a->binding == STB_WEAK, b_weak = b->binding == STB_WEAK;
	bool a_global = a->binding == STB_GLOBAL, b_global = b->binding == STB_GLOBAL;
	size_t ua, ub, la, lb;

	if (a_sized != b_sized)
		return b_sized;
	if (a_weak != b_weak)
		return a_weak;
	if (a_global != b_global)
		return b_global;
	ua = symbol__underscores(a);
	ub = symbol__underscores(b);
	if (ua != ub)
		return ub < ua;
	la = strlen(a->name);
	lb = strlen(b->name);
	return lb > la;		/* a tie keeps the first */
}

void symbols__fixup(struct symbols *syms)
{
	size_t i, out = 0;

	if (syms->rows)
		return;		/* made final by its loader */
	symbols__sort(syms);

	/* Zero-size symbols (assembly, kallsyms) run up to the next one. */
	for (i = 0; i < syms->nr; i++) {
		struct symbol *sym = syms->entries[i];

		if (sym->end > sym->start)
			continue;
		sym->end = i + 1 < syms->nr ? syms->entries[i + 1]->start :
					      symbol__last_end(sym->start);
	}

	/* One symbol per address: keep the best alias, free the others. */
	for (i = 0; i < syms->nr; i++) {
		struct symbol *sym = syms->entries[i];

		if (out && syms->entries[out - 1]->start == sym->start) {
			struct symbol *prev = syms->entries[out - 1];

			/* the loser's memory goes with the blocks */
			if (symbol__better(prev, sym))
				syms->entries[out - 1] = sym;
			continue;
		}
		syms->entries[out++] = sym;
	}
	syms->nr = out;
	for (i = 0; i < syms->nr; i++)
		syms->entries[i]->seq = (u32)i;
	free(syms->starts);
	syms->starts = malloc((syms->nr ? syms->nr : 1) * sizeof(*syms->starts));
	for (i = 0; syms->starts && i < syms->nr; i++)
		syms->starts[i] = syms->entries[i]->start;
	symbols__index(syms);
}

/*
 * A report looks up every frame of every sample: a binary search through
 * the symbols' own starts missed the cache at every step, and most
 * lookups repeat an address seen before.  Without the memory for these,
 * lookups search the symbols.
 */
void symbols__index(struct symbols *syms)
{
	free(syms->cache);
	syms->cache = NULL;
	if (syms->nr >= SYMBOL_CACHE_MIN)
		syms->cache = calloc(1u << SYMBOL_CACHE_BITS, sizeof(*syms->cache));
	syms->sorted = true;
}

/*
 * Filling a kallsyms entry in is a cache fill, like the lookup cache's:
 * the table's contents do not change, so lookups keep taking it const.
 */
const struct symbol *symbols__entry(const struct symbols *syms, size_t i)
{
	if (!syms->entries[i] && syms->rows)
		syms->entries[i] = kallsyms_rows__symbol(syms->rows, syms, i);
	return syms->entries[i];
}

/*
 * The number of starts <= @addr.  No branch on the comparisons: they go
 * either way at random, and mispredicting half of a dozen per lookup cost
 * more than the search itself.
 */
static size_t starts__upper(const u64 *starts, size_t nr, u64 addr)
{
	const u64 *base = starts;

	if (!nr)
		return 0;
	while (nr > 1) {
		size_t half = nr / 2;

		base = base[half] <= addr ? base + half : base;
		nr -= half;
	}
	return (size_t)(base - starts) + (*base <= addr);
}

static const struct symbol *symbols__search(const struct symbols *syms, u64 addr)
{
	const struct symbol *sym;
	size_t lo = 0, hi = syms->nr;

	/* the last symbol whose start <= addr */
	if (syms->starts) {
		lo = starts__upper(syms->starts, syms->nr, addr);
	} else {
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (syms->entries[mid]->start <= addr)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	if (!lo)
		return NULL;
	sym = symbols__entry(syms, lo - 1);
	return sym && addr < sym->end ? sym : NULL;
}

const struct symbol *symbols__find(const struct symbols *syms, u64 addr)
{
	struct symbol_cache_slot *slot;

	if (!syms->sorted)
		return NULL;
	if (!syms->cache)
		return symbols__search(syms, addr);
	/* slot 0 of a fresh cache holds address 0: searched, then cached, once */
	slot = &syms->cache[(addr * 0x9e3779b97f4a7c15ULL) >> (64 - SYMBOL_CACHE_BITS)];
	if (slot->addr != addr || !slot->sym) {
		slot->addr = addr;
		slot->sym = symbols__search(syms, addr);
	}
	return slot->sym;
}

const struct symbol *symbols__find_by_name(const struct symbols *syms, const char *name)
{
	size_t i;

	for (i = 0; i < syms->nr; i++) {
		const struct symbol *sym = symbols__entry(syms, i);

		if (sym && !strcmp(sym->name, name))
			return sym;
	}
	return NULL;
}
