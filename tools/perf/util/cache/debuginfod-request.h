/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One request, as a fetcher's worker process makes it (util/cache/debuginfod.c
 * runs the workers; util/cache/debuginfod-request.c is what each one does).
 * Internal to the debuginfod fetcher.
 */
#ifndef __PERF_DEBUGINFOD_REQUEST_H
#define __PERF_DEBUGINFOD_REQUEST_H

#include <elfutils/debuginfod.h>
#include "util/cache/debuginfod.h"

/* What we call of libdebuginfod, typed by its own header. */
struct debuginfod_lib {
	void *handle;
	__typeof__(debuginfod_begin)		*begin;
	__typeof__(debuginfod_end)		*end;
	__typeof__(debuginfod_set_verbose_fd)	*set_verbose_fd;
	__typeof__(debuginfod_find_debuginfo)	*find_debuginfo;
	__typeof__(debuginfod_find_executable)	*find_executable;
};

/*
 * Make the client cache directory and its parents (libdebuginfod 0.188
 * makes the last component only, and fails every query otherwise), and
 * check that we may write there.  0 or -errno.
 */
int debuginfod__make_cache(const char *path);

/*
 * DEBUGINFOD_MAXSIZE in effect into *@max: the user's (RLIM_INFINITY for
 * 0, as libdebuginfod reads it: no limit), else DEBUGINFOD_DEFAULT_MAXSIZE,
 * which is then exported for libdebuginfod.  0 or -errno.
 */
int debuginfod__max_size(u64 *max);

#define LIBDEBUGINFOD_SONAME	"libdebuginfod.so.1"

/*
 * dlopen() libdebuginfod and find what we call (said on stderr when it
 * cannot be: symbols are not fetched).  0 or -ENOENT.
 */
int debuginfod_lib__open(struct debuginfod_lib *lib);

/* A worker's client and what it needs to judge an answer. */
struct debuginfod_requester {
	const struct debuginfod_lib *lib;
	debuginfod_client *client;
	const char *cache;	/* the client cache directory */
	u64 max_size;		/* DEBUGINFOD_MAXSIZE in effect */
	int log_fd;		/* libdebuginfod's verbose output, read back */
	int verbose;		/* > 1: that output goes on to stderr too */
};

/*
 * Set up a worker process: its client (verbose output into a memfd, read
 * after each request to tell a 404 from a 500), its file size limit
 * (RLIMIT_FSIZE = max_size, SIGXFSZ blocked so that an oversized write
 * fails instead of killing it).  0 or -errno.
 */
int debuginfod_requester__init(struct debuginfod_requester *r, const struct debuginfod_lib *lib,
			       const char *cache, u64 max_size, int verbose);
void debuginfod_requester__exit(struct debuginfod_requester *r);

/*
 * Fetch (@id, @kind) and judge the answer: 0 with *@path (malloc'd) a
 * checked file, or -errno with *@why (malloc'd, may be NULL) saying what
 * went wrong.  A file that fails the check is deleted; a negative cache
 * entry libdebuginfod wrote for anything but a 404 from every server is
 * deleted too, so a fixed server is asked again by the next run.
 */
int debuginfod_requester__fetch(struct debuginfod_requester *r, enum debuginfod_kind kind,
				const struct build_id *id, char **path, char **why);

#endif
