/* SPDX-License-Identifier: GPL-2.0 */
/* One event of a session: its attr, its ids, its name. */
#ifndef __PERF_EVSEL_H
#define __PERF_EVSEL_H

#include <linux/types.h>
#include <linux/perf_event.h>
#include "util/data/event.h"

struct evsel {
	struct perf_event_attr attr;	/* zero-extended to our size */
	u32 attr_size;			/* attr.size as found in the file */
	u64 *ids;
	u32 nr_ids;
	char *name;			/* EVENT_DESC name, or derived */
	int idx;
};

/* "cpu-clock", "cycles", ... or "type:config" for what we cannot name. */
const char *evsel__name(struct evsel *evsel);

/*
 * Upstream's modifier suffix derived from the attr (":u", ":uH", ":HG",
 * ":ppp"...), or "" when there is none; what upstream appends to a name
 * it derives (pipe mode has no EVENT_DESC names).  Returns the length.
 */
size_t evsel__modifiers(const struct evsel *evsel, char *buf, size_t size);

/*
 * Decode @event (a PERF_RECORD_SAMPLE) by evsel->attr.sample_type.
 * Returns 0 or -EINVAL when a field would run past header.size.
 */
int evsel__parse_sample(const struct evsel *evsel, const union perf_event *event,
			struct perf_sample *sample);

/*
 * Decode the sample_id trailer of a non-sample record (a zeroed @sample
 * when the attr has no sample_id_all).  Returns 0 or -EINVAL.
 */
int evsel__parse_id_sample(const struct evsel *evsel, const union perf_event *event,
			   struct perf_sample *sample);

/* Bytes of the sample_id trailer this attr appends to non-sample records. */
size_t evsel__id_hdr_size(const struct evsel *evsel);

#endif
