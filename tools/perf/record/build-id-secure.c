// SPDX-License-Identifier: GPL-2.0
/*
 * Securing each mapped file at first sight (see build-id-secure.h).
 *
 * Why a thread: a copy of libc takes milliseconds, a ring buffer at
 * -F 4000 -g fills in less; the reader that drains it must never wait
 * for a disk.  Why at first sight: a binary rebuilt during a long run is
 * gone by the end, and with it the only file that resolves the samples
 * of its first version.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "record/build-id-secure.h"
#include "util/cache/build-id-cache.h"
#include "util/base/array.h"

#define HELD_RESERVE	16	/* descriptors left for copies and outputs */
#define HELD_MAX	4096

int build_id_secure__init(struct build_id_secure *s, const char *dir, bool hold, u32 qcap,
			  u32 max_held)
{
	memset(s, 0, sizeof(*s));
	if (strlen(dir) >= sizeof(s->dir) || !qcap)
		return -EINVAL;
	strcpy(s->dir, dir);
	s->hold = hold;
	s->max_held = max_held;
	s->qcap = qcap;
	s->queue = calloc(qcap, sizeof(*s->queue));
	if (!s->queue)
		return -ENOMEM;
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	return 0;
}

u32 build_id_secure__max_held(void)
{
	struct rlimit rl;
	struct dirent *d;
	u64 used = 0, avail;
	DIR *dir;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return 0;
	dir = opendir("/proc/self/fd");
	if (!dir)
		return 0;
	while ((d = readdir(dir)) != NULL)
		used += d->d_name[0] != '.';
	closedir(dir);
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > HELD_MAX * 4)
		return HELD_MAX;
	avail = rl.rlim_cur > used ? rl.rlim_cur - used : 0;
	return avail / 2 > HELD_RESERVE ? (u32)(avail / 2 - HELD_RESERVE) : 0;
}

/*
 * The reader's part: a request, and a reference to the mapped file while
 * the process still maps it (an open of map_files reads nothing).
 */
