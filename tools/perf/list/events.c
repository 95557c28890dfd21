// SPDX-License-Identifier: GPL-2.0
/*
 * perf list's generalized events.  Upstream lists a hardware, software or
 * cache event only when the kernel opens it, so a machine without a CPU
 * PMU (a VM) shows no hardware section; we ask the kernel the same way.
 * Names and aliases are upstream's -e spellings; the tool events are
 * counted by perf stat itself and always listed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "list/print.h"

struct symbol_event {
	const char *name, *alias;
	__u64 config;
};

/* kept in upstream's listing order: sorted by name */
static const struct symbol_event hw_events[] = {
	{ "branch-instructions", "branches", PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", NULL, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", NULL, PERF_COUNT_HW_BUS_CYCLES },
	{ "cache-misses", NULL, PERF_COUNT_HW_CACHE_MISSES },
	{ "cache-references", NULL, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cpu-cycles", "cycles", PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", NULL, PERF_COUNT_HW_INSTRUCTIONS },
	{ "ref-cycles", NULL, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "stalled-cycles-backend", "idle-cycles-backend", PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "stalled-cycles-frontend", "idle-cycles-frontend", PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
};

static const struct symbol_event sw_events[] = {
	{ "alignment-faults", NULL, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "bpf-output", NULL, PERF_COUNT_SW_BPF_OUTPUT },
	{ "cgroup-switches", NULL, PERF_COUNT_SW_CGROUP_SWITCHES },
	{ "context-switches", "cs", PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-clock", NULL, PERF_COUNT_SW_CPU_CLOCK },
	{ "cpu-migrations", "migrations", PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "dummy", NULL, PERF_COUNT_SW_DUMMY },
	{ "emulation-faults", NULL, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "major-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "minor-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "page-faults", "faults", PERF_COUNT_SW_PAGE_FAULTS },
	{ "task-clock", NULL, PERF_COUNT_SW_TASK_CLOCK },
};

/* perf stat's own counters, in upstream's order */
static const char * const tool_events[] = { "duration_time", "user_time", "system_time" };

/*
 * Whether the kernel opens the event for this process: as it is, else
 * user-space only (perf_event_paranoid 2 refuses kernel counting).
 */
static bool event__supported(__u32 type, __u64 config)
{
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = config,
		.flags = PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_EXCLUDE_HV,
	};
	int i, fd;

	for (i = 0; i < 2; i++) {
		if (i)
			attr.flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL;
		fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			return true;
		}
	}
	return false;
}

static void symbol_events(const struct list_print *lp, const struct symbol_event *ev,
			  size_t nr, __u32 type, const char *kind)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		/* the kernel is asked only about the events the glob lets through */
		if (!list_print__match(lp, ev[i].name) &&
		    !(ev[i].alias && list_print__match(lp, ev[i].alias)))
			continue;
		if (event__supported(type, ev[i].config))
			list_print__event(lp, ev[i].name, ev[i].alias, kind);
	}
}

void list__hw_events(const struct list_print *lp)
{
	symbol_events(lp, hw_events, sizeof(hw_events) / sizeof(hw_events[0]),
		      PERF_TYPE_HARDWARE, "Hardware event");
}

void list__sw_events(const struct list_print *lp)
{
	size_t i;

	symbol_events(lp, sw_events, sizeof(sw_events) / sizeof(sw_events[0]),
		      PERF_TYPE_SOFTWARE, "Software event");
	for (i = 0; i < sizeof(tool_events) / sizeof(tool_events[0]); i++)
		list_print__event(lp, tool_events[i], NULL, "Tool event");
}

/*
 * The cache events: cache x operation x result, named as -e takes them,
 * for the combinations the generalized table defines; listed sorted.
 * attr.config is cache | op << 8 | result << 16 (perf_event_open(2)).
 */
#define PERF_COUNT_HW_CACHE_MAX		7
#define PERF_COUNT_HW_CACHE_OP_MAX	3

static const char * const cache_names[PERF_COUNT_HW_CACHE_MAX] = {
	"L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node",
};
/* bit per operation (load, store, prefetch) that the cache has */
static const unsigned char cache_ops[PERF_COUNT_HW_CACHE_MAX] = { 7, 5, 7, 7, 1, 1, 7 };
static const char * const op_names[PERF_COUNT_HW_CACHE_OP_MAX][2] = {
	{ "loads", "load-misses" },
	{ "stores", "store-misses" },
	{ "prefetches", "prefetch-misses" },
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

void list__cache_events(const struct list_print *lp)
{
	char *names[PERF_COUNT_HW_CACHE_MAX * PERF_COUNT_HW_CACHE_OP_MAX * 2];
	size_t nr = 0, i;
	int c, op, res;

	for (c = 0; c < PERF_COUNT_HW_CACHE_MAX; c++) {
		for (op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++) {
			if (!(cache_ops[c] & (1 << op)))
				continue;
			for (res = 0; res < 2; res++) {
				char name[64];

				snprintf(name, sizeof(name), "%s-%s", cache_names[c], op_names[op][res]);
				if (!list_print__match(lp, name) ||
				    !event__supported(PERF_TYPE_HW_CACHE,
						      c | (op << 8) | ((__u64)res << 16)))
					continue;
				names[nr] = strdup(name);
				if (names[nr])
					nr++;
			}
		}
	}
	qsort(names, nr, sizeof(names[0]), cmp_str);
	for (i = 0; i < nr; i++) {
		list_print__event(lp, names[i], NULL, "Hardware cache event");
		free(names[i]);
	}
}

/* Syntax, not events: upstream shows them in the full listing only. */
void list__raw_descriptors(const struct list_print *lp)
{
	if (lp->glob || lp->raw_dump)
		return;
	list_print__event(lp, "rNNN", NULL, "Raw hardware event descriptor");
	list_print__event(lp, "cpu/t1=v1[,t2=v2,t3 ...]/modifier", NULL,
			  "Raw hardware event descriptor");
}

void list__breakpoint(const struct list_print *lp)
{
	if (lp->glob || lp->raw_dump)
		return;
	list_print__event(lp, "mem:<addr>[/len][:access]", NULL, "Hardware breakpoint");
}
