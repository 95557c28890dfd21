// SPDX-License-Identifier: GPL-2.0
/*
 * The time-ordering queue (see ordered-events.h for the round rule).
 *
 * Records are appended as they come and sorted only when a flush needs
 * them (a natural merge sort: a round is a few sorted runs, one per CPU
 * buffer); appending keeps queueing O(1) with no allocation once the
 * arrays have grown to a round's size.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/session/ordered-events.h"
#include "util/data/event.h"
#include "util/base/array.h"

#define OE_CHUNK_SIZE	(1024 * 1024)	/* > the largest record (64 KiB) */
#define OE_MAX_QUEUED	(1024 * 1024)	/* records; ~40 MiB of queue */

struct oe_chunk {
	size_t	used;
	size_t	live;			/* queued records in it, +1 while read into */
	char	*data;			/* a window of the file, or buf */
	void	*map;			/* the window's mapping; NULL: a copy chunk */
	size_t	map_len;
	char	buf[] __attribute__((aligned(8)));
};

void ordered_events__init(struct ordered_events *oe, ordered_events__deliver_t deliver,
			  void *priv)
{
	memset(oe, 0, sizeof(*oe));
	oe->deliver = deliver;
	oe->priv = priv;
	oe->max_queued = OE_MAX_QUEUED;
}

/*
 * MAP_POPULATE: the window is read front to back right away, and faulting
 * it in with one call instead of a fault per page (dear in a virtual
 * machine) is most of why mapping beat read(2) here: a flat report's
 * system time per 100 MB went from 19 to 10 ms.  Private and read-only:
 * the file is never written through it.
 */
struct oe_chunk *oe_chunk__map(int fd, u64 off, size_t len)
{
	u64 page = (u64)sysconf(_SC_PAGESIZE);
	size_t skip = off & (page - 1);
	struct oe_chunk *chunk = malloc(sizeof(*chunk));
	void *p;

	if (!chunk)
		return NULL;
	p = mmap(NULL, skip + len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, off - skip);
	if (p == MAP_FAILED) {
		int err = errno;

		free(chunk);
		errno = err;
		return NULL;
	}
	chunk->used = 0;
	chunk->live = 1;
	chunk->map = p;
	chunk->map_len = skip + len;
	chunk->data = (char *)p + skip;
	return chunk;
}

char *oe_chunk__data(struct oe_chunk *chunk)
{
	return chunk->data;
}

static void oe_chunk__free(struct oe_chunk *chunk)
{
	if (chunk->map)
		munmap(chunk->map, chunk->map_len);
	free(chunk);
}

void oe_chunk__put(struct oe_chunk *chunk)
{
	if (chunk && !--chunk->live)
		oe_chunk__free(chunk);
}

static void oe_chunk__release(struct ordered_events *oe, struct oe_chunk *chunk)
{
	if (--chunk->live)
		return;
	if (chunk == oe->chunk)
		chunk->used = 0;	/* empty again: reuse it */
	else
		oe_chunk__free(chunk);
}

void ordered_events__exit(struct ordered_events *oe)
{
	size_t i;

	for (i = 0; i < oe->nr; i++)
		if (oe->queue[i].chunk)
			oe_chunk__release(oe, oe->queue[i].chunk);
	free(oe->chunk);
	free(oe->queue);
	free(oe->tmp);
	memset(oe, 0, sizeof(*oe));
}

/* A copy of @event that lives until its queue entry is delivered. */
static const union perf_event *oe__copy(struct ordered_events *oe, const union perf_event *event,
					struct oe_chunk **owner)
{
	size_t size = (event->header.size + 7) & ~(size_t)7;
	struct oe_chunk *chunk = oe->chunk;
	void *dst;

	if (!chunk || OE_CHUNK_SIZE - chunk->used < size) {
		chunk = malloc(sizeof(*chunk) + OE_CHUNK_SIZE);
		if (!chunk)
			return NULL;
		chunk->used = 0;
		chunk->live = 0;
		chunk->data = chunk->buf;
		chunk->map = NULL;
		/* the old chunk goes when its last record is delivered */
		if (oe->chunk && !oe->chunk->live)
			free(oe->chunk);
		oe->chunk = chunk;
	}
	dst = chunk->data + chunk->used;
	memcpy(dst, event, event->header.size);
	chunk->used += size;
	chunk->live++;
	*owner = chunk;
	return dst;
}

static bool oe__before(const struct ordered_event *x, const struct ordered_event *y)
{
	return x->time < y->time || (x->time == y->time && x->seq < y->seq);
}

/* The end of the sorted run that starts at @i. */
static size_t oe__run_end(const struct ordered_event *q, size_t i, size_t nr)
{
	for (i++; i < nr && !oe__before(&q[i], &q[i - 1]); i++)
		;
	return i;
}

