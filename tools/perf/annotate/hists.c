// SPDX-License-Identifier: GPL-2.0
/*
 * Per-symbol address histograms for perf annotate.  A hostile file can
 * name any address: entries are made per distinct sampled address (one
 * hash lookup per sample), never sized after the symbol, whose size the
 * file's DSO decides.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/hists.h"
#include "util/base/array.h"
#include "util/model/dso.h"

void annotate_hists__init(struct annotate_hists *h)
{
	memset(h, 0, sizeof(*h));
	hashmap__init(&h->by_sym);
}

void annotate_hists__exit(struct annotate_hists *h)
{
	size_t i;

	for (i = 0; i < h->nr; i++) {
		struct annotated_sym *as = h->syms[i];

		hashmap__exit(&as->by_offset);
		free(as->addrs);
		dso__put(as->dso);
		free(as);
	}
	free(h->syms);
	hashmap__exit(&h->by_sym);
}

static u64 annotate__sym_hash(const struct dso *dso, const struct symbol *sym)
{
	uintptr_t key[2] = { (uintptr_t)dso, (uintptr_t)sym };

	return hash__bytes(key, sizeof(key), 0);
}

static struct annotated_sym *annotate_hists__findnew(struct annotate_hists *h, struct dso *dso,
						     const struct symbol *sym)
{
	u64 hash = annotate__sym_hash(dso, sym);
	struct annotated_sym *as;
	size_t iter = 0;

	while ((as = hashmap__next(&h->by_sym, hash, &iter)))
		if (as->dso == dso && as->sym == sym)
			return as;
	if (ARRAY_GROW(h->syms, h->alloc, h->nr + 1))
		return NULL;
	as = calloc(1, sizeof(*as));
	if (!as)
		return NULL;
	hashmap__init(&as->by_offset);
	if (hashmap__add(&h->by_sym, hash, as)) {
		free(as);
		return NULL;
	}
	as->dso = dso__get(dso);
	as->sym = sym;
	h->syms[h->nr++] = as;
	return as;
}

static struct annotate_addr *annotated_sym__findnew(struct annotated_sym *as, u64 offset)
{
	u64 hash = hash__bytes(&offset, sizeof(offset), 0);
	size_t iter = 0;
	void *v;

	while ((v = hashmap__next(&as->by_offset, hash, &iter))) {
		struct annotate_addr *a = &as->addrs[(uintptr_t)v - 1];

		if (a->offset == offset)
			return a;
	}
	if (ARRAY_GROW(as->addrs, as->alloc, as->nr_addrs + 1) ||
	    hashmap__add(&as->by_offset, hash, (void *)(uintptr_t)(as->nr_addrs + 1)))
		return NULL;
	as->addrs[as->nr_addrs] = (struct annotate_addr){ .offset = offset };
	return &as->addrs[as->nr_addrs++];
}

int annotate_hists__add(struct annotate_hists *h, struct dso *dso, const struct symbol *sym,
			u64 addr, u64 period)
{
	struct annotated_sym *as;
	struct annotate_addr *a;

	h->nr_samples++;
	h->period += period;
	if (!sym || addr < sym->start || addr >= sym->end)
		return 0;
	as = annotate_hists__findnew(h, dso, sym);
	if (!as)
		return -ENOMEM;
	a = annotated_sym__findnew(as, addr - sym->start);
	if (!a)
		return -ENOMEM;
	a->nr_samples++;
	a->period += period;
	as->nr_samples++;
	as->period += period;
	return 0;
}

static int annotate__cmp_sym(const void *pa, const void *pb)
{
	const struct annotated_sym *a = *(const struct annotated_sym * const *)pa;
	const struct annotated_sym *b = *(const struct annotated_sym * const *)pb;
	int r;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	if (a->nr_samples != b->nr_samples)
		return a->nr_samples > b->nr_samples ? -1 : 1;
	r = strcmp(a->dso->long_name, b->dso->long_name);
	return r ? r : strcmp(a->sym->name, b->sym->name);
}

static int annotate__cmp_addr(const void *pa, const void *pb)
{
	const struct annotate_addr *a = pa, *b = pb;

	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

void annotate_hists__sort(struct annotate_hists *h)
{
	size_t i;

	if (h->nr)
		qsort(h->syms, h->nr, sizeof(*h->syms), annotate__cmp_sym);
	/* the offset index is not needed past this point: it would be stale */
	for (i = 0; i < h->nr; i++) {
		struct annotated_sym *as = h->syms[i];

		if (as->nr_addrs)
			qsort(as->addrs, as->nr_addrs, sizeof(*as->addrs), annotate__cmp_addr);
		hashmap__exit(&as->by_offset);
		hashmap__init(&as->by_offset);
	}
}
