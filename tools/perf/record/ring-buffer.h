/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a kernel ring buffer (forward mode): records between our tail
 * and the kernel's data_head are handed out one by one for inspection,
 * then written out in at most two contiguous chunks, and the tail is
 * advanced so the kernel can reuse the space.
 */
#ifndef __PERF_MMAP_H
#define __PERF_MMAP_H

#include <linux/types.h>
#include <stddef.h>
#include "util/data/event.h"

struct perf_mmap {
	void *base;			/* control page, then 2^n data pages */
	size_t len;			/* whole mapping */
	u64 mask;			/* data size - 1 */
	u64 prev;			/* what we consumed (our tail) */
	int fd;
	int cpu;
	char *bounce;			/* a record that wraps, copied whole */
	bool overwrite;			/* backward, read-only: a flight recorder */
	u32 *offs;			/* overwrite: record offsets of one read */
};

/*
 * Map @data_pages (a power of two) of ring buffer for @fd.  Returns 0 or
 * -errno (prints nothing: the caller knows what the fd is).
 */
int perf_mmap__open(struct perf_mmap *map, int fd, int cpu, size_t data_pages);
/*
 * The same for an event with attr.write_backward: mapped read-only, so
 * the kernel overwrites the oldest records instead of stopping.
 */
int perf_mmap__open_overwrite(struct perf_mmap *map, int fd, int cpu, size_t data_pages);
void perf_mmap__close(struct perf_mmap *map);

struct perf_mmap_ops {
	/*
	 * Called for every record before it is written.  Return 1 after
	 * filling @fix to have the record written with that header instead
	 * (e.g. a misc bit cleared); 0 to keep it; negative stops the read.
	 */
	int (*record)(void *priv, const union perf_event *event,
		      struct perf_event_header *fix);
	/* Write out @len bytes of records.  Negative return: error. */
	int (*write)(void *priv, const void *buf, size_t len);
};

/*
 * Consume what the kernel has published.  Returns the number of bytes
 * consumed (0 when empty) or -errno; -EINVAL when the buffer holds a
 * record with a bad size (the rest of it is then dropped).
 */
ssize_t perf_mmap__read(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv);

/*
 * Overwrite mode: what the kernel wrote since the last read (at most one
 * buffer: the newest records), handed out oldest first.  The caller
 * pauses the output around it.  Returns bytes or -errno; a bad record
 * ends the walk (older records are then dropped, newer ones kept).
 */
ssize_t perf_mmap__read_backward(struct perf_mmap *map, const struct perf_mmap_ops *ops,
				 void *priv);

#endif
