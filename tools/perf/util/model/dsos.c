// SPDX-License-Identifier: GPL-2.0
/*
 * The DSOs of a machine: found by build-id, else by path and inode,
 * through hash tables (a 64K-entry build-id table or 30K mapped files
 * made every list scan quadratic), and the build-ids the perf.data
 * header gives by path.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"
#include "util/model/dso.h"

struct dso_hint {
	char		*name;
	struct build_id	bid;
	bool		ambiguous;	/* the path was seen with two ids */
};

void dsos__init(struct dsos *dsos)
{
	memset(dsos, 0, sizeof(*dsos));
	hashmap__init(&dsos->by_name);
	hashmap__init(&dsos->by_build_id);
	hashmap__init(&dsos->hints);
}

void dsos__exit(struct dsos *dsos)
{
	size_t i;

	for (i = 0; i < dsos->nr; i++)
		dso__put(dsos->entries[i]);
	free(dsos->entries);
	for (i = 0; i < hashmap__nr(&dsos->hints); i++) {
		struct dso_hint *h = dsos->hints.entries[i].value;

		free(h->name);
		free(h);
	}
	hashmap__exit(&dsos->hints);
	hashmap__exit(&dsos->by_name);
	hashmap__exit(&dsos->by_build_id);
	dsos__init(dsos);
}

struct dso *dsos__find_by_build_id(const struct dsos *dsos, const struct build_id *bid)
{
	u64 hash = build_id__hash(bid);
	struct dso *dso;
	size_t it = 0;

	if (!bid->size)
		return NULL;
	while ((dso = hashmap__next(&dsos->by_build_id, hash, &it)) != NULL) {
		if (build_id__equal(&dso->id.bid, bid))
			return dso;
	}
	return NULL;
}

static const char *dsos__canonical_name(const char *name)
{
	return dso__name_is_kernel(name) ? DSO_KERNEL_NAME : name;
}

static struct dso_hint *dsos__find_hint(const struct dsos *dsos, const char *name)
{
	struct dso_hint *h;
	size_t it = 0;

	while ((h = hashmap__next(&dsos->hints, hash__str(name, 0), &it)) != NULL) {
		if (!strcmp(h->name, name))
			return h;
	}
	return NULL;
}

int dsos__add_build_id_hint(struct dsos *dsos, const char *name, const struct build_id *bid)
{
	struct dso_hint *h;

	name = dsos__canonical_name(name);
	if (!bid->size)
		return 0;
	h = dsos__find_hint(dsos, name);
	if (h) {
		if (!build_id__equal(&h->bid, bid))
			h->ambiguous = true;
		return 0;
	}
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->name = strdup(name);
	if (!h->name || hashmap__add(&dsos->hints, hash__str(name, 0), h)) {
		free(h->name);
		free(h);
		return -ENOMEM;
	}
	h->bid = *bid;
	return 0;
}

static const struct build_id *dsos__hint(const struct dsos *dsos, const char *name)
{
	const struct dso_hint *h = dsos__find_hint(dsos, name);

	return h && !h->ambiguous ? &h->bid : NULL;
}

static bool dso_id__same_inode(const struct dso_id *a, const struct dso_id *b)
{
	return a->has_inode && b->has_inode && a->maj == b->maj && a->min == b->min &&
	       a->ino == b->ino && a->ino_generation == b->ino_generation;
}

/* The DSOs called @name, oldest first: *@it = 0 to start. */
static struct dso *dsos__next_named(const struct dsos *dsos, const char *name, size_t *it)
{
	u64 hash = hash__str(name, 0);
	struct dso *dso;

	while ((dso = hashmap__next(&dsos->by_name, hash, it)) != NULL) {
		if (!strcmp(dso->long_name, name))
			return dso;
	}
	return NULL;
}

/* No build-id: same path and, when both know it, the same inode. */
static struct dso *dsos__find_by_name_id(const struct dsos *dsos, const char *name,
					 const struct dso_id *id)
{
	struct dso *dso;
	size_t it = 0;

	while ((dso = dsos__next_named(dsos, name, &it)) != NULL) {
		if (dso__has_build_id(dso))
			continue;
		if (id->has_inode || dso->id.has_inode) {
			if (dso_id__same_inode(id, &dso->id))
				return dso;
			continue;
		}
		return dso;
	}
	return NULL;
}

/* A DSO learned its build-id after it was made: index it by that too. */
static int dsos__index_build_id(struct dsos *dsos, struct dso *dso)
{
	return hashmap__add(&dsos->by_build_id, build_id__hash(&dso->id.bid), dso);
}

/* A new DSO, owned by @dsos.  Borrowed reference, NULL on ENOMEM. */
static struct dso *dsos__new(struct dsos *dsos, const char *name, const struct dso_id *id)
{
	struct dso *dso;

	if (ARRAY_GROW(dsos->entries, dsos->alloc, dsos->nr + 1))
		return NULL;
	dso = dso__new(name, id);
	if (!dso)
		return NULL;
	/* owned from here on, so that no index can point at a freed DSO */
	dsos->entries[dsos->nr++] = dso;
	if (hashmap__add(&dsos->by_name, hash__str(dso->long_name, 0), dso) ||
	    (dso__has_build_id(dso) && dsos__index_build_id(dsos, dso)))
		return NULL;
	return dso;
}

struct dso *dsos__findnew_id(struct dsos *dsos, const char *name, const struct dso_id *id)
{
	struct dso_id want = { .has_inode = false };
	const struct build_id *hint;
	struct dso *dso;

	name = dsos__canonical_name(name);
	if (id)
		want = *id;
	if (!want.bid.size && (hint = dsos__hint(dsos, name)) != NULL)
		want.bid = *hint;
	/* the build-id is the identity: the name it was mapped under is not */
	dso = want.bid.size ? dsos__find_by_build_id(dsos, &want.bid) :
			      dsos__find_by_name_id(dsos, name, &want);
	if (!dso)
		dso = dsos__new(dsos, name, &want);
	return dso__get(dso);
}

struct dso *dsos__findnew_build_id(struct dsos *dsos, const char *name,
				   const struct build_id *bid)
{
	struct dso_id id = { .bid = *bid };
	struct dso *dso;
	size_t it = 0;

	while ((dso = dsos__next_named(dsos, name, &it)) != NULL) {
		if (build_id__equal(&dso->id.bid, bid))
			return dso;
		if (!dso__has_build_id(dso) && bid->size) {
			dso->id.bid = *bid;
			return dsos__index_build_id(dsos, dso) ? NULL : dso;
		}
	}
	return dsos__new(dsos, name, &id);
}
