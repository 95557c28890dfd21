// SPDX-License-Identifier: GPL-2.0
/*
 * mmap3-stress: the guest's stress test and microbenchmark of the MMAP3
 * mmap path (scripts/kernel-test, guest-tests.sh).
 *
 *   mmap3-stress churn FILE SRC COUNT
 *	with an MMAP3 event on this process, map FILE PROT_READ|PROT_EXEC
 *	COUNT times while another thread rewrites it from SRC (through a
 *	fresh map, so its write()s fault), truncates it, and drops its
 *	cached pages, so that the kernel parses the file
 *	while it changes under it, from cached pages and from task_work.
 *	Prints "churn FILE: <maps> maps, <n> MMAP3 records (<ok> ok,
 *	<uncached> not cached, <raced> file changed, <other> other),
 *	<lost> lost".
 *   mmap3-stress bench FILE COUNT
 *	the cost of mmap+munmap of FILE, with its pages cached and with
 *	them dropped (POSIX_FADV_DONTNEED) before each mmap, for: no event,
 *	an MMAP2 build-id event on another process and on this one (stock's
 *	paths), an MMAP3 event on another process and on this one.  Prints
 *	"bench <setup> <cached|uncached>: <ns> ns per mmap" (the uncached
 *	rounds include the fadvise call), the least of five runs; on a
 *	kernel without the series (perf_event_open() refusing attr.mmap3
 *	with EINVAL) the MMAP3 setups print "not supported by this kernel".
 *
 * Exit: 0, 1 on a system call failure (one line on stderr), 2 on usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#define DATA_PAGES	64

struct ring {
	int fd;
	void *base;
	size_t len;
	long page;
	uint64_t lost;
};

static int ring_open(struct ring *r, uint64_t flags, pid_t pid)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.flags = flags | PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_HV;
	r->page = sysconf(_SC_PAGESIZE);
	r->fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (r->fd < 0 && errno == EINVAL && (flags & PERF_ATTR_FLAG_MMAP3))
		return -EINVAL;	/* a kernel without the series: the bench says so */
	if (r->fd < 0) {
		fprintf(stderr, "mmap3-stress: perf_event_open: %s\n", strerror(errno));
		return -1;
	}
	r->len = (DATA_PAGES + 1) * r->page;
	r->base = mmap(NULL, r->len, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
	if (r->base == MAP_FAILED) {
		fprintf(stderr, "mmap3-stress: mmap ring buffer: %s\n", strerror(errno));
		close(r->fd);
		return -1;
	}
	return 0;
}

static void ring_close(struct ring *r)
{
	munmap(r->base, r->len);
	close(r->fd);
}

/* Call @fn on every record's header and status byte; consume them. */
static void ring_drain(struct ring *r, void (*fn)(void *arg, const struct perf_event_header *h,
						   const uint8_t *rec), void *arg)
{
	struct perf_event_mmap_page *pc = r->base;
	const uint8_t *data = (const uint8_t *)r->base + r->page;
	uint64_t size = (uint64_t)DATA_PAGES * r->page;
	uint64_t head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = pc->data_tail;
	uint8_t rec[512];

	while (tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;
		size_t off = tail % size, n, first;

		first = size - off < sizeof(h) ? size - off : sizeof(h);
		memcpy(&h, data + off, first);
		memcpy((uint8_t *)&h + first, data, sizeof(h) - first);
		if (h.size < sizeof(h))
			break;
		n = h.size < sizeof(rec) ? h.size : sizeof(rec);
		first = size - off < n ? size - off : n;
		memcpy(rec, data + off, first);
		memcpy(rec + first, data, n - first);
		fn(arg, &h, rec);
		tail += h.size;
	}
	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
}

struct churn_counts {
	unsigned long mmap3, ok, uncached, raced, other, lost;
};

