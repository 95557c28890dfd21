/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms for perf report: one entry per distinct value of the sort
 * keys (comm, dso, sym, pid), with the periods of the samples that fell
 * on it.  Entries live in a hash keyed by the sort keys: adding a sample
 * whose entry exists allocates nothing, so memory grows with the number
 * of distinct entries (and, through the callchain trees, of distinct call
 * paths), never with the number of samples.
 *
 * With --children every sample also adds its period to the "children"
 * period of each distinct entry on its call path (the leaf's included);
 * the leaf alone gets the "self" period.
 */
#ifndef __PERF_HIST_H
#define __PERF_HIST_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/hists/sort.h"

struct thread;
struct dso;
struct dso_load_opts;
struct symbol;
struct callchain_cursor;
struct callchain_frame;
struct callchain_tree;
struct callchain_param;

/* An entry's self period by its samples' cpumode (--sort overhead_sys...). */
struct hist_entry_modes {
	u64			sys, us, guest_sys, guest_us;
};

/*
 * Fields ordered so that none pads: a report of many programs holds half
 * a million entries.
 */
struct hist_entry {
	struct hist_entry	*hnext;		/* hash chain */
	u32			hash;
	u32			index;		/* hists->by_index[index] is this entry */
	/*
	 * The key.  Only the fields of the hists' sort keys take part in
	 * identity; the others describe the first sample that made the
	 * entry, as upstream keeps them.
	 */
	const char		*comm;		/* interned in the hists */
	struct thread		*thread;	/* a reference */
	struct dso		*dso;		/* a reference; NULL: [unknown] */
	const struct symbol	*sym;		/* NULL: [unknown], shown as addr */
	u64			addr;		/* in the DSO's space (or the ip) */
	char			level;		/* 'k' kernel, '.' user */
	/*
	 * Hidden by a filter (sample-filter.h bits, HIST_FILTERED_SYMBOL_STR):
	 * the verdict on the sample that made the entry, as upstream keeps
	 * it; later samples add to the entry whatever theirs.
	 */
	u8			filtered;
	s32			cpu;		/* the sample's; -1 not recorded */
	const struct symbol	*parent;	/* --sort parent: NULL is [other] */
	u64			map_size;	/* of the frame's mapping; 0 none */
	/* --sort srcline/srcfile: upstream's text, interned in the hists */
	const char		*srcline;
	const char		*srcfile;
	/* The values. */
	u64			period;		/* self */
	u64			period_children;
	u64			nr_samples;
	/*
	 * Self by the samples' cpumode, with hists->track_modes only (made
	 * by the first sample counted; NULL: all zero).
	 */
	struct hist_entry_modes	*modes;
	/*
	 * With call graphs: the samples counted at their ip alone (their
	 * chain unusable, callchain.h), not in the path trie: no graph.
	 */
	u64			period_ip_only;
	u64			nr_ip_only;
	u64			stamp;		/* the last sample counted (--children) */
	/*
	 * Longest call path stored under the entry, counted as upstream
	 * counts its callchain depth: ties of --children periods within a
	 * thread put callers above callees.
	 */
	u32			max_depth;
	/*
	 * With call graphs: where the entry occurs in the hists' path trie
	 * (hist-paths.h) as a sample's own function: the first node, the
	 * last one's index in the trie's ends.
	 */
	u32			first_leaf, last_leaf;
};

struct hist_strings;
struct hist_paths;

struct hists {
	struct sort_keys	sort;
	struct hist_entry	**buckets;
	struct hist_entry	**by_index;	/* [1..nr_entries], in creation order */
	size_t			alloc_by_index;
	size_t			nr_buckets;	/* a power of two */
	size_t			nr_entries;
	u64			total_period;	/* all samples, hidden ones too */
	u64			nr_samples;
	/*
	 * The Samples line of --percentage relative: samples whose own
	 * entry was shown when they were added, as upstream counts them
	 * (an entry keeps its first sample's verdict; --symbol-filter, run
	 * on entries later, leaves the count be).  hists__count_leaf().
	 */
	u64			nr_unfiltered_samples;
	u64			unfiltered_period;	/* their periods */
	/* --percentage relative: graphs' thresholds from those samples */
	bool			relative;
	bool			children;	/* cumulate along call paths */
	/* With call graphs: the setting, and every sample's path, stored once. */
	const struct callchain_param *callchain;
	struct hist_paths	*paths;
	bool			caller_order;	/* depth as upstream's ORDER_CALLER */
	struct hist_strings	*strings;	/* interned comms */
	u64			stamp;		/* samples added, for hist_entry.stamp */
	u8			filtered;	/* the verdict on the sample being added */
	/* What identifies a sample beyond its frames (hists__set_sample()). */
	struct {
		s32			cpu;
		const struct symbol	*parent;
	} cur;
	bool			track_modes;	/* keep period_sys/us/guest_* */
	/* threads the sums after the last add may use (--num-threads); 0 or 1: this one */
	unsigned int		nr_threads;
	/* --sort srcline/srcfile: where the DSOs' DWARF is looked for */
	const struct dso_load_opts *srcline_opts;
	/*
	 * The order of the output: the sort keys, value columns included,
	 * as -F/-s put them (hists__set_order()); nr 0: upstream's default,
	 * children, self, then the keys.
	 */
	struct sort_keys	order;
	/* After hists__output_resort(): the entries in output order. */
	struct hist_entry	**sorted;
};

/*
 * @callchain: NULL when no call graph is kept (-g none, no callchains).
 * Returns 0 or -ENOMEM.
 */
int hists__init(struct hists *hists, const struct sort_keys *sort, bool children,
		const struct callchain_param *callchain, bool caller_order);
void hists__exit(struct hists *hists);

/* A sample was added to @leaf, its own entry (see nr_unfiltered_samples). */
static inline void hists__count_leaf(struct hists *hists, const struct hist_entry *leaf,
				     u64 period)
{
	if (leaf->filtered)
		return;
	hists->nr_unfiltered_samples++;
	hists->unfiltered_period += period;
}

/*
 * What a call graph's --call-graph threshold is a percentage of: every
 * sample, or with --percentage relative those counted as shown, as
 * upstream sets it (the graph's own percentages stay of every sample).
 */
static inline u64 hists__callchain_total(const struct hists *hists)
{
	return hists->relative ? hists->unfiltered_period : hists->total_period;
}

/* --symbol-filter's bit of hist_entry.filtered, beside sample-filter.h's. */
#define HIST_FILTERED_SYMBOL_STR	(1u << 7)

/*
 * The 100% of percentages and of the section header: every sample kept
 * (--percentage absolute, upstream's default), or with @relative those of
 * the entries a filter left shown, so that the rows shown sum to 100%.
 */
u64 hists__total(const struct hists *hists, bool relative);
u64 hists__nr_samples(const struct hists *hists, bool relative);

/* The cpu and parent symbol of the samples added next (--sort cpu,parent). */
static inline void hists__set_sample(struct hists *hists, s32 cpu, const struct symbol *parent)
{
	hists->cur.cpu = cpu;
	hists->cur.parent = parent;
}

/* An explicit output order (see hists.order); value keys sort largest first. */
void hists__set_order(struct hists *hists, const struct sort_keys *order);

/* The value of a value column (SORT_HPP_*) of @he. */
u64 hist_entry__hpp_value(const struct hist_entry *he, enum sort_key key);

/*
 * Add one sample: @cursor holds its resolved frames, leaf first (one
 * frame when the sample has no callchain), @thread its thread, @comm the
 * thread's comm at the sample, @cpumode the sample's (the level of frames
 * outside any mapping, as upstream shows them).  Returns 0 or -ENOMEM.
 */
int hists__add_sample(struct hists *hists, struct thread *thread, const char *comm,
		      u8 cpumode, const struct callchain_cursor *cursor, u64 period);
/* The same for a sample a filter judged: the entries it makes are hidden. */
int hists__add_filtered_sample(struct hists *hists, struct thread *thread, const char *comm,
			       u8 cpumode, const struct callchain_cursor *cursor, u64 period,
			       u8 filtered);

/*
 * --symbol-filter: hide the entries whose symbol's name does not contain
 * @str (those without a symbol too).
 */
void hists__filter_by_symbol(struct hists *hists, const char *str);

/*
 * The entry a frame of a sample makes (found or added): @leaf, the
 * sample's own function, else a caller (--children).  For hist-paths.c,
 * which adds samples with call graphs.  NULL on -ENOMEM.
 */
struct hist_entry *hists__entry_for_frame(struct hists *hists, struct thread *thread,
					  const char *comm, const struct callchain_frame *frame,
					  u8 cpumode, bool leaf);

/*
 * The call graph of @he (hists with a callchain setting), built for
 * printing: the caller deletes it (callchain_tree__delete()).  NULL
 * without call graphs or on -ENOMEM.
 */
struct callchain_tree *hists__entry_graph(const struct hists *hists, const struct hist_entry *he);

/*
 * Sort the entries for output into hists->sorted: children period (with
 * --children, callers first on ties), self period, then the sort keys in
 * their order, like upstream.  Returns 0 or -ENOMEM.
 */
int hists__output_resort(struct hists *hists, bool verbose);

#endif
