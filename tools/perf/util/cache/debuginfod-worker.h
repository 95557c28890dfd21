/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetcher's worker processes: the zygote that forks them and what
 * goes over their sockets.  Internal to the debuginfod fetcher (util/cache/debuginfod.c
 * runs the batches, debuginfod-request.c is the request a worker makes).
 */
#ifndef __PERF_DEBUGINFOD_WORKER_H
#define __PERF_DEBUGINFOD_WORKER_H

#include <stdint.h>
#include "util/cache/debuginfod.h"

/* What every worker of a fetcher needs; sent once, first. */
struct debuginfod_worker_conf {
	const char *cache;	/* the client cache directory */
	u64 max_size;		/* DEBUGINFOD_MAXSIZE in effect */
	int verbose;
};

/* A request: (kind, build-id), answered by a reply with the same job. */
struct debuginfod_job {
	uint32_t job;
	uint8_t kind;		/* enum debuginfod_kind */
	uint8_t size;		/* of the build-id, 1..BUILD_ID_SIZE_MAX */
	uint8_t id[BUILD_ID_SIZE_MAX];
};

/*
 * A worker's answer: then path_len bytes, no NUL: the path when err is 0,
 * else what went wrong (maybe nothing).
 */
struct debuginfod_reply {
	uint32_t job;
	int32_t err;
	uint32_t path_len;
};

/*
 * The process that starts the workers: this program again (/proc/self/exe)
 * in zygote mode, single-threaded, libdebuginfod loaded once.  NULL, said
 * on stderr, when it cannot be started or cannot load the library.
 */
struct debuginfod_zygote;

struct debuginfod_zygote *debuginfod_zygote__start(const struct debuginfod_worker_conf *conf);
/* Ends the zygote (its workers end when their sockets close). */
void debuginfod_zygote__stop(struct debuginfod_zygote *z);

/*
 * A new worker: *@sock our end of its socket (close-on-exec), *@pidfd a
 * pidfd for it (to kill it, and poll for its end).  0 or -errno.
 */
int debuginfod_zygote__worker(struct debuginfod_zygote *z, int *sock, int *pidfd);

/* All of @len bytes, or -errno (-EIO on a short write). */
int debuginfod__send_all(int fd, const void *buf, size_t len);
/* Exactly @len bytes; -EPIPE at a clean end of stream before any byte. */
int debuginfod__recv_all(int fd, void *buf, size_t len);

#endif
