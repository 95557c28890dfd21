/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf buildid-list --store: every DSO a perf.data names by build-id put
 * into the build-id cache, from the first source that has the right
 * file, one "OK <id> <name>" / "FAIL <id> <name>" line per DSO.  See
 * Documentation/perf-buildid-list.txt.
 */
#ifndef __PERF_BUILD_ID_STORE_H
#define __PERF_BUILD_ID_STORE_H

#include <stdbool.h>
#include "util/symbols/build-id.h"

/* Where a stored DSO came from (the "source" of -v). */
enum build_id_store_src {
	BUILD_ID_STORE__NONE = 0,
	BUILD_ID_STORE__CACHED,		/* already in the cache */
	BUILD_ID_STORE__ORIGINAL,	/* the recorded path, same build-id */
	BUILD_ID_STORE__KALLSYMS,	/* the running kernel is the recorded one */
	BUILD_ID_STORE__DEBUG_DIR,	/* /usr/lib/debug/.build-id/xx/rest.debug */
	BUILD_ID_STORE__DEBUGINFOD_EXE,
	BUILD_ID_STORE__DEBUGINFOD_DEBUG,
};

struct build_id_store_entry {
	struct build_id	bid;
	char		*name;
	int		err;		/* 0 stored, else why not */
	enum build_id_store_src src;
};

struct debuginfod_fetcher;

/*
 * Store @n entries into the cache @dir: local sources first, then the
 * missing ones in one concurrent debuginfod batch per kind (@fetcher may
 * be NULL: no debuginfod).  Fills each entry's err and src.  Returns the
 * number that failed.
 */
int build_id_store__run(struct build_id_store_entry *e, size_t n, const char *dir,
			const char *debug_dir, struct debuginfod_fetcher *fetcher);

/* "original path", "debuginfod executable", ... */
const char *build_id_store_src__name(enum build_id_store_src src);

/*
 * The whole command: read the perf.data @opts names (buildid-list's -i,
 * -f, -H, --buildid-all; with call-chain frames counted as hits when
 * asked), store, print.  @urls: --debuginfod's value ("" for the bare
 * flag: the environment's); @no_debuginfod: never ask a server.  Exit
 * status: 0 all stored, 1 some failed or the input is unreadable.
 */
struct dso_hits_opts;
int buildid_store__cmd(const struct dso_hits_opts *opts, const char *urls, bool no_debuginfod);

/* buildid-list -k (the running kernel's id) and -m (with its text range). */
int build_id_store__print_kernel(bool maps);

#endif
