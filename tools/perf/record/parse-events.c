// SPDX-License-Identifier: GPL-2.0
/*
 * Symbolic event names for -e.  Only the generalized hardware and software
 * events: tracepoints, raw and PMU-specific events are not supported.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "record/parse-events.h"

struct event_symbol {
	const char *name;
	u32 type;
	u64 config;
};

/* Upstream's names and aliases, canonical name first for each config. */
static const struct event_symbol event_symbols[] = {
	{ "cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cpu-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branches",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-instructions",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "idle-cycles-frontend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "idle-cycles-backend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs",				PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
};

#define NR_SYMBOLS (sizeof(event_symbols) / sizeof(event_symbols[0]))

static int parse_modifiers(const char *mod, struct perf_event_attr *attr)
{
	bool u = false, k = false, h = false;
	unsigned int precise = 0;

	for (; *mod; mod++) {
		switch (*mod) {
		case 'u': u = true; break;
		case 'k': k = true; break;
		case 'h': h = true; break;
		case 'p':
			if (++precise > 3)
				return -EINVAL;
			break;
		default:
			return -EINVAL;
		}
	}
	/* Like upstream: naming some privilege levels excludes the others. */
	if (u || k || h) {
		if (!u)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_USER;
		if (!k)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL;
		if (!h)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_HV;
	}
	attr->flags &= ~PERF_ATTR_FLAG_PRECISE_IP_MASK;
	attr->flags |= (u64)precise << PERF_ATTR_FLAG_PRECISE_IP_SHIFT;
	return 0;
}

int parse_events__one(const char *name, struct perf_event_attr *attr)
{
	const char *colon = strchr(name, ':');
	size_t len = colon ? (size_t)(colon - name) : strlen(name);
	size_t i;

	for (i = 0; i < NR_SYMBOLS; i++) {
		if (strlen(event_symbols[i].name) == len &&
		    !strncmp(event_symbols[i].name, name, len))
			break;
	}
	if (i == NR_SYMBOLS)
		return -ENOENT;
	attr->type = event_symbols[i].type;
	attr->config = event_symbols[i].config;
	return colon ? parse_modifiers(colon + 1, attr) : 0;
}

const char *parse_events__name(u32 type, u64 config)
{
	size_t i;

	for (i = 0; i < NR_SYMBOLS; i++) {
		if (event_symbols[i].type == type && event_symbols[i].config == config)
			return event_symbols[i].name;
	}
	return NULL;
}

void parse_events__print_error(const char *str, size_t pos)
{
	/* The caret line lines up under @str after "event syntax error: '". */
	fprintf(stderr, "event syntax error: '%s'\n", str);
	fprintf(stderr, "%*s\\___ parser error\n", (int)(pos + 21), "");
	fprintf(stderr, "Run 'perf list' for a list of valid events\n");
}
