/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fetching binaries and debuginfo by build-id from debuginfod servers,
 * through libdebuginfod (elfutils): DEBUGINFOD_URLS says where to ask,
 * DEBUGINFOD_CACHE_PATH where the files land, and the library's other
 * variables (DEBUGINFOD_TIMEOUT, DEBUGINFOD_MAXTIME, DEBUGINFOD_RETRY_LIMIT,
 * DEBUGINFOD_MAXSIZE, DEBUGINFOD_HEADERS_FILE...) are honoured.
 *
 * A fetcher asks for many build-ids at once, in several worker processes
 * (libdebuginfod 0.188 is not safe in threads, see the .c file), bounded
 * in time, and remembers every answer for its lifetime so that a report
 * with hundreds of samples in a missing DSO asks the server once.  The
 * calling process never runs libdebuginfod itself.  A fetcher is used
 * from one thread at a time.  See Documentation/debuginfod.txt.
 */
#ifndef __PERF_DEBUGINFOD_H
#define __PERF_DEBUGINFOD_H

#include <stdbool.h>
#include <stddef.h>
#include "util/symbols/build-id.h"

enum debuginfod_kind {
	DEBUGINFOD_KIND_EXECUTABLE,	/* /buildid/<id>/executable */
	DEBUGINFOD_KIND_DEBUGINFO,	/* /buildid/<id>/debuginfo */
	DEBUGINFOD_KIND_MAX,
};

struct debuginfod_opts {
	/*
	 * Concurrent requests, each in a worker process;
	 * 0: DEBUGINFOD_DEFAULT_THREADS.  Capped at DEBUGINFOD_MAX_THREADS.
	 */
	unsigned int nr_threads;
	/*
	 * Bound of one request, in seconds; 0: DEBUGINFOD_DEFAULT_TIMEOUT.
	 * Applied as DEBUGINFOD_TIMEOUT and DEBUGINFOD_MAXTIME unless the
	 * user set those (libdebuginfod reads them from the environment
	 * only).  A request takes at most about (retries + 1) * (bound + 1)
	 * seconds; DEBUGINFOD_RETRY_LIMIT defaults to 1 here.
	 */
	unsigned int timeout_s;
	/*
	 * Bound of one fetch_many() call: no request starts after it, the
	 * ids not asked by then get -ETIME.  0: DEBUGINFOD_DEFAULT_DEADLINE.
	 */
	unsigned int deadline_s;
	/*
	 * Bound of all the fetcher's calls together, in seconds: once spent,
	 * no request starts (-ETIME, not asked).  0: no bound but deadline_s.
	 */
	unsigned int total_s;
	/*
	 * After a request timed out, start no other: every server was given
	 * its DEBUGINFOD_TIMEOUT and sent nothing in time, the next id would
	 * wait as long.  The ids not asked answer -ETIME.
	 */
	bool stop_after_timeout;
	/* One progress line on stderr, updated in place, if it is a tty. */
	bool progress;
	/*
	 * Server list to use instead of the environment's (like upstream
	 * perf's --debuginfod=URLS): exported as DEBUGINFOD_URLS.  NULL:
	 * keep DEBUGINFOD_URLS as it is.
	 */
	const char *urls;
	int verbose;
};

#define DEBUGINFOD_DEFAULT_THREADS	8
#define DEBUGINFOD_MAX_THREADS		64
#define DEBUGINFOD_DEFAULT_TIMEOUT	5
#define DEBUGINFOD_DEFAULT_DEADLINE	30
/*
 * DEBUGINFOD_MAXSIZE when the user did not set it: libdebuginfod 0.188
 * has no default (an endless body filled 1 GB of tmpfs).  512 MiB holds
 * the debuginfo of the largest libraries we know of (libLLVM's, ~300 MB);
 * set DEBUGINFOD_MAXSIZE to allow more.  Also the bound of every file a
 * worker writes (RLIMIT_FSIZE): a body without Content-Length, or one
 * curl inflates (Content-Encoding), cannot get past it either.
 */
