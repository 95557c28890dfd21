/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The call graphs under a report's rows, built on two threads: while the
 * printing thread builds or prints one graph, a second builds the next
 * ones (a few ahead at most), each on its own reader of the path trie
 * (hist_paths__reader_new()).  Graphs are handed out in row order and
 * are the ones one thread builds, so the output is the same byte for
 * byte.
 */
#ifndef __PERF_REPORT_GRAPHS_H
#define __PERF_REPORT_GRAPHS_H

#include <stddef.h>

struct hists;
struct hist_entry;
struct callchain_tree;

struct report_graphs;

/*
 * Graphs of @entries (@nr, in the order they will be taken) with a
 * second builder started.  NULL when there is none to be had (-ENOMEM,
 * no thread could start): the caller builds them itself.
 */
struct report_graphs *report_graphs__new(const struct hists *hists,
					 const struct hist_entry * const *entries, size_t nr);

/*
 * The graph of entries[@k], the caller's to delete; taken in order, each
 * once.  NULL on -ENOMEM.
 */
struct callchain_tree *report_graphs__take(struct report_graphs *rg, size_t k);

/* Stops the builder; graphs built but not taken are freed. */
void report_graphs__delete(struct report_graphs *rg);

#endif
