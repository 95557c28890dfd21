// SPDX-License-Identifier: GPL-2.0
/*
 * The record session's side of record/control.h: which events -D and
 * --control switch (the sampling ones; the side-band keeps tracking), the
 * stop they may ask for, and --max-size's check of the bytes written.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "record/record.h"

int record__add_delay_dummy(struct record *rec)
{
	struct perf_event_attr attr;
	struct rec_evlist *el = &rec->rec_evlist;

	/* --overwrite's dummy (first) tracks already, and is never disabled. */
	rec->dummy_idx = rec->opts.overwrite ? 0 : -1;
	if (!record_control__delayed(&rec->opts.control) || rec->opts.overwrite)
		return 0;
	/* Upstream's: tracking, a period of 1, enabled at the exec or at once. */
	attr = el->entries[0].attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.sample_period = 1;
	attr.flags &= ~(PERF_ATTR_FLAG_FREQ | PERF_ATTR_FLAG_EXCLUDE_USER |
			PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_HV |
			PERF_ATTR_FLAG_PRECISE_IP_MASK);
	attr.sample_type &= ~(PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN);
	if (rec->workload && !rec->opts.system_wide && !rec->opts.cpu_list)
		attr.flags |= PERF_ATTR_FLAG_ENABLE_ON_EXEC;
	rec->dummy_idx = el->nr;
	return rec_evlist__add(el, &attr, "dummy:HG");
}

int record__enable_start(struct record *rec)
{
	struct rec_evlist *el = &rec->rec_evlist;

	rec_evlist__enable(&rec->lookout);
	rec_evlist__enable(&rec->switch_events);
	if (!record_control__delayed(&rec->opts.control))
		return rec_evlist__enable(el);
	return rec->dummy_idx >= 0 ? rec_evsel__enable(el, rec->dummy_idx, true) : 0;
}

/* ops->enable: the sampling events, or those the user named so. */
static int session__enable(void *priv, const char *name, bool on)
{
	struct record *rec = priv;
	struct rec_evlist *el = &rec->rec_evlist;
	int i, ret = 0;
	bool found = false;

	for (i = 0; i < el->nr; i++) {
		if (i == rec->dummy_idx || (name && strcmp(name, el->entries[i].name)))
			continue;
		found = true;
		ret = rec_evsel__enable(el, i, on) ?: ret;
	}
	return found ? ret : -ENOENT;
}

/*
 * Upstream's "snapshot" is an AUX area snapshot: without one it is
 * acknowledged and does nothing, as here (--overwrite writes its
 * snapshot at the end, or on SIGUSR2 with --switch-output).
 */
static int session__snapshot(void *priv)
{
	return 0;
}

/* The names; -F adds the frequency or period, as upstream's "evlist -F". */
static void session__evlist(void *priv, const char *args, FILE *fp)
{
	struct record *rec = priv;
	struct rec_evlist *el = &rec->rec_evlist;
	bool freq = strstr(args, "-F") != NULL;
	int i;

	for (i = 0; i < el->nr; i++) {
		const struct perf_event_attr *a = &el->entries[i].attr;

		if (!freq)
			fprintf(fp, "%s\n", el->entries[i].name);
		else
			fprintf(fp, "%s: sample_%s=%llu\n", el->entries[i].name,
				a->flags & PERF_ATTR_FLAG_FREQ ? "freq" : "period",
				(unsigned long long)a->sample_period);
	}
	fflush(fp);
}

static void session__stop(void *priv)
{
	struct record *rec = priv;

	rec->control_stop = true;
}

static const struct record_control_ops session_ops = {
	.enable = session__enable,
	.snapshot = session__snapshot,
	.evlist = session__evlist,
	.stop = session__stop,
};

int record__control_timeout(struct record *rec, int timeout)
{
	int t = record_control__timeout(&rec->opts.control);

	if (t >= 0 && (timeout < 0 || t < timeout))
		return t;
	return timeout;
}

int record__control_tick(struct record *rec)
{
	return record_control__tick(&rec->opts.control, &session_ops, rec, rec->opts.quiet);
}

int record__control_read(struct record *rec)
{
	return record_control__read(&rec->opts.control, &session_ops, rec, rec->opts.quiet);
}

void record__control_size(struct record *rec)
{
	if (record_control__size_reached(&rec->opts.control, rec->bytes_written))
		rec->control_stop = true;
}
