// SPDX-License-Identifier: GPL-2.0
/*
 * Many build-ids from debuginfod servers at once, through libdebuginfod.
 *
 * libdebuginfod does the HTTP, the server list (DEBUGINFOD_URLS) and the
 * client cache; what it does not do is concurrency, a bound on a whole
 * batch, checking that a server answered with the right file, and an
 * in-memory record of answers so a run never asks twice.
 *
 * Concurrency is worker processes, not threads.  A debuginfod_client is
 * not thread-safe, so threads would each need their own; but that is not
 * enough with libdebuginfod 0.188 (Debian 12): every query closes the
 * descriptor of $cache/cache_clean_interval_s twice (fclose() then
 * close()), and in a threaded process the second close hits whatever
 * another thread opened meanwhile under that number.  Measured: with 8
 * threads, cached files come back empty or holding two downloads, and
 * servers log malformed requests, a few times per 50 fetches.  Workers
 * started per batch keep that inside processes that run one query at a
 * time, and perf's own descriptors out of reach.  They also make the
 * batch deadline hard: a worker still busy after it is killed.  They are
 * forked by a zygote process, not by perf (debuginfod-worker.c says why).
 *
 * Time bounds.  libdebuginfod takes its limits from the environment only
 * (DEBUGINFOD_TIMEOUT, DEBUGINFOD_MAXTIME, DEBUGINFOD_RETRY_LIMIT), so the
 * fetcher exports defaults for those the user did not set.  (A transfer
 * can be cut short from the progress callback, but 0.188 then answers
 * -ENOENT and records a negative cache entry on disk for ten minutes,
 * turning a slow server into "not found" for later runs.)
 *
 * The library is not linked: it brings libcurl, GnuTLS, Kerberos and
 * LDAP, 27 libraries whose loading and constructors took 2.8 ms of every
 * perf start-up here, a tenth of a flat report of a 10 MB file, for runs
 * that mostly never fetch.  A fetcher's zygote process loads it (dlopen,
 * as elfutils' own libdw does) and forks the workers: perf never maps it.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/pidfd.h>
#include <sys/stat.h>
#include <elfutils/debuginfod.h>
#include "util/symbols/build-id.h"
#include "util/base/debug.h"
#include "util/cache/debuginfod.h"
#include "util/cache/debuginfod-request.h"
#include "util/cache/debuginfod-worker.h"
#include "util/base/hashmap.h"


/* One (kind, build-id) this fetcher has been asked for. */
struct debuginfod_entry {
	struct build_id id;
	enum debuginfod_kind kind;
	bool answered;		/* a request was made: never ask again */
	bool queued;		/* a job of the current batch */
	int err;
	char *path;		/* when err == 0 */
	char *why;		/* when err != 0: what the server did, or NULL */
	bool told;		/* this answer was handed out as fresh */
};

struct debuginfod_fetcher {
	struct debuginfod_zygote *zygote;	/* forks the workers */
	unsigned int nr_workers;
	unsigned int timeout_s;
	unsigned int deadline_s;
	unsigned int total_s;
	struct timespec spent;		/* in batches, against total_s */
	bool stop_after_timeout;
	bool timed_out;			/* a request did: ask no more */
	bool told_no_worker;		/* that none could be started */
	bool progress;
	int verbose;
	u64 max_size;			/* DEBUGINFOD_MAXSIZE in effect */
	char cache[PATH_MAX];		/* the client cache */
	unsigned long nr_requests;
	struct hashmap answers;		/* (id, kind) -> struct debuginfod_entry */
};

struct debuginfod_worker {
	int pidfd;		/* -1 once waited for */
	int sock;		/* our end of the socketpair; -1 once closed */
	ssize_t job;		/* index in batch->jobs being fetched, or -1 */
};

/* One fetch_many() call. */
struct debuginfod_batch {
	struct debuginfod_fetcher *f;
	enum debuginfod_kind kind;
	struct debuginfod_entry **jobs;	/* unique, not answered before */
	size_t nr_jobs;
	size_t next;			/* next job to hand out */
	size_t nr_done, nr_found;
	struct timespec deadline;	/* CLOCK_MONOTONIC: no job starts after */
	struct timespec hard_deadline;	/* busy workers are killed then */
	bool show_progress;
	struct debuginfod_worker workers[DEBUGINFOD_MAX_THREADS];
	unsigned int nr_workers;
};

const char *debuginfod_kind__name(enum debuginfod_kind kind)
{
	return kind == DEBUGINFOD_KIND_DEBUGINFO ? "debuginfo" : "executable";
}

