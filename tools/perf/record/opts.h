/* SPDX-License-Identifier: GPL-2.0 */
/* perf record's command line: upstream's option names and semantics. */
#ifndef __PERF_RECORD_OPTS_H
#define __PERF_RECORD_OPTS_H

#include <errno.h>
#include <linux/types.h>
#include <stddef.h>
#include <sys/types.h>
#include "record/compress.h"
#include "record/switch-output.h"
#include "record/sample-opts.h"
#include "record/control.h"

#define DEFAULT_FREQ		4000
#define DEFAULT_MMAP_PAGES	128
#define MAX_EVENTS		32
/* --call-graph dwarf's default and largest user stack copy, as upstream's */
#define RECORD_DEFAULT_STACK_DUMP	8192
#define RECORD_MAX_STACK_DUMP		65528
#define MAX_SAMPLE_RATE_PATH	"/proc/sys/kernel/perf_event_max_sample_rate"
/* Upstream's record returns -EINVAL for options that contradict: exit 234. */
#define RECORD_OPTS_EINVAL	(-EINVAL & 0xff)

struct record_opts {
	const char *events[MAX_EVENTS];
	int nr_events;
	char *copies[MAX_EVENTS];	/* -e arguments, split in place */
	int nr_copies;
	u64 freq;			/* 0 with -c */
	u64 period;
	bool callgraph;
	u32 stack_dump_size;		/* --call-graph dwarf: user stack bytes; 0: fp */
	/* perfconfig's call-graph.record-mode and dump-size: what -g records (0: fp) */
	u32 config_dump_size;
	bool system_wide;
	const char *cpu_list;
	pid_t pid, tid;			/* the first of -p's or -t's list */
	pid_t *pids, *tids;		/* -p, -t: "PID[,PID...]", no duplicates */
	size_t nr_pids, alloc_pids, nr_tids, alloc_tids;
	const char *output;
	size_t mmap_pages;
	bool quiet;
	int verbose;
	bool no_buildid;
	bool no_buildid_cache;
	bool force;
	int comp_level;			/* -z: zstd level, 0 for none */
	bool overwrite;			/* --overwrite: backward flight-recorder buffers */
	struct switch_output switch_output;	/* --switch-output, --switch-max-files */
	const char *switch_events[MAX_EVENTS];	/* --switch-output-event: record/switch-events.c */
	int nr_switch_events;
	struct sample_opts sample;	/* record/sample-opts.h */
	struct record_control control;	/* -D, --control, --max-size: record/control.h */
	bool timestamp_filename;	/* --timestamp-filename */
};

/*
 * Parse @argv (argv[0] is "record").  *@cmd_idx is set to the index of
 * the workload's first word (argc when there is none).  Returns 0, or the
 * exit status after printing the error: 129 with the usage for a bad
 * option, RECORD_OPTS_EINVAL for -F with -c, or -F above the kernel's
 * limit with --strict-freq.
 */
int record_opts__parse(struct record_opts *opts, int argc, char **argv, int *cmd_idx);

/* perfconfig's record.* and call-graph.record-mode, before record_opts__parse(). */
int record_opts__config(struct record_opts *opts);

/* Free what parsing allocated. */
void record_opts__exit(struct record_opts *opts);

/* Print the usage; returns 129 (upstream's parse-options status). */
int record_opts__usage(void);
/* Print "  Error: <message>" and the usage; returns 129. */
int record_opts__usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
