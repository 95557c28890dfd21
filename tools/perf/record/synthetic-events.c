// SPDX-License-Identifier: GPL-2.0
/* Synthesized COMM/FORK/MMAP2 records for perf record -a / -p / -t. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "record/synthetic-events.h"
#include "util/cache/build-id-cache.h"
#include "util/base/array.h"
#include "util/base/debug.h"
#include "util/symbols/kallsyms.h"
#include "util/symbols/kmodules.h"
#include "record/proc-map-file.h"

#define ALIGN8(x)	(((x) + 7) & ~(size_t)7)

/* Append the sample_id trailer the kernel would: see perf_event.h. */
static size_t synth__trailer(struct synth_ctx *ctx, void *at, u32 pid, u32 tid)
{
	u64 *p = at;
	size_t n = 0;

	if (!ctx->sample_id_all)
		return 0;
	if (ctx->sample_type & PERF_SAMPLE_TID) {
		u32 *t = (u32 *)&p[n++];

		t[0] = pid;
		t[1] = tid;
	}
	if (ctx->sample_type & PERF_SAMPLE_TIME)
		p[n++] = 0;
	if (ctx->sample_type & PERF_SAMPLE_ID)
		p[n++] = ctx->id;
	if (ctx->sample_type & PERF_SAMPLE_STREAM_ID)
		p[n++] = ctx->id;
	if (ctx->sample_type & PERF_SAMPLE_CPU)
		p[n++] = 0;
	if (ctx->sample_type & PERF_SAMPLE_IDENTIFIER)
		p[n++] = ctx->id;
	return n * sizeof(u64);
}

/*
 * Build an MMAP2 (or MMAP3) record for a file map and note the DSO.
 * @bid_size 0: no build-id known, the inode form is used.
 */
static int synth__mmap(struct synth_ctx *ctx, u16 cpumode, u32 pid, u32 tid,
		       u64 start, u64 len, u64 pgoff, u32 maj, u32 min, u64 ino,
		       u32 prot, u32 flags, const char *path, const u8 *bid, u8 bid_size)
{
	size_t flen = strlen(path) + 1, fixed, size;
	union perf_event *ev = (void *)ctx->buf;
	char *fname;

	fixed = ctx->mmap3 ? sizeof(struct perf_record_mmap3) : sizeof(struct perf_record_mmap2);
	size = fixed + ALIGN8(flen);
	if (size + 64 > sizeof(ctx->buf))
		return 0;	/* absurd path: skip the map, not the run */
	memset(ev, 0, size + 64);
	ev->header.misc = cpumode;
	if (ctx->mmap3) {
		struct perf_record_mmap3 *m = &ev->mmap3;

		ev->header.type = PERF_RECORD_MMAP3;
		m->pid = pid;
		m->tid = tid;
		m->addr = start;
		m->len = len;
		m->pgoff = pgoff;
		m->maj = maj;
		m->min = min;
		m->ino = ino;
		m->prot = prot;
		m->flags = flags;
		m->build_id_size = bid_size;
		m->build_id_status = bid_size ? PERF_MMAP3_BUILD_ID_OK :
						PERF_MMAP3_BUILD_ID_IO_ERROR;
		memcpy(m->build_id, bid, bid_size);
		fname = m->filename;
	} else {
		struct perf_record_mmap2 *m = &ev->mmap2;

		ev->header.type = PERF_RECORD_MMAP2;
		m->pid = pid;
		m->tid = tid;
		m->start = start;
		m->len = len;
		m->pgoff = pgoff;
		/* The build-id form only where the attr tells readers to trust it. */
		if (bid_size && ctx->build_id_mmap2) {
			ev->header.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
			m->build_id_size = bid_size;
			memcpy(m->build_id, bid, bid_size);
		} else {
			m->maj = maj;
			m->min = min;
			m->ino = ino;
		}
		m->prot = prot;
		m->flags = flags;
		fname = m->filename;
	}
	memcpy(fname, path, flen);
	size += synth__trailer(ctx, ctx->buf + size, pid, tid);
	ev->header.size = (u16)size;
	/* The kernel's table entry is named differently: its caller adds it. */
	if (cpumode == PERF_RECORD_MISC_USER) {
		int added = buildid_table__add(ctx->table, path, cpumode, bid, bid_size);

		if (added < 0)
			return -ENOMEM;
		/* First sight: the file is there now, maybe not at the end. */
		if (added && bid_size && ctx->secure)
			build_id_secure__queue(ctx->secure, pid, start, start + len, pgoff, path,
					       bid, bid_size);
	}
	return ctx->emit(ctx->priv, ev);
}

