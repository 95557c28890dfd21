// SPDX-License-Identifier: GPL-2.0
/*
 * Samples handed from the session's thread to an adder thread in batches
 * (see pipeline.h for who touches what).  A batch is 128 samples: one
 * lock round trip per batch, not per sample, and few enough that the
 * adder starts early and the ring's frames stay small (4 x 128 chains).  The batches form a ring; the session
 * thread fills one while the adder works through those queued before it,
 * and waits only when the ring is full (the adder is the slower side on
 * a deep call-graph report).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "report/pipeline.h"
#include "util/base/array.h"
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/model/map.h"
#include "util/model/thread.h"

#define RP_ITEMS	128	/* samples per batch */
#define RP_BATCHES	4

struct rp_item {
	struct hists		*hists;
	struct thread		*thread;
	size_t			comm;		/* offset in the batch's strings */
	/* the resolved sample; its frames buffer belongs to the item */
	struct callchain_cursor	chain;
	u64			period;
	const struct symbol	*parent;
	s32			cpu;
	u8			cpumode;
	u8			filtered;
	bool			set_sample;
};

struct rp_batch {
	struct rp_item		items[RP_ITEMS];
	size_t			nr;
	char			*strings;	/* the items' comms */
	size_t			nr_strings, alloc_strings;
	/* held for the adder by the session thread, dropped when the batch is reused */
	struct thread		**threads;
	size_t			nr_threads, alloc_threads;
	struct map		**maps;
	size_t			nr_maps, alloc_maps;
	/* the last comm copied: a thread's samples come in runs */
	const struct thread	*comm_thread;
	const char		*comm_src;
	bool			queued;		/* the adder's until it clears this */
};

struct report_pipeline {
	struct rp_batch		batch[RP_BATCHES];
	unsigned int		fill;		/* the session thread's batch */
	unsigned int		next;		/* the adder's next one */
	pthread_t		adder;
	bool			running;
	pthread_mutex_t		lock;
	pthread_cond_t		more, room;	/* a batch queued; one done */
	bool			stop;		/* no more batches come */
	int			err;		/* the adder's first error */
};

static void rp_item__prefetch(const struct rp_item *it)
{
	const char *p = (const char *)it->chain.frames;
	size_t len = it->chain.nr * sizeof(*it->chain.frames), off;

	for (off = 0; off < len; off += 64)
		__builtin_prefetch(p + off);
}

static int rp_batch__add(struct rp_batch *b)
{
	size_t i;
	int err;

	for (i = 0; i < b->nr; i++) {
		struct rp_item *it = &b->items[i];

		/* the next chain was written on the other CPU: ask for it while this one is added */
		if (i + 1 < b->nr)
			rp_item__prefetch(&b->items[i + 1]);
		if (it->set_sample)
			hists__set_sample(it->hists, it->cpu, it->parent);
		err = hists__add_filtered_sample(it->hists, it->thread, b->strings + it->comm,
						 it->cpumode, &it->chain, it->period,
						 it->filtered);
		if (err)
			return err;
	}
	return 0;
}

static void *rp_adder(void *arg)
{
	struct report_pipeline *rp = arg;
	int err = 0;

	pthread_mutex_lock(&rp->lock);
	for (;;) {
		struct rp_batch *b = &rp->batch[rp->next];

		while (!b->queued && !rp->stop)
			pthread_cond_wait(&rp->more, &rp->lock);
		if (!b->queued)
			break;
		pthread_mutex_unlock(&rp->lock);
		/* after an error the rest is not added, only handed back */
		if (!err)
			err = rp_batch__add(b);
		pthread_mutex_lock(&rp->lock);
		if (err && !rp->err)
			rp->err = err;
		b->queued = false;
		rp->next = (rp->next + 1) % RP_BATCHES;
		pthread_cond_signal(&rp->room);
	}
	pthread_mutex_unlock(&rp->lock);
	return NULL;
}

/* The adder is done with @b: the session thread drops what it held for it. */
static void rp_batch__release(struct rp_batch *b)
{
	size_t i;

	for (i = 0; i < b->nr_threads; i++)
		thread__put(b->threads[i]);
	for (i = 0; i < b->nr_maps; i++)
		map__put(b->maps[i]);
	b->nr = b->nr_strings = b->nr_threads = b->nr_maps = 0;
	b->comm_thread = NULL;
	b->comm_src = NULL;
}

struct report_pipeline *report_pipeline__new(void)
{
	struct report_pipeline *rp = calloc(1, sizeof(*rp));
	size_t i, j;

	if (!rp)
		return NULL;
	for (i = 0; i < RP_BATCHES; i++)
		for (j = 0; j < RP_ITEMS; j++)
			callchain_cursor__init(&rp->batch[i].items[j].chain);
	pthread_mutex_init(&rp->lock, NULL);
	pthread_cond_init(&rp->more, NULL);
	pthread_cond_init(&rp->room, NULL);
	if (pthread_create(&rp->adder, NULL, rp_adder, rp)) {
		report_pipeline__delete(rp);
		return NULL;
	}
	rp->running = true;
	return rp;
}