bool debuginfod__configured(void)
{
	const char *urls = getenv(DEBUGINFOD_URLS_ENV_VAR);

	return urls && urls[strspn(urls, " \t\n")];
}

/* Export @val as @name unless the user set it: theirs wins. */
static int debuginfod__default_env(const char *name, unsigned int val)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", val);
	return setenv(name, buf, 0) ? -errno : 0;
}

struct debuginfod_fetcher *debuginfod_fetcher__new(const struct debuginfod_opts *opts)
{
	struct debuginfod_opts defaults = { 0 };
	struct debuginfod_fetcher *f;
	unsigned int timeout;
	int err;

	if (!opts)
		opts = &defaults;
	timeout = opts->timeout_s ?: DEBUGINFOD_DEFAULT_TIMEOUT;
	if (opts->urls && setenv(DEBUGINFOD_URLS_ENV_VAR, opts->urls, 1))
		return NULL;
	if (debuginfod__default_env(DEBUGINFOD_TIMEOUT_ENV_VAR, timeout) ||
	    debuginfod__default_env(DEBUGINFOD_MAXTIME_ENV_VAR, timeout) ||
	    debuginfod__default_env(DEBUGINFOD_RETRY_LIMIT_ENV_VAR, 1))
		return NULL;

	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	hashmap__init(&f->answers);
	if (debuginfod__max_size(&f->max_size))
		goto out_free;
	err = debuginfod__cache_path(f->cache, sizeof(f->cache));
	if (!err && debuginfod__configured())
		err = debuginfod__make_cache(f->cache);
	if (err) {
		pr_warning("debuginfod: cannot use the client cache %s: %s: symbols are not "
			   "fetched; set DEBUGINFOD_CACHE_PATH to a writable directory\n",
			   f->cache[0] ? f->cache : "(no $HOME)", strerror(-err));
		errno = -err;
		free(f);
		return NULL;
	}
	/* it loads libdebuginfod (or says on stderr why it cannot) */
	f->zygote = debuginfod_zygote__start(&(struct debuginfod_worker_conf){
		.cache = f->cache, .max_size = f->max_size, .verbose = opts->verbose,
	});
	if (!f->zygote) {
		free(f);
		return NULL;
	}
	f->nr_workers = opts->nr_threads ?: DEBUGINFOD_DEFAULT_THREADS;
	if (f->nr_workers > DEBUGINFOD_MAX_THREADS)
		f->nr_workers = DEBUGINFOD_MAX_THREADS;
	f->timeout_s = timeout;
	f->deadline_s = opts->deadline_s ?: DEBUGINFOD_DEFAULT_DEADLINE;
	f->total_s = opts->total_s;
	f->stop_after_timeout = opts->stop_after_timeout;
	f->progress = opts->progress;
	f->verbose = opts->verbose;
	return f;
out_free:
	free(f);
	return NULL;
}

void debuginfod_fetcher__delete(struct debuginfod_fetcher *f)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < hashmap__nr(&f->answers); i++) {
		struct debuginfod_entry *e = f->answers.entries[i].value;

		free(e->path);
		free(e->why);
		free(e);
	}
	hashmap__exit(&f->answers);
	debuginfod_zygote__stop(f->zygote);
	free(f);
}

unsigned long debuginfod_fetcher__nr_requests(const struct debuginfod_fetcher *f)
{
	return f->nr_requests;
}

void debuginfod_result__exit(struct debuginfod_result *r)
{
	free(r->path);
	r->path = NULL;
	r->why = NULL;
}

/* The entry for (@id, @kind), added if new; NULL on ENOMEM. */
static struct debuginfod_entry *debuginfod_fetcher__entry(struct debuginfod_fetcher *f,
							  const struct build_id *id,
							  enum debuginfod_kind kind)
{
	u64 hash = build_id__hash(id) ^ kind;
	struct debuginfod_entry *e;
	size_t it = 0;

	while ((e = hashmap__next(&f->answers, hash, &it)) != NULL)
		if (e->kind == kind && build_id__equal(&e->id, id))
			return e;
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->id = *id;
	e->kind = kind;
	if (hashmap__add(&f->answers, hash, e)) {
		free(e);
		return NULL;
	}
	return e;
}

/* ---- worker processes ----------------------------------------------------- */

static void debuginfod_batch__dispatch(struct debuginfod_batch *b, struct debuginfod_worker *w);

