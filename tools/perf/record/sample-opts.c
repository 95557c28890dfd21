// SPDX-License-Identifier: GPL-2.0
/*
 * perf record: what each event counts and what its samples carry (-d, -P,
 * -s, -T, -i, --sample-cpu, --all-user, --all-kernel, --per-thread, -k),
 * as attr bits, the way upstream 6.1 sets them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "record/opts.h"
#include "record/sample-opts.h"

struct clockid_name {
	const char *name;
	int id;
};

/* Upstream's spellings: the full names first (they are what headers print). */
static const struct clockid_name clockids[] = {
	{ "monotonic", CLOCK_MONOTONIC },
	{ "monotonic_raw", CLOCK_MONOTONIC_RAW },
	{ "realtime", CLOCK_REALTIME },
	{ "boottime", CLOCK_BOOTTIME },
	{ "tai", CLOCK_TAI },
	{ "mono", CLOCK_MONOTONIC },
	{ "raw", CLOCK_MONOTONIC_RAW },
	{ "real", CLOCK_REALTIME },
	{ "boot", CLOCK_BOOTTIME },
	{ NULL, 0 },
};

int sample_opts__parse_clockid(const char *s, int *clockid)
{
	const struct clockid_name *c;
	char *end;
	long v;

	if (!s || !*s)
		return -EINVAL;
	errno = 0;
	v = strtol(s, &end, 10);
	if (!errno && !*end && end != s) {
		if (v < 0 || v > 0x7fffffff)
			return -EINVAL;
		*clockid = (int)v;
		return 0;
	}
	if (!strncasecmp(s, "CLOCK_", 6))
		s += 6;
	for (c = clockids; c->name; c++) {
		if (!strcasecmp(s, c->name)) {
			*clockid = c->id;
			return 0;
		}
	}
	return -EINVAL;
}

const char *sample_opts__clockid_name(int clockid)
{
	const struct clockid_name *c;

	for (c = clockids; c->name; c++)
		if (c->id == clockid)
			return c->name;
	return NULL;
}

int sample_opts__option(struct sample_opts *so, int key, const char *arg)
{
	switch (key) {
	case 'd':
		so->data = true;
		return 0;
	case 'P':
		so->period = true;
		return 0;
	case 's':
		so->stat = true;
		return 0;
	case 'T':
		so->timestamp = true;
		return 0;
	case 'i':
		so->no_inherit = true;
		return 0;
	case 'k':
		if (sample_opts__parse_clockid(arg, &so->clockid))
			return record_opts__usage_error("unknown clockid '%s': monotonic, "
							"monotonic_raw, realtime, boottime, tai "
							"or a number", arg);
		so->use_clockid = true;
		return 0;
	case SAMPLE_OPT_CPU:
		so->sample_cpu = true;
		return 0;
	case SAMPLE_OPT_ALL_USER:
		so->all_user = true;
		return 0;
	case SAMPLE_OPT_ALL_KERNEL:
		so->all_kernel = true;
		return 0;
	case SAMPLE_OPT_PER_THREAD:
		so->per_thread = true;
		return 0;
	default:
		return RECORD_OPT_OTHER;
	}
}

int sample_opts__check(struct sample_opts *so, bool cpu_target, bool quiet)
{
	if (so->all_user && so->all_kernel)
		return record_opts__usage_error("option `all-kernel' cannot be used with all-user");
	if (so->per_thread && cpu_target) {
		/* Upstream's words: -a/-C win, and it goes on. */
		if (!quiet)
			fprintf(stderr, "Warning:\nSYSTEM/CPU switch overriding PER-THREAD\n");
		so->per_thread = false;
	}
	/* The kernel cannot map an inherited event's buffer per thread. */
	if (so->per_thread)
		so->no_inherit = true;
	return 0;
}

void sample_opts__config_attr(const struct sample_opts *so, struct perf_event_attr *attr,
			      bool freq)
{
	/* Upstream keeps PERIOD for frequency mode, where it varies, or for -P. */
	if (freq || so->period)
		attr->sample_type |= PERF_SAMPLE_PERIOD;
	else
		attr->sample_type &= ~PERF_SAMPLE_PERIOD;
	/*
	 * In a task's own buffer (--per-thread, no inheritance) there is no
	 * CPU's stream to order: upstream leaves time out unless -T asks.
	 */
	if (so->per_thread && !so->timestamp)
		attr->sample_type &= ~PERF_SAMPLE_TIME;
	if (so->no_inherit)
		attr->flags &= ~PERF_ATTR_FLAG_INHERIT;
	if (so->data)
		attr->sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
	if (so->sample_cpu)
		attr->sample_type |= PERF_SAMPLE_CPU;
	if (so->stat) {
		/* Counts of each thread come as READ records when it exits. */
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
				     PERF_FORMAT_TOTAL_TIME_RUNNING;
		/* upstream sets it with -i too, where the kernel has nothing to inherit */
		attr->flags |= PERF_ATTR_FLAG_INHERIT_STAT;
	}
	if (so->all_user) {
		attr->flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL;
		attr->flags &= ~PERF_ATTR_FLAG_EXCLUDE_USER;
	}
	if (so->all_kernel) {
		attr->flags |= PERF_ATTR_FLAG_EXCLUDE_USER;
		attr->flags &= ~PERF_ATTR_FLAG_EXCLUDE_KERNEL;
	}
	if (so->use_clockid) {
		attr->flags |= PERF_ATTR_FLAG_USE_CLOCKID;
		attr->clockid = so->clockid;
	}
}

void sample_opts__config_tracking(const struct sample_opts *so, struct perf_event_attr *attr)
{
	if (so->data)
		attr->flags |= PERF_ATTR_FLAG_MMAP_DATA;
}
