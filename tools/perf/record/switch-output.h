/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record --switch-output: when to rotate the output file (SIGUSR2,
 * a size or a time threshold), what the finished files are called
 * (PATH.<YYYYmmddHHMMSScc>, upstream's names) and, with
 * --switch-max-files, which old ones to delete.
 */
#ifndef __PERF_SWITCH_OUTPUT_H
#define __PERF_SWITCH_OUTPUT_H

#include <linux/types.h>
#include <stdbool.h>

struct switch_output {
	bool enabled;
	bool signal;			/* SIGUSR2 rotates (every form allows it) */
	u64 size;			/* bytes; 0: no size threshold */
	u64 time_ms;			/* 0: no time threshold */
	u64 deadline_ns;		/* CLOCK_MONOTONIC of the next time switch */
	int max_files;			/* 0: keep every file */
	char **names;			/* ring of the last @max_files names */
	int next;			/* slot the next name goes to */
};

/*
 * "signal", SIZE with a B/K/M/G suffix, or TIME with s/m/h/d (upstream's
 * tags: "1M" is a MiB, "1m" a minute).  NULL means "signal".  Returns 0
 * or -EINVAL.
 */
int switch_output__parse(struct switch_output *so, const char *arg);

/* Allocate the --switch-max-files ring (after parsing).  -ENOMEM. */
int switch_output__init(struct switch_output *so, int max_files);
void switch_output__exit(struct switch_output *so);

/* Arm the time threshold from now (a new file started). */
void switch_output__arm(struct switch_output *so);

/* Milliseconds a poll may sleep before the time threshold (-1: forever). */
int switch_output__poll_timeout(const struct switch_output *so);

/* Should the file of @bytes bytes be switched now (size or time)? */
bool switch_output__due(const struct switch_output *so, u64 bytes);

/*
 * The finished @path becomes @path.<stamp>; with --switch-max-files the
 * oldest file beyond the limit is deleted.  Prints upstream's "Dump"
 * line unless @quiet.  Returns 0 or -errno after a one-line error.
 */
int switch_output__rename(struct switch_output *so, const char *path, bool quiet);

#endif
