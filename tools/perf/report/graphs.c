// SPDX-License-Identifier: GPL-2.0
/*
 * The call graphs under a report's rows, the next ones built on a second
 * thread while this one prints (see graphs.h).
 *
 * Why: a --children report of a deep profile spends a third of its time
 * building the graphs of its top rows (each a pass over most of the path
 * trie) on one CPU while the other idles.  Rows are printed in order, so
 * the printing thread takes graph k when it gets there: built already by
 * the helper, or built now by itself if the helper has not claimed it,
 * and while the helper is still at it, it builds the next ones itself.
 * Both claim graphs in order, at most HELPER_AHEAD past the one printed
 * last, so that few finished graphs wait in memory.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include "report/graphs.h"
#include "util/hists/hist.h"
#include "util/hists/hist-paths.h"
#include "util/hists/callchain-tree.h"

#define HELPER_AHEAD	4

struct report_graphs {
	const struct hists		*hists;
	const struct hist_entry * const	*entries;
	size_t				nr;
	struct hist_paths		*reader;	/* the helper's */
	pthread_t			helper;
	pthread_mutex_t			lock;
	pthread_cond_t			cond;
	/* under lock */
	size_t				next;		/* the first graph nobody claimed */
	size_t				taken;		/* graphs taken so far */
	bool				stop;
	struct callchain_tree		**graph;	/* built ahead, until taken */
	bool				*ready;
};

/*
 * Build graph @k with @hp (the trie for the printing thread, the reader
 * for the helper), the lock let go meanwhile; under lock.  NULL (-ENOMEM)
 * is handed on as it is: the taker reports it.
 */
static void report_graphs__build(struct report_graphs *rg, struct hist_paths *hp, size_t k)
{
	struct callchain_tree *g;

	pthread_mutex_unlock(&rg->lock);
	g = hist_paths__graph(hp, rg->hists, rg->entries[k]);
	pthread_mutex_lock(&rg->lock);
	rg->graph[k] = g;
	rg->ready[k] = true;
	pthread_cond_broadcast(&rg->cond);
}

static void *report_graphs__helper(void *arg)
{
	struct report_graphs *rg = arg;

	pthread_mutex_lock(&rg->lock);
	for (;;) {
		while (!rg->stop && rg->next < rg->nr && rg->next >= rg->taken + HELPER_AHEAD)
			pthread_cond_wait(&rg->cond, &rg->lock);
		if (rg->stop || rg->next >= rg->nr)
			break;
		report_graphs__build(rg, rg->reader, rg->next++);
	}
	pthread_mutex_unlock(&rg->lock);
	return NULL;
}

struct report_graphs *report_graphs__new(const struct hists *hists,
					 const struct hist_entry * const *entries, size_t nr)
{
	struct report_graphs *rg;

	if (!hists->paths)
		return NULL;
	rg = calloc(1, sizeof(*rg));
	if (!rg)
		return NULL;
	rg->hists = hists;
	rg->entries = entries;
	rg->nr = nr;
	rg->graph = calloc(nr, sizeof(*rg->graph));
	rg->ready = calloc(nr, sizeof(*rg->ready));
	/* made before the helper starts: the trie is only read from here on */
	rg->reader = hist_paths__reader_new(hists->paths, hists);
	if (!rg->graph || !rg->ready || !rg->reader)
		goto fail;
	if (pthread_mutex_init(&rg->lock, NULL))
		goto fail;
	if (pthread_cond_init(&rg->cond, NULL))
		goto fail_lock;
	if (pthread_create(&rg->helper, NULL, report_graphs__helper, rg))
		goto fail_cond;
	return rg;
fail_cond:
	pthread_cond_destroy(&rg->cond);
fail_lock:
	pthread_mutex_destroy(&rg->lock);
fail:
	hist_paths__reader_delete(rg->reader);
	free(rg->graph);
	free(rg->ready);
	free(rg);
	return NULL;
}

struct callchain_tree *report_graphs__take(struct report_graphs *rg, size_t k)
{
	struct callchain_tree *g;

	pthread_mutex_lock(&rg->lock);
	/*
	 * While the helper builds graph k, this thread builds the next one
	 * nobody claimed rather than wait: the two share the graphs as they
	 * come, whichever is longer.
	 */
	while (!rg->ready[k]) {
		if (rg->next == k || (rg->next < rg->nr && rg->next < k + HELPER_AHEAD))
			report_graphs__build(rg, rg->hists->paths, rg->next++);
		else
			pthread_cond_wait(&rg->cond, &rg->lock);
	}
	g = rg->graph[k];
	rg->graph[k] = NULL;
	rg->taken = k + 1;
	pthread_cond_broadcast(&rg->cond);
	pthread_mutex_unlock(&rg->lock);
	return g;
}

void report_graphs__delete(struct report_graphs *rg)
{
	size_t k;

	if (!rg)
		return;
	pthread_mutex_lock(&rg->lock);
	rg->stop = true;
	pthread_cond_broadcast(&rg->cond);
	pthread_mutex_unlock(&rg->lock);
	pthread_join(rg->helper, NULL);
	for (k = 0; k < rg->nr; k++)
		callchain_tree__delete(rg->graph[k]);
	pthread_cond_destroy(&rg->cond);
	pthread_mutex_destroy(&rg->lock);
	hist_paths__reader_delete(rg->reader);
	free(rg->graph);
	free(rg->ready);
	free(rg);
}
