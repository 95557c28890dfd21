/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing data of a perf.data (the HEADER_TRACING_DATA section, or a
 * stream's TRACING_DATA record and its payload) read into a libtraceevent
 * handle, so a tracepoint sample's raw data prints as its event's print
 * fmt says, from the file alone: the analysis box's kernel may differ.
 *
 * Layout: record/tracing-data.h (upstream's version 0.6, which ours writes
 * too).  Every length is checked against what is left of the buffer; a
 * section that does not parse is one warning line and no handle, never a
 * crash, and samples then print without their fields (as upstream's do).
 */
#ifndef __PERF_DATA_TRACE_EVENT_H
#define __PERF_DATA_TRACE_EVENT_H

#include <stdio.h>
#include <linux/types.h>

struct tep_handle;
struct tep_event;

/* A record is at most 64 KiB (its size is 16 bits), and so is its raw data. */
#define TRACE_EVENT_RAW_MAX	(1u << 16)
/* raw data, then zeros past any dynamic field's 16-bit offset + 16-bit length */
#define TRACE_EVENT_SCRATCH	(4u << 16)

struct trace_event {
	struct tep_handle *tep;		/* NULL: none, or it did not parse */
	char *scratch;			/* TRACE_EVENT_SCRATCH bytes, zero past the record */
};

/*
 * Parse @size bytes of tracing data (the library's parse is tried in a
 * child process first: it crashes on some malformed formats).  0, or -EINVAL (malformed: @what is
 * set to a short description for the caller's warning), -ENOMEM.
 * On error the handle is left NULL.
 */
int trace_event__parse(struct trace_event *te, const void *buf, u64 size, const char **what);
void trace_event__exit(struct trace_event *te);

/* The format of tracepoint @id (an attr.config), or NULL. */
struct tep_event *trace_event__find(const struct trace_event *te, u64 id);

/*
 * The text of @event's print fmt over @raw (a sample's PERF_SAMPLE_RAW),
 * as upstream's perf script prints it, handed to @write.  Nothing for raw
 * data shorter than the event's fields.  Returns 0 or -ENOMEM.
 */
int trace_event__format(struct trace_event *te, struct tep_event *event, int cpu,
			const void *raw, u32 raw_size,
			void (*write)(void *ctx, const char *s, size_t len), void *ctx);

#endif
