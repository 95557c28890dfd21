// SPDX-License-Identifier: GPL-2.0
/*
 * Maps of an address space.  A sorted array: a process has at most a few
 * thousand maps and mmaps are rare next to samples, so an O(n) memmove
 * on insert buys an O(log n), cache-friendly lookup per sample.
 *
 * Map objects are never changed once inserted (an addr_location may hold
 * one): trimming or splitting an old map replaces it by new objects.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"
#include "util/model/map.h"
#include "util/model/dso.h"

struct map *map__new(u64 start, u64 len, u64 pgoff, struct dso *dso)
{
	struct map *map;

	if (!len || start + len < start)
		return NULL;
	map = calloc(1, sizeof(*map));
	if (!map)
		return NULL;
	map->start = start;
	map->end = start + len;
	map->pgoff = pgoff;
	map->dso = dso__get(dso);
	map->refcnt = 1;
	return map;
}

struct map *map__clone(const struct map *map)
{
	struct map *m = malloc(sizeof(*m));

	if (!m)
		return NULL;
	*m = *map;
	m->dso = dso__get(map->dso);
	m->refcnt = 1;
	return m;
}

struct map *map__get(struct map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void map__put(struct map *map)
{
	if (!map || --map->refcnt > 0)
		return;
	dso__put(map->dso);
	free(map);
}

u64 map__map_ip(const struct map *map, u64 ip)
{
	if (!map->dso || map->dso->kernel)
		return ip;
	if (map->dso->kmod)
		return ip - map->start;
	return dso__offset_to_addr(map->dso, ip - map->start + map->pgoff);
}

const struct symbol *map__find_symbol(struct map *map, u64 ip, const struct dso_load_opts *opts)
{
	if (!map->dso)
		return NULL;
	if (map->dso->load_state == DSO_LOAD__NOT_TRIED)
		dso__load(map->dso, opts);
	return dso__find_symbol(map->dso, map__map_ip(map, ip));
}

struct maps *maps__new(void)
{
	struct maps *maps = calloc(1, sizeof(*maps));

	if (maps)
		maps->refcnt = 1;
	return maps;
}

struct maps *maps__get(struct maps *maps)
{
	if (maps)
		maps->refcnt++;
	return maps;
}

void maps__put(struct maps *maps)
{
	size_t i;

	if (!maps || --maps->refcnt > 0)
		return;
	for (i = 0; i < maps->nr; i++)
		map__put(maps->entries[i]);
	free(maps->entries);
	free(maps);
}

/* Index of the first map whose end is above @addr (maps->nr if none). */
static size_t maps__first_ending_after(const struct maps *maps, u64 addr)
{
	size_t lo = 0, hi = maps->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int maps__reserve(struct maps *maps, size_t extra)
{
	if (extra > SIZE_MAX - maps->nr)
		return -EOVERFLOW;
	return ARRAY_GROW(maps->entries, maps->alloc, maps->nr + extra);
}

int maps__insert(struct maps *maps, struct map *map)
{
	struct map *left = NULL, *right = NULL, *repl[3];
	size_t lo, hi, nr_repl = 0, i;

	lo = maps__first_ending_after(maps, map->start);
	for (hi = lo; hi < maps->nr && maps->entries[hi]->start < map->end; hi++)
		;
	/* [lo, hi) overlap @map; keep what sticks out on either side */
	if (lo < hi && maps->entries[lo]->start < map->start) {
		left = map__clone(maps->entries[lo]);
		if (!left)
			return -ENOMEM;
		left->end = map->start;
	}
	if (lo < hi && maps->entries[hi - 1]->end > map->end) {
		const struct map *old = maps->entries[hi - 1];

		right = map__clone(old);
		if (!right) {
			map__put(left);
			return -ENOMEM;
		}
		right->start = map->end;
		right->pgoff = old->pgoff + (map->end - old->start);
	}
	if (left)
		repl[nr_repl++] = left;
	repl[nr_repl++] = map__get(map);
	if (right)
		repl[nr_repl++] = right;

	if (nr_repl > hi - lo && maps__reserve(maps, nr_repl - (hi - lo))) {
		for (i = 0; i < nr_repl; i++)
			map__put(repl[i]);
		return -ENOMEM;
	}
	for (i = lo; i < hi; i++)
		map__put(maps->entries[i]);
	memmove(&maps->entries[lo + nr_repl], &maps->entries[hi],
		(maps->nr - hi) * sizeof(*maps->entries));
	memcpy(&maps->entries[lo], repl, nr_repl * sizeof(*repl));
	maps->nr = maps->nr - (hi - lo) + nr_repl;
	maps->gen++;
	return 0;
}

struct map *maps__find(const struct maps *maps, u64 addr)
{
	size_t i = maps__first_ending_after(maps, addr);

	if (i < maps->nr && maps->entries[i]->start <= addr)
		return maps->entries[i];
	return NULL;
}

struct maps *maps__clone(const struct maps *src)
{
	struct maps *maps = maps__new();
	size_t i;

	if (!maps)
		return NULL;
	if (maps__reserve(maps, src->nr)) {
		maps__put(maps);
		return NULL;
	}
	/* map objects are immutable: the copy shares them */
	for (i = 0; i < src->nr; i++)
		maps->entries[maps->nr++] = map__get(src->entries[i]);
	return maps;
}
