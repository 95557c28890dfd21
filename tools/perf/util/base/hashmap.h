/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small generic hash table: the caller hashes its key and compares it,
 * the table keeps (hash, value) pairs.  Several values may share a hash
 * or even a key (one path mapped with two build-ids): a lookup walks them
 * in the order they were added, so "the first one made" is the first one
 * met.  Nothing is ever removed: the users (DSOs, build-id hints) live as
 * long as the table.
 *
 * Values sit in a dense array in insertion order; the slots (open
 * addressing, linear probing, load under 1/2) hold indexes into it, so
 * growing rehashes in insertion order and keeps that promise.
 */
#ifndef __PERF_HASHMAP_H
#define __PERF_HASHMAP_H

#include <linux/types.h>
#include <stddef.h>

struct hashmap_entry {
	u64	hash;
	void	*value;
};

struct hashmap {
	struct hashmap_entry	*entries;	/* insertion order */
	size_t			nr, alloc;
	u32			*slots;		/* index + 1, 0: empty */
	size_t			nr_slots;	/* power of two */
};

void hashmap__init(struct hashmap *map);
/* Frees the table, not the values. */
void hashmap__exit(struct hashmap *map);

/* Add @value under @hash (duplicates allowed).  Returns 0 or -ENOMEM. */
int hashmap__add(struct hashmap *map, u64 hash, void *value);

/*
 * The values added under @hash, oldest first: start with *@iter = 0 and
 * call until NULL.  Other hashes sharing a slot chain are skipped, but a
 * value whose key merely hashes alike is returned: compare the key.
 */
void *hashmap__next(const struct hashmap *map, u64 hash, size_t *iter);

static inline size_t hashmap__nr(const struct hashmap *map)
{
	return map->nr;
}

/* FNV-1a over a string / over bytes, mixed with @seed (0 to start). */
u64 hash__str(const char *s, u64 seed);
u64 hash__bytes(const void *p, size_t len, u64 seed);

#endif
