/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf diff's model: the entries of two histograms (a baseline and the
 * file compared with it, one event each) paired by their sort keys'
 * values, and ordered as upstream perf 6.1 prints them.
 *
 * Each file's samples were resolved by its own machine, through the DSO
 * of the build-id that was mapped: a binary rebuilt between the two
 * recordings gives two DSOs with one name, and its functions are paired
 * by name, each version's own.  (Upstream resolves both files through
 * whatever one file is at the path, and names the other version's code
 * wrongly or not at all.)  A DSO whose path changed but whose build-id did
 * not (a binary moved or renamed) pairs by build-id, shown under the
 * baseline's name.
 *
 * Pairing is by value: comm by string, pid by tid, DSO by the name shown
 * (its path with -v), symbol by name; a DSO's unknown addresses are one
 * entry, as upstream collapses them.
 */
#ifndef __PERF_HIST_DIFF_H
#define __PERF_HIST_DIFF_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/hists/sort.h"

struct hists;
struct hist_entry;

enum hist_diff_compute {
	HIST_DIFF_DELTA,	/* new% - baseline% */
	HIST_DIFF_DELTA_ABS,	/* the same, ordered by its magnitude (upstream's default) */
	HIST_DIFF_RATIO,	/* new period / baseline period */
	HIST_DIFF_WDIFF,	/* new period * w2 - baseline period * w1 */
};

/* How the entries are computed and ordered (perf diff -c, -o). */
struct hist_diff_how {
	enum hist_diff_compute	compute;
	s64			w1, w2;		/* HIST_DIFF_WDIFF's weights */
	bool			by_baseline;	/* -o 0: by the baseline's period first */
};

struct hist_diff_entry {
	/* The first entry of each side with this key; NULL: absent there. */
	const struct hist_entry	*base, *other;
	u64			base_period, other_period;
	double			base_pct, other_pct;
	double			delta;		/* other_pct - base_pct */
	double			ratio;		/* other_period / base_period, when both */
	s64			wdiff;		/* other_period * w2 - base_period * w1 */
	const char		*dso_name;	/* the name it pairs under */
};

struct hist_diff {
	struct hist_diff_entry	*entries;	/* in output order */
	size_t			nr;
};

/*
 * Pair @base's and @other's entries (either may be NULL: no samples of
 * that event there) on @sk's keys.  @verbose: DSOs by path.  0 or -ENOMEM.
 */
int hist_diff__init(struct hist_diff *d, const struct hists *base, const struct hists *other,
		    const struct sort_keys *sk, bool verbose, enum hist_diff_compute compute);

/*
 * The same, computed and ordered as @how says.  Upstream's order for
 * ratio and wdiff: the entries of both files by value, then the new
 * ones (by their period), then the baseline's own; -o 0 puts the
 * baseline's period first, and breaks its ties as the default order does.
 */
int hist_diff__init_how(struct hist_diff *d, const struct hists *base, const struct hists *other,
			const struct sort_keys *sk, bool verbose, const struct hist_diff_how *how);
void hist_diff__exit(struct hist_diff *d);

#endif
