// SPDX-License-Identifier: GPL-2.0
/*
 * perf list: the events -e takes on this machine, laid out and filtered
 * as upstream 6.1's: hardware, software and tool events, cache events,
 * the PMUs' own events, the raw syntax, tracepoints.  An argument picks a
 * section (hw, sw, cache, pmu, tracepoint), "sys:event" globs the
 * tracepoints, anything else is a substring glob over every event name.
 * The sections are in list/; what upstream lists from tables compiled into
 * it (metrics) or from its probe cache (SDT) is refused in one line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "list/print.h"
#include "util/base/parse-options.h"

static const char * const list_usage[] = {
	"perf list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
	NULL,
};

static void list__tracepoints_or_say(const struct list_print *lp, const char *sys_glob)
{
	int err = list__tracepoints(lp, sys_glob);

	/* upstream says nothing; a user should know why the section is empty */
	if (err)
		fprintf(stderr, "perf list: tracepoints not listed: no readable tracefs "
			"(/sys/kernel/tracing): %s\n", strerror(-err));
}

static void list__all(const struct list_print *lp)
{
	list__hw_events(lp);
	list__sw_events(lp);
	list__cache_events(lp);
	list__pmu_events(lp);
	list__raw_descriptors(lp);
	list__breakpoint(lp);
	list__tracepoints_or_say(lp, NULL);
}

/* "sys:event": both halves are exact globs over tracepoints only */
static int list__sys_event(struct list_print *lp, const char *arg)
{
	const char *colon = strchr(arg, ':');
	char *sys = strndup(arg, (size_t)(colon - arg));

	if (!sys)
		return -ENOMEM;
	lp->glob = colon + 1;
	list__tracepoints_or_say(lp, sys);
	free(sys);
	return 0;
}

static int list__arg(const struct list_print *base, const char *arg)
{
	struct list_print lp = *base;
	char *glob;

	if (!strcmp(arg, "hw") || !strcmp(arg, "hardware"))
		list__hw_events(&lp);
	else if (!strcmp(arg, "sw") || !strcmp(arg, "software"))
		list__sw_events(&lp);
	else if (!strcmp(arg, "cache") || !strcmp(arg, "hwcache"))
		list__cache_events(&lp);
	else if (!strcmp(arg, "pmu"))
		list__pmu_events(&lp);
	else if (!strcmp(arg, "tracepoint"))
		list__tracepoints_or_say(&lp, NULL);
	else if (!strcmp(arg, "sdt") || !strcmp(arg, "metric") ||
		 !strcmp(arg, "metricgroup") || !strcmp(arg, "metricgroups")) {
		fprintf(stderr, "perf list: %s is not supported: %s\n", arg,
			!strcmp(arg, "sdt") ? "this perf keeps no probe cache" :
			"this perf carries no per-CPU metric tables");
		return PERF_USAGE_ERROR;
	} else if (strchr(arg, ':')) {
		return list__sys_event(&lp, arg) ? 1 : 0;
	} else {
		/* upstream's bare word matches anywhere in a name */
		if (asprintf(&glob, "*%s*", arg) < 0)
			return 1;
		lp.glob = glob;
		list__hw_events(&lp);
		list__sw_events(&lp);
		list__cache_events(&lp);
		list__pmu_events(&lp);
		list__tracepoints_or_say(&lp, NULL);
		free(glob);
	}
	return 0;
}

int cmd_list(int argc, const char **argv)
{
	bool desc = true, long_desc = false, deprecated = false, details = false, debug = false;
	const char *cputype = NULL;
	struct list_print lp = { .glob = NULL };
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'd', "desc", &desc, NULL,
		  "Print extra event descriptions. --no-desc to not print." },
		{ PARSE_OPT_BOOL, 'v', "long-desc", &long_desc, NULL,
		  "Print longer event descriptions." },
		{ PARSE_OPT_STRING, 0, "cputype", &cputype, "hybrid cpu type",
		  "Print events applying cpu with this type for hybrid platform (e.g. core or atom)" },
		{ PARSE_OPT_BOOL, 0, "debug", &debug, NULL, "Enable debugging output" },
		{ PARSE_OPT_BOOL, 0, "deprecated", &deprecated, NULL, "Print deprecated events." },
		{ PARSE_OPT_BOOL, 0, "details", &details, NULL,
		  "Print information on the perf event names and expressions used internally by events." },
		{ PARSE_OPT_BOOL, 0, "raw-dump", &lp.raw_dump, NULL, "Dump raw events",
		  PARSE_OPT_HIDDEN },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "list", .usage = list_usage, .opts = opts };
	int n = parse_opts__parse(&p, argc, argv), i, ret = 0;

	if (n < 0)
		return -n;
	/*
	 * The description options shape upstream's JSON-described events
	 * and metrics, which we do not list; the sections we print are the
	 * same with or without them (perf-list.txt).
	 */
	if (!n)
		list__all(&lp);
	for (i = 0; i < n && !ret; i++)
		ret = list__arg(&lp, argv[i]);
	fflush(stdout);
	return ret;
}
