// SPDX-License-Identifier: GPL-2.0
/* The debuginfod hook of dso__load(), and a concurrent prefetch for it. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "util/cache/debuginfod.h"
#include "util/model/debuginfod-dso.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

#define DEBUG_DIR	"/usr/lib/debug"

/* What the prefetches of a command did, for its summary line. */
struct prefetch_stats {
	unsigned int nr_dsos;		/* DSOs without a local source */
	unsigned int nr_found;
	unsigned int nr_missing;	/* no server has them (404) */
	unsigned int nr_failed;		/* anything else: said one by one */
	double seconds;
};

/* The hook's private data (dso_load_opts.debuginfod_priv). */
struct debuginfod_dso_hook {
	struct debuginfod_fetcher *fetcher;
	const struct dsos *dsos;		/* watched, or NULL */
	const struct dso_load_opts *opts;	/* the copy that watches them */
	size_t nr_seen;				/* dsos->nr at the last prefetch */
	struct prefetch_stats stats;
};

/* What a prefetch knows of the DSOs it asks for. */
struct prefetch_job {
	struct dso *dso;
	int err;		/* the answer that counts: found, missing, failed */
	int dbg_err;		/* the debuginfo's, if it failed */
	char *dbg_why;		/* and why (malloc'd), said with the executable's */
	bool fresh;		/* asked by this prefetch, not remembered */
};

static int prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			 const struct dso_load_opts *opts, struct prefetch_stats *stats);

/* What to do about a failed fetch, as far as we can tell. */
static const char *next_step(int err)
{
	switch (err) {
	case -EBADMSG:
		return "deleted from the client cache; the server holds a bad copy: fix it "
		       "there, the next run asks again";
	case -EFBIG:
		return "not kept; raise DEBUGINFOD_MAXSIZE if the file really is that big";
	case -EREMOTEIO:
	case -EIO:
		return "not cached as missing, the next run asks again; see the server's log";
	case -ETIME:
		return "check the server or raise DEBUGINFOD_TIMEOUT / "
		       "PERF_DEBUGINFOD_TOTAL_TIMEOUT; the next run asks again";
	case -ENOSPC:
		return "free some space or set DEBUGINFOD_CACHE_PATH elsewhere";
	case -ECONNREFUSED:
	case -ENETUNREACH:
	case -EHOSTUNREACH:
		return "check DEBUGINFOD_URLS and that the server runs";
	default:
		return "the next run asks again";
	}
}

static bool is_failure(const struct debuginfod_result *r)
{
	return r->err && r->err != -ENOENT && r->err != -ENOSYS;
}

/* One line per DSO whose fetches failed (404s are not failures). */
static void say_dso(const char *name, const struct build_id *bid, const struct prefetch_job *job,
		    const struct debuginfod_result *exe)
{
	bool exe_failed = exe && is_failure(exe);
	bool dbg_failed = job && job->dbg_why;
	char hex[SBUILD_ID_SIZE];

	build_id__sprintf(bid, hex);
	pr_warning("debuginfod: %s%s%s: %s%s%s%s%s: %s\n", name ?: "", name ? " " : "", hex,
		   dbg_failed ? "debuginfo: " : "", dbg_failed ? job->dbg_why : "",
		   dbg_failed && exe_failed ? "; " : "", exe_failed ? "executable: " : "",
		   exe_failed ? (exe->why ?: strerror(-exe->err)) : "",
		   next_step(exe_failed ? exe->err : job->dbg_err));
}

/*
 * dso_debuginfod_fn: the fetcher remembers every answer, so ask freely.
 * Watching a DSO set, first fetch all that lack a local source at once.
 */
static int debuginfod_dso__fetch(void *priv, const struct build_id *bid, bool debuginfo,
				 char **path)
{
	enum debuginfod_kind kind = debuginfo ? DEBUGINFOD_KIND_DEBUGINFO :
					       DEBUGINFOD_KIND_EXECUTABLE;
	struct debuginfod_dso_hook *h = priv;
	struct debuginfod_result r;
	int err;

	*path = NULL;
	if (h->dsos && h->dsos->nr != h->nr_seen) {
		h->nr_seen = h->dsos->nr;
		prefetch_dsos(h->fetcher, h->dsos, h->opts, &h->stats);
	}
	err = debuginfod_fetcher__fetch_many(h->fetcher, bid, 1, kind, &r);
	if (err < 0)
		return err;
	if (r.fresh && is_failure(&r)) {
		/* not prefetched (a local file was expected to do): name it */
		struct dso *dso = h->dsos ? dsos__find_by_build_id(h->dsos, bid) : NULL;
		char hex[SBUILD_ID_SIZE];

		if (dso)
			dso->debuginfod_said = true;
		build_id__sprintf(bid, hex);
		pr_warning("debuginfod: %s%s%s %s: %s: %s\n", dso ? dso->long_name : "",
			   dso ? " " : "", hex, debuginfod_kind__name(kind),
			   r.why ?: strerror(-r.err), next_step(r.err));
	}
	*path = r.path;
	r.path = NULL;
	debuginfod_result__exit(&r);
	return r.err;
}