static void oe__merge(const struct ordered_event *a, size_t na, const struct ordered_event *b,
		      size_t nb, struct ordered_event *dst)
{
	while (na && nb) {
		if (oe__before(b, a)) {
			*dst++ = *b++;
			nb--;
		} else {
			*dst++ = *a++;
			na--;
		}
	}
	memcpy(dst, a, na * sizeof(*a));
	memcpy(dst + na, b, nb * sizeof(*b));
}

/*
 * Sort the queue by (time, seq).  A round is a few sorted runs (one per
 * CPU buffer, plus what the last flush kept): a natural merge sort does
 * O(n log runs) work, with a scratch array kept across flushes.
 */
static int oe__sort(struct ordered_events *oe)
{
	size_t merges;

	if (ARRAY_GROW(oe->tmp, oe->tmp_alloc, oe->alloc))
		return -ENOMEM;
	do {
		struct ordered_event *src = oe->queue, *dst = oe->tmp, *swap;
		size_t i = 0, mid, end, alloc;

		merges = 0;
		while (i < oe->nr) {
			mid = oe__run_end(src, i, oe->nr);
			end = mid < oe->nr ? oe__run_end(src, mid, oe->nr) : mid;
			oe__merge(src + i, mid - i, src + mid, end - mid, dst + i);
			merges++;
			i = end;
		}
		swap = oe->queue;
		oe->queue = oe->tmp;
		oe->tmp = swap;
		alloc = oe->alloc;
		oe->alloc = oe->tmp_alloc;
		oe->tmp_alloc = alloc;
	} while (merges > 1);
	return 0;
}

/*
 * Records are delivered in time order, far from where the walk left
 * them in the cache (a round or two back): asking for the ones this many
 * places ahead hides the misses.  Two lines: the header and the sample
 * fields after it.
 */
#define OE_PREFETCH	4
/* Deliver the @n oldest records (the queue is sorted) and drop them. */
static int oe__deliver(struct ordered_events *oe, size_t n)
{
	size_t i;
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		const struct ordered_event *ev = &oe->queue[i];

		if (i + OE_PREFETCH < n) {
			__builtin_prefetch(oe->queue[i + OE_PREFETCH].event);
			__builtin_prefetch((const char *)oe->queue[i + OE_PREFETCH].event + 64);
		}

		oe->last_flush = ev->time;
		err = oe->deliver(oe, ev, oe->priv);
		if (ev->chunk)
			oe_chunk__release(oe, ev->chunk);
	}
	memmove(oe->queue, oe->queue + i, (oe->nr - i) * sizeof(*oe->queue));
	oe->nr -= i;
	return err;
}

int ordered_events__flush(struct ordered_events *oe, enum oe_flush how)
{
	size_t n = oe->nr;
	int err;

	if (!oe->nr)
		goto out;
	err = oe__sort(oe);
	if (err)
		return err;
	if (how == OE_FLUSH__ROUND) {
		size_t lo = 0, hi = oe->nr;

		/* first record later than the previous round's maximum */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (oe->queue[mid].time <= oe->next_flush)
				lo = mid + 1;
			else
				hi = mid;
		}
		n = lo;
	}
	err = oe__deliver(oe, n);
	if (err)
		return err;
out:
	if (how == OE_FLUSH__ROUND)
		oe->next_flush = oe->max_time;
	return 0;
}

static int oe__queue(struct ordered_events *oe, const union perf_event *event, u64 time,
		     u64 file_offset, bool copy, struct oe_chunk *owner)
{
	struct ordered_event *ev;

	if (ARRAY_GROW(oe->queue, oe->alloc, oe->nr + 1))
		return -ENOMEM;
	ev = &oe->queue[oe->nr];
	ev->chunk = owner;
	if (owner)
		owner->live++;
	else if (copy) {
		event = oe__copy(oe, event, &ev->chunk);
		if (!event)
			return -ENOMEM;
	}
	ev->time = time;
	ev->seq = oe->seq++;
	ev->event = event;
	ev->file_offset = file_offset;
	oe->nr++;
	if (time < oe->last_flush)
		oe->nr_unordered++;
	if (time > oe->max_time)
		oe->max_time = time;
	if (oe->nr >= oe->max_queued) {
		/* No round markers: keep memory bounded, deliver the older half. */
		int err = oe__sort(oe);

		return err ? err : oe__deliver(oe, oe->nr / 2);
	}
	return 0;
}

int ordered_events__queue(struct ordered_events *oe, const union perf_event *event,
			  u64 time, u64 file_offset, bool copy)
{
	return oe__queue(oe, event, time, file_offset, copy, NULL);
}

int ordered_events__queue_in(struct ordered_events *oe, const union perf_event *event,
			     u64 time, u64 file_offset, struct oe_chunk *chunk)
{
	return oe__queue(oe, event, time, file_offset, false, chunk);
}