/*
 * _text and _etext from /proc/kallsyms; 0 when it cannot be read or
 * hides addresses (kptr_restrict): then there is no kernel map to make.
 * With @text, the whole text is handed over too (NULL if not read whole),
 * for the build-id cache to keep: never a copy with hidden addresses.
 */
static u64 kernel_text_addr(u64 *etext, char **text, size_t *text_len)
{
	size_t len;
	char *buf;
	u64 ret;

	*etext = 0;
	if (kallsyms__read(KALLSYMS_PROC_PATH, &buf, &len, true))
		return 0;
	kallsyms__text_range(buf, len, &ret, etext);
	if (ret && text) {
		*text = buf;
		*text_len = len;
		return ret;
	}
	free(buf);
	return ret;
}

/*
 * A kernel-side map (pid -1): MMAP2/MMAP3 carrying the id where the attr
 * lets readers trust it, else a plain MMAP like upstream without
 * --buildid-mmap (the id then reaches the header table only).
 */
static int synth__kernel_map(struct synth_ctx *ctx, const char *path, u64 start, u64 len,
			     u64 pgoff, const u8 *bid, u8 bid_size)
{
	union perf_event *ev = (void *)ctx->buf;
	size_t rsize = sizeof(struct perf_record_mmap) + ALIGN8(strlen(path) + 1);

	if (bid_size && (ctx->build_id_mmap2 || ctx->mmap3))
		return synth__mmap(ctx, PERF_RECORD_MISC_KERNEL, (u32)-1, 0, start, len, pgoff,
				   0, 0, 0, PROT_READ | PROT_EXEC, 0, path, bid, bid_size);
	if (rsize + 64 > sizeof(ctx->buf))
		return 0;
	memset(ev, 0, rsize + 64);
	ev->header.type = PERF_RECORD_MMAP;
	ev->header.misc = PERF_RECORD_MISC_KERNEL;
	ev->mmap.pid = (u32)-1;
	ev->mmap.start = start;
	ev->mmap.len = len;
	ev->mmap.pgoff = pgoff;
	strcpy(ev->mmap.filename, path);
	rsize += synth__trailer(ctx, ctx->buf + rsize, (u32)-1, 0);
	ev->header.size = (u16)rsize;
	return ctx->emit(ctx->priv, ev) ? -EIO : 0;
}

int synth__kernel_mmap(struct synth_ctx *ctx)
{
	u8 bid[PERF_BUILD_ID_MAX];
	int size, ret;
	u64 etext, start, len;

	start = kernel_text_addr(&etext, ctx->want_kallsyms ? &ctx->kallsyms : NULL,
				 &ctx->kallsyms_len);
	if (!start)
		return 0;
	/* Like upstream: the map ends at _etext when we know it. */
	len = etext > start ? etext - start : ~0ULL - start;
	size = buildid__read_kernel(bid);
	if (size < 0)
		size = 0;
	if (size > 0)
		build_id__init(&ctx->kallsyms_bid, bid, (u8)size);
	ret = synth__kernel_map(ctx, "[kernel.kallsyms]_text", start, len, start, bid, (u8)size);
	if (ret)
		return ret;
	/* The table names the kernel as upstream does. */
	if (size > 0 && buildid_table__add(ctx->table, "[kernel.kallsyms]",
					   PERF_RECORD_MISC_KERNEL, bid, (u8)size) < 0)
		return -ENOMEM;
	return 0;
}

