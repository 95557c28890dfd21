// SPDX-License-Identifier: GPL-2.0
/*
 * Graphs built ahead of printing (see graph-queue.h).  The entries are
 * claimed in order under one lock: a builder takes the next one unless
 * GQ_AHEAD graphs already wait; the printer, until graph i is there,
 * builds the next unclaimed one itself (i, when nobody has it yet), and
 * waits only when all within the window are claimed.
 * On a report where one graph takes most of the time the others are
 * built meanwhile; where all are small, both threads build.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include "report/graph-queue.h"
#include "util/hists/hist.h"
#include "util/hists/callchain-tree.h"

/*
 * Graphs claimed past the one printed, at most, per builder thread: the
 * first rows' graphs hold most of the trie each (16 ahead took 60 MB
 * more on the 100 MB callpaths file, one per thread 50 MB), and one in
 * hand per builder keeps it busy while the printer prints or builds.
 */
#define GQ_AHEAD	1

struct gq_slot {
	struct callchain_tree	*tree;
	bool			done;
};

struct gq_builder {
	struct graph_queue	*q;
	struct hist_paths	*paths;		/* this builder's state over the trie */
	pthread_t		thread;
	bool			started;
};

struct graph_queue {
	const struct hists	*hists;
	const struct hist_entry	**hes;
	size_t			nr;
	struct gq_slot		*slots;
	size_t			next;		/* slots below it are claimed */
	size_t			taken;		/* slots below it are printed */
	size_t			ahead;		/* claimed past taken, at most */
	bool			stop;
	pthread_mutex_t		lock;
	pthread_cond_t		cond;
	struct gq_builder	*builders;
	unsigned int		nr_builders;
};

static void *gq_build(void *arg)
{
	struct gq_builder *b = arg;
	struct graph_queue *q = b->q;

	pthread_mutex_lock(&q->lock);
	for (;;) {
		struct callchain_tree *tree;
		size_t i;

		while (!q->stop && q->next < q->nr && q->next >= q->taken + q->ahead)
			pthread_cond_wait(&q->cond, &q->lock);
		if (q->stop || q->next >= q->nr)
			break;
		i = q->next++;
		pthread_mutex_unlock(&q->lock);
		tree = hists__builder_graph(q->hists, b->paths, q->hes[i]);
		pthread_mutex_lock(&q->lock);
		q->slots[i].tree = tree;
		q->slots[i].done = true;
		pthread_cond_broadcast(&q->cond);
	}
	pthread_mutex_unlock(&q->lock);
	return NULL;
}

struct graph_queue *graph_queue__new(const struct hists *hists, const struct hist_entry **hes,
				     size_t nr, unsigned int threads)
{
	struct graph_queue *q = calloc(1, sizeof(*q));
	unsigned int i;

	if (!q)
		return NULL;
	q->hists = hists;
	q->hes = hes;
	q->nr = nr;
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	q->slots = calloc(nr, sizeof(*q->slots));
	q->nr_builders = threads > 1 ? threads - 1 : 0;
	q->ahead = (size_t)GQ_AHEAD * q->nr_builders;
	q->builders = calloc(q->nr_builders, sizeof(*q->builders));
	if (!q->slots || !q->builders)
		goto fail;
	/* every builder first: making one readies the trie for all */
	for (i = 0; i < q->nr_builders; i++) {
		q->builders[i].q = q;
		q->builders[i].paths = hists__graph_builder(hists);
		if (!q->builders[i].paths)
			goto fail;
	}
	for (i = 0; i < q->nr_builders; i++) {
		if (pthread_create(&q->builders[i].thread, NULL, gq_build, &q->builders[i]))
			break;
		q->builders[i].started = true;
	}
	if (!i)
		goto fail;
	return q;
fail:
	graph_queue__delete(q);
	return NULL;
}

/* Claim and build the next graph if the window has room; under the lock.  false: none. */
static bool gq_build_next(struct graph_queue *q)
{
	struct callchain_tree *tree;
	size_t j;

	if (q->next >= q->nr || q->next >= q->taken + q->ahead)
		return false;
	j = q->next++;
	pthread_mutex_unlock(&q->lock);
	tree = hists__entry_graph(q->hists, q->hes[j]);
	pthread_mutex_lock(&q->lock);
	q->slots[j].tree = tree;
	q->slots[j].done = true;
	pthread_cond_broadcast(&q->cond);
	return true;
}

struct callchain_tree *graph_queue__take(struct graph_queue *q, size_t i)
{
	struct callchain_tree *tree;

	pthread_mutex_lock(&q->lock);
	/* while graph i is not there, build the next one rather than wait (i itself if unclaimed) */
	while (!q->slots[i].done)
		if (!gq_build_next(q))
			pthread_cond_wait(&q->cond, &q->lock);
	tree = q->slots[i].tree;
	q->slots[i].tree = NULL;
	q->taken = i + 1;
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
	return tree;
}

void graph_queue__delete(struct graph_queue *q)
{
	unsigned int i;
	size_t j;

	if (!q)
		return;
	pthread_mutex_lock(&q->lock);
	q->stop = true;
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
	for (i = 0; i < q->nr_builders; i++) {
		if (q->builders[i].started)
			pthread_join(q->builders[i].thread, NULL);
		hists__graph_builder_delete(q->builders[i].paths);
	}
	for (j = 0; q->slots && j < q->nr; j++)
		callchain_tree__delete(q->slots[j].tree);
	free(q->slots);
	free(q->builders);
	pthread_cond_destroy(&q->cond);
	pthread_mutex_destroy(&q->lock);
	free(q);
}
