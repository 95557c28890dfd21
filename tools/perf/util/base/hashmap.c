// SPDX-License-Identifier: GPL-2.0
/* The generic hash table of hashmap.h. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/hashmap.h"
#include "util/base/array.h"

#define FNV_OFFSET	0xcbf29ce484222325ULL
#define FNV_PRIME	0x100000001b3ULL

u64 hash__bytes(const void *p, size_t len, u64 seed)
{
	const u8 *b = p;
	u64 h = FNV_OFFSET ^ seed;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ b[i]) * FNV_PRIME;
	return h;
}

u64 hash__str(const char *s, u64 seed)
{
	return hash__bytes(s, strlen(s), seed);
}

void hashmap__init(struct hashmap *map)
{
	memset(map, 0, sizeof(*map));
}

void hashmap__exit(struct hashmap *map)
{
	free(map->entries);
	free(map->slots);
	hashmap__init(map);
}

/* FNV's low bits are good enough, but fold the high ones in anyway. */
static size_t hashmap__home(const struct hashmap *map, u64 hash)
{
	return (size_t)(hash ^ (hash >> 32)) & (map->nr_slots - 1);
}

static int hashmap__rehash(struct hashmap *map, size_t nr_slots)
{
	u32 *slots = calloc(nr_slots, sizeof(*slots));
	size_t i;

	if (!slots)
		return -ENOMEM;
	free(map->slots);
	map->slots = slots;
	map->nr_slots = nr_slots;
	/* in insertion order: equal hashes keep their order along the probe */
	for (i = 0; i < map->nr; i++) {
		size_t s = hashmap__home(map, map->entries[i].hash);

		while (map->slots[s])
			s = (s + 1) & (nr_slots - 1);
		map->slots[s] = i + 1;
	}
	return 0;
}

int hashmap__add(struct hashmap *map, u64 hash, void *value)
{
	size_t s;

	if (map->nr >= UINT32_MAX - 1)
		return -ENOMEM;
	if ((map->nr + 1) * 2 > map->nr_slots &&
	    hashmap__rehash(map, map->nr_slots ? map->nr_slots * 2 : 64))
		return -ENOMEM;
	if (ARRAY_GROW(map->entries, map->alloc, map->nr + 1))
		return -ENOMEM;
	map->entries[map->nr].hash = hash;
	map->entries[map->nr].value = value;
	for (s = hashmap__home(map, hash); map->slots[s]; s = (s + 1) & (map->nr_slots - 1))
		;
	map->slots[s] = ++map->nr;
	return 0;
}

void *hashmap__next(const struct hashmap *map, u64 hash, size_t *iter)
{
	size_t s;

	if (!map->nr_slots)
		return NULL;
	/* *iter counts the probe steps taken so far */
	for (s = (hashmap__home(map, hash) + *iter) & (map->nr_slots - 1); map->slots[s];
	     s = (s + 1) & (map->nr_slots - 1)) {
		const struct hashmap_entry *e = &map->entries[map->slots[s] - 1];

		++*iter;
		if (e->hash == hash)
			return e->value;
	}
	return NULL;
}
