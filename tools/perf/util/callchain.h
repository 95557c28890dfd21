/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sample's call path, resolved: one frame per address of the sample's
 * callchain (PERF_CONTEXT_* markers consumed: they set the cpumode of the
 * frames after them), each with its map, DSO and symbol.  Leaf first:
 * frames[0] is where the sample was taken.  A sample without a callchain
 * has exactly one frame, its ip.
 *
 * A cursor is reused from sample to sample: resolving allocates only when
 * a deeper chain than any before arrives.
 */
#ifndef __PERF_CALLCHAIN_H
#define __PERF_CALLCHAIN_H

#include <linux/types.h>
#include <stddef.h>

struct machine;
struct thread;
struct map;
struct dso;
struct symbol;
struct perf_sample;

struct callchain_frame {
	u64			ip;		/* the address as recorded */
	u64			addr;		/* in the DSO's symbol space (map__map_ip) */
	struct map		*map;		/* borrowed; NULL: not mapped */
	struct dso		*dso;		/* borrowed; NULL: not mapped */
	const struct symbol	*sym;		/* borrowed; NULL: [unknown] */
	u8			cpumode;	/* PERF_RECORD_MISC_KERNEL/USER/... */
};

struct callchain_cursor {
	struct callchain_frame	*frames;
	size_t			nr;
	size_t			alloc;
};

void callchain_cursor__init(struct callchain_cursor *cursor);
void callchain_cursor__exit(struct callchain_cursor *cursor);

/*
 * Resolve @sample's callchain for @thread (or its ip alone when it has
 * none) into @cursor, replacing what it held.  Borrowed pointers live as
 * long as the machine.  Returns 0 or -ENOMEM.
 */
int machine__resolve_callchain(struct machine *machine, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor);

/*
 * Resolve one address of @thread taken in @cpumode into @frame (what
 * machine__resolve_callchain() does per address; for a sample's ip when
 * its chain is not wanted).  Returns 0 or -ENOMEM.
 */
int callchain_frame__resolve(struct callchain_frame *frame, struct machine *machine,
			     struct thread *thread, u8 cpumode, u64 ip);

#endif
