/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The call paths behind a report's call graphs, each stored once.
 *
 * Every sample's path goes into one trie, outermost caller first, under a
 * context node for the sample's comm and thread (as far as the sort keys
 * tell entries apart), with the period and count of the samples that
 * ended there.  Each histogram entry keeps the list of the trie nodes
 * where it occurs as a sample's own function (a leaf); each node the
 * entry it is a caller of.  The entries' periods are summed by one walk
 * of the trie after the last add; what only graphs need (each entry's
 * occurrences as a caller, the subtree sums) is made by the first graph,
 * so a report whose entries are all under the graph threshold never
 * pays for it.  An entry's graph is built when it is printed, then freed.
 *
 * Why: a --children report shows, under every function, the paths through
 * it.  Giving each entry its own tree stores a path once per distinct
 * function on it (upstream perf does, and needs gigabytes for a deep
 * profile); here memory follows the distinct paths, and the entries'
 * periods are summed once per distinct path rather than once per sample.
 */
#ifndef __PERF_HIST_PATHS_H
#define __PERF_HIST_PATHS_H

#include <linux/types.h>

struct hists;
struct hist_entry;
struct thread;
struct callchain_cursor;
struct callchain_param;
struct callchain_tree;

struct hist_paths;

struct hist_paths *hist_paths__new(const struct callchain_param *param);
void hist_paths__delete(struct hist_paths *hp);

/*
 * Store one sample's path (@cursor, leaf first; @comm interned by the
 * hists).  New trie nodes get their histogram entries from @hists, made
 * by this sample as the per-sample code would make them.  0 or -ENOMEM.
 */
int hist_paths__add(struct hist_paths *hp, struct hists *hists, struct thread *thread,
		    const char *comm, u8 cpumode, const struct callchain_cursor *cursor,
		    u64 period);

/*
 * Count a sample whose chain could not be used (@cursor->ip_only) in the
 * entry of its ip, outside the trie: it adds to the entry's period and to
 * no call graph.  0 or -ENOMEM.
 */
int hist_paths__add_ip_only(struct hist_paths *hp, struct hists *hists, struct thread *thread,
			    const char *comm, u8 cpumode, const struct callchain_cursor *cursor,
			    u64 period);

/*
 * Sum the stored paths into the entries: self period and samples, and
 * with --children the children period (each distinct entry of a path
 * once) and the depth used to order ties.  Once, after the last add (an
 * add after it remakes the lookup table it frees).  0 or -ENOMEM.
 */
int hist_paths__collapse(struct hist_paths *hp, struct hists *hists);

/*
 * The call graph of @he, as upstream's per-entry trees hold it: the
 * paths that end in it whole, and with --children the part of each path
 * from one occurrence as a caller on (the outermost in caller order, the
 * innermost in callee order).  The caller deletes the tree.  NULL on
 * -ENOMEM.
 */
struct callchain_tree *hist_paths__graph(struct hist_paths *hp, const struct hists *hists,
					 const struct hist_entry *he);

/*
 * A second reader of @hp's graphs, for another thread: it shares the
 * collapsed trie, and what a graph build writes is its own, so graphs of
 * different entries build on two threads at once (hist_paths__graph()
 * with either).  No add, collapse or graph of @hp may run while it is
 * made; no add or collapse while it lives.  NULL on -ENOMEM, or when @hp
 * is not collapsed.
 */
struct hist_paths *hist_paths__reader_new(struct hist_paths *hp, const struct hists *hists);
void hist_paths__reader_delete(struct hist_paths *reader);

/*
 * When a graph build sums the paths that end in its entry by one pass
 * over the trie instead of a walk up from each end: when the entry's
 * samples times @depth reach the trie's nodes (0: never; UINT_MAX:
 * always).  The default suits paths some tens of frames deep; tests set
 * both extremes to check that both ways build the same graph.
 */
void hist_paths__sweep_depth(struct hist_paths *hp, unsigned int depth);

#endif
