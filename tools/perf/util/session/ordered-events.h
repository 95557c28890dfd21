/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records put back into time order.  perf record drains one ring buffer
 * per CPU in turn, so the file holds each CPU's records in order but the
 * CPUs interleaved.  After each pass over the buffers it writes a
 * FINISHED_ROUND: every record written later carries a time at least the
 * largest time seen before the *previous* round marker (a buffer drained
 * late in one pass may still hold records older than the current pass's
 * maximum).  So at each round we deliver what is no later than the
 * previous round's maximum and keep the rest: the queue holds about two
 * rounds, never the whole file.
 *
 * Records are queued by pointer when they stay where they are until
 * delivered: inside a window of the file the caller mapped (queued with
 * ordered_events__queue_in(), which holds a reference on the chunk).
 * Others (a stream buffer, decompressed records) are copied into chunks
 * of the queue's own.  A chunk is freed when its last reference goes.
 */
#ifndef __PERF_ORDERED_EVENTS_H
#define __PERF_ORDERED_EVENTS_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

union perf_event;
struct oe_chunk;

struct ordered_event {
	u64			time;
	u64			seq;		/* queue order: ties keep file order */
	const union perf_event	*event;
	u64			file_offset;
	struct oe_chunk		*chunk;		/* holds the copy, or NULL */
};

struct ordered_events;

/* A non-zero return stops the flush and is returned by it. */
typedef int (*ordered_events__deliver_t)(struct ordered_events *oe,
					 const struct ordered_event *ev, void *priv);

struct ordered_events {
	struct ordered_event	*queue;		/* in queue order until a flush sorts it */
	size_t			nr, alloc;
	struct ordered_event	*tmp;		/* the sort's scratch array */
	size_t			tmp_alloc;
	u64			seq;
	u64			max_time;	/* largest time queued so far */
	u64			next_flush;	/* the previous round's max_time */
	u64			last_flush;	/* time of the last record delivered */
	u64			nr_unordered;	/* queued after a later one was delivered */
	/*
	 * Bound on queued records when no round markers come (a file
	 * written without them): past it the older half is delivered.
	 */
	size_t			max_queued;
	struct oe_chunk		*chunk;		/* current copy chunk */
	ordered_events__deliver_t deliver;
	void			*priv;
};

enum oe_flush {
	OE_FLUSH__ROUND,	/* at FINISHED_ROUND: up to the previous round's max */
	OE_FLUSH__FINAL,	/* everything */
};

void ordered_events__init(struct ordered_events *oe, ordered_events__deliver_t deliver,
			  void *priv);
/* Frees what is still queued without delivering it. */
void ordered_events__exit(struct ordered_events *oe);

/*
 * Queue @event (of header.size bytes) with @time.  @copy: the record may
 * move or vanish before delivery, keep a copy.  Returns 0, -ENOMEM, or the
 * deliver callback's error when the queue had to flush to stay bounded.
 */
int ordered_events__queue(struct ordered_events *oe, const union perf_event *event,
			  u64 time, u64 file_offset, bool copy);

/*
 * A window of the file @fd: @len bytes from offset @off (any alignment)
 * mapped read-only at oe_chunk__data(), with one reference: the reader's,
 * dropped with oe_chunk__put() when it moves on.  Unmapped when its last
 * reference goes.  NULL with errno set when it cannot be mapped.  The
 * caller keeps the window inside the file: a page past its end faults.
 */
struct oe_chunk *oe_chunk__map(int fd, u64 off, size_t len);
char *oe_chunk__data(struct oe_chunk *chunk);
void oe_chunk__put(struct oe_chunk *chunk);

/* Queue @event, which lies in @chunk, by pointer: @chunk lives until it is delivered. */
int ordered_events__queue_in(struct ordered_events *oe, const union perf_event *event,
			     u64 time, u64 file_offset, struct oe_chunk *chunk);

/* Deliver by @how, oldest first (equal times in queue order). */
int ordered_events__flush(struct ordered_events *oe, enum oe_flush how);

static inline size_t ordered_events__nr(const struct ordered_events *oe)
{
	return oe->nr;
}

#endif