/* Each worker gets its first job as soon as it exists. */
static int debuginfod_batch__spawn(struct debuginfod_batch *b, unsigned int nr)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < nr; i++) {
		struct debuginfod_worker *w = &b->workers[i];

		err = debuginfod_zygote__worker(b->f->zygote, &w->sock, &w->pidfd);
		if (err)
			break;
		w->job = -1;
		b->nr_workers++;
		debuginfod_batch__dispatch(b, w);
	}
	if (b->nr_workers)
		return 0;
	if (!b->f->told_no_worker)
		pr_warning("debuginfod: cannot start a worker process: %s: symbols are not "
			   "fetched\n", strerror(-err));
	b->f->told_no_worker = true;
	return err;
}

/* Until @w's process has ended (it does once its socket is closed, or killed). */
static void debuginfod_worker__wait(struct debuginfod_worker *w)
{
	struct pollfd pfd = { .fd = w->pidfd, .events = POLLIN };

	if (w->pidfd < 0)
		return;
	while (poll(&pfd, 1, -1) < 0 && errno == EINTR)
		;
	close(w->pidfd);
	w->pidfd = -1;
}

static void debuginfod__clock(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
}

/* Milliseconds from now to @ts, 0 if past. */
static int debuginfod__ms_until(const struct timespec *ts)
{
	struct timespec now;
	long long ms;

	debuginfod__clock(&now);
	ms = (ts->tv_sec - now.tv_sec) * 1000LL + (ts->tv_nsec - now.tv_nsec) / 1000000;
	return ms <= 0 ? 0 : ms > 60000 ? 60000 : (int)ms;
}

static void debuginfod_worker__close(struct debuginfod_worker *w)
{
	if (w->sock >= 0)
		close(w->sock);
	w->sock = -1;
}

static void debuginfod_batch__show_progress(struct debuginfod_batch *b)
{
	if (!b->show_progress)
		return;
	fprintf(stderr, "\rdebuginfod: %zu/%zu %s fetched, %zu found",
		b->nr_done, b->nr_jobs, debuginfod_kind__name(b->kind), b->nr_found);
	if (b->nr_done == b->nr_jobs)
		fputc('\n', stderr);
}

/* @text: the path on success, else what went wrong (or NULL); taken over. */
static void debuginfod_batch__done(struct debuginfod_batch *b, struct debuginfod_entry *e,
				   int err, char *text, bool answered)
{
	free(e->why);
	e->err = err;
	e->path = err ? NULL : text;
	e->why = err ? text : NULL;
	e->answered = answered;
	if (answered)
		e->told = false;	/* a new answer: to be told */
	if (answered && err == -ETIME)
		b->f->timed_out = true;
	b->nr_done++;
	if (!err)
		b->nr_found++;
	debuginfod_batch__show_progress(b);
}

/* Hand the worker its next job, or let it go when there is none left. */
static void debuginfod_batch__dispatch(struct debuginfod_batch *b, struct debuginfod_worker *w)
{
	struct debuginfod_job msg = { 0 };
	uint32_t job;

	w->job = -1;
	/* Jobs not started by the deadline are not asked: a later call may. */
	while (b->next < b->nr_jobs && !debuginfod__ms_until(&b->deadline))
		debuginfod_batch__done(b, b->jobs[b->next++], -ETIME,
				       strdup("not asked: the time allowed for fetching is over"),
				       false);
	/* The servers were given their time for one id: not for each. */
	while (b->next < b->nr_jobs && b->f->stop_after_timeout && b->f->timed_out)
		debuginfod_batch__done(b, b->jobs[b->next++], -ETIME,
				       strdup("not asked: an earlier request timed out"), false);
	if (b->next >= b->nr_jobs) {
		debuginfod_worker__close(w);
		return;
	}
	job = b->next++;
	msg.job = job;
	msg.kind = b->kind;
	msg.size = b->jobs[job]->id.size;
	memcpy(msg.id, b->jobs[job]->id.data, sizeof(msg.id));
	if (debuginfod__send_all(w->sock, &msg, sizeof(msg))) {
		debuginfod_batch__done(b, b->jobs[job], -EIO, NULL, false);
		debuginfod_worker__close(w);
		return;
	}
	w->job = job;
	b->f->nr_requests++;
}

