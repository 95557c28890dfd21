// SPDX-License-Identifier: GPL-2.0
/*
 * perf list's "Kernel PMU event" lines: the events each PMU under
 * /sys/bus/event_source/devices publishes in its events/ directory, as
 * "pmu/event/", sorted by PMU then event.  The CPU's own PMU ("cpu")
 * also takes the bare name in -e, which upstream lists first:
 * "cycles OR cpu/cycles/".  A file with a dot is an event's property
 * (.scale, .unit, .per-pkg, .snapshot), not an event.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "list/print.h"

#define PMU_DEVICES "/sys/bus/event_source/devices"

static int cmp_dirent(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int not_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static int is_event(const struct dirent *d)
{
	return d->d_name[0] != '.' && !strchr(d->d_name, '.');
}

static void list__pmu(const struct list_print *lp, const char *pmu)
{
	struct dirent **ev;
	char path[4096], name[512];
	bool core = !strcmp(pmu, "cpu");
	int nr, i;

	snprintf(path, sizeof(path), PMU_DEVICES "/%s/events", pmu);
	nr = scandir(path, &ev, is_event, cmp_dirent);
	for (i = 0; i < nr; i++) {
		snprintf(name, sizeof(name), "%s/%s/", pmu, ev[i]->d_name);
		if (core)
			list_print__event(lp, ev[i]->d_name, name, "Kernel PMU event");
		else
			list_print__event(lp, name, NULL, "Kernel PMU event");
		free(ev[i]);
	}
	if (nr >= 0)
		free(ev);
}

void list__pmu_events(const struct list_print *lp)
{
	struct dirent **pmu;
	int nr = scandir(PMU_DEVICES, &pmu, not_dot, cmp_dirent), i;

	for (i = 0; i < nr; i++) {
		list__pmu(lp, pmu[i]->d_name);
		free(pmu[i]);
	}
	if (nr >= 0)
		free(pmu);
}