static void churn_count(void *arg, const struct perf_event_header *h, const uint8_t *rec)
{
	struct churn_counts *c = arg;
	const struct perf_record_mmap3 *m = (const void *)rec;

	if (h->type == PERF_RECORD_LOST) {
		c->lost++;
		return;
	}
	if (h->type != PERF_RECORD_MMAP3 || h->size < sizeof(*m))
		return;
	c->mmap3++;
	if (m->build_id_status == PERF_MMAP3_BUILD_ID_OK && m->build_id_size)
		c->ok++;
	else if (m->build_id_status == PERF_MMAP3_BUILD_ID_UNCACHED)
		c->uncached++;
	else if (m->build_id_status == PERF_MMAP3_BUILD_ID_RACED)
		c->raced++;
	else
		c->other++;
}

/*
 * Copy @src into @dst through a fresh anonymous map, so that write() takes
 * page faults (mmap_lock) while the file system holds its own locks: the
 * order lockdep must see together with the mapping thread's.
 */
static int copy_file(const char *src, int dst)
{
	const size_t chunk = 65536;
	ssize_t n;
	char *buf;
	int fd = open(src, O_RDONLY);

	if (fd < 0)
		return -1;
	buf = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED || ftruncate(dst, 0) || lseek(dst, 0, SEEK_SET)) {
		close(fd);
		return -1;
	}
	while ((n = read(fd, buf, chunk)) > 0)
		if (write(dst, buf, n) != n)
			break;
	munmap(buf, chunk);
	close(fd);
	return n ? -1 : 0;
}

struct churn {
	const char *file, *src;
	atomic_int stop;
	int err;
};

