// SPDX-License-Identifier: GPL-2.0
/*
 * Pairing two histograms: every entry of both sides in one array, sorted
 * by key so that equal keys (of either side) are adjacent, then merged.
 * O(n log n); nothing per sample.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/hists/hist-diff.h"
#include "util/hists/hist.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"
#include "util/model/thread.h"

struct diff_item {
	const struct hist_entry	*he;
	const char		*dso_name;
	bool			other;
	const struct sort_keys	*sk;
};

static const char *dso__diff_name(const struct dso *dso, bool verbose)
{
	if (!dso)
		return NULL;
	return verbose ? dso->long_name : dso->short_name;
}

/*
 * The other side's DSOs with a build-id, each once: few (one per binary
 * and library), however many entries there are.
 */
static int diff__other_dsos(const struct hists *other, const struct dso ***out, size_t *nr)
{
	const struct dso **v = NULL;
	size_t i, j, n = 0;

	*out = NULL;
	*nr = 0;
	for (i = 1; other && i <= other->nr_entries; i++) {
		const struct dso *o = other->by_index[i]->dso;
		const struct dso **nv;

		if (!o || !dso__has_build_id(o))
			continue;
		for (j = 0; j < n && v[j] != o; j++)
			;
		if (j < n)
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv) {
			free(v);
			return -ENOMEM;
		}
		v = nv;
		v[n++] = o;
	}
	*out = v;
	*nr = n;
	return 0;
}

/*
 * The name a baseline DSO pairs under: the other side's name for the same
 * build-id when it moved, else its own.
 */
static const char *diff__base_dso_name(const struct dso *dso, const struct dso **others,
				       size_t nr_others, bool verbose)
{
	size_t i;

	if (!dso || !dso__has_build_id(dso))
		return dso__diff_name(dso, verbose);
	for (i = 0; i < nr_others; i++)
		if (others[i] != dso && build_id__equal(&others[i]->id.bid, &dso->id.bid))
			return dso__diff_name(others[i], verbose);
	return dso__diff_name(dso, verbose);
}

static int cmp_str_null(const char *a, const char *b)
{
	if (!a || !b)
		return !a && !b ? 0 : (!a ? 1 : -1);
	return strcmp(a, b);
}

static int diff_item__cmp_key(const struct diff_item *a, const struct diff_item *b)
{
	const struct sort_keys *sk = a->sk;
	int i, ret = 0;

	for (i = 0; i < sk->nr && !ret; i++) {
		switch (sk->keys[i]) {
		case SORT_COMM:
			ret = strcmp(a->he->comm, b->he->comm);
			break;
		case SORT_PID: {
			int ta = a->he->thread ? a->he->thread->tid : -1;
			int tb = b->he->thread ? b->he->thread->tid : -1;

			ret = ta < tb ? -1 : ta > tb;
			break;
		}
		case SORT_DSO:
			ret = cmp_str_null(a->dso_name, b->dso_name);
			break;
		case SORT_SYM:
			/* by name alone, as upstream collapses (-s sym: all unknowns one) */
			ret = cmp_str_null(a->he->sym ? a->he->sym->name : NULL,
						   b->he->sym ? b->he->sym->name : NULL);
			break;
		default:
			break;
		}
	}
	return ret;
}

/*
 * Keys, then the baseline first, then by address: the first of a side
 * represents it (a DSO's unknown addresses show as the lowest, as
 * upstream's collapsed entry does).
 */
static int diff_item__cmp(const void *pa, const void *pb)
{
	const struct diff_item *a = pa, *b = pb;
	int ret = diff_item__cmp_key(a, b);

	if (ret)
		return ret;
	if (a->other != b->other)
		return a->other ? 1 : -1;
	if (a->he->addr != b->he->addr)
		return a->he->addr < b->he->addr ? -1 : 1;
	return a->he->index < b->he->index ? -1 : a->he->index > b->he->index;
}

struct diff_order {
	const struct sort_keys	*sk;
	const struct hist_diff_how *how;
	bool			verbose;
};

static int cmp_double_desc(double a, double b)
{
	return a > b ? -1 : a < b;
}

/*
 * Two entries present in the compared file, by the computed value.  A
 * ratio or weighted diff needs both files: the new entries follow, by
 * their own period.
 */
static int diff_entry__cmp_value(const struct hist_diff_entry *a, const struct hist_diff_entry *b,
				 enum hist_diff_compute compute)
{
	switch (compute) {
	case HIST_DIFF_DELTA_ABS:
		return cmp_double_desc(fabs(a->delta), fabs(b->delta));
	case HIST_DIFF_DELTA:
		return cmp_double_desc(a->delta, b->delta);
	case HIST_DIFF_RATIO:
	case HIST_DIFF_WDIFF:
	default:
		break;
	}
	if (!a->base != !b->base)
		return a->base ? -1 : 1;
	if (!a->base)
		return a->other_period > b->other_period ? -1 : a->other_period < b->other_period;
	if (compute == HIST_DIFF_RATIO)
		return cmp_double_desc(a->ratio, b->ratio);
	return a->wdiff > b->wdiff ? -1 : a->wdiff < b->wdiff;
}

