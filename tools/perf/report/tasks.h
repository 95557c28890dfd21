/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report --tasks, --mmaps and -T/--threads: what the file says about
 * its tasks rather than its samples, laid out as upstream perf 6.1 prints
 * them (found by running it).
 */
#ifndef __PERF_REPORT_TASKS_H
#define __PERF_REPORT_TASKS_H

#include <stdbool.h>
#include <stdio.h>
#include <linux/types.h>

struct machine;
struct evlist;
union perf_event;
struct perf_sample;

/*
 * The tasks as a tree of parents (ppid) and children: "pid tid ppid |comm",
 * a child one column further in; with @mmaps each task's maps below it.
 * swapper (0/0) first, as upstream's machine always has it.  0 or -ENOMEM.
 */
int machine__fprintf_tasks(struct machine *machine, bool mmaps, FILE *fp);

/* -T: the counts of PERF_RECORD_READ records (perf record -s), per thread. */
struct thread_counts;

struct thread_counts *thread_counts__new(void);
void thread_counts__delete(struct thread_counts *tc);
/* A READ record of @evlist's events; 0, or -ENOMEM. */
int thread_counts__add(struct thread_counts *tc, const struct evlist *evlist,
		       const union perf_event *event, const struct perf_sample *sample);
void thread_counts__fprintf(const struct thread_counts *tc, const struct evlist *evlist,
			    FILE *fp);

#endif
