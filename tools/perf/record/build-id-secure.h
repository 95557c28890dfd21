/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's keeper of mapped files: every user-space build-id seen
 * for the first time (a kernel MMAP2/MMAP3 id, or start-up synthesis) is
 * handed to a helper thread, which gets hold of *that* file while it
 * still exists, through /proc/PID/map_files/START-END (the mapped inode,
 * even after its path was replaced or unlinked; needs privilege) or else
 * the path, when the file there still carries the id.
 *
 * Default mode copies it into the build-id cache at once.  Hold mode
 * (-B, no post-run scan) copies nothing during the run: it keeps one
 * descriptor per id (at most max_held, past which it copies at once) and
 * at the end copies only the files whose path no longer holds their id,
 * so finishing costs a stat per held file and a copy per replaced one.
 *
 * The ring-buffer reader only queues (a bounded queue, a mutex held for
 * O(1) work, never file I/O); a full queue is counted, not waited on.
 *
 * Kernels whose MMAP2 records carry no build-id (the userspace mode):
 * the reader queues each file's first map with its inode instead, and
 * the helper reads the id from the mapped file itself (the reader's
 * map_files descriptor, or a file whose inode is still the record's,
 * never merely what the path names now), hands it back for the header's
 * table (build_id_secure__take_found()) and keeps the file as above.
 * With no cache dir it only reads the ids (perf record -N).
 */
#ifndef __PERF_BUILD_ID_SECURE_H
#define __PERF_BUILD_ID_SECURE_H

#include <linux/types.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#include "util/symbols/build-id.h"
#include "record/proc-map-file.h"

#define BUILD_ID_SECURE_QUEUE	4096	/* requests waiting for the helper */

struct build_id_secure_req {
	pid_t pid;
	u64 start, end, pgoff;
	struct build_id bid;		/* size 0: to be read from the file */
	struct proc_map_ident ident;	/* then: the file the record named */
	struct timespec seen;		/* and when the reader saw it */
	u32 cookie;			/* the caller's, handed back with the id */
	char *path;
	int fd;				/* map_files opened by the reader, or -1 */
};

/* An id the helper read from a mapped file (the userspace mode). */
struct build_id_found {
	char *path;
	u32 cookie;
	struct build_id bid;
};

/*
 * A file got hold of: -B keeps it until the end; default mode until the
 * helper, with no request waiting, copies it (getting hold is quick,
 * copying is not: a short-lived build must not wait behind a libc copy).
 */
struct build_id_held {
	struct build_id bid;
	char *path;
	int fd;
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	time_t held_at;			/* when it was opened (CLOCK_REALTIME) */
};

struct build_id_secure {
	char dir[PATH_MAX];		/* the cache; "": only read ids */
	bool hold;			/* -B */
	u32 max_held;			/* open descriptors at most */
	/* the queue: the reader pushes, the helper pops, under lock */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct build_id_secure_req *queue;
	u32 qcap, head, nr;
	bool stop;
	bool running;
	pthread_t thread;
	u64 dropped;			/* queue full (reader's count, under lock) */
	u32 qfds;			/* descriptors in queued requests (under lock) */
	struct build_id_found *found;	/* ids read, not taken yet (under lock) */
	u32 nr_found, alloc_found;
	/* the helper's own, read by the main thread after the join */
	struct build_id *seen;		/* ids handled, once each */
	u32 nr_seen, alloc_seen;
	struct build_id_held *held;
	u32 nr_held, alloc_held;
	u32 nr_open;			/* held entries still open (atomic: the reader reads it) */
	u32 next_copy;			/* default mode: first held not copied yet */
	u64 copied;			/* files written into the cache */
	u64 via_map_files;		/* of the files got hold of, by map_files */
	u64 gone;			/* no file with the id could be opened */
	u64 failed;			/* had the file, could not write the cache */
	int first_err;			/* of the failed ones */
	struct build_id_held *lost;	/* the gone ones (fd -1), to be named */
	u32 alloc_lost;
};

/*
 * Set up (no thread yet): @dir the cache, @hold -B mode, @qcap the queue
 * size, @max_held the descriptors it may keep open (see
 * build_id_secure__max_held(); past it a file is copied at once).
 * 0 or -ENOMEM.
 */
int build_id_secure__init(struct build_id_secure *s, const char *dir, bool hold, u32 qcap,
			  u32 max_held);

/*
 * How many descriptors may be kept open: half of what RLIMIT_NOFILE
 * leaves free now, less a reserve for the copies, output files and
 * --switch-output.
 */
u32 build_id_secure__max_held(void);

/* Start the helper thread.  0 or -errno (then nothing is secured). */
int build_id_secure__start(struct build_id_secure *s);

/*
 * A build-id seen for the first time, mapped by @pid at [@start, @end)
 * from @path.  With @pid, the mapped file is opened at once through
 * /proc/PID/map_files (a reference, no data read: a build that lives a
 * few milliseconds must not wait for the helper to be scheduled), within
 * the descriptor bound.  Never reads a file; a full queue is counted
 * (dropped).  0, -ENOSPC (queue full) or -ENOMEM.
 */
int build_id_secure__queue(struct build_id_secure *s, pid_t pid, u64 start, u64 end,
			   u64 pgoff, const char *path, const u8 *bid, u8 size);

/*
 * The userspace mode: the first map of a file, @id what the MMAP2
 * record says of it, its build-id unknown.  Like the above, the mapped
 * file is opened at once (a reference, nothing read); the helper reads
 * its id.  0, -ENOSPC (queue full) or -ENOMEM.
 */
int build_id_secure__queue_map(struct build_id_secure *s, pid_t pid, u64 start, u64 end,
			       u64 pgoff, const char *path, const struct proc_map_ident *id,
			       u32 cookie);

/*
 * Hand each id read since the last call to @fn (path, the cookie it was
 * queued with, id), then forget
 * them: called by the thread that owns the build-id table, at any time.
 * Stops at @fn's first non-zero return, which it returns.
 */
int build_id_secure__take_found(struct build_id_secure *s,
				int (*fn)(void *priv, const char *path, u32 cookie,
					  const struct build_id *bid),
				void *priv);

/* Let the helper finish the queue (and default mode's copies); join it. */
void build_id_secure__stop(struct build_id_secure *s);

/*
 * After the stop, hold mode: copy the held files whose path no longer
 * holds their id; close the others.
 */
void build_id_secure__finish(struct build_id_secure *s);

/*
 * The end-of-run warnings, one line per kind of loss (gone: each path
 * with every id it lost, "build-id unknown" for a map whose file was
 * gone before its id could be read; not copied; queue full), with what to do next;
 * nothing when nothing was lost.
 */
void build_id_secure__print(const struct build_id_secure *s, FILE *out);

void build_id_secure__exit(struct build_id_secure *s);

/*
 * After the stop and finish: how many ids were lost (gone before perf got
 * hold of their file), and @cb per one named, with its path ("?" if that
 * could not be kept); stops at and returns @cb's first non-zero return.
 */
typedef int (*build_id_secure_lost_cb_t)(void *priv, const char *path,
					 const struct build_id *bid);
u64 build_id_secure__nr_lost(const struct build_id_secure *s);
int build_id_secure__for_each_lost(const struct build_id_secure *s,
				   build_id_secure_lost_cb_t cb, void *priv);

#endif
