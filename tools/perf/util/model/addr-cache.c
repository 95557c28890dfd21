// SPDX-License-Identifier: GPL-2.0
/*
 * The resolved-address cache: direct-mapped, 64-byte slots.
 *
 * A slot holds a reference on the address space it was computed for, so
 * that no other maps object can be allocated at that address while the
 * slot names it: pointer equality plus the maps' generation is then an
 * exact identity test.  The map, DSO and symbol it hands back are
 * borrowed from that address space, alive for as long as its generation
 * is unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/model/addr-cache.h"
#include "util/model/machine.h"
#include "util/model/map.h"

/*
 * The table starts at 4K slots (256 KiB, within a core's L2) and grows
 * 4x, to 64K slots at most, each time it has missed as many times as it
 * has slots: a flat report resolves a few thousand distinct addresses,
 * while a -g profile of a large program resolves some 30K, for which a
 * small table made conflict misses the common case.  A grown table
 * starts empty: the misses that refill it are what growing costs.
 */
#define ADDR_CACHE_MIN_BITS	12
#define ADDR_CACHE_MAX_BITS	16
#define ADDR_CACHE_GROW_BITS	2

struct addr_cache_slot {
	u64			ip;
	struct maps		*maps;		/* a reference, or NULL */
	u32			maps_gen;
	u32			gen;
	u8			cpumode;
	bool			used;
	struct map		*map;
	struct dso		*dso;
	const struct symbol	*sym;
	u64			addr;
};

_Static_assert(sizeof(struct addr_cache_slot) == 64, "a slot is one cache line");

void addr_cache__init(struct addr_cache *cache)
{
	cache->slots = NULL;
	cache->bits = ADDR_CACHE_MIN_BITS;
	cache->hits = cache->misses = 0;
}

static void addr_cache__free_slots(struct addr_cache *cache)
{
	size_t i;

	for (i = 0; cache->slots && i < (1u << cache->bits); i++)
		maps__put(cache->slots[i].maps);
	free(cache->slots);
	cache->slots = NULL;
}

void addr_cache__exit(struct addr_cache *cache)
{
	addr_cache__free_slots(cache);
}

/* A table for the next store: the first one, or a bigger one if this one thrashes. */
static bool addr_cache__prepare(struct addr_cache *cache)
{
	if (cache->slots && cache->bits < ADDR_CACHE_MAX_BITS &&
	    cache->misses > (1u << cache->bits)) {
		addr_cache__free_slots(cache);
		cache->bits += ADDR_CACHE_GROW_BITS;
		if (cache->bits > ADDR_CACHE_MAX_BITS)
			cache->bits = ADDR_CACHE_MAX_BITS;
	}
	if (!cache->slots) {
		size_t size = sizeof(*cache->slots) << cache->bits;

		/*
		 * Slots on cache-line boundaries: calloc's 16-byte alignment
		 * left most 64-byte slots across two lines, two misses a lookup.
		 */
		cache->slots = aligned_alloc(64, size);
		if (cache->slots)
			memset(cache->slots, 0, size);
		cache->misses = 0;
	}
	return cache->slots != NULL;
}

static struct addr_cache_slot *addr_cache__slot(const struct addr_cache *cache,
						const struct addr_cache_key *key)
{
	u64 h = key->ip ^ ((uintptr_t)key->maps >> 4) * 0x100000001b3ULL ^ key->cpumode;

	return &cache->slots[(h * 0x9e3779b97f4a7c15ULL) >> (64 - cache->bits)];
}

static u32 addr_cache__maps_gen(const struct maps *maps)
{
	return maps ? maps->gen : 0;
}

void addr_cache__prefetch(const struct addr_cache *cache, const struct addr_cache_key *key)
{
	if (cache->slots)
		__builtin_prefetch(addr_cache__slot(cache, key));
}

bool addr_cache__lookup(struct addr_cache *cache, const struct addr_cache_key *key,
			struct addr_location *al)
{
	const struct addr_cache_slot *slot;

	if (!cache->slots)
		goto miss;
	slot = addr_cache__slot(cache, key);
	if (!slot->used || slot->ip != key->ip || slot->maps != key->maps ||
	    slot->cpumode != key->cpumode || slot->gen != key->gen ||
	    slot->maps_gen != addr_cache__maps_gen(key->maps))
		goto miss;
	al->map = slot->map;
	al->dso = slot->dso;
	al->sym = slot->sym;
	al->addr = slot->addr;
	cache->hits++;
	return true;
miss:
	cache->misses++;
	return false;
}

void addr_cache__store(struct addr_cache *cache, const struct addr_cache_key *key,
		       const struct addr_location *al)
{
	struct addr_cache_slot *slot;

	if (!addr_cache__prepare(cache))
		return;
	slot = addr_cache__slot(cache, key);
	if (slot->maps != key->maps) {
		maps__put(slot->maps);
		slot->maps = maps__get(key->maps);
	}
	slot->used = true;
	slot->ip = key->ip;
	slot->maps_gen = addr_cache__maps_gen(key->maps);
	slot->gen = key->gen;
	slot->cpumode = key->cpumode;
	slot->map = al->map;
	slot->dso = al->dso;
	slot->sym = al->sym;
	slot->addr = al->addr;
}
