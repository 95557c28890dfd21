// SPDX-License-Identifier: GPL-2.0
/*
 * libdebuginfod for the fetcher (loading it, its cache directory, its size
 * limit), and one request in a fetcher's worker process, and what is kept
 * of it.
 *
 * libdebuginfod 0.188 answers -ENOENT for a 404 and for any other HTTP
 * error alike, and for both writes an empty negative cache entry
 * ($cache/<id>/<kind>) that stops every client asking for cache_miss_s
 * (600 s): one HTTP 500 from a broken server hid the id for ten minutes
 * after the server was fixed.  The return value cannot tell them apart;
 * its verbose output can ("url N <url>" per server asked, "header HTTP/1.1
 * 500 ..." per status line), so a worker reads it back after each request.
 * A negative entry stays only when every server asked said 404, i.e. no
 * longer than libdebuginfod keeps a real "not found".
 *
 * DEBUGINFOD_MAXSIZE is checked by 0.188 against Content-Length only: a
 * body without one (or one curl inflates, Content-Encoding: gzip) is
 * written until DEBUGINFOD_MAXTIME.  A worker writes nothing but the
 * download, so RLIMIT_FSIZE bounds it whatever the encoding: the write
 * fails (SIGXFSZ blocked), the transfer ends with -EIO and a pending
 * SIGXFSZ says why.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "util/symbols/build-id.h"
#include "util/base/debug.h"
#include "util/cache/debuginfod-request.h"

#define REQUEST_LOG_MAX		(64 << 10)
#define REQUEST_WHY_MAX		512
/* Free space below which a failed write is blamed on the disk. */
#define REQUEST_DISK_ROOM	(16ULL << 20)

/* ---- the client cache and the size limit, for the fetcher ---------------- */

int debuginfod__cache_path(char *buf, size_t size)
{
	const char *env = getenv(DEBUGINFOD_CACHE_PATH_ENV_VAR);
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CACHE_HOME");
	struct stat st;
	int n;

	if (env && *env)
		n = snprintf(buf, size, "%s", env);
	else if (!home || !*home)
		return -ENOENT;
	else if ((n = snprintf(buf, size, "%s/.debuginfod_client_cache", home)) >= 0 &&
		 (size_t)n < size && !stat(buf, &st))
		;
	else if (xdg && *xdg)
		n = snprintf(buf, size, "%s/debuginfod_client", xdg);
	else
		n = snprintf(buf, size, "%s/.cache/debuginfod_client", home);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/*
 * libdebuginfod 0.188 makes the cache directory itself but not its
 * parents: with DEBUGINFOD_CACHE_PATH=/new/dir/cache every query failed
 * and report said nothing.  Make them (mkdir -p), 0700 as it would.
 */
int debuginfod__make_cache(const char *path)
{
	char buf[PATH_MAX], *p;
	struct stat st;

	if ((size_t)snprintf(buf, sizeof(buf), "%s", path) >= sizeof(buf))
		return -ENAMETOOLONG;
	for (p = buf + 1; ; p++) {
		char c = *p;

		if (c != '/' && c)
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) && errno != EEXIST)
			return -errno;
		*p = c;
		if (!c)
			break;
	}
	if (stat(path, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	return access(path, W_OK | X_OK) ? -errno : 0;
}

/* DEBUGINFOD_MAXSIZE in effect: the user's, else our default (exported). */
int debuginfod__max_size(u64 *max)
{
	const char *v = getenv(DEBUGINFOD_MAXSIZE_ENV_VAR);
	char buf[32], *end;
	unsigned long long n;

	if (v && *v) {
		errno = 0;
		n = strtoull(v, &end, 10);
		/* libdebuginfod takes 0 (or junk) as "no limit" */
		*max = errno || *end || !n ? RLIM_INFINITY : n;
		return 0;
	}
	*max = DEBUGINFOD_DEFAULT_MAXSIZE;
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)*max);
	return setenv(DEBUGINFOD_MAXSIZE_ENV_VAR, buf, 1) ? -errno : 0;
}

