// SPDX-License-Identifier: GPL-2.0
/*
 * perf list's tracepoints: tracefs' events/SYSTEM/EVENT directories that
 * have an id to open them by, "sys:event" sorted by byte value as
 * upstream sorts them.  tracefs is looked for where
 * the kernel mounts it, then below debugfs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "list/print.h"
#include "util/base/array.h"

static const char * const tracefs_events[] = {
	"/sys/kernel/tracing/events",
	"/sys/kernel/debug/tracing/events",
};

static int not_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static bool has_id(const char *dir, const char *sys, const char *event)
{
	char path[4096];
	int fd;

	if (snprintf(path, sizeof(path), "%s/%s/%s/id", dir, sys, event) >= (int)sizeof(path))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* the "sys:event" names found, sorted before they are printed */
struct tp_names {
	char **names;
	size_t nr, alloc;
};

static int list__system(struct tp_names *tp, const struct list_print *lp, const char *dir,
			const char *sys)
{
	struct dirent **ev;
	char path[4096];
	int nr, i, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, sys);
	nr = scandir(path, &ev, not_dot, NULL);
	for (i = 0; i < nr; i++) {
		/* the glob is the event's, "sys:" was matched by the caller */
		if (!err && ev[i]->d_type == DT_DIR && list_print__match(lp, ev[i]->d_name) &&
		    has_id(dir, sys, ev[i]->d_name)) {
			if (ARRAY_GROW(tp->names, tp->alloc, tp->nr + 1) ||
			    asprintf(&tp->names[tp->nr], "%s:%s", sys, ev[i]->d_name) < 0)
				err = -ENOMEM;
			else
				tp->nr++;
		}
		free(ev[i]);
	}
	if (nr >= 0)
		free(ev);
	return err;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

int list__tracepoints(const struct list_print *lp, const char *sys_glob)
{
	const struct list_print all = { .raw_dump = lp->raw_dump };
	struct tp_names tp = { .nr = 0 };
	struct dirent **sys = NULL;
	const char *dir = NULL;
	size_t d, j;
	int nr = -1, i, err = 0;

	for (d = 0; d < sizeof(tracefs_events) / sizeof(tracefs_events[0]) && nr < 0; d++) {
		dir = tracefs_events[d];
		nr = scandir(dir, &sys, not_dot, NULL);
	}
	if (nr < 0)
		return -errno;
	for (i = 0; i < nr; i++) {
		if (!err && sys[i]->d_type == DT_DIR &&
		    (!sys_glob || !fnmatch(sys_glob, sys[i]->d_name, 0)))
			err = list__system(&tp, lp, dir, sys[i]->d_name);
		free(sys[i]);
	}
	free(sys);
	/* upstream sorts whole names: "fib6:..." before "fib:..." */
	if (tp.nr)
		qsort(tp.names, tp.nr, sizeof(*tp.names), cmp_str);
	for (j = 0; j < tp.nr; j++) {
		if (!err)
			list_print__event(&all, tp.names[j], NULL, "Tracepoint event");
		free(tp.names[j]);
	}
	free(tp.names);
	return err;
}
