/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report's columns: what --sort and -F/--fields make of each other,
 * as upstream perf 6.1 combines them.  Three lists come out: the keys
 * that tell entries apart, the order of the rows, and the columns shown.
 *
 *   neither       entries by comm,dso,sym; [Children] Overhead and the keys
 *   --sort S      entries by S's keys; [Children] Overhead, then S
 *   -F F          entries by F's keys; rows ordered by F; columns F
 *   -F F -s S     entries by the keys of both; rows by S, then the rest
 *                 of F; columns F, then the rest of S
 */
#ifndef __PERF_HIST_COLUMNS_H
#define __PERF_HIST_COLUMNS_H

#include <stdbool.h>
#include "util/hists/sort.h"

struct hist_columns {
	struct sort_keys	identity;	/* the entry keys only */
	struct sort_keys	order;		/* nr 0: upstream's default order */
	struct sort_keys	out;		/* printed, left to right */
	bool			self_header;	/* Overhead titled "Self" (by Children) */
	bool			strict;		/* -F given: out is as listed */
};

/*
 * @sort, @fields: the parsed lists, or NULL when not given; @children:
 * the report cumulates callers (Children column by default).
 */
void hist_columns__setup(struct hist_columns *hc, const struct sort_keys *sort,
			 const struct sort_keys *fields, bool children);

/*
 * -n/--show-nr-samples: upstream's Samples column, after Overhead, in the
 * default columns only (a -F list says what it shows).
 */
void hist_columns__show_samples(struct hist_columns *hc);

/*
 * --show-total-period: upstream's Period column (the entry's own period),
 * after Samples or else Overhead, in the default columns only.
 */
void hist_columns__show_period(struct hist_columns *hc);

/*
 * Drop the sort keys of @elide (1 << key) from the columns shown: a
 * filter naming one value makes its column say nothing.  Upstream keeps
 * them all when that would leave no sort key.
 */
void hist_columns__elide(struct hist_columns *hc, u32 elide);

#endif