/* A reply is waiting on @w's socket. */
static void debuginfod_batch__collect(struct debuginfod_batch *b, struct debuginfod_worker *w)
{
	struct debuginfod_entry *e = b->jobs[w->job];
	struct debuginfod_reply reply;
	char *path = NULL;
	int err;

	err = debuginfod__recv_all(w->sock, &reply, sizeof(reply));
	if (!err && (reply.job != w->job || reply.path_len >= PATH_MAX))
		err = -EPROTO;
	if (!err && reply.path_len) {
		path = calloc(1, reply.path_len + 1);
		err = path ? debuginfod__recv_all(w->sock, path, reply.path_len) : -ENOMEM;
	}
	if (err) {
		/* The worker died (or spoke nonsense): this id was not answered. */
		free(path);
		debuginfod_batch__done(b, e, err == -EPIPE ? -EIO : err, NULL, false);
		debuginfod_worker__close(w);
		w->job = -1;
		return;
	}
	/* On failure, path holds what went wrong (if anything) */
	if (!reply.err && !path)
		reply.err = -EPROTO;
	debuginfod_batch__done(b, e, reply.err, path, true);
	debuginfod_batch__dispatch(b, w);
}

/* Past the hard deadline: kill the busy workers, their ids timed out. */
static void debuginfod_batch__kill_busy(struct debuginfod_batch *b)
{
	unsigned int i;

	for (i = 0; i < b->nr_workers; i++) {
		struct debuginfod_worker *w = &b->workers[i];

		if (w->job < 0)
			continue;
		pidfd_send_signal(w->pidfd, SIGKILL, NULL, 0);
		debuginfod_batch__done(b, b->jobs[w->job], -ETIME,
				       strdup("stopped: the time allowed for fetching is over"), true);
		w->job = -1;
		debuginfod_worker__close(w);
	}
}

static void debuginfod_batch__loop(struct debuginfod_batch *b)
{
	struct pollfd pfd[DEBUGINFOD_MAX_THREADS];
	unsigned int i, nr;

	for (;;) {
		int timeout = debuginfod__ms_until(&b->hard_deadline);

		for (i = nr = 0; i < b->nr_workers; i++) {
			if (b->workers[i].job < 0)
				continue;
			pfd[nr].fd = b->workers[i].sock;
			pfd[nr].events = POLLIN;
			pfd[nr].revents = 0;
			nr++;
		}
		if (!nr)
			break;
		if (!timeout || (poll(pfd, nr, timeout) == 0 &&
				 !debuginfod__ms_until(&b->hard_deadline))) {
			debuginfod_batch__kill_busy(b);
			break;
		}
		for (i = 0; i < b->nr_workers; i++) {
			struct debuginfod_worker *w = &b->workers[i];
			unsigned int k;

			if (w->job < 0)
				continue;
			for (k = 0; k < nr && pfd[k].fd != w->sock; k++)
				;
			if (k < nr && pfd[k].revents)
				debuginfod_batch__collect(b, w);
		}
	}
	/* Not asked: past the deadline, or every worker died. */
	while (b->next < b->nr_jobs) {
		int err = debuginfod__ms_until(&b->deadline) ? -EIO : -ETIME;

		debuginfod_batch__done(b, b->jobs[b->next++], err, NULL, false);
	}
}

/* Seconds of the fetcher's total_s left (deadline_s if no total). */
static long debuginfod_fetcher__budget(const struct debuginfod_fetcher *f)
{
	long left;

	if (!f->total_s)
		return f->deadline_s;
	left = (long)f->total_s - f->spent.tv_sec - (f->spent.tv_nsec ? 1 : 0);
	if (left < 0)
		left = 0;
	return left < (long)f->deadline_s ? left : (long)f->deadline_s;
}

static void debuginfod_fetcher__spend(struct debuginfod_fetcher *f, const struct timespec *t0)
{
	struct timespec t1;

	debuginfod__clock(&t1);
	f->spent.tv_sec += t1.tv_sec - t0->tv_sec;
	f->spent.tv_nsec += t1.tv_nsec - t0->tv_nsec;
	while (f->spent.tv_nsec < 0) {
		f->spent.tv_nsec += 1000000000;
		f->spent.tv_sec--;
	}
	while (f->spent.tv_nsec >= 1000000000) {
		f->spent.tv_nsec -= 1000000000;
		f->spent.tv_sec++;
	}
}

