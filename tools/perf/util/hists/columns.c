// SPDX-License-Identifier: GPL-2.0
/*
 * The --sort and -F/--fields rules (columns.h), found by running upstream
 * perf 6.1 report on one file with each combination.
 */
#include <string.h>
#include "util/hists/columns.h"

static void add_all(struct sort_keys *to, const struct sort_keys *from)
{
	int i;

	for (i = 0; i < from->nr; i++)
		sort_keys__add(to, from->keys[i]);
}

static void add_keys(struct sort_keys *to, const struct sort_keys *from)
{
	int i;

	for (i = 0; i < from->nr; i++)
		if (!sort_key__is_hpp(from->keys[i]))
			sort_keys__add(to, from->keys[i]);
}

static bool has_hpp(const struct sort_keys *sk)
{
	int i;

	for (i = 0; i < sk->nr; i++)
		if (sort_key__is_hpp(sk->keys[i]))
			return true;
	return false;
}

void hist_columns__setup(struct hist_columns *hc, const struct sort_keys *sort,
			 const struct sort_keys *fields, bool children)
{
	struct sort_keys def;

	memset(hc, 0, sizeof(*hc));
	if (!fields) {
		if (!sort) {
			sort_keys__init_default(&def);
			sort = &def;
		}
		add_keys(&hc->identity, sort);
		/* the percentages first, then the list as given */
		if (children) {
			sort_keys__add(&hc->out, SORT_HPP_OVERHEAD_CHILDREN);
			hc->self_header = true;
		}
		sort_keys__add(&hc->out, SORT_HPP_OVERHEAD);
		add_all(&hc->out, sort);
		/* value keys in --sort: an explicit order, the same as shown */
		if (has_hpp(sort))
			hc->order = hc->out;
		return;
	}
	if (sort) {
		add_keys(&hc->identity, sort);
		add_all(&hc->order, sort);
	}
	add_keys(&hc->identity, fields);
	add_all(&hc->order, fields);
	hc->out = *fields;
	if (sort)
		add_all(&hc->out, sort);
	hc->strict = true;
}

/* Column @key right after column @after, in the default columns only. */
static void hist_columns__add_after(struct hist_columns *hc, enum sort_key after,
				    enum sort_key key)
{
	struct sort_keys out = { .nr = 0 };
	int i;

	if (hc->strict)
		return;
	for (i = 0; i < hc->out.nr; i++) {
		sort_keys__add(&out, hc->out.keys[i]);
		if (hc->out.keys[i] == after)
			sort_keys__add(&out, key);
	}
	hc->out = out;
}

void hist_columns__show_samples(struct hist_columns *hc)
{
	hist_columns__add_after(hc, SORT_HPP_OVERHEAD, SORT_HPP_SAMPLE);
}

void hist_columns__show_period(struct hist_columns *hc)
{
	hist_columns__add_after(hc, sort_keys__has(&hc->out, SORT_HPP_SAMPLE) ?
				    SORT_HPP_SAMPLE : SORT_HPP_OVERHEAD, SORT_HPP_PERIOD);
}

void hist_columns__elide(struct hist_columns *hc, u32 elide)
{
	struct sort_keys out = { .nr = 0 };
	int i, nr_keys = 0;

	for (i = 0; i < hc->out.nr; i++) {
		enum sort_key key = hc->out.keys[i];

		if (sort_key__is_hpp(key) || !(elide & (1u << key)))
			sort_keys__add(&out, key);
		if (!sort_key__is_hpp(key) && !(elide & (1u << key)))
			nr_keys++;
	}
	/* upstream shows them all again rather than no key at all */
	if (nr_keys)
		hc->out = out;
}