/* The other thread: rewrite, shorten, drop, until told to stop. */
static void *churn_thread(void *arg)
{
	struct churn *c = arg;
	unsigned int i;
	int fd = open(c->file, O_RDWR);

	if (fd < 0) {
		c->err = errno;
		return NULL;
	}
	for (i = 0; !atomic_load(&c->stop); i++) {
		if (copy_file(c->src, fd) || ftruncate(fd, (i % 3) * 2048)) {
			c->err = errno;
			break;
		}
		fsync(fd);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	close(fd);
	return NULL;
}

static int run_churn(const char *file, const char *src, long count)
{
	struct churn c = { .file = file, .src = src };
	struct churn_counts n = { 0 };
	struct ring r;
	pthread_t tid;
	long i, maps = 0;
	int fd;

	fd = open(file, O_RDWR | O_CREAT, 0755);
	if (fd < 0 || copy_file(src, fd)) {
		fprintf(stderr, "mmap3-stress: %s: %s\n", file, strerror(errno));
		return 1;
	}
	close(fd);
	if (ring_open(&r, PERF_ATTR_FLAG_MMAP3, 0))
		return 1;
	if (pthread_create(&tid, NULL, churn_thread, &c)) {
		fprintf(stderr, "mmap3-stress: pthread_create failed\n");
		return 1;
	}
	for (i = 0; i < count; i++) {
		void *p;

		fd = open(file, O_RDONLY);
		if (fd < 0)
			continue;
		p = mmap(NULL, 16384, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
		close(fd);
		if (p != MAP_FAILED) {
			maps++;
			munmap(p, 16384);
		}
		ring_drain(&r, churn_count, &n);
	}
	atomic_store(&c.stop, 1);
	pthread_join(tid, NULL);
	ring_drain(&r, churn_count, &n);
	ring_close(&r);
	if (c.err) {
		fprintf(stderr, "mmap3-stress: churn %s: %s\n", file, strerror(c.err));
		return 1;
	}
	printf("churn %s: %ld maps, %lu MMAP3 records (%lu ok, %lu not cached, %lu file changed, %lu other), %lu lost\n",
	       file, maps, n.mmap3, n.ok, n.uncached, n.raced, n.other, n.lost);
	return 0;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void ignore(void *arg, const struct perf_event_header *h, const uint8_t *rec)
{
	(void)arg; (void)h; (void)rec;
}

/* One round: drop the file's pages if asked, map and unmap it. */
static int bench_round(int fd, int uncached, struct ring *r)
{
	void *p;

	if (uncached)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return -1;
	munmap(p, 4096);
	if (r)
		ring_drain(r, ignore, NULL);
	return 0;
}

/*
 * Mean ns of one round over @count rounds, timed as a whole: a guest's
 * clock may tick too coarsely to time one mmap.
 */
static double bench_one(const char *file, long count, int uncached, struct ring *r)
{
	double t0;
	long i;
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return -1;
	for (i = 0; i < 10; i++)	/* warm the caches of the kernel's own */
		bench_round(fd, uncached, r);
	t0 = now_ns();
	for (i = 0; i < count; i++)
		if (bench_round(fd, uncached, r))
			break;
	t0 = now_ns() - t0;
	close(fd);
	return i == count ? t0 / count : -1;
}

#define BENCH_SETUPS	5
#define BENCH_REPEAT	5

static int bench_open(unsigned int setup, pid_t other, struct ring *r)
{
	switch (setup) {
	case 1:
		return ring_open(r, PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 |
				    PERF_ATTR_FLAG_BUILD_ID, other);
	case 2:
		return ring_open(r, PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 |
				    PERF_ATTR_FLAG_BUILD_ID, 0);
	case 3:
		return ring_open(r, PERF_ATTR_FLAG_MMAP3, other);
	case 4:
		return ring_open(r, PERF_ATTR_FLAG_MMAP3, 0);
	}
	return 0;
}

/*
 * Every setup, cached and uncached, BENCH_REPEAT times round-robin; the
 * least mean of each is printed: under an emulator and a busy host the
 * minimum is the figure that noise cannot raise.
 */
static int run_bench(const char *file, long count)
{
	static const char * const setups[BENCH_SETUPS] = {
		"no-event", "mmap2-buildid-other-task", "mmap2-buildid-self",
		"mmap3-other-task", "mmap3-self",
	};
	double best[BENCH_SETUPS][2];
	int supported[BENCH_SETUPS] = { 1, 1, 1, 1, 1 };
	unsigned int s, rep;
	int uncached, go[2];
	pid_t other;

	if (pipe(go))
		return 1;
	other = fork();
	if (other == 0) {
		char b;

		close(go[1]);
		_exit(read(go[0], &b, 1) < 0);
	}
	close(go[0]);
	for (rep = 0; rep < BENCH_REPEAT; rep++) {
		for (s = 0; s < BENCH_SETUPS; s++) {
			struct ring r;
			int err;

			if (!supported[s])
				continue;
			err = bench_open(s, other, &r);
			if (err == -EINVAL) {
				supported[s] = 0;
				continue;
			}
			if (err)
				return 1;
			for (uncached = 0; uncached <= 1; uncached++) {
				double ns = bench_one(file, count, uncached, s ? &r : NULL);

				if (ns < 0) {
					fprintf(stderr, "mmap3-stress: bench %s: %s\n", file,
						strerror(errno));
					return 1;
				}
				if (!rep || ns < best[s][uncached])
					best[s][uncached] = ns;
			}
			if (s)
				ring_close(&r);
		}
	}
	for (s = 0; s < BENCH_SETUPS; s++)
		for (uncached = 0; uncached <= 1; uncached++) {
			if (!supported[s])
				printf("bench %s %s: not supported by this kernel\n",
				       setups[s], uncached ? "uncached" : "cached");
			else
				printf("bench %s %s: %.0f ns per mmap\n", setups[s],
				       uncached ? "uncached" : "cached", best[s][uncached]);
		}
	close(go[1]);
	waitpid(other, NULL, 0);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "churn"))
		return run_churn(argv[2], argv[3], atol(argv[4]));
	if (argc == 4 && !strcmp(argv[1], "bench"))
		return run_bench(argv[2], atol(argv[3]));
	fprintf(stderr, "usage: mmap3-stress churn FILE SRC COUNT\n"
		"       mmap3-stress bench FILE COUNT\n");
	return 2;
}