static int debuginfod_batch__run(struct debuginfod_batch *b)
{
	struct debuginfod_fetcher *f = b->f;
	unsigned int i, nr = f->nr_workers;
	struct timespec t0;
	long budget = debuginfod_fetcher__budget(f);
	int err;

	if (nr > b->nr_jobs)
		nr = b->nr_jobs;
	debuginfod__clock(&t0);
	b->deadline = t0;
	b->deadline.tv_sec += budget;
	if (!budget) {
		/* total_s spent: nothing is asked any more */
		while (b->next < b->nr_jobs)
			debuginfod_batch__done(b, b->jobs[b->next++], -ETIME,
					       strdup("not asked: the time allowed for fetching "
						      "is over"), false);
		return 0;
	}
	/* A request running at the deadline gets one more request bound. */
	b->hard_deadline = b->deadline;
	b->hard_deadline.tv_sec += f->timeout_s + 1;
	b->show_progress = f->progress && isatty(STDERR_FILENO) &&
			   !getenv(DEBUGINFOD_PROGRESS_ENV_VAR);
	err = debuginfod_batch__spawn(b, nr);
	if (err)
		return err;
	debuginfod_batch__loop(b);
	for (i = 0; i < b->nr_workers; i++) {
		debuginfod_worker__close(&b->workers[i]);
		debuginfod_worker__wait(&b->workers[i]);
	}
	debuginfod_fetcher__spend(f, &t0);
	return 0;
}

/* Unique, unanswered entries for @ids; entries[i] is id i's entry. */
static int debuginfod_batch__collect_jobs(struct debuginfod_batch *b,
					  const struct build_id *ids, size_t n,
					  struct debuginfod_entry **entries)
{
	size_t i;

	b->jobs = calloc(n ?: 1, sizeof(*b->jobs));
	if (!b->jobs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct debuginfod_entry *e;

		entries[i] = NULL;
		if (!ids[i].size || ids[i].size > BUILD_ID_SIZE_MAX)
			continue;
		e = debuginfod_fetcher__entry(b->f, &ids[i], b->kind);
		if (!e)
			return -ENOMEM;
		entries[i] = e;
		if (e->answered || e->queued)
			continue;
		e->queued = true;
		b->jobs[b->nr_jobs++] = e;
	}
	return 0;
}

static int debuginfod__results(struct debuginfod_entry **entries, size_t n,
			       struct debuginfod_result *results)
{
	int found = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		struct debuginfod_entry *e = entries[i];

		results[i].path = NULL;
		results[i].why = NULL;
		results[i].err = e ? e->err : -EINVAL;
		/* "fresh" once per answer: ids not asked come back each call */
		results[i].fresh = e && e->queued && !e->told;
		if (e && e->err)
			results[i].why = e->why;
		if (!e || e->err)
			continue;
		results[i].path = strdup(e->path);
		if (!results[i].path)
			results[i].err = -ENOMEM;
		else
			found++;
	}
	return found;
}

int debuginfod_fetcher__fetch_many(struct debuginfod_fetcher *f,
				   const struct build_id *ids, size_t n,
				   enum debuginfod_kind kind,
				   struct debuginfod_result *results)
{
	struct debuginfod_entry **entries = NULL;
	struct debuginfod_batch *b;
	size_t i;
	int err;

	if (!f || (n && (!ids || !results)) || kind >= DEBUGINFOD_KIND_MAX)
		return -EINVAL;
	if (!debuginfod__configured()) {
		/* What libdebuginfod answers too, without workers or cache. */
		for (i = 0; i < n; i++)
			results[i] = (struct debuginfod_result){ .err = -ENOSYS };
		return 0;
	}
	b = calloc(1, sizeof(*b));
	entries = calloc(n ?: 1, sizeof(*entries));
	if (!b || !entries) {
		err = -ENOMEM;
		goto out;
	}
	b->f = f;
	b->kind = kind;
	err = debuginfod_batch__collect_jobs(b, ids, n, entries);
	if (!err && b->nr_jobs)
		err = debuginfod_batch__run(b);
	if (!err)
		err = debuginfod__results(entries, n, results);
	for (i = 0; err >= 0 && i < n; i++)
		if (entries[i] && entries[i]->queued)
			entries[i]->told = true;
	for (i = 0; i < b->nr_jobs; i++)
		b->jobs[i]->queued = false;
out:
	if (b)
		free(b->jobs);
	free(b);
	free(entries);
	return err;
}

int debuginfod_fetcher__fetch(struct debuginfod_fetcher *f, const struct build_id *id,
			      enum debuginfod_kind kind, char **path)
{
	struct debuginfod_result r;
	int err;

	*path = NULL;
	err = debuginfod_fetcher__fetch_many(f, id, 1, kind, &r);
	if (err < 0)
		return err;
	*path = r.path;
	return r.err;
}