/* PERF_DEBUGINFOD_TOTAL_TIMEOUT, else DEBUGINFOD_DSO_TOTAL_TIMEOUT. */
static unsigned int total_timeout(void)
{
	const char *v = getenv("PERF_DEBUGINFOD_TOTAL_TIMEOUT");
	char *end;
	unsigned long n;

	if (!v || !*v)
		return DEBUGINFOD_DSO_TOTAL_TIMEOUT;
	n = strtoul(v, &end, 10);
	if (*end || !n || n > 86400) {
		pr_warning("debuginfod: PERF_DEBUGINFOD_TOTAL_TIMEOUT=%s is not a number of "
			   "seconds (1..86400): using %d\n", v, DEBUGINFOD_DSO_TOTAL_TIMEOUT);
		return DEBUGINFOD_DSO_TOTAL_TIMEOUT;
	}
	return n;
}

int debuginfod__setup_dso_hook(struct dso_load_opts *opts, const char *urls, int verbose,
			       struct debuginfod_fetcher **fetcher)
{
	struct debuginfod_opts dopts = {
		.urls = urls,
		.verbose = verbose,
		.progress = true,
		.total_s = total_timeout(),
		.stop_after_timeout = true,
	};
	struct debuginfod_dso_hook *h;

	*fetcher = NULL;
	if (urls && !*urls)
		return -EINVAL;
	if (!urls && !debuginfod__configured())
		return 0;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->fetcher = debuginfod_fetcher__new(&dopts);
	if (!h->fetcher) {
		int err = errno;

		free(h);
		/* no library, no cache (said on stderr): go on without */
		return err == ENOMEM ? -ENOMEM : 0;
	}
	opts->debuginfod = debuginfod_dso__fetch;
	opts->debuginfod_priv = h;
	*fetcher = h->fetcher;
	return 0;
}

void debuginfod__dso_hook_watch(struct dso_load_opts *opts, const struct dsos *dsos)
{
	struct debuginfod_dso_hook *h = opts->debuginfod_priv;

	if (opts->debuginfod != debuginfod_dso__fetch || !h)
		return;
	h->dsos = dsos;
	h->opts = opts;
	h->nr_seen = 0;
}

void debuginfod__dso_hook_exit(struct dso_load_opts *opts)
{
	struct debuginfod_dso_hook *h = opts->debuginfod_priv;
	const struct prefetch_stats *st;

	if (opts->debuginfod != debuginfod_dso__fetch || !h)
		return;
	st = &h->stats;
	/* On a terminal the progress line said it already. */
	if (st->nr_dsos && !isatty(STDERR_FILENO))
		pr_warning("debuginfod: %u DSOs without a local file: %u fetched, %u on no "
			   "server, %u failed (%.1f s)\n", st->nr_dsos, st->nr_found,
			   st->nr_missing, st->nr_failed, st->seconds);
	debuginfod_fetcher__delete(h->fetcher);
	free(h);
	opts->debuginfod = NULL;
	opts->debuginfod_priv = NULL;
}

static bool dso__file_has_symtab(const char *path)
{
	struct symsrc ss;
	bool ret;

	if (symsrc__open(&ss, path))
		return true;	/* the loader will say what is wrong with it */
	ret = symsrc__has_symtab(&ss);
	symsrc__close(&ss);
	return ret;
}

/*
 * A cheap guess whether dso__load() will find the DSO without debuginfod:
 * an entry in the cache or the debug dir, or the right file at its path.
 * A wrong guess costs a request whose answer may go unused, nothing more.
 */