int synth__kernel_modules(struct synth_ctx *ctx)
{
	struct kmodules km;
	size_t i;
	int ret;

	ret = kmodules__read(&km);
	for (i = 0; !ret && i < km.nr; i++) {
		const struct kmodule *m = &km.mods[i];
		u8 size = (u8)m->bid.size;

		/* Upstream's form: the module's file, pgoff 0, its core size. */
		ret = synth__kernel_map(ctx, m->path, m->start, m->size, 0, m->bid.data, size);
		if (!ret && size &&
		    buildid_table__add(ctx->table, m->path, PERF_RECORD_MISC_KERNEL,
				       m->bid.data, size) < 0)
			ret = -ENOMEM;
	}
	kmodules__exit(&km);
	return ret;
}

static int read_status(pid_t pid, pid_t tid, char *comm, size_t commsz, pid_t *tgid,
		       pid_t *ppid)
{
	char path[96], line[256];
	size_t l;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)pid, (int)tid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	*tgid = pid;
	*ppid = 0;
	comm[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Name:", 5)) {
			char *p = line + 5;

			while (*p == ' ' || *p == '\t')
				p++;
			l = strcspn(p, "\n");
			if (l > commsz - 1)
				l = commsz - 1;
			memcpy(comm, p, l);
			comm[l] = '\0';
		} else if (!strncmp(line, "Tgid:", 5)) {
			*tgid = atoi(line + 5);
		} else if (!strncmp(line, "PPid:", 5)) {
			*ppid = atoi(line + 5);
		}
	}
	fclose(f);
	return 0;
}

static int synth__comm_fork(struct synth_ctx *ctx, pid_t pid, pid_t tid)
{
	union perf_event *ev = (void *)ctx->buf;
	char comm[64];
	pid_t tgid = pid, ppid = 0;
	size_t len;
	int ret;

	if (read_status(pid, tid, comm, sizeof(comm), &tgid, &ppid))
		return 0;	/* gone meanwhile */
	if (tid != tgid) {
		/* A thread: tie it to its process like a clone would. */
		len = sizeof(struct perf_record_fork);
		memset(ev, 0, len + 64);
		ev->header.type = PERF_RECORD_FORK;
		ev->fork.pid = tgid;
		ev->fork.ppid = tgid;
		ev->fork.tid = tid;
		ev->fork.ptid = tgid;
		len += synth__trailer(ctx, ctx->buf + len, tgid, tid);
		ev->header.size = (u16)len;
		ret = ctx->emit(ctx->priv, ev);
		if (ret)
			return ret;
	}
	len = sizeof(struct perf_record_comm) + ALIGN8(strlen(comm) + 1);
	memset(ev, 0, len + 64);
	ev->header.type = PERF_RECORD_COMM;
	ev->comm.pid = tgid;
	ev->comm.tid = tid;
	strcpy(ev->comm.comm, comm);
	len += synth__trailer(ctx, ctx->buf + len, tgid, tid);
	ev->header.size = (u16)len;
	return ctx->emit(ctx->priv, ev);
}

/*
 * A file the host path does not reach (the process is in another mount
 * namespace, or the file was deleted): the cache copy at the end of the
 * run would read the host path and find another file or none, so this
 * one is copied now, from the descriptor its build-id came from.
 */