static int secure__push(struct build_id_secure *s, pid_t pid, u64 start, u64 end, u64 pgoff,
			const char *path, const struct build_id *bid,
			const struct proc_map_ident *id, u32 cookie)
{
	struct build_id_secure_req *r;
	char *p = strdup(path);

	if (!p)
		return -ENOMEM;
	pthread_mutex_lock(&s->lock);
	if (s->nr == s->qcap) {
		s->dropped++;
		pthread_mutex_unlock(&s->lock);
		free(p);
		return -ENOSPC;
	}
	r = &s->queue[(s->head + s->nr) % s->qcap];
	memset(r, 0, sizeof(*r));
	r->pid = pid;
	r->start = start;
	r->end = end;
	r->pgoff = pgoff;
	r->bid = *bid;
	r->cookie = cookie;
	if (id) {
		r->ident = *id;
		clock_gettime(CLOCK_REALTIME, &r->seen);
	}
	r->path = p;
	r->fd = -1;
	if (pid > 0 && end > start &&
	    __atomic_load_n(&s->nr_open, __ATOMIC_RELAXED) + s->qfds < s->max_held) {
		char mf[96];

		snprintf(mf, sizeof(mf), "/proc/%d/map_files/%llx-%llx", (int)pid,
			 (unsigned long long)start, (unsigned long long)end);
		r->fd = open(mf, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		s->qfds += r->fd >= 0;
	}
	s->nr++;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	return 0;
}

int build_id_secure__queue(struct build_id_secure *s, pid_t pid, u64 start, u64 end,
			   u64 pgoff, const char *path, const u8 *bid, u8 size)
{
	struct build_id b;

	if (!size || size > BUILD_ID_SIZE_MAX)
		return -EINVAL;
	/* Only reading ids (-N): a known one needs nothing. */
	if (!s->dir[0])
		return 0;
	build_id__init(&b, bid, size);
	return secure__push(s, pid, start, end, pgoff, path, &b, NULL, 0);
}

int build_id_secure__queue_map(struct build_id_secure *s, pid_t pid, u64 start, u64 end,
			       u64 pgoff, const char *path, const struct proc_map_ident *id,
			       u32 cookie)
{
	struct build_id none = { .size = 0 };

	return secure__push(s, pid, start, end, pgoff, path, &none, id, cookie);
}

int build_id_secure__take_found(struct build_id_secure *s,
				int (*fn)(void *priv, const char *path, u32 cookie,
					  const struct build_id *bid),
				void *priv)
{
	struct build_id_found *found;
	u32 i, nr;
	int ret = 0;

	/* Swapped out under the lock: @fn runs without it. */
	pthread_mutex_lock(&s->lock);
	found = s->found;
	nr = s->nr_found;
	s->found = NULL;
	s->nr_found = s->alloc_found = 0;
	pthread_mutex_unlock(&s->lock);
	for (i = 0; i < nr; i++) {
		if (!ret)
			ret = fn(priv, found[i].path, found[i].cookie, &found[i].bid);
		free(found[i].path);
	}
	free(found);
	return ret;
}

/* Each id once: the same library at two paths is one file to keep. */
static bool secure__seen(struct build_id_secure *s, const struct build_id *bid)
{
	u32 i;

	for (i = 0; i < s->nr_seen; i++)
		if (build_id__equal(&s->seen[i], bid))
			return true;
	/* Out of memory: handle it again later rather than never. */
	if (ARRAY_GROW(s->seen, s->alloc_seen, (size_t)s->nr_seen + 1))
		return false;
	s->seen[s->nr_seen++] = *bid;
	return false;
}

/* @p opened, if what it opens carries @want: a descriptor, else -errno. */
static int secure__open_verified(const char *p, const struct build_id *want)
{
	struct build_id have;
	int fd;

	/* O_NONBLOCK: a FIFO planted at a mapped path must not hang us */
	fd = open(p, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fd__read_build_id(fd, &have) || !build_id__equal(&have, want)) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

/* The reader's descriptor, if it is of the file with the id. */
static int secure__take(struct build_id_secure_req *r)
{
	struct build_id have;
	int fd = r->fd;

	r->fd = -1;
	if (fd__read_build_id(fd, &have) || !build_id__equal(&have, &r->bid)) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

/*
 * The mapped inode first: it is the right file even when the path now
 * names another one.  Without privilege (or once the process is gone)
 * the path, if it still carries the id.  -ENOENT/-ESTALE: gone.
 */
static int secure__open(struct build_id_secure *s, struct build_id_secure_req *r)
{
	char mf[96];
	int fd;

	if (r->fd >= 0) {
		fd = secure__take(r);
		if (fd >= 0) {
			s->via_map_files++;
			return fd;
		}
	}

	if (r->pid > 0 && r->end > r->start) {
		snprintf(mf, sizeof(mf), "/proc/%d/map_files/%llx-%llx", (int)r->pid,
			 (unsigned long long)r->start, (unsigned long long)r->end);
		fd = secure__open_verified(mf, &r->bid);
		if (fd >= 0) {
			s->via_map_files++;
			return fd;
		}
	}
	if (r->path[0] != '/')
		return -ENOENT;
	return secure__open_verified(r->path, &r->bid);
}

/* Keep (path, id) of a file gone, to name it at the end. */
static void secure__name_gone(struct build_id_secure *s, const char *path,
			      const struct build_id *bid)
{
	struct build_id_held *l;

	s->gone++;
	if (ARRAY_GROW(s->lost, s->alloc_lost, s->gone))
		return;		/* counted, not named */
	l = &s->lost[s->gone - 1];
	memset(l, 0, sizeof(*l));
	l->bid = *bid;
	l->fd = -1;
	l->path = strdup(path);
}

static void secure__failed(struct build_id_secure *s, int err)
{
	if (!s->failed++)
		s->first_err = err;
}

/* Copy @fd (from its start) into the cache as @name's entry for @bid. */
static void secure__store(struct build_id_secure *s, const char *name,
			  const struct build_id *bid, int fd)
{
	int ret = lseek(fd, 0, SEEK_SET) < 0 ? -errno : 0;

	if (!ret)
		ret = build_id_cache__store_fd(s->dir, name, bid, fd, NULL);
	if (ret == -ESTALE)
		/* rewritten in place before or while we copied: that build is gone */
		secure__name_gone(s, name, bid);
	else if (ret)
		secure__failed(s, ret);
	else
		s->copied++;
}

/* -B: keep @fd and what it is; takes @r's path.  0 or -ENOMEM. */
static int secure__hold(struct build_id_secure *s, struct build_id_secure_req *r, int fd)
{
	struct build_id_held *h;
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	if (ARRAY_GROW(s->held, s->alloc_held, (size_t)s->nr_held + 1))
		return -ENOMEM;
	h = &s->held[s->nr_held++];
	__atomic_add_fetch(&s->nr_open, 1, __ATOMIC_RELAXED);
	h->bid = r->bid;
	h->path = r->path;
	r->path = NULL;
	h->fd = fd;
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	h->mtime = st.st_mtim;
	h->held_at = time(NULL);
	return 0;
}

/* Hold @fd (-B, or until default mode's copy) or copy it at once. */
static void secure__keep(struct build_id_secure *s, struct build_id_secure_req *r, int fd)
{
	/* Past the bound (or out of memory): copied at once. */
	if (__atomic_load_n(&s->nr_open, __ATOMIC_RELAXED) < s->max_held &&
	    !secure__hold(s, r, fd))
		return;
	secure__store(s, r->path, &r->bid, fd);
	close(fd);
}

/*
 * The userspace mode's file: the mapped one (map_files, the reader's
 * descriptor or ours while the process lives), else a file found by name
 * (in the process's root, then on the host) only if it is still the
 * record's inode: a path that now names a rebuilt binary, or the host's
 * file for a container's, must give no id rather than its own.
 */
static int secure__open_map(struct build_id_secure *s, struct build_id_secure_req *r)
{
	int fd = r->fd;

	r->fd = -1;
	if (fd >= 0 && proc_map_file__is(fd, &r->ident, false, &r->seen)) {
		s->via_map_files++;
		return fd;
	}
	if (fd >= 0)
		close(fd);
	if (r->pid > 0 && r->end > r->start) {
		fd = proc_map_file__open_mapped(r->pid, r->start, r->end);
		if (fd >= 0 && proc_map_file__is(fd, &r->ident, false, &r->seen)) {
			s->via_map_files++;
			return fd;
		}
		if (fd >= 0)
			close(fd);
	}
	if (r->path[0] != '/' || proc_map_file__deleted(r->path))
		return -ENOENT;
	if (r->pid > 0) {
		fd = proc_map_file__open_in_root(r->pid, r->path);
		if (fd >= 0 && proc_map_file__is(fd, &r->ident, true, &r->seen))
			return fd;
		if (fd >= 0)
			close(fd);
	}
	fd = open(r->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0 && proc_map_file__is(fd, &r->ident, true, &r->seen))
		return fd;
	if (fd >= 0)
		close(fd);
	return -ESTALE;
}

/* An id read, for the reader's thread to put into the header's table. */
static void secure__found(struct build_id_secure *s, const char *path, u32 cookie,
			  const struct build_id *bid)
{
	char *p = strdup(path);

	if (!p)
		return;
	pthread_mutex_lock(&s->lock);
	if (ARRAY_GROW(s->found, s->alloc_found, (size_t)s->nr_found + 1)) {
		pthread_mutex_unlock(&s->lock);
		free(p);
		return;
	}
	s->found[s->nr_found].path = p;
	s->found[s->nr_found].cookie = cookie;
	s->found[s->nr_found++].bid = *bid;
	pthread_mutex_unlock(&s->lock);
}

/* The userspace mode: the id from the mapped file, then keep the file. */
static void secure__identify(struct build_id_secure *s, struct build_id_secure_req *r)
{
	int fd = secure__open_map(s, r);

	if (fd < 0) {
		secure__name_gone(s, r->path, &r->bid);		/* size 0: unknown */
		return;
	}
	/* Not ELF, or no note: no id, as for any such file. */
	if (fd__read_build_id(fd, &r->bid) || !r->bid.size || r->bid.size > BUILD_ID_SIZE_MAX) {
		close(fd);
		return;
	}
	secure__found(s, r->path, r->cookie, &r->bid);
	if (!s->dir[0] || secure__seen(s, &r->bid) || build_id_cache__cached(s->dir, &r->bid)) {
		close(fd);
		return;
	}
	secure__keep(s, r, fd);
}

static void secure__process(struct build_id_secure *s, struct build_id_secure_req *r)
{
	int fd;

	if (!r->bid.size) {
		secure__identify(s, r);
		return;
	}
	if (secure__seen(s, &r->bid) || build_id_cache__cached(s->dir, &r->bid))
		return;
	fd = secure__open(s, r);
	if (fd == -ENOENT || fd == -ESTALE) {
		secure__name_gone(s, r->path, &r->bid);
		return;
	}
	if (fd < 0) {
		secure__failed(s, fd);
		return;
	}
	secure__keep(s, r, fd);
}

/* Default mode: copy the oldest file held; false when none is left. */
static bool secure__copy_one(struct build_id_secure *s)
{
	while (s->next_copy < s->nr_held) {
		struct build_id_held *h = &s->held[s->next_copy++];

		if (h->fd < 0)
			continue;
		secure__store(s, h->path, &h->bid, h->fd);
		close(h->fd);
		h->fd = -1;
		__atomic_sub_fetch(&s->nr_open, 1, __ATOMIC_RELAXED);
		return true;
	}
	return false;
}

/*
 * Requests first, each one a quick open: a copy waits until nothing is
 * queued, so that a build that lives a few milliseconds is held before
 * its path is reused.
 */
static void *secure__thread(void *arg)
{
	struct build_id_secure *s = arg;
	struct build_id_secure_req r;
	bool copied;

	pthread_mutex_lock(&s->lock);
	for (;;) {
		if (s->nr) {
			r = s->queue[s->head];
			s->head = (s->head + 1) % s->qcap;
			s->nr--;
			s->qfds -= r.fd >= 0;
			pthread_mutex_unlock(&s->lock);
			secure__process(s, &r);
			if (r.fd >= 0)
				close(r.fd);
			free(r.path);
			pthread_mutex_lock(&s->lock);
			continue;
		}
		pthread_mutex_unlock(&s->lock);
		copied = !s->hold && secure__copy_one(s);
		pthread_mutex_lock(&s->lock);
		if (copied || s->nr)
			continue;
		/* Stopping: the queue is done, and the copies. */
		if (s->stop)
			break;
		pthread_cond_wait(&s->cond, &s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

int build_id_secure__start(struct build_id_secure *s)
{
	int ret = pthread_create(&s->thread, NULL, secure__thread, s);

	if (ret)
		return -ret;
	s->running = true;
	return 0;
}

void build_id_secure__stop(struct build_id_secure *s)
{
	if (!s->running)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = true;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	s->running = false;
}

/*
 * Does @h's path still name the file held?  Same inode, untouched: yes,
 * without reading it.  "Untouched" trusts the mtime only when it was
 * older than a second at open: file times come from a coarse clock, so
 * a rewrite in the same tick as the write before could keep the mtime.
 * Else (recent, or written since) only if it kept the id.
 */
static bool held__at_path(const struct build_id_held *h)
{
	struct build_id have;
	struct stat st;

	if (stat(h->path, &st) || st.st_dev != h->dev || st.st_ino != h->ino)
		return false;
	if (st.st_mtim.tv_sec == h->mtime.tv_sec && st.st_mtim.tv_nsec == h->mtime.tv_nsec &&
	    h->mtime.tv_sec + 1 < h->held_at)
		return true;
	return !fd__read_build_id(h->fd, &have) && build_id__equal(&have, &h->bid);
}

void build_id_secure__finish(struct build_id_secure *s)
{
	struct build_id have;
	u32 i;

	for (i = 0; i < s->nr_held; i++) {
		struct build_id_held *h = &s->held[i];

		if (h->fd < 0 || (s->hold && held__at_path(h)))
			goto next;
		/* Replaced, moved or deleted: the descriptor has the only copy. */
		if (fd__read_build_id(h->fd, &have) || !build_id__equal(&have, &h->bid))
			secure__name_gone(s, h->path, &h->bid);	/* rewritten in place */
		else
			secure__store(s, h->path, &h->bid, h->fd);
next:
		if (h->fd >= 0) {
			close(h->fd);
			__atomic_sub_fetch(&s->nr_open, 1, __ATOMIC_RELAXED);
		}
		h->fd = -1;
	}
}

void build_id_secure__print(const struct build_id_secure *s, FILE *out)
{
	char hex[SBUILD_ID_SIZE];
	u32 i, j, named = s->gone < s->alloc_lost ? (u32)s->gone : s->alloc_lost;

	if (s->gone) {
		fprintf(out, "Warning: %llu mapped file%s gone before perf record could copy %s:",
			(unsigned long long)s->gone, s->gone == 1 ? " was" : "s were",
			s->gone == 1 ? "it" : "them");
		/* Each path once, with every id it lost: a deploy loop is one name. */
		for (i = 0; i < named; i++) {
			const char *p = s->lost[i].path ? s->lost[i].path : "?";
			bool first = true;

			for (j = 0; j < i; j++)
				if (!strcmp(s->lost[j].path ? s->lost[j].path : "?", p))
					break;
			if (j < i)
				continue;
			fprintf(out, "%s %s (", i ? "," : "", p);
			for (j = i; j < named; j++) {
				if (strcmp(s->lost[j].path ? s->lost[j].path : "?", p))
					continue;
				if (s->lost[j].bid.size)
					build_id__sprintf(&s->lost[j].bid, hex);
				fprintf(out, "%s%s", first ? "" : " ",
					s->lost[j].bid.size ? hex : "build-id unknown");
				first = false;
			}
			fprintf(out, ")");
		}
		if (s->gone > named)
			fprintf(out, " and %llu more", (unsigned long long)(s->gone - named));
		fprintf(out, "; to resolve %s samples, keep binaries until the recording ends "
			"or serve them by debuginfod\n", s->gone == 1 ? "its" : "their");
	}
	if (s->failed)
		fprintf(out, "Warning: %llu mapped file%s could not be copied into the build-id "
			"cache %s: %s; check its space and permissions, then run "
			"'perf buildid-list --store' while the binaries exist\n",
			(unsigned long long)s->failed, s->failed == 1 ? "" : "s", s->dir,
			strerror(-s->first_err));
	if (s->dropped)
		fprintf(out, "Warning: %llu new build-id%s found the copier's queue full (%u): %s\n",
			(unsigned long long)s->dropped, s->dropped == 1 ? "" : "s", s->qcap,
			s->hold ? "their files were not kept; run 'perf buildid-list --store' "
				  "while the binaries exist" :
				  "their files were copied at the end, if still at their path");
}

void build_id_secure__exit(struct build_id_secure *s)
{
	u32 i;

	if (!s->queue)
		return;
	build_id_secure__stop(s);
	for (i = 0; i < s->nr; i++) {
		struct build_id_secure_req *r = &s->queue[(s->head + i) % s->qcap];

		if (r->fd >= 0)
			close(r->fd);
		free(r->path);
	}
	for (i = 0; i < s->nr_held; i++) {
		if (s->held[i].fd >= 0)
			close(s->held[i].fd);
		free(s->held[i].path);
	}
	for (i = 0; i < s->gone && i < s->alloc_lost; i++)
		free(s->lost[i].path);
	for (i = 0; i < s->nr_found; i++)
		free(s->found[i].path);
	free(s->found);
	free(s->lost);
	free(s->held);
	free(s->seen);
	free(s->queue);
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
	memset(s, 0, sizeof(*s));
}

/*
 * The files it could not secure, for the perf.data header: the count and
 * each named (path, id), in the order they were lost.  After the stop
 * (and finish): the helper thread writes these fields.
 */
u64 build_id_secure__nr_lost(const struct build_id_secure *s)
{
	return s->gone;
}

int build_id_secure__for_each_lost(const struct build_id_secure *s,
				   build_id_secure_lost_cb_t cb, void *priv)
{
	u32 i, named = s->gone < s->alloc_lost ? (u32)s->gone : s->alloc_lost;
	int err = 0;

	for (i = 0; i < named && !err; i++)
		err = cb(priv, s->lost[i].path ? s->lost[i].path : "?", &s->lost[i].bid);
	return err;
}
