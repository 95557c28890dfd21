/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report --num-threads N: the call graphs under a report's rows
 * built ahead on N - 1 more threads while this one prints, handed out in
 * print order, so the output is the one thread's byte for byte.  Each
 * builder has its own build state over the shared, finished path trie
 * (hists__graph_builder()); at most one graph per thread waits to be
 * printed.
 */
#ifndef __PERF_REPORT_GRAPH_QUEUE_H
#define __PERF_REPORT_GRAPH_QUEUE_H

#include <stddef.h>

struct hists;
struct hist_entry;
struct callchain_tree;
struct graph_queue;

/*
 * The graphs of @hes[0..@nr) (@hes is borrowed), built by @threads - 1
 * more threads and this one.  NULL on -ENOMEM, or when no thread could
 * start: build them in place then.
 */
struct graph_queue *graph_queue__new(const struct hists *hists, const struct hist_entry **hes,
				     size_t nr, unsigned int threads);

/* The graph of hes[@i], taken in order (i = 0, 1, ...); the caller deletes it.  NULL: -ENOMEM. */
struct callchain_tree *graph_queue__take(struct graph_queue *q, size_t i);

/* Stops the builders and frees what was not taken.  NULL is fine. */
void graph_queue__delete(struct graph_queue *q);

#endif