static void synth__cache_now(struct synth_ctx *ctx, pid_t pid, const char *path, int fd,
			     const struct build_id *bid)
{
	struct stat ours, host;
	int ret;

	if (!ctx->cache_dir || build_id_cache__cached(ctx->cache_dir, bid))
		return;
	if (!fstat(fd, &ours) && !stat(path, &host) && ours.st_dev == host.st_dev &&
	    ours.st_ino == host.st_ino)
		return;
	ret = build_id_cache__store_fd(ctx->cache_dir, path, bid, fd, NULL);
	if (ret)
		pr_debug(ctx->verbose, 1, "build-id cache: %s of pid %d not added: %s\n", path,
			 (int)pid, strerror(-ret));
}

/*
 * The build-id of the file @pid maps at [@start, @end) as @path, read
 * from the process's own file (proc-map-file.h), never from the host's
 * file at that path.  Its size into @bid, or 0; a file that cannot be
 * opened at all is counted for the caller's one warning.
 */
static int synth__map_build_id(struct synth_ctx *ctx, pid_t pid, u64 start, u64 end,
			       const char *path, u8 *bid)
{
	struct build_id id = { .size = 0 };
	int fd = proc_map_file__open(pid, start, end, path);

	if (fd < 0) {
		if (!ctx->unreadable++) {
			ctx->unreadable_pid = pid;
			ctx->unreadable_err = -fd;
			snprintf(ctx->unreadable_path, sizeof(ctx->unreadable_path), "%s", path);
		}
		return 0;
	}
	/* not ELF, or no note: no id, as for a file on the host */
	if (fd__read_build_id(fd, &id) || !id.size || id.size > PERF_BUILD_ID_MAX)
		id.size = 0;
	else
		synth__cache_now(ctx, pid, path, fd, &id);
	close(fd);
	memcpy(bid, id.data, id.size);
	return (int)id.size;
}

static int synth__maps(struct synth_ctx *ctx, pid_t pid)
{
	char path[64], line[4096 + 128], perms[8], fname[4096];
	unsigned long long start, end, pgoff, ino;
	unsigned int maj, min;
	u8 bid[PERF_BUILD_ID_MAX];
	FILE *f;
	int n, size, ret = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		u32 prot = 0;

		fname[0] = '\0';
		n = sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %4095[^\n]", &start, &end,
			   perms, &pgoff, &maj, &min, &ino, fname);
		if (n < 7 || strlen(perms) < 4 || perms[2] != 'x')
			continue;
		if (n == 7 || buildid_table__skip_path(fname)) {
			/* [vdso] and friends: no file; readers know them by name. */
			if (n == 7 || strcmp(fname, "[vdso]"))
				continue;
		}
		prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
		       PROT_EXEC;
		size = fname[0] == '/' ? synth__map_build_id(ctx, pid, start, end, fname, bid) : 0;
		ret = synth__mmap(ctx, PERF_RECORD_MISC_USER, pid, pid, start, end - start,
				  pgoff, maj, min, ino, prot,
				  perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE, fname, bid, (u8)size);
		if (ret)
			break;
	}
	fclose(f);
	return ret;
}

int synth__process(struct synth_ctx *ctx, pid_t pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;
	int ret = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((d = readdir(dir)) != NULL) {
		char *end;
		long tid = strtol(d->d_name, &end, 10);

		if (*end || tid <= 0)
			continue;
		ret = synth__comm_fork(ctx, pid, (pid_t)tid);
		if (ret)
			break;
	}
	closedir(dir);
	if (!ret)
		ret = synth__maps(ctx, pid);
	return ret;
}

/* @fn(@arg, pid) for each process in /proc, until one returns non-zero. */
static int synth__for_each_pid(int (*fn)(void *arg, pid_t pid), void *arg)
{
	struct dirent *d;
	DIR *dir = opendir("/proc");
	int ret = 0;

	if (!dir)
		return -errno;
	while ((d = readdir(dir)) != NULL) {
		char *end;
		long pid = strtol(d->d_name, &end, 10);

		if (*end || pid <= 0)
			continue;
		ret = fn(arg, (pid_t)pid);
		if (ret)
			break;
	}
	closedir(dir);
	return ret;
}

