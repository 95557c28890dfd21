/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cache of resolved addresses, in front of machine__resolve().
 *
 * A profile resolves the same few tens of thousands of addresses millions
 * of times (every frame of every sample): a map search, a symbol search
 * and the DSO's segment arithmetic each time.  The answer for (address
 * space, cpumode, ip) only changes when a map is inserted into that
 * address space or the machine learns something about its kernel or
 * DSOs, so a slot remembers the generations it was computed under and is
 * used only while they are current.
 */
#ifndef __PERF_ADDR_CACHE_H
#define __PERF_ADDR_CACHE_H

#include <linux/types.h>
#include <stdbool.h>

struct maps;
struct addr_location;
struct addr_cache_slot;

struct addr_cache {
	struct addr_cache_slot	*slots;		/* NULL until the first store */
	unsigned int		bits;		/* 1 << bits slots */
	u64			hits;
	u64			misses;		/* since the table took its size */
};

struct addr_cache_key {
	struct maps	*maps;		/* user address space; NULL for kernel addresses */
	u64		ip;
	u32		gen;		/* the machine's resolve generation */
	u8		cpumode;
};

void addr_cache__init(struct addr_cache *cache);
void addr_cache__exit(struct addr_cache *cache);

/*
 * Ask for @key's slot ahead of its lookup: a callchain's addresses are
 * known before any is resolved, and one slot after another, each a
 * cache miss in a table of megabytes, was a quarter of a -g report.
 */
void addr_cache__prefetch(const struct addr_cache *cache, const struct addr_cache_key *key);

/* Fill @al's map, dso, sym and addr from a current slot; false on a miss. */
bool addr_cache__lookup(struct addr_cache *cache, const struct addr_cache_key *key,
			struct addr_location *al);

/*
 * Remember @al for @key.  Best effort: without memory for the table
 * nothing is cached and every lookup misses.
 */
void addr_cache__store(struct addr_cache *cache, const struct addr_cache_key *key,
		       const struct addr_location *al);

#endif
