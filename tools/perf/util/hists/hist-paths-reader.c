// SPDX-License-Identifier: GPL-2.0
/*
 * Second readers of a collapsed path trie, for graphs built on another
 * thread (report/graphs.c), and the sweep sums they take in turn.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "util/hists/hist-paths-int.h"

/* The trie's sweeper, made if not yet (no reader yet then).  0 or -ENOMEM. */
int hist_paths__sweeper(struct hist_paths *hp)
{
	if (hp->sweeper)
		return 0;
	hp->sweeper = calloc(1, sizeof(*hp->sweeper));
	if (!hp->sweeper)
		return -ENOMEM;
	if (pthread_mutex_init(&hp->sweeper->lock, NULL)) {
		free(hp->sweeper);
		hp->sweeper = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * A shallow copy shares the trie and everything graphs read; what a build
 * writes (its stack and scratches) is the copy's own, but for the sweep
 * sums, taken in turn (struct hp_sweeper).
 */
struct hist_paths *hist_paths__reader_new(struct hist_paths *hp, const struct hists *hists)
{
	struct hist_paths *r;

	/* the sweeper too, before there are two threads to make it */
	if (!hp->collapsed || hist_paths__graph_prepare(hp, hists) || hist_paths__sweeper(hp))
		return NULL;
	r = malloc(sizeof(*r));
	if (!r)
		return NULL;
	*r = *hp;
	r->reader = true;
	r->stack = NULL;
	r->alloc_stack = 0;
	r->scratch = NULL;
	r->nr_scratch = r->alloc_scratch = 0;
	r->scratch_slots = NULL;
	r->nr_scratch_slots = 0;
	r->node_scratch = NULL;
	return r;
}

void hist_paths__reader_delete(struct hist_paths *r)
{
	if (!r)
		return;
	free(r->stack);
	free(r->scratch);
	free(r->scratch_slots);
	free(r->node_scratch);
	free(r);
}

