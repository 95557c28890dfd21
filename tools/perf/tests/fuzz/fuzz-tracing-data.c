// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a perf.data's tracing data (HEADER_TRACING_DATA, a
 * stream's TRACING_DATA payload) through util/data/trace-event.c, then a
 * sample's raw data printed by every event it defined.  Input: one byte
 * N, N bytes of raw sample data, then the tracing data.  Besides the
 * sanitizers, it checks the contract: 0 with a handle, or -EINVAL with a
 * reason and no handle.
 *
 *   build/fuzz/fuzz-tracing-data tools/perf/tests/fuzz/corpus/tracing-data/
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <traceevent/event-parse.h>
#include "util/data/trace-event.h"

static void sink(void *ctx, const char *s, size_t len)
{
	size_t *total = ctx;

	/* read every byte, so a sanitizer sees what the library wrote */
	while (len--)
		*total += (unsigned char)s[len];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct trace_event te;
	struct tep_event **events;
	const char *what = NULL;
	size_t raw_size, total = 0;
	int err, i, nr;

	if (!len)
		return 0;
	raw_size = data[0];
	if (raw_size > len - 1)
		return 0;
	err = trace_event__parse(&te, data + 1 + raw_size, len - 1 - raw_size, &what);
	if (err) {
		if ((err != -EINVAL && err != -ENOMEM) || te.tep || !what)
			__builtin_trap();
		return 0;
	}
	if (!te.tep)
		__builtin_trap();
	nr = tep_get_events_count(te.tep);
	events = tep_list_events(te.tep, TEP_EVENT_SORT_ID);
	for (i = 0; events && i < nr && events[i]; i++) {
		if (trace_event__find(&te, (u64)events[i]->id) != events[i])
			__builtin_trap();
		trace_event__format(&te, events[i], 0, data + 1, (u32)raw_size, sink, &total);
	}
	trace_event__exit(&te);
	return 0;
}
