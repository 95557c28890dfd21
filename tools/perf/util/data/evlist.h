/* SPDX-License-Identifier: GPL-2.0 */
/* The events of a session, and the id -> event lookup records need. */
#ifndef __PERF_EVLIST_H
#define __PERF_EVLIST_H

#include <linux/types.h>
#include "util/data/evsel.h"

struct evlist {
	struct evsel **entries;
	int nr;
	/* id -> evsel, open addressing; rebuilt as ids are added */
	struct evlist_id_slot { u64 id; struct evsel *evsel; } *id_hash;
	u32 id_hash_size;
	u32 nr_ids;
};

void evlist__init(struct evlist *evlist);
void evlist__exit(struct evlist *evlist);

/*
 * Add an event.  @attr_size bytes of @attr are copied (the rest zeroed,
 * extra bytes beyond our struct ignored).  Returns the new evsel or NULL
 * (ENOMEM).
 */
struct evsel *evlist__add(struct evlist *evlist, const void *attr, u32 attr_size,
			  const u64 *ids, u32 nr_ids);
int evsel__add_ids(struct evlist *evlist, struct evsel *evsel, const u64 *ids, u32 nr);

struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id);

/*
 * Which event a record belongs to: by PERF_SAMPLE_IDENTIFIER/ID where the
 * attrs carry one, the only event when there is one.  NULL if unknown.
 */
struct evsel *evlist__event2evsel(const struct evlist *evlist, const union perf_event *event);

/* Does any attr ask for MMAP3 (so type 23 records are MMAP3)? */
bool evlist__wants_mmap3(const struct evlist *evlist);

#endif