int debuginfod_lib__open(struct debuginfod_lib *lib)
{
	lib->handle = dlopen(LIBDEBUGINFOD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib->handle) {
		pr_warning("debuginfod: cannot load %s (%s): symbols are not fetched\n",
			   LIBDEBUGINFOD_SONAME, dlerror());
		return -ENOENT;
	}
	lib->begin = dlsym(lib->handle, "debuginfod_begin");
	lib->end = dlsym(lib->handle, "debuginfod_end");
	lib->set_verbose_fd = dlsym(lib->handle, "debuginfod_set_verbose_fd");
	lib->find_debuginfo = dlsym(lib->handle, "debuginfod_find_debuginfo");
	lib->find_executable = dlsym(lib->handle, "debuginfod_find_executable");
	if (!lib->begin || !lib->end || !lib->set_verbose_fd || !lib->find_debuginfo ||
	    !lib->find_executable) {
		pr_warning("debuginfod: %s lacks the client API: symbols are not fetched\n",
			   LIBDEBUGINFOD_SONAME);
		dlclose(lib->handle);
		lib->handle = NULL;
		return -ENOENT;
	}
	return 0;
}

/* ---- in a worker ------------------------------------------------------------ */

int debuginfod_requester__init(struct debuginfod_requester *r, const struct debuginfod_lib *lib,
			       const char *cache, u64 max_size, int verbose)
{
	struct rlimit rl = { .rlim_cur = max_size, .rlim_max = max_size };
	sigset_t set;

	memset(r, 0, sizeof(*r));
	r->lib = lib;
	r->cache = cache;
	r->max_size = max_size;
	r->verbose = verbose;
	sigemptyset(&set);
	sigaddset(&set, SIGXFSZ);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || setrlimit(RLIMIT_FSIZE, &rl))
		return -errno;
	r->log_fd = memfd_create("debuginfod-log", MFD_CLOEXEC);
	if (r->log_fd < 0)
		return -errno;
	r->client = lib->begin();
	if (!r->client)
		return -ENOMEM;
	lib->set_verbose_fd(r->client, r->log_fd);
	return 0;
}

void debuginfod_requester__exit(struct debuginfod_requester *r)
{
	if (r->client)
		r->lib->end(r->client);
	if (r->log_fd >= 0)
		close(r->log_fd);
}

/* What the verbose output says about the servers' answers. */
struct request_log {
	unsigned int nr_urls;		/* servers asked */
	unsigned int nr_404;		/* status lines saying 404 */
	int status;			/* the first other status >= 400, or 0 */
	bool write_failed;		/* curl could not write the download */
	char url[256];			/* the first URL asked */
};

/* Read back (and empty) the verbose output of the last request. */
static void request__read_log(struct debuginfod_requester *r, struct request_log *log)
{
	char *buf = malloc(REQUEST_LOG_MAX + 1), *line, *save = NULL;
	ssize_t n;

	memset(log, 0, sizeof(*log));
	if (!buf)
		goto out;
	n = pread(r->log_fd, buf, REQUEST_LOG_MAX, 0);
	if (n <= 0)
		goto out;
	buf[n] = '\0';
	/* the verbose copy is best effort */
	if (r->verbose > 1 && write(STDERR_FILENO, buf, n) < 0)
		n = 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		unsigned int idx;
		int code, off = 0;

		if (sscanf(line, "url %u %n", &idx, &off) == 1 && off &&
		    !strncmp(line + off, "http", 4)) {
			if (!log->nr_urls++)
				snprintf(log->url, sizeof(log->url), "%s", line + off);
		} else if (strstr(line, "Failure writing output")) {
			log->write_failed = true;
		} else if (sscanf(line, "header HTTP/%*s %d", &code) == 1) {
			if (code == 404)
				log->nr_404++;
			else if (code >= 400 && !log->status)
				log->status = code;
		}
	}
out:
	free(buf);
	/* libdebuginfod dprintf()s at the descriptor's offset */
	if (ftruncate(r->log_fd, 0) == 0)
		lseek(r->log_fd, 0, SEEK_SET);
}

/*
 * Did a write of this request hit RLIMIT_FSIZE?  The write that crosses
 * the limit is cut short without a signal, and curl stops right there, so
 * a pending SIGXFSZ (consumed here) is not always there to tell: a failed
 * write with room left on the cache's file system is the limit too.
 */