static int synth__one_process(void *ctx, pid_t pid)
{
	return synth__process(ctx, pid);
}

int synth__all_processes(struct synth_ctx *ctx)
{
	return synth__for_each_pid(synth__one_process, ctx);
}

int synth__lost_samples(struct synth_ctx *ctx, u64 id, u64 lost)
{
	struct perf_event_header *h = (void *)ctx->buf;
	u64 saved = ctx->id;
	size_t len = sizeof(*h) + sizeof(u64);

	h->type = PERF_RECORD_LOST_SAMPLES;
	h->misc = 0;
	memcpy(ctx->buf + sizeof(*h), &lost, sizeof(lost));
	/* The trailer names the event that lost them, so readers can tell. */
	ctx->id = id;
	len += synth__trailer(ctx, ctx->buf + len, (u32)-1, (u32)-1);
	ctx->id = saved;
	h->size = (u16)len;
	return ctx->emit(ctx->priv, (const void *)ctx->buf);
}

/* The parent of process @pid from /proc/PID/stat, or -1 (gone, unreadable). */
static pid_t synth__ppid(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;
	long ppid;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* "pid (comm) state ppid": comm may hold spaces and parentheses */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %ld", &ppid) != 1)
		return -1;
	return (pid_t)ppid;
}

struct synth_proc {
	pid_t pid, ppid;
	int state;		/* 0: not known yet, 1: in the tree, 2: not */
};

static int synth_proc__cmp(const void *a, const void *b)
{
	pid_t x = ((const struct synth_proc *)a)->pid, y = ((const struct synth_proc *)b)->pid;

	return x < y ? -1 : x > y;
}

/* In the tree: a root, or the child of one in it (walked up, remembered). */
static int synth_proc__state(struct synth_proc *procs, size_t nr, size_t i)
{
	struct synth_proc key, *p = &procs[i], *up;
	size_t depth = 0;
	int state;

	while (!p->state) {
		key.pid = p->ppid;
		up = p->ppid > 0 ? bsearch(&key, procs, nr, sizeof(*procs), synth_proc__cmp) : NULL;
		if (!up || ++depth > nr) {
			p->state = 2;	/* no parent here (or a loop of stale pids) */
			break;
		}
		p = up;
	}
	state = p->state;
	/* the walk again, marking what it passed */
	for (p = &procs[i]; !p->state; ) {
		p->state = state;
		key.pid = p->ppid;
		p = bsearch(&key, procs, nr, sizeof(*procs), synth_proc__cmp);
		if (!p)
			break;
	}
	return state;
}

struct synth_procs {
	struct synth_proc *v;
	size_t nr, alloc;
};

static int synth_procs__add(void *arg, pid_t pid)
{
	struct synth_procs *ps = arg;

	if (ARRAY_GROW(ps->v, ps->alloc, ps->nr + 1))
		return -ENOMEM;
	ps->v[ps->nr++] = (struct synth_proc){ .pid = pid, .ppid = synth__ppid(pid) };
	return 0;
}

int synth__process_tree(struct synth_ctx *ctx, const pid_t *roots, size_t nr_roots)
{
	struct synth_procs ps = { NULL };
	struct synth_proc key, *r;
	size_t i;
	int ret;

	ret = synth__for_each_pid(synth_procs__add, &ps);
	if (ret)
		goto out;
	qsort(ps.v, ps.nr, sizeof(*ps.v), synth_proc__cmp);
	for (i = 0; i < nr_roots; i++) {
		key.pid = roots[i];
		r = ps.nr ? bsearch(&key, ps.v, ps.nr, sizeof(*ps.v), synth_proc__cmp) : NULL;
		if (r)
			r->state = 1;
	}
	for (i = 0; i < ps.nr && !ret; i++)
		if (synth_proc__state(ps.v, ps.nr, i) == 1)
			ret = synth__process(ctx, ps.v[i].pid);
out:
	free(ps.v);
	return ret;
}
