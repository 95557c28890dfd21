/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What annotate counts: per event, per symbol (a DSO's symbol, so one
 * symbol of two processes is one entry, as upstream's dso,sym sort key
 * makes it), the samples and period at each address of the symbol.
 * Memory grows with distinct sampled addresses, never with samples.
 */
#ifndef __PERF_ANNOTATE_HISTS_H
#define __PERF_ANNOTATE_HISTS_H

#include <linux/types.h>
#include <stddef.h>
#include "util/base/hashmap.h"

struct dso;
struct symbol;

struct annotate_addr {
	u64	offset;		/* from the symbol's start */
	u64	nr_samples;
	u64	period;
};

struct annotated_sym {
	struct dso		*dso;	/* a reference: the symbol lives in it */
	const struct symbol	*sym;
	u64			nr_samples, period;
	struct annotate_addr	*addrs;	/* sorted by offset once sorted */
	size_t			nr_addrs, alloc;
	struct hashmap		by_offset;	/* offset -> index + 1 */
};

/* One event's symbols. */
struct annotate_hists {
	struct hashmap		by_sym;	/* (dso, sym) -> annotated_sym */
	struct annotated_sym	**syms;	/* hottest first once sorted */
	size_t			nr, alloc;
	u64			nr_samples, period;	/* the event's, symbol or not */
};

void annotate_hists__init(struct annotate_hists *h);
void annotate_hists__exit(struct annotate_hists *h);

/* Count one sample (@sym NULL: in the totals only).  0 or -ENOMEM. */
int annotate_hists__add(struct annotate_hists *h, struct dso *dso, const struct symbol *sym,
			u64 addr, u64 period);

/* Hottest symbol first (period, then samples, then name); addresses in order. */
void annotate_hists__sort(struct annotate_hists *h);

#endif
