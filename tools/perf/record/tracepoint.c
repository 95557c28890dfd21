// SPDX-License-Identifier: GPL-2.0
/* Tracepoint ids from tracefs, for -e SYS:NAME. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include "record/tracepoint.h"

const char *tracefs__dir(void)
{
	/* "events" tells a mounted tracefs from its empty mount point. */
	if (!access("/sys/kernel/tracing/events", F_OK))
		return "/sys/kernel/tracing";
	if (!access("/sys/kernel/debug/tracing/events", F_OK))
		return "/sys/kernel/debug/tracing";
	/*
	 * Mounted at its mount point if it can be (root), as upstream
	 * does: a freshly booted machine need not have it mounted, and a
	 * user asking for a tracepoint means to use it.  Otherwise the
	 * caller says how to mount it.
	 */
	if (!mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) &&
	    !access("/sys/kernel/tracing/events", F_OK))
		return "/sys/kernel/tracing";
	return NULL;
}

/* No path tricks: a name is letters, digits, '_' and '-'. */
static bool tracepoint__name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(*s == '_' || *s == '-' || (*s >= '0' && *s <= '9') ||
		      (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
			return false;
	return true;
}

int tracepoint__id(const char *sys, const char *name, u64 *id, char *path, size_t size)
{
	const char *dir = tracefs__dir();
	unsigned long long v;
	FILE *f;
	int ok;

	if (!tracepoint__name_ok(sys) || !tracepoint__name_ok(name))
		return -EINVAL;
	if (!dir)
		return -ENODEV;
	snprintf(path, size, "%s/events/%s/%s", dir, sys, name);
	if (access(path, F_OK))
		return -ENOENT;
	snprintf(path, size, "%s/events/%s/%s/id", dir, sys, name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	ok = fscanf(f, "%llu", &v) == 1;
	fclose(f);
	if (!ok)
		return -EINVAL;
	*id = v;
	return 0;
}