#define DEBUGINFOD_DEFAULT_MAXSIZE	(512ULL << 20)

struct debuginfod_result {
	/*
	 * 0, or: -ENOENT no server has it, -ETIME timed out (or not asked
	 * before the deadline), -EBADMSG a server sent a file whose build-id
	 * is not the one asked for (the file is removed from the client
	 * cache), -ENOSYS no DEBUGINFOD_URLS, -ENOMEM, other -errno from
	 * libdebuginfod (-ECONNREFUSED, -ENETUNREACH...).
	 */
	int err;
	/* On success: the file in the debuginfod client cache (malloc'd). */
	char *path;
	/*
	 * On failure, when there is more to say than strerror(err): what the
	 * server did ("HTTP 500 from URL", "section 27 ends past the end of
	 * the file (3000 bytes)"), or NULL.  The fetcher's: valid until
	 * the next call on it.
	 */
	const char *why;
	/* Answered by a request of this call (not from the fetcher's memory). */
	bool fresh;
};

struct debuginfod_fetcher;

/*
 * Create a fetcher.  Exports the time bounds (and opts->urls) to the
 * environment where libdebuginfod reads them, so call it before starting
 * threads that might read the environment.  NULL with errno: ENOMEM,
 * EINVAL, or ENOENT when libdebuginfod cannot be loaded (said on stderr).
 */
struct debuginfod_fetcher *debuginfod_fetcher__new(const struct debuginfod_opts *opts);
void debuginfod_fetcher__delete(struct debuginfod_fetcher *f);

/*
 * Fetch @n build-ids of @kind into @results (n entries, overwritten; free
 * them with debuginfod_result__exit()).  Ids answered before by this
 * fetcher, positively or not, are not asked again; duplicates in @ids are
 * asked once.  Returns the number of ids found, or -errno if the call
 * itself failed (-EINVAL, -ENOMEM) with @results untouched.
 */
int debuginfod_fetcher__fetch_many(struct debuginfod_fetcher *f,
				   const struct build_id *ids, size_t n,
				   enum debuginfod_kind kind,
				   struct debuginfod_result *results);

/* One id; returns the result's err, *path malloc'd on success. */
int debuginfod_fetcher__fetch(struct debuginfod_fetcher *f, const struct build_id *id,
			      enum debuginfod_kind kind, char **path);

/* Requests this fetcher actually sent to libdebuginfod (for tests, -v). */
unsigned long debuginfod_fetcher__nr_requests(const struct debuginfod_fetcher *f);

void debuginfod_result__exit(struct debuginfod_result *r);

/*
 * Is @path a file whose build-id is @want?  0 yes, -EBADMSG another
 * build-id or none, other -errno when it cannot be read.
 */
int debuginfod__verify(const char *path, const struct build_id *want);

/*
 * The whole-file check of a fetched file (util/cache/debuginfod-check.c): a
 * plain ELF file whose headers, segments and sections lie inside it, whose
 * compressed sections inflate to at most @max_size, with build-id @want.
 * 0, -EBADMSG or -EFBIG with a reason in @why (@len bytes), other -errno
 * when it cannot be read.
 */
int debuginfod__check_file(const char *path, const struct build_id *want, u64 max_size,
			   char *why, size_t len);

/*
 * The libdebuginfod client cache: $DEBUGINFOD_CACHE_PATH, else
 * ~/.debuginfod_client_cache if it exists, else
 * $XDG_CACHE_HOME/debuginfod_client, else ~/.cache/debuginfod_client (the
 * rule of libdebuginfod 0.188).  0 or -ENAMETOOLONG / -ENOENT (no $HOME).
 */
int debuginfod__cache_path(char *buf, size_t size);

/* Is any server configured (DEBUGINFOD_URLS set and not blank)? */
bool debuginfod__configured(void);

/* "executable", "debuginfo" */
const char *debuginfod_kind__name(enum debuginfod_kind kind);

#endif