static bool dso__has_local_source(const struct dso *dso, const struct dso_load_opts *opts)
{
	const char *debug_dir = opts->debug_dir ? opts->debug_dir : DEBUG_DIR;
	char hex[SBUILD_ID_SIZE], dir[PATH_MAX], path[PATH_MAX];
	struct build_id bid = { .size = 0 };

	build_id__sprintf(&dso->id.bid, hex);
	if (!build_id_cache__dir_of(dir, sizeof(dir), opts->buildid_dir) &&
	    !build_id_cache__path(path, sizeof(path), dir, hex, "") && !access(path, R_OK))
		return true;
	if (!build_id_cache__path(path, sizeof(path), debug_dir, hex, ".debug") &&
	    !access(path, R_OK))
		return true;
	if (dso->long_name[0] != '/' || filename__read_build_id(dso->long_name, &bid) ||
	    !build_id__equal(&bid, &dso->id.bid))
		return false;
	/*
	 * The right file, but stripped (.dynsym only, as distributions ship
	 * libraries): the loader will ask for its debuginfo, one at a time,
	 * unless it is asked for here with the others.
	 */
	return dso__file_has_symtab(dso->long_name);
}

/* One batch of @kind for ids[0..n). */
static int prefetch(struct debuginfod_fetcher *f, struct build_id *ids,
		    struct prefetch_job *jobs, size_t n, enum debuginfod_kind kind)
{
	struct debuginfod_result *res = calloc(n, sizeof(*res));
	size_t i;
	int ret;

	if (!res)
		return -ENOMEM;
	ret = debuginfod_fetcher__fetch_many(f, ids, n, kind, res);
	for (i = 0; ret >= 0 && i < n; i++) {
		struct prefetch_job *job = &jobs[i];
		bool failed = res[i].fresh && is_failure(&res[i]);

		job->fresh = job->fresh || res[i].fresh;
		if (kind == DEBUGINFOD_KIND_DEBUGINFO) {
			job->err = res[i].err;
			if (failed) {
				job->dbg_err = res[i].err;
				job->dbg_why = strdup(res[i].why ?: strerror(-res[i].err));
			}
		} else {
			if (failed || job->dbg_why) {
				say_dso(job->dso->long_name, &ids[i], job, failed ? &res[i] : NULL);
				job->dso->debuginfod_said = true;
			}
			/* a failure other than "missing" outweighs a 404 */
			if (!res[i].err || job->err == -ENOENT)
				job->err = res[i].err;
		}
		debuginfod_result__exit(&res[i]);
	}
	free(res);
	return ret;
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void prefetch_count(struct prefetch_stats *stats, const struct prefetch_job *job)
{
	/* answered before (an earlier prefetch): counted then */
	if (!stats || !job->fresh)
		return;
	stats->nr_dsos++;
	if (!job->err)
		stats->nr_found++;
	else if (job->err == -ENOENT)
		stats->nr_missing++;
	else
		stats->nr_failed++;
}

static int prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			 const struct dso_load_opts *opts, struct prefetch_stats *stats)
{
	struct prefetch_job *jobs;
	struct build_id *ids;
	struct timespec t0;
	size_t i, n = 0, m = 0;
	int ret = -ENOMEM, nr;

	if (!fetcher || !dsos->nr)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ids = calloc(dsos->nr, sizeof(*ids));
	jobs = calloc(dsos->nr, sizeof(*jobs));
	if (!ids || !jobs)
		goto out;
	for (i = 0; i < dsos->nr; i++) {
		struct dso *dso = dsos->entries[i];

		/* "[vdso]" and the like: images no server holds */
		if (!dso__has_build_id(dso) || dso->kernel || dso->long_name[0] == '[' ||
		    dso->load_state != DSO_LOAD__NOT_TRIED || dso__has_local_source(dso, opts))
			continue;
		jobs[n].dso = dso;
		ids[n++] = dso->id.bid;
	}
	if (!n) {
		ret = 0;
		goto out;
	}
	/* The loader asks for debuginfo first, then for the executable. */
	ret = prefetch(fetcher, ids, jobs, n, DEBUGINFOD_KIND_DEBUGINFO);
	if (ret < 0)
		goto out;
	nr = ret;
	for (i = 0; i < n; i++) {
		if (!jobs[i].err) {
			prefetch_count(stats, &jobs[i]);
			continue;
		}
		ids[m] = ids[i];
		jobs[m++] = jobs[i];
	}
	n = m;
	ret = m ? prefetch(fetcher, ids, jobs, m, DEBUGINFOD_KIND_EXECUTABLE) : 0;
	if (ret >= 0)
		ret += nr;
	for (i = 0; i < m; i++)
		prefetch_count(stats, &jobs[i]);
out:
	if (stats)
		stats->seconds += seconds_since(&t0);
	for (i = 0; jobs && i < n; i++)
		free(jobs[i].dbg_why);
	free(ids);
	free(jobs);
	return ret;
}

int debuginfod__prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			      const struct dso_load_opts *opts)
{
	return prefetch_dsos(fetcher, dsos, opts, NULL);
}
