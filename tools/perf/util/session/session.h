/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A perf.data being read: its header, its events, and a walk over its
 * records that hands each one, decoded, to a tool.
 */
#ifndef __PERF_SESSION_H
#define __PERF_SESSION_H

#include <linux/types.h>
#include "util/data/data.h"
#include "util/data/header.h"
#include "util/data/evlist.h"
#include "util/data/event.h"

struct perf_session;

/*
 * Callbacks; any may be NULL.  A negative return stops the walk and is
 * returned by perf_session__process_events().
 *
 * @event sees every record first, with its offset in the file (or in the
 * stream), before any decoding; the typed callbacks follow.
 */
struct perf_tool {
	int (*event)(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *event, u64 file_offset);
	int (*sample)(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *event, const struct perf_sample *sample,
		      struct evsel *evsel);
	int (*mmap)(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_mmap_info *info,
		    const struct perf_sample *sample);
	int (*comm)(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_sample *sample);
	int (*fork)(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_sample *sample);
	int (*exit)(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_sample *sample);
	/* Any other record: kernel types with their sample_id, user types. */
	int (*other)(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *event, const struct perf_sample *sample);
	/* Called once a pipe's header records have all arrived (or at start). */
	int (*header_done)(struct perf_tool *tool, struct perf_session *session);
	/*
	 * TRACING_DATA and AUXTRACE records are followed by a payload that
	 * header.size does not count; it is handed over after the record, in
	 * one or more pieces (a stream is not buffered whole).
	 */
	int (*payload)(struct perf_tool *tool, struct perf_session *session,
		       const union perf_event *event, const void *data, size_t len);
	/*
	 * Deliver records carrying a timestamp in time order (per-CPU ring
	 * buffers interleave in the file), flushed at each FINISHED_ROUND
	 * and at the end, like upstream's ordered events.  The @event
	 * callback still sees every record in file order.
	 */
	bool ordered_events;
};

struct perf_stats {
	u64 nr_events[PERF_RECORD_HEADER_MAX];	/* by type */
	u64 nr_unknown_events;			/* types we do not know */
	u64 nr_bad_records;			/* known type, malformed */
	u64 nr_unknown_id;			/* sample of no known event */
	u64 total_lost;				/* LOST: sum of .lost */
	u64 total_lost_samples;			/* LOST_SAMPLES */
	u64 nr_records;
	u64 nr_unordered_events;		/* ordered_events: came too late */
	bool truncated;				/* stopped at damage */
};

struct perf_session {
	struct perf_data *data;
	struct perf_header header;
	struct evlist evlist;
	struct perf_stats stats;
	bool wants_mmap3;		/* an attr asked for MMAP3 */
	bool decompressing;		/* records come from a COMPRESSED one */
	int verbose;
};

/* Read the header; on error prints one line and returns -errno. */
int perf_session__open(struct perf_session *session, struct perf_data *data);
void perf_session__close(struct perf_session *session);

/*
 * Name the events as upstream does: from EVENT_DESC ("cpu-clock:ppp")
 * when the file has one, else from the attrs with upstream's modifiers
 * ("cpu-clock:HG").  A stream's EVENT_DESC is used only with @stream_desc
 * (upstream's script does, its report does not) and when it names every
 * event by a known id.
 * Call from header_done (a stream's attrs arrive as records).  A
 * malformed EVENT_DESC leaves derived names (warned unless @quiet).
 * Returns 0 or -ENOMEM.
 */
int perf_session__name_events(struct perf_session *session, bool quiet, bool stream_desc);
/* Name @evsel from its attr: "cpu-clock" plus upstream's modifiers. */
int evsel__name_from_attr(struct evsel *evsel);

/*
 * Walk every record.  Damage (a record of size < 8, one running past the
 * end of the data, a truncated stream) ends the walk after every complete
 * record before it: a warning naming the offset is printed, stats.truncated
 * set, and -EINVAL returned only if the damage is not at the tail of a
 * file whose data size was unknown (killed writer).  Compressed records
 * are decompressed and their records walked in place.
 */
int perf_session__process_events(struct perf_session *session, struct perf_tool *tool);

#endif
