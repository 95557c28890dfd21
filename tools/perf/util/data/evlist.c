// SPDX-License-Identifier: GPL-2.0
/*
 * The events of a session and the id -> event lookup: a record names its
 * event only by a sample id, found where the attrs' sample_type puts it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/data/evlist.h"

void evlist__init(struct evlist *evlist)
{
	memset(evlist, 0, sizeof(*evlist));
}

void evlist__exit(struct evlist *evlist)
{
	int i;

	for (i = 0; i < evlist->nr; i++) {
		free(evlist->entries[i]->ids);
		free(evlist->entries[i]->name);
		free(evlist->entries[i]);
	}
	free(evlist->entries);
	free(evlist->id_hash);
	memset(evlist, 0, sizeof(*evlist));
}

static u32 id_hash__slot(u64 id, u32 size)
{
	/* size is a power of two; mix the bits, ids are often sequential */
	id *= 0x9e3779b97f4a7c15ULL;
	return (u32)(id >> 32) & (size - 1);
}

static void id_hash__insert(struct evlist_id_slot *tab, u32 size, u64 id, struct evsel *evsel)
{
	u32 i = id_hash__slot(id, size);

	while (tab[i].evsel && tab[i].id != id)
		i = (i + 1) & (size - 1);
	tab[i].id = id;
	tab[i].evsel = evsel;
}

/* Keep the table at most half full so probing stays short. */
static int evlist__grow_ids(struct evlist *evlist, u32 more)
{
	struct evlist_id_slot *tab;
	u64 need = ((u64)evlist->nr_ids + more) * 2;
	u32 size = evlist->id_hash_size ? evlist->id_hash_size : 16;
	u32 i;

	if (need <= evlist->id_hash_size)
		return 0;
	while (size < need) {
		if (size >= (1U << 30))
			return -ENOMEM;
		size *= 2;
	}
	tab = calloc(size, sizeof(*tab));
	if (!tab)
		return -ENOMEM;
	for (i = 0; i < evlist->id_hash_size; i++) {
		if (evlist->id_hash[i].evsel)
			id_hash__insert(tab, size, evlist->id_hash[i].id, evlist->id_hash[i].evsel);
	}
	free(evlist->id_hash);
	evlist->id_hash = tab;
	evlist->id_hash_size = size;
	return 0;
}

int evsel__add_ids(struct evlist *evlist, struct evsel *evsel, const u64 *ids, u32 nr)
{
	u64 *n;
	u32 i;

	if (!nr)
		return 0;
	if (evsel->nr_ids + (u64)nr > (1U << 24))
		return -ENOMEM;
	if (evlist__grow_ids(evlist, nr))
		return -ENOMEM;
	n = realloc(evsel->ids, (evsel->nr_ids + nr) * sizeof(u64));
	if (!n)
		return -ENOMEM;
	evsel->ids = n;
	memcpy(n + evsel->nr_ids, ids, nr * sizeof(u64));
	evsel->nr_ids += nr;
	for (i = 0; i < nr; i++) {
		/* a duplicate id (seen in pipe + file headers) counts once */
		if (!evlist__id2evsel(evlist, ids[i]))
			evlist->nr_ids++;
		id_hash__insert(evlist->id_hash, evlist->id_hash_size, ids[i], evsel);
	}
	return 0;
}

struct evsel *evlist__add(struct evlist *evlist, const void *attr, u32 attr_size,
			  const u64 *ids, u32 nr_ids)
{
	struct evsel **entries, *evsel;

	evsel = calloc(1, sizeof(*evsel));
	if (!evsel)
		return NULL;
	memcpy(&evsel->attr, attr,
	       attr_size < sizeof(evsel->attr) ? attr_size : sizeof(evsel->attr));
	evsel->attr_size = attr_size;
	evsel->idx = evlist->nr;

	entries = realloc(evlist->entries, (evlist->nr + 1) * sizeof(*entries));
	if (!entries) {
		free(evsel);
		return NULL;
	}
	evlist->entries = entries;
	entries[evlist->nr++] = evsel;
	if (evsel__add_ids(evlist, evsel, ids, nr_ids)) {
		/* stays in the list (freed by evlist__exit), but report failure */
		return NULL;
	}
	return evsel;
}

struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id)
{
	u32 i, n;

	if (!evlist->id_hash_size)
		return NULL;
	i = id_hash__slot(id, evlist->id_hash_size);
	for (n = 0; n < evlist->id_hash_size && evlist->id_hash[i].evsel; n++) {
		if (evlist->id_hash[i].id == id)
			return evlist->id_hash[i].evsel;
		i = (i + 1) & (evlist->id_hash_size - 1);
	}
	return NULL;
}

/*
 * Where the id sits when every attr agrees on it: as a u64 index from the
 * start of a sample's body (-1: none), and counted back from the end of
 * other records (0: none).
 */
static void evlist__id_pos(const struct evlist *evlist, int *sample_pos, int *trailer_pos,
			   bool *id_all)
{
	u64 type = evlist->entries[0]->attr.sample_type;
	int i;

	*sample_pos = -1;
	*trailer_pos = 0;
	*id_all = !!(evlist->entries[0]->attr.flags & PERF_ATTR_FLAG_SAMPLE_ID_ALL);

	if (type & PERF_SAMPLE_IDENTIFIER) {
		for (i = 1; i < evlist->nr; i++) {
			if (!(evlist->entries[i]->attr.sample_type & PERF_SAMPLE_IDENTIFIER))
				return;
		}
		*sample_pos = 0;
		*trailer_pos = 1;
		return;
	}
	if (!(type & PERF_SAMPLE_ID))
		return;
	/* ID alone moves with the other fields: all sample_types must match */
	for (i = 1; i < evlist->nr; i++) {
		if (evlist->entries[i]->attr.sample_type != type)
			return;
	}
	*sample_pos = __builtin_popcountll(type & (PERF_SAMPLE_IP | PERF_SAMPLE_TID |
						   PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR));
	*trailer_pos = 1 + __builtin_popcountll(type & (PERF_SAMPLE_STREAM_ID |
							PERF_SAMPLE_CPU));
}

struct evsel *evlist__event2evsel(const struct evlist *evlist, const union perf_event *event)
{
	const u8 *rec = (const u8 *)event;
	u32 size = event->header.size;
	int sample_pos, trailer_pos;
	bool id_all;
	u64 id;

	if (!evlist->nr)
		return NULL;
	if (evlist->nr == 1)
		return evlist->entries[0];
	if (event->header.type >= PERF_RECORD_USER_TYPE_START)
		return NULL;

	evlist__id_pos(evlist, &sample_pos, &trailer_pos, &id_all);
	if (event->header.type == PERF_RECORD_SAMPLE) {
		if (sample_pos < 0 || size < 8 + 8 * (u32)(sample_pos + 1))
			return NULL;
		memcpy(&id, rec + 8 + 8 * sample_pos, 8);
	} else {
		/*
		 * No trailer: the record carries no id, and decoding it
		 * needs none, so any event describes it.
		 */
		if (!id_all)
			return evlist->entries[0];
		if (!trailer_pos || size < 8 + 8 * (u32)trailer_pos)
			return NULL;
		memcpy(&id, rec + size - 8 * trailer_pos, 8);
	}
	return evlist__id2evsel(evlist, id);
}

bool evlist__wants_mmap3(const struct evlist *evlist)
{
	int i;

	for (i = 0; i < evlist->nr; i++) {
		if (evlist->entries[i]->attr.flags & PERF_ATTR_FLAG_MMAP3)
			return true;
	}
	return false;
}

