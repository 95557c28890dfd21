/* SPDX-License-Identifier: GPL-2.0 */
/*
 * debuginfod as a symbol source of dso__load() (source 4 of
 * Documentation/symbol-resolution.txt): a debuginfod_fetcher plugged into
 * struct dso_load_opts, and a prefetch that asks for every DSO lacking a
 * local source in one concurrent batch before the loader asks one by one.
 */
#ifndef __PERF_DEBUGINFOD_DSO_H
#define __PERF_DEBUGINFOD_DSO_H

struct dso_load_opts;
struct dsos;
struct debuginfod_fetcher;

/*
 * With @urls (upstream's --debuginfod=URLS) or DEBUGINFOD_URLS set: make
 * a fetcher, plug it into @opts as the debuginfod hook and hand it out in
 * *@fetcher (delete it with debuginfod_fetcher__delete() after the last
 * dso__load()).  Otherwise *@fetcher = NULL and @opts is untouched.
 * Every file the hook returns carries the build-id asked for.  Returns 0
 * or -errno (-ENOMEM, -EINVAL for an empty @urls).
 */
int debuginfod__setup_dso_hook(struct dso_load_opts *opts, const char *urls, int verbose,
			       struct debuginfod_fetcher **fetcher);

/*
 * Fetch, concurrently, the debuginfo (and, where there is none, the
 * executable) of every DSO of @dsos that has a build-id, is not loaded
 * yet and has no local source (build-id cache, debug dir, matching file
 * at its path).  The later dso__load() calls then find the answers in the
 * fetcher's memory.  Kernel DSOs are skipped (kallsyms).  Returns the
 * number of files found or -errno; @fetcher NULL: 0.
 */
int debuginfod__prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			      const struct dso_load_opts *opts);

#endif