/*
 * Upstream's order: entries present in the compared file first, by the
 * computed value (its magnitude for delta-abs), descending; then by
 * baseline period, descending; ties by the sort keys, as report orders
 * them.
 */
static int diff_entry__cmp(const struct hist_diff_entry *a, const struct hist_diff_entry *b,
			   const struct diff_order *o)
{
	const struct hist_entry *ha = a->base ? a->base : a->other;
	const struct hist_entry *hb = b->base ? b->base : b->other;
	int ret;

	if (o->how->by_baseline && a->base_period != b->base_period)
		return a->base_period > b->base_period ? -1 : 1;
	if (!a->other != !b->other)
		return a->other ? -1 : 1;
	if (a->other) {
		ret = diff_entry__cmp_value(a, b, o->how->compute);
		if (ret)
			return ret;
	}
	if (a->base_period != b->base_period)
		return a->base_period > b->base_period ? -1 : 1;
	return sort_keys__cmp(o->sk, ha, hb, o->verbose);
}

/* An insertion-stable merge sort: qsort() has no context argument in C11. */
static void diff__sort(struct hist_diff_entry *v, struct hist_diff_entry *tmp, size_t n,
		       const struct diff_order *o)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	diff__sort(v, tmp, mid, o);
	diff__sort(v + mid, tmp, n - mid, o);
	while (i < mid && j < n)
		tmp[k++] = diff_entry__cmp(&v[j], &v[i], o) < 0 ? v[j++] : v[i++];
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

static double pct(u64 period, u64 total)
{
	return total ? period * 100.0 / total : 0;
}

int hist_diff__init(struct hist_diff *d, const struct hists *base, const struct hists *other,
		    const struct sort_keys *sk, bool verbose, enum hist_diff_compute compute)
{
	const struct hist_diff_how how = { .compute = compute, .w1 = 1, .w2 = 1 };

	return hist_diff__init_how(d, base, other, sk, verbose, &how);
}

int hist_diff__init_how(struct hist_diff *d, const struct hists *base, const struct hists *other,
			const struct sort_keys *sk, bool verbose, const struct hist_diff_how *how)
{
	size_t nb = base ? base->nr_entries : 0, no = other ? other->nr_entries : 0;
	struct diff_order order = { .sk = sk, .how = how, .verbose = verbose };
	struct hist_diff_entry *e = NULL, *tmp;
	const struct dso **others, *last_dso = NULL;
	const char *last_name = NULL;
	struct diff_item *items;
	size_t i, n = 0, nr_others;

	memset(d, 0, sizeof(*d));
	items = calloc(nb + no + 1, sizeof(*items));
	d->entries = calloc(nb + no + 1, sizeof(*d->entries));
	if (!items || !d->entries) {
		free(items);
		hist_diff__exit(d);
		return -ENOMEM;
	}
	if (diff__other_dsos(other, &others, &nr_others)) {
		free(items);
		hist_diff__exit(d);
		return -ENOMEM;
	}
	for (i = 1; i <= nb; i++) {
		const struct dso *dso = base->by_index[i]->dso;

		/* entries of one DSO come in runs: look its name up once per run */
		if (i == 1 || dso != last_dso)
			last_name = diff__base_dso_name(dso, others, nr_others, verbose);
		last_dso = dso;
		items[n++] = (struct diff_item){
			.he = base->by_index[i], .sk = sk, .dso_name = last_name,
		};
	}
	free(others);
	for (i = 1; i <= no; i++)
		items[n++] = (struct diff_item){
			.he = other->by_index[i], .other = true, .sk = sk,
			.dso_name = dso__diff_name(other->by_index[i]->dso, verbose),
		};
	qsort(items, n, sizeof(*items), diff_item__cmp);
	for (i = 0; i < n; i++) {
		if (!i || diff_item__cmp_key(&items[i - 1], &items[i]))
			e = &d->entries[d->nr++];
		if (items[i].other) {
			if (!e->other)
				e->other = items[i].he;
			e->other_period += items[i].he->period;
		} else {
			if (!e->base)
				e->base = items[i].he;
			e->base_period += items[i].he->period;
		}
		/* the first of the group's (all equal when dso is a key) */
		if (!e->dso_name)
			e->dso_name = items[i].dso_name;
	}
	free(items);
	for (i = 0; i < d->nr; i++) {
		e = &d->entries[i];
		e->base_pct = pct(e->base_period, base ? base->total_period : 0);
		e->other_pct = pct(e->other_period, other ? other->total_period : 0);
		e->delta = e->other_pct - e->base_pct;
		e->ratio = e->base_period ? (double)e->other_period / e->base_period : 0;
		e->wdiff = (s64)e->other_period * how->w2 - (s64)e->base_period * how->w1;
	}
	tmp = malloc((d->nr + 1) * sizeof(*tmp));
	if (!tmp) {
		hist_diff__exit(d);
		return -ENOMEM;
	}
	diff__sort(d->entries, tmp, d->nr, &order);
	free(tmp);
	return 0;
}

void hist_diff__exit(struct hist_diff *d)
{
	free(d->entries);
	memset(d, 0, sizeof(*d));
}