static bool request__hit_fsize(struct debuginfod_requester *r, const struct request_log *log)
{
	struct timespec zero = { 0, 0 };
	sigset_t pending, set;
	struct statvfs vfs;

	if (!sigpending(&pending) && sigismember(&pending, SIGXFSZ)) {
		sigemptyset(&set);
		sigaddset(&set, SIGXFSZ);
		sigtimedwait(&set, NULL, &zero);
		return true;
	}
	return log->write_failed && !statvfs(r->cache, &vfs) &&
	       (u64)vfs.f_bavail * vfs.f_frsize >= REQUEST_DISK_ROOM;
}

/* Remove libdebuginfod's empty "not found" entry for (@hex, @kind). */
static void request__drop_negative(struct debuginfod_requester *r, const char *hex,
				   enum debuginfod_kind kind)
{
	char path[4096];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s", r->cache, hex,
			     debuginfod_kind__name(kind)) >= sizeof(path))
		return;
	if (!lstat(path, &st) && S_ISREG(st.st_mode) && !st.st_size)
		unlink(path);
}

static char *request__why(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *request__why(const char *fmt, ...)
{
	char *s = malloc(REQUEST_WHY_MAX);
	va_list ap;

	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, REQUEST_WHY_MAX, fmt, ap);
	va_end(ap);
	return s;
}

static const char *request__env(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? v : "?";
}

/* A failed request: what to keep, what to say. */
static int request__failed(struct debuginfod_requester *r, int err, const char *hex,
			   enum debuginfod_kind kind, const struct request_log *log, char **why)
{
	/*
	 * A write failed (in any attempt: a retry after one may end in
	 * -ENOENT): the size limit, or a full disk.
	 */
	if (log->write_failed) {
		request__drop_negative(r, hex, kind);
		if (!request__hit_fsize(r, log)) {
			*why = request__why("cannot write to %s: its file system is full",
					    r->cache);
			return -ENOSPC;
		}
		*why = request__why("more than DEBUGINFOD_MAXSIZE=%llu bytes from %s",
				    (unsigned long long)r->max_size, log->url);
		return -EFBIG;
	}
	if (err == -ENOENT) {
		/* No server asked: an answer from the negative cache. */
		if (!log->nr_urls || log->nr_404 >= log->nr_urls)
			return err;
		request__drop_negative(r, hex, kind);
		if (log->status) {
			*why = request__why("HTTP %d from %s", log->status, log->url);
			return -EREMOTEIO;
		}
		*why = request__why("no answer from %s", log->url);
		return -EIO;
	}
	if (err == -EFBIG)
		*why = request__why("%s announced more than DEBUGINFOD_MAXSIZE=%llu bytes",
				    log->url, (unsigned long long)r->max_size);
	else if (err == -ETIME)
		*why = request__why("%s sent no whole answer within DEBUGINFOD_TIMEOUT=%s s "
				    "(DEBUGINFOD_MAXTIME=%s s)", log->nr_urls ? log->url : "no server",
				    request__env(DEBUGINFOD_TIMEOUT_ENV_VAR),
				    request__env(DEBUGINFOD_MAXTIME_ENV_VAR));
	else if (log->nr_urls)
		*why = request__why("%s from %s", strerror(-err), log->url);
	return err;
}

int debuginfod_requester__fetch(struct debuginfod_requester *r, enum debuginfod_kind kind,
				const struct build_id *id, char **path, char **why)
{
	char hex[SBUILD_ID_SIZE], reason[REQUEST_WHY_MAX - 64];
	struct request_log log;
	int fd, err;

	*path = NULL;
	*why = NULL;
	build_id__sprintf(id, hex);
	if (kind == DEBUGINFOD_KIND_DEBUGINFO)
		fd = r->lib->find_debuginfo(r->client, id->data, (int)id->size, path);
	else
		fd = r->lib->find_executable(r->client, id->data, (int)id->size, path);
	request__read_log(r, &log);
	if (fd < 0) {
		free(*path);
		*path = NULL;
		return request__failed(r, fd, hex, kind, &log, why);
	}
	close(fd);
	err = debuginfod__check_file(*path, id, r->max_size, reason, sizeof(reason));
	if (err) {
		/*
		 * Kept, it would be served from the client cache forever after
		 * ("already cached"): drop it, so that the next run asks again.
		 */
		if (err == -EBADMSG || err == -EFBIG)
			unlink(*path);
		*why = request__why("%s (from %s)", reason[0] ? reason : strerror(-err),
				    log.nr_urls ? log.url : "the client cache");
		free(*path);
		*path = NULL;
	}
	return err;
}
