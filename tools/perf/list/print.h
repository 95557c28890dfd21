/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf list's output and filter, shared by its sections (events.c,
 * pmus.c, tracepoints.c): one "  NAME  [Kind]" line per event as upstream
 * 6.1 prints them, or the bare names with --raw-dump (completion).
 */
#ifndef __PERF_LIST_PRINT_H
#define __PERF_LIST_PRINT_H

#include <stdbool.h>

struct list_print {
	const char *glob;	/* NULL: every event; else fnmatch(3) pattern */
	bool raw_dump;
};

/*
 * @name (with " OR @alias" when there is one) and its @kind, when
 * lp->glob matches @name or @alias.
 */
void list_print__event(const struct list_print *lp, const char *name, const char *alias,
		       const char *kind);

/* Whether lp->glob (or no glob) lets @s through. */
bool list_print__match(const struct list_print *lp, const char *s);

/* The generalized events: hardware, software, tool, hardware cache. */
void list__hw_events(const struct list_print *lp);
void list__sw_events(const struct list_print *lp);
void list__cache_events(const struct list_print *lp);
/* The fixed syntax lines: raw descriptors and the breakpoint. */
void list__raw_descriptors(const struct list_print *lp);
void list__breakpoint(const struct list_print *lp);

/* Events under /sys/bus/event_source/devices/PMU/events/. */
void list__pmu_events(const struct list_print *lp);

/*
 * Tracepoints under tracefs' events/ (/sys/kernel/tracing, else debugfs'):
 * "sys:event" when @sys_glob (exact, as upstream's "sys:event" argument)
 * or lp->glob (the event name) match.  Returns 0 or -errno when there is
 * no readable tracefs.
 */
int list__tracepoints(const struct list_print *lp, const char *sys_glob);

#endif