/* Hand the filled batch over and take the next one, once the adder is done with it. */
static int rp_submit(struct report_pipeline *rp)
{
	struct rp_batch *b;
	int err;

	pthread_mutex_lock(&rp->lock);
	rp->batch[rp->fill].queued = true;
	pthread_cond_signal(&rp->more);
	rp->fill = (rp->fill + 1) % RP_BATCHES;
	b = &rp->batch[rp->fill];
	while (b->queued)
		pthread_cond_wait(&rp->room, &rp->lock);
	err = rp->err;
	pthread_mutex_unlock(&rp->lock);
	rp_batch__release(b);
	return err;
}

/* The comm as it is now, copied into @b (the thread's string may be freed before the add). */
static int rp_batch__comm(struct rp_batch *b, const struct thread *thread, const char *comm,
			  size_t *off)
{
	size_t len;

	if (b->comm_thread == thread && b->comm_src == comm &&
	    !strcmp(b->strings + b->items[b->nr - 1].comm, comm)) {
		*off = b->items[b->nr - 1].comm;
		return 0;
	}
	len = strlen(comm) + 1;
	if (ARRAY_GROW(b->strings, b->alloc_strings, b->nr_strings + len))
		return -ENOMEM;
	memcpy(b->strings + b->nr_strings, comm, len);
	*off = b->nr_strings;
	b->nr_strings += len;
	b->comm_thread = thread;
	b->comm_src = comm;
	return 0;
}

/* Hold @thread and the maps of @cursor's frames until the adder is done with @b. */
static int rp_batch__hold(struct rp_batch *b, struct thread *thread,
			  const struct callchain_cursor *cursor)
{
	struct map *last = b->nr_maps ? b->maps[b->nr_maps - 1] : NULL;
	size_t i;

	if (!b->nr_threads || b->threads[b->nr_threads - 1] != thread) {
		if (ARRAY_GROW(b->threads, b->alloc_threads, b->nr_threads + 1))
			return -ENOMEM;
		b->threads[b->nr_threads++] = thread__get(thread);
	}
	/* a chain's frames come in runs of one mapping: one reference per run */
	for (i = 0; i < cursor->nr + (cursor->inlined_leaf ? 1 : 0); i++) {
		struct map *map = i < cursor->nr ? cursor->frames[i].map : cursor->leaf.map;

		if (!map || map == last)
			continue;
		if (ARRAY_GROW(b->maps, b->alloc_maps, b->nr_maps + 1))
			return -ENOMEM;
		b->maps[b->nr_maps++] = map__get(map);
		last = map;
	}
	return 0;
}

int report_pipeline__add(struct report_pipeline *rp, struct hists *hists, struct thread *thread,
			 const char *comm, u8 cpumode, struct callchain_cursor *cursor,
			 u64 period, u8 filtered, bool set_sample, s32 cpu,
			 const struct symbol *parent)
{
	struct rp_batch *b = &rp->batch[rp->fill];
	struct rp_item *it = &b->items[b->nr];
	struct callchain_frame *frames;
	size_t alloc, off;
	int err;

	err = rp_batch__comm(b, thread, comm, &off) ?: rp_batch__hold(b, thread, cursor);
	if (err)
		return err;
	it->hists = hists;
	it->thread = thread;
	it->comm = off;
	it->period = period;
	it->parent = parent;
	it->cpu = cpu;
	it->cpumode = cpumode;
	it->filtered = filtered;
	it->set_sample = set_sample;
	/* the frames change hands; the resolver gets this item's old buffer */
	frames = it->chain.frames;
	alloc = it->chain.alloc;
	it->chain.frames = cursor->frames;
	it->chain.alloc = cursor->alloc;
	it->chain.nr = cursor->nr;
	it->chain.ip_only = cursor->ip_only;
	it->chain.inlined_leaf = cursor->inlined_leaf;
	it->chain.leaf = cursor->leaf;
	it->chain.nr_inlined = cursor->nr_inlined;
	cursor->frames = frames;
	cursor->alloc = alloc;
	cursor->nr = 0;
	if (++b->nr < RP_ITEMS)
		return 0;
	return rp_submit(rp);
}

int report_pipeline__finish(struct report_pipeline *rp)
{
	size_t i;

	if (!rp->running)
		return rp->err;
	pthread_mutex_lock(&rp->lock);
	if (rp->batch[rp->fill].nr)
		rp->batch[rp->fill].queued = true;
	rp->stop = true;
	pthread_cond_signal(&rp->more);
	pthread_mutex_unlock(&rp->lock);
	pthread_join(rp->adder, NULL);
	rp->running = false;
	for (i = 0; i < RP_BATCHES; i++)
		rp_batch__release(&rp->batch[i]);
	return rp->err;
}

void report_pipeline__delete(struct report_pipeline *rp)
{
	size_t i, j;

	if (!rp)
		return;
	report_pipeline__finish(rp);
	for (i = 0; i < RP_BATCHES; i++) {
		struct rp_batch *b = &rp->batch[i];

		for (j = 0; j < RP_ITEMS; j++)
			free(b->items[j].chain.frames);
		free(b->strings);
		free(b->threads);
		free(b->maps);
	}
	pthread_cond_destroy(&rp->more);
	pthread_cond_destroy(&rp->room);
	pthread_mutex_destroy(&rp->lock);
	free(rp);
}
