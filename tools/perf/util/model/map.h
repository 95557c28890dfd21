/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A map is one mmap of a DSO into an address space; maps are the sorted,
 * non-overlapping set of them for one process (or for the kernel).
 * Inserting a map that overlaps existing ones trims or splits them, as
 * the kernel's mmap does; lookups by address are O(log n).
 */
#ifndef __PERF_MAP_H
#define __PERF_MAP_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

struct dso;
struct symbol;
struct dso_load_opts;

struct map {
	u64		start;		/* [start, end) */
	u64		end;
	u64		pgoff;		/* file offset of start */
	u32		prot, flags;
	struct dso	*dso;		/* a reference */
	int		refcnt;
};

/* Takes its own reference on @dso.  @len 0 or wrapping: -EINVAL (NULL). */
struct map *map__new(u64 start, u64 len, u64 pgoff, struct dso *dso);
struct map *map__clone(const struct map *map);
struct map *map__get(struct map *map);
void map__put(struct map *map);

static inline bool map__contains(const struct map *map, u64 addr)
{
	return addr >= map->start && addr < map->end;
}

/*
 * A sample address -> the address the DSO's symbols use.  Kernel: the
 * same (kallsyms is absolute).  Module: relative to the map (ET_REL
 * symbols are .text-relative).  User: the file offset (start/pgoff), then
 * through the DSO's PT_LOAD segments to a link-time address.
 */
u64 map__map_ip(const struct map *map, u64 ip);

/* Load the DSO's symbols if needed and look @ip up. */
const struct symbol *map__find_symbol(struct map *map, u64 ip, const struct dso_load_opts *opts);

struct maps {
	struct map	**entries;	/* sorted by start, non-overlapping */
	size_t		nr, alloc;
	int		refcnt;		/* threads of one process share them */
	u32		gen;		/* bumped by every change: see addr-cache.h */
};

struct maps *maps__new(void);
struct maps *maps__get(struct maps *maps);
void maps__put(struct maps *maps);

/*
 * Insert @map (maps takes its own reference).  Parts of older maps that
 * @map covers are dropped: an old map is removed, trimmed at either end
 * or split in two (its right part keeps the right pgoff).
 * Returns 0 or -ENOMEM (maps unchanged).
 */
int maps__insert(struct maps *maps, struct map *map);

/* The map containing @addr, or NULL.  Borrowed.  O(log n). */
struct map *maps__find(const struct maps *maps, u64 addr);

/* A copy of @src for a forked process (sharing the immutable map objects). */
struct maps *maps__clone(const struct maps *src);

static inline size_t maps__nr(const struct maps *maps)
{
	return maps->nr;
}

#endif
