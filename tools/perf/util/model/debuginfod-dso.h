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
 * The overall bound of a command's fetching, in seconds, when
 * PERF_DEBUGINFOD_TOTAL_TIMEOUT does not say: no request starts once the
 * fetches took that long in all; one running then gets DEBUGINFOD_TIMEOUT
 * + 1 more seconds.  And after one request timed out no other starts.
 */
#define DEBUGINFOD_DSO_TOTAL_TIMEOUT	30

/*
 * With @urls (upstream's --debuginfod=URLS) or DEBUGINFOD_URLS set: make
 * a fetcher, plug it into @opts as the debuginfod hook and hand it out in
 * *@fetcher.  Otherwise *@fetcher = NULL and @opts is untouched.  Every
 * file the hook returns passed debuginfod__check_file().  Each failure
 * the hook meets is said once on stderr, with what to do next.  Returns
 * 0 or -errno (-ENOMEM, -EINVAL for an empty @urls).  Without a usable
 * library or client cache (said on stderr) there is no hook either.
 * Undo with debuginfod__dso_hook_exit() after the last dso__load().
 */
int debuginfod__setup_dso_hook(struct dso_load_opts *opts, const char *urls, int verbose,
			       struct debuginfod_fetcher **fetcher);

/*
 * Let the hook of @opts (a copy of the one set up, e.g. a machine's)
 * prefetch: the first time dso__load() asks it, and again whenever @dsos
 * has grown since, every DSO of @dsos lacking a local source is fetched
 * concurrently by debuginfod__prefetch_dsos().  No hook: nothing.
 */
void debuginfod__dso_hook_watch(struct dso_load_opts *opts, const struct dsos *dsos);

/*
 * Print the summary line (stderr not a tty: the progress line is not
 * shown there), delete the fetcher and the hook; @opts is left without.
 */
void debuginfod__dso_hook_exit(struct dso_load_opts *opts);

/*
 * Fetch, concurrently, the debuginfo (and, where there is none, the
 * executable) of every DSO of @dsos that has a build-id, is not loaded
 * yet and has no local source (build-id cache, debug dir, matching file
 * at its path).  The later dso__load() calls then find the answers in the
 * fetcher's memory.  Kernel DSOs are skipped (kallsyms).  Each failure
 * other than "no server has it" is said once, naming the DSO.  Returns
 * the number of files found or -errno; @fetcher NULL: 0.
 */
int debuginfod__prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			      const struct dso_load_opts *opts);

#endif
