/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's options that change what each event counts and what its
 * samples carry: -d, -P, -s, -T, -i, --sample-cpu, --all-user,
 * --all-kernel, --per-thread, -k.  Each sets the attr bits upstream 6.1
 * sets for it (checked against its `perf evlist -v` in t1025).
 */
#ifndef __PERF_RECORD_SAMPLE_OPTS_H
#define __PERF_RECORD_SAMPLE_OPTS_H

#include <linux/types.h>
#include <linux/perf_event.h>
#include <stdbool.h>

struct sample_opts {
	bool data;		/* -d: ADDR, DATA_SRC; maps of data too */
	bool period;		/* -P: PERIOD with -c as well */
	bool stat;		/* -s: inherit_stat, READ records per thread */
	bool timestamp;		/* -T: TIME even where upstream leaves it out */
	bool no_inherit;	/* -i (and --per-thread) */
	bool sample_cpu;	/* --sample-cpu */
	bool all_user, all_kernel;
	bool per_thread;	/* one buffer per thread, no CPU */
	bool use_clockid;	/* -k */
	int clockid;
};

/* Keys of the long-only options (short ones are their letter). */
enum {
	SAMPLE_OPT_CPU = 0x1100,
	SAMPLE_OPT_ALL_USER,
	SAMPLE_OPT_ALL_KERNEL,
	SAMPLE_OPT_PER_THREAD,
};

#define SAMPLE_OPT(s, l, a, h, f) { PARSE_OPT_CALLBACK, s, l, NULL, a, h, f, s }
#define SAMPLE_LOPT(k, l, a, h, f) { PARSE_OPT_CALLBACK, 0, l, NULL, a, h, f, k }

/* Entries of record's option table (record/opts.c). */
#define RECORD_SAMPLE_OPTIONS \
	SAMPLE_OPT('d', "data", NULL, "Record the sample addresses", PARSE_OPT_NOARG), \
	SAMPLE_OPT('P', "period", NULL, "Record the sample period", PARSE_OPT_NOARG), \
	SAMPLE_OPT('s', "stat", NULL, "per thread counts", PARSE_OPT_NOARG), \
	SAMPLE_OPT('T', "timestamp", NULL, "Record the sample timestamps", PARSE_OPT_NOARG), \
	SAMPLE_OPT('i', "no-inherit", NULL, "child tasks do not inherit counters", \
		   PARSE_OPT_NOARG), \
	SAMPLE_OPT('k', "clockid", "clockid", "clockid to use for events, see clock_gettime()", 0), \
	SAMPLE_LOPT(SAMPLE_OPT_CPU, "sample-cpu", NULL, "Record the sample cpu", PARSE_OPT_NOARG), \
	SAMPLE_LOPT(SAMPLE_OPT_ALL_USER, "all-user", NULL, \
		    "Configure all used events to run in user space.", PARSE_OPT_NOARG), \
	SAMPLE_LOPT(SAMPLE_OPT_ALL_KERNEL, "all-kernel", NULL, \
		    "Configure all used events to run in kernel space.", PARSE_OPT_NOARG), \
	SAMPLE_LOPT(SAMPLE_OPT_PER_THREAD, "per-thread", NULL, "use per-thread mmaps", \
		    PARSE_OPT_NOARG)

/* An option's result for keys that are not ours: the caller tries others. */
#define RECORD_OPT_OTHER	(-1)

/* One option of the table above: 0, the exit status (129), or RECORD_OPT_OTHER. */
int sample_opts__option(struct sample_opts *so, int key, const char *arg);

/*
 * After all options: conflicts (upstream's words and status).  @cpu_target:
 * -a or -C.  Returns 0 or the exit status.
 */
int sample_opts__check(struct sample_opts *so, bool cpu_target, bool quiet);

/*
 * "mono", "CLOCK_MONOTONIC", "monotonic_raw", "4": the clock id, as
 * upstream's -k reads it; -EINVAL.
 */
int sample_opts__parse_clockid(const char *s, int *clockid);
/* The name upstream's header prints for @clockid, or NULL. */
const char *sample_opts__clockid_name(int clockid);

/* Apply to an event's attr, after the defaults: @freq (not -c). */
void sample_opts__config_attr(const struct sample_opts *so, struct perf_event_attr *attr,
			      bool freq);
/* The tracking event also asks for maps of data (-d). */
void sample_opts__config_tracking(const struct sample_opts *so, struct perf_event_attr *attr);

#endif
