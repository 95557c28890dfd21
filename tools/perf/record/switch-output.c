// SPDX-License-Identifier: GPL-2.0
/* perf record --switch-output: thresholds, file names, --switch-max-files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "record/switch-output.h"

struct tag_mult {
	char tag;
	u64 mult;
};

static const struct tag_mult size_tags[] = {
	{ 'B', 1 }, { 'K', 1ULL << 10 }, { 'M', 1ULL << 20 }, { 'G', 1ULL << 30 }, { 0, 0 },
};

/* Seconds per tag. */
static const struct tag_mult time_tags[] = {
	{ 's', 1 }, { 'm', 60 }, { 'h', 3600 }, { 'd', 86400 }, { 0, 0 },
};

/* "<digits><tag>" with a tag of @tags: the product, or 0 if not that form. */
static u64 parse_tagged(const char *s, const struct tag_mult *tags)
{
	unsigned long long v;
	char *end;
	int i;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || !end[0] || end[1])
		return 0;
	for (i = 0; tags[i].tag; i++) {
		if (*end != tags[i].tag)
			continue;
		if (v > ~0ULL / tags[i].mult)
			return 0;
		return v * tags[i].mult;
	}
	return 0;
}

int switch_output__parse(struct switch_output *so, const char *arg)
{
	u64 v;

	so->enabled = so->signal = true;
	if (!arg || !strcmp(arg, "signal"))
		return 0;
	v = parse_tagged(arg, size_tags);
	if (v) {
		so->size = v;
		return 0;
	}
	v = parse_tagged(arg, time_tags);
	if (v && v <= ~0ULL / 1000) {
		so->time_ms = v * 1000;
		return 0;
	}
	so->enabled = so->signal = false;
	return -EINVAL;
}

int switch_output__init(struct switch_output *so, int max_files)
{
	so->max_files = max_files > 0 ? max_files : 0;
	so->next = 0;
	so->names = NULL;
	if (!so->max_files)
		return 0;
	so->names = calloc(so->max_files, sizeof(*so->names));
	return so->names ? 0 : -ENOMEM;
}

void switch_output__exit(struct switch_output *so)
{
	int i;

	for (i = 0; so->names && i < so->max_files; i++)
		free(so->names[i]);
	free(so->names);
	so->names = NULL;
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void switch_output__arm(struct switch_output *so)
{
	if (so->time_ms)
		so->deadline_ns = now_ns() + so->time_ms * 1000000ULL;
}

int switch_output__poll_timeout(const struct switch_output *so)
{
	u64 now;

	if (!so->time_ms)
		return -1;
	now = now_ns();
	if (now >= so->deadline_ns)
		return 0;
	/* Round up: waking a little late is fine, spinning early is not. */
	if ((so->deadline_ns - now) / 1000000ULL >= 0x7fffffff)
		return 0x7fffffff;
	return (int)((so->deadline_ns - now + 999999) / 1000000ULL);
}

bool switch_output__due(const struct switch_output *so, u64 bytes)
{
	if (!so->enabled)
		return false;
	if (so->size && bytes >= so->size)
		return true;
	return so->time_ms && now_ns() >= so->deadline_ns;
}

/* Remember @name; the one it replaces in the ring is deleted. */
static void switch_output__retire(struct switch_output *so, const char *name)
{
	char *old;

	if (!so->max_files)
		return;
	old = so->names[so->next];
	if (old) {
		if (unlink(old) && errno != ENOENT)
			fprintf(stderr, "Warning: cannot remove %s: %s\n", old, strerror(errno));
		free(old);
	}
	so->names[so->next] = strdup(name);
	so->next = (so->next + 1) % so->max_files;
}

/*
 * @path.<YYYYmmddHHMMSScc>: upstream's name (centiseconds).  Two switches
 * in one centisecond would reuse a name: wait for the next one instead of
 * overwriting a finished file.
 */
static int switch_output__name(const char *path, char *name, size_t size)
{
	struct timespec ts, tick = { 0, 1000000 };
	char stamp[32];
	struct tm tm;
	int tries;

	for (tries = 0; tries < 100; tries++) {
		clock_gettime(CLOCK_REALTIME, &ts);
		localtime_r(&ts.tv_sec, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
		if (snprintf(name, size, "%s.%s%02ld", path, stamp,
			     ts.tv_nsec / 10000000) >= (int)size)
			return -ENAMETOOLONG;
		if (access(name, F_OK))
			return 0;
		nanosleep(&tick, NULL);
	}
	return -EEXIST;
}

int switch_output__rename(struct switch_output *so, const char *path, bool quiet)
{
	char name[4096 + 32];
	int err;

	err = switch_output__name(path, name, sizeof(name));
	if (err) {
		fprintf(stderr, "Error: no free name for the output %s: %s\n", path,
			strerror(-err));
		return err;
	}
	if (rename(path, name)) {
		err = -errno;
		fprintf(stderr, "Error: cannot rename %s to %s: %s\n", path, name, strerror(-err));
		return err;
	}
	if (!quiet)
		fprintf(stderr, "[ perf record: Dump %s ]\n", name);
	switch_output__retire(so, name);
	return 0;
}
