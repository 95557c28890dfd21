// SPDX-License-Identifier: GPL-2.0
/*
 * perf record --switch-output-event: events whose every hit rotates the
 * output file, as SIGUSR2 does (upstream's side band).
 *
 * They are opened on the record's own targets, each CPU's into one small
 * buffer that wakes the reader at every record; the loop reads them
 * before the samples, so what was sampled up to the hit goes to the file
 * that ends there.  Their records are not written: the file holds the
 * -e events only, as upstream's does.  Hits read together rotate once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "record/parse-events.h"
#include "record/record.h"

#define SWITCH_EVENTS_PAGES	2	/* records of a header only: 8 KiB is plenty */

int record__switch_events_config(struct record *rec)
{
	const struct record_opts *opts = &rec->opts;
	struct parse_events pe = { 0 };
	struct parse_events_error err;
	size_t i;
	int ret = 0, n;

	for (n = 0; n < opts->nr_switch_events && !ret; n++) {
		ret = parse_events__add(&pe, opts->switch_events[n], &err);
		if (ret == -EINVAL) {
			parse_events__print(&err);
			parse_events__exit(&pe);
			return record_opts__usage();
		}
	}
	for (i = 0; i < pe.nr && !ret; i++) {
		struct perf_event_attr attr = pe.ev[i].attr;

		attr.size = sizeof(attr);
		/* each hit is a sample, unless the user chose its period= or freq= */
		if (!pe.ev[i].sampling_set) {
			attr.flags &= ~PERF_ATTR_FLAG_FREQ;
			attr.sample_period = 1;
		}
		attr.sample_type = 0;		/* a hit is all we read */
		attr.read_format = 0;
		attr.flags |= PERF_ATTR_FLAG_WATERMARK;
		attr.wakeup_watermark = 1;	/* every record wakes the reader */
		ret = rec_evlist__add(&rec->switch_events, &attr, pe.ev[i].name);
	}
	parse_events__exit(&pe);
	if (ret) {
		fprintf(stderr, "perf record: out of memory\n");
		return 1;
	}
	return 0;
}

static int switch_events__count(void *priv, const union perf_event *event,
				struct perf_event_header *fix)
{
	size_t *hits = priv;

	if (event->header.type == PERF_RECORD_SAMPLE)
		(*hits)++;
	return 0;
}

static int switch_events__discard(void *priv, const void *buf, size_t len)
{
	return 0;
}

static const struct perf_mmap_ops switch_events_ops = {
	.record = switch_events__count,
	.write = switch_events__discard,
};

int record__switch_events_open(struct record *rec)
{
	struct rec_evlist *se = &rec->switch_events;
	const u64 inherit = PERF_ATTR_FLAG_INHERIT | PERF_ATTR_FLAG_ENABLE_ON_EXEC |
			    PERF_ATTR_FLAG_DISABLED;
	int c, e, t, ret;

	if (!se->nr)
		return 0;
	/* started, inherited and enabled on exec as the samples are */
	for (e = 0; e < se->nr; e++)
		se->entries[e].attr.flags |= rec->track_attr.flags & inherit;
	se->verbose = rec->opts.verbose;
	ret = rec_evlist__copy_targets(se, &rec->rec_evlist) ?:
	      rec_evlist__open(se, rec->workload, rec->opts.quiet);
	if (ret)
		goto out_err;
	rec->switch_mmaps = calloc(se->cpus.nr, sizeof(*rec->switch_mmaps));
	if (!rec->switch_mmaps) {
		ret = -ENOMEM;
		goto out_err;
	}
	for (c = 0; c < se->cpus.nr; c++) {
		int fd = *rec_evsel__fd(&se->entries[0], se, c, 0);

		ret = perf_mmap__open(&rec->switch_mmaps[c], fd, se->cpus.cpus[c],
				      SWITCH_EVENTS_PAGES);
		if (ret)
			goto out_err;
		rec->nr_switch_mmaps++;
		/* every event and thread of this CPU into its one buffer */
		for (e = 0; e < se->nr; e++)
			for (t = !e; t < se->threads.nr; t++)
				if (ioctl(*rec_evsel__fd(&se->entries[e], se, c, t),
					  PERF_EVENT_IOC_SET_OUTPUT, fd) < 0) {
					ret = -errno;
					goto out_err;
				}
	}
	return 0;
out_err:
	/* an open error was said by rec_evlist__open; the buffers' here */
	if (ret == -ENOMEM || rec->switch_mmaps)
		fprintf(stderr, "perf record: --switch-output-event: %s\n", strerror(-ret));
	record__switch_events_close(rec);
	return ret;
}

size_t record__switch_events_read(struct record *rec)
{
	size_t hits = 0;
	int i;

	for (i = 0; i < rec->nr_switch_mmaps; i++)
		perf_mmap__read(&rec->switch_mmaps[i], &switch_events_ops, &hits);
	return hits;
}

void record__switch_events_close(struct record *rec)
{
	int i;

	for (i = 0; i < rec->nr_switch_mmaps; i++)
		perf_mmap__close(&rec->switch_mmaps[i]);
	free(rec->switch_mmaps);
	rec->switch_mmaps = NULL;
	rec->nr_switch_mmaps = 0;
	rec_evlist__exit(&rec->switch_events);
	rec_evlist__init(&rec->switch_events);
}
