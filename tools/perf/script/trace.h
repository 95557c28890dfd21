/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf script's tracepoint fields (-F trace): the file's tracing data,
 * read once (file mode: the TRACING_DATA feature section; a stream: the
 * TRACING_DATA record's payload, which may come in pieces), then each
 * tracepoint sample's raw data printed through its event's print fmt, as
 * upstream perf 6.1 prints it ("prev_comm=demo prev_pid=123 ...").
 *
 * Tracing data that does not parse is one warning line; the samples still
 * print, without their fields (upstream refuses the whole file instead).
 */
#ifndef __PERF_SCRIPT_TRACE_H
#define __PERF_SCRIPT_TRACE_H

#include <stddef.h>
#include <linux/types.h>
#include "util/data/trace-event.h"

struct script_out;
struct perf_session;
struct perf_sample;
struct evsel;

struct script_trace {
	struct trace_event te;
	const char *path;	/* for the warning */
	char *buf;		/* a stream's payload so far */
	size_t nr, alloc;
	bool done;		/* parsed (or failed and warned): later data is ignored */
};

void script_trace__init(struct script_trace *st, const char *path);
void script_trace__exit(struct script_trace *st);

/* File mode: the feature section, if the file has one.  0 or -ENOMEM. */
int script_trace__from_header(struct script_trace *st, struct perf_session *session);

/* A stream: @len more bytes of the TRACING_DATA record's @total.  0 or -ENOMEM. */
int script_trace__payload(struct script_trace *st, u32 total, const void *data, size_t len);

/* Print @sample's fields (nothing when its format is unknown).  0 or -ENOMEM. */
int script_trace__print(struct script_trace *st, struct script_out *out,
			const struct evsel *evsel, const struct perf_sample *sample);

#endif
