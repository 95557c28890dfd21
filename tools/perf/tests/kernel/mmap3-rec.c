// SPDX-License-Identifier: GPL-2.0
/*
 * mmap3-rec: the guest side of scripts/kernel-test.  Opens one cpu-clock
 * event per session with perf_event_open(2) directly (no perf tool), each
 * with its own ring buffer, makes the kernel see some mmaps, and prints one
 * line per MMAP/MMAP2/MMAP3 record so the test script can compare them
 * with what the host's readelf printed.
 *
 *   mmap3-rec probe
 *	the feature probe, as a tool does it: perf_event_open() a dummy
 *	event on this process with attr.mmap3, then with the next, still
 *	reserved, bit; prints "mmap3: <accepted|errno>" and "bit 41:
 *	<accepted|errno>" 
 *   mmap3-rec [-s SESSION]... map FILE...
 *	map each FILE PROT_READ|PROT_EXEC in this process
 *   mmap3-rec [-s SESSION]... exec CMD [ARG]...
 *	run CMD in a child, events enabled on its exec
 *   mmap3-rec [-s SESSION]... secret FILE
 *	copy FILE's first page into a memfd_secret(2) file (through a
 *	shared read-write map), then map that PROT_READ|PROT_EXEC; prints
 *	"mapped exec" or why not.  Sessions get attr.mmap_data, so the
 *	read-write map is reported too.
 *
 * SESSION is mmap3 (attr.mmap3), mmap2 (attr.mmap2) or buildid
 * (attr.mmap2 + attr.build_id); sessions are opened in the order given.
 * Output lines:
 *   S<n> MMAP3 <file> size=<n> status=<n> id=<hex or ->
 *   S<n> MMAP2 <file> buildid=<hex>        (misc has MMAP_BUILD_ID)
 *   S<n> MMAP2 <file> ino=<n>              (it has not)
 *   S<n> MMAP <file>
 * Exit: 0, 1 on a system call failure (one line on stderr), 2 on usage.
 * Built statically by scripts/kernel-test; runs on the host too.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/perf_event.h>

/* Not in every libc's headers; the same number on every architecture. */
#ifndef SYS_memfd_secret
#define SYS_memfd_secret	447
#endif

#define MAX_SESSIONS	4
#define DATA_PAGES	64	/* 256 KiB: one run's mmaps never wrap it */

struct session {
	const char *name;
	uint64_t flags;
	int fd;
	void *base;
	size_t len;
};

struct rec_ctx {
	struct session s[MAX_SESSIONS];
	int nr;
	long page;
};

static int usage(void)
{
	fprintf(stderr, "usage: mmap3-rec probe\n"
		"       mmap3-rec [-s mmap3|mmap2|buildid]... map FILE...\n"
		"       mmap3-rec [-s mmap3|mmap2|buildid]... exec CMD [ARG]...\n"
		"       mmap3-rec [-s mmap3|mmap2|buildid]... secret FILE\n");
	return 2;
}

static const char *probe_flags(uint64_t flags)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.flags = PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_EXCLUDE_KERNEL | flags;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return errno == EINVAL ? "EINVAL" : strerror(errno);
	close(fd);
	return "accepted";
}

static int probe(void)
{
	printf("mmap3: %s\n", probe_flags(PERF_ATTR_FLAG_MMAP3));
	printf("bit 41: %s\n", probe_flags(PERF_ATTR_FLAG_MMAP3 << 1));
	return 0;
}

static int session_flags(const char *name, uint64_t *flags)
{
	*flags = PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_COMM | PERF_ATTR_FLAG_TASK;
	if (!strcmp(name, "mmap3"))
		*flags |= PERF_ATTR_FLAG_MMAP3;
	else if (!strcmp(name, "mmap2"))
		*flags |= PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2;
	else if (!strcmp(name, "buildid"))
		*flags |= PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID;
	else
		return -1;
	return 0;
}

static int session_open(struct rec_ctx *c, struct session *s, pid_t pid, int on_exec)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = 10000000;	/* 10 ms: mostly side-band records */
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	attr.flags = s->flags | (on_exec ? PERF_ATTR_FLAG_ENABLE_ON_EXEC : 0);
	s->fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (s->fd < 0) {
		fprintf(stderr, "mmap3-rec: perf_event_open(%s): %s\n", s->name, strerror(errno));
		return -1;
	}
	s->len = (DATA_PAGES + 1) * c->page;
	s->base = mmap(NULL, s->len, PROT_READ | PROT_WRITE, MAP_SHARED, s->fd, 0);
	if (s->base == MAP_FAILED) {
		fprintf(stderr, "mmap3-rec: mmap ring buffer: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static void print_hex(const uint8_t *p, unsigned int n)
{
	unsigned int i;

	if (!n)
		putchar('-');
	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}

/* Copy @len bytes at ring offset @pos out of the data area, wrapping. */
static void ring_copy(const struct session *s, long page, uint64_t pos, void *dst, size_t len)
{
	const uint8_t *data = (const uint8_t *)s->base + page;
	uint64_t size = (uint64_t)DATA_PAGES * page;
	size_t off = pos % size, first = len;

	if (first > size - off)
		first = size - off;
	memcpy(dst, data + off, first);
	memcpy((uint8_t *)dst + first, data, len - first);
}

static void print_record(int idx, const uint8_t *r, size_t len)
{
	const struct perf_event_header *h = (const void *)r;

	if (h->type == PERF_RECORD_MMAP3 && len >= sizeof(struct perf_record_mmap3) + 1) {
		const struct perf_record_mmap3 *m = (const void *)r;
		unsigned int n = m->build_id_size <= 20 ? m->build_id_size : 20;

		printf("S%d MMAP3 %.*s size=%u status=%u id=", idx,
		       (int)(len - sizeof(*m)), m->filename, m->build_id_size,
		       m->build_id_status);
		print_hex(m->build_id, n);
		putchar('\n');
	} else if (h->type == PERF_RECORD_MMAP2 && len > 72) {
		printf("S%d MMAP2 %.*s ", idx, (int)(len - 72), (const char *)r + 72);
		if (h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			unsigned int n = r[40] <= 20 ? r[40] : 20;

			printf("buildid=");
			print_hex(r + 44, n);
		} else {
			uint64_t ino;

			memcpy(&ino, r + 48, sizeof(ino));
			printf("ino=%llu", (unsigned long long)ino);
		}
		putchar('\n');
	} else if (h->type == PERF_RECORD_MMAP && len > 40) {
		printf("S%d MMAP %.*s\n", idx, (int)(len - 40), (const char *)r + 40);
	}
}

static int session_drain(const struct rec_ctx *c, int idx)
{
	const struct session *s = &c->s[idx];
	struct perf_event_mmap_page *pc = s->base;
	uint64_t head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = pc->data_tail;
	uint8_t rec[65536];

	while (tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;

		ring_copy(s, c->page, tail, &h, sizeof(h));
		if (h.size < sizeof(h) || tail + h.size > head) {
			fprintf(stderr, "mmap3-rec: %s: bad record size %u\n", s->name, h.size);
			return -1;
		}
		ring_copy(s, c->page, tail, rec, h.size);
		print_record(idx, rec, h.size);
		tail += h.size;
	}
	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
	return 0;
}

static int map_files(char **files)
{
	for (; *files; files++) {
		int fd = open(*files, O_RDONLY);
		void *p;

		if (fd < 0) {
			fprintf(stderr, "mmap3-rec: %s: %s\n", *files, strerror(errno));
			return -1;
		}
		p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
		close(fd);
		if (p == MAP_FAILED) {
			fprintf(stderr, "mmap3-rec: mmap %s: %s\n", *files, strerror(errno));
			return -1;
		}
		munmap(p, 4096);
	}
	return 0;
}

static int run_map(struct rec_ctx *c, char **files)
{
	int i, err;

	for (i = 0; i < c->nr; i++) {
		if (session_open(c, &c->s[i], 0, 0))
			return 1;
		ioctl(c->s[i].fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	err = map_files(files);
	for (i = 0; i < c->nr; i++)
		ioctl(c->s[i].fd, PERF_EVENT_IOC_DISABLE, 0);
	return err ? 1 : 0;
}

/* A secretmem page holding a real ELF header and build-id note. */
static int secret_fill(int fd, long page, const char *src_path)
{
	void *p;
	int src;
	ssize_t n;

	if (ftruncate(fd, page)) {
		fprintf(stderr, "mmap3-rec: ftruncate secretmem: %s\n", strerror(errno));
		return -1;
	}
	p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "mmap3-rec: mmap secretmem: %s\n", strerror(errno));
		return -1;
	}
	src = open(src_path, O_RDONLY);
	n = src < 0 ? -1 : read(src, p, page);
	if (src >= 0)
		close(src);
	munmap(p, page);
	if (n <= 0) {
		fprintf(stderr, "mmap3-rec: %s: cannot read\n", src_path);
		return -1;
	}
	return 0;
}

static int run_secret(struct rec_ctx *c, const char *src_path)
{
	int fd, i, err = 0;
	void *p;

	fd = syscall(SYS_memfd_secret, 0);
	if (fd < 0) {
		fprintf(stderr, "mmap3-rec: memfd_secret: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < c->nr; i++) {
		c->s[i].flags |= PERF_ATTR_FLAG_MMAP_DATA;
		if (session_open(c, &c->s[i], 0, 0)) {
			close(fd);
			return 1;
		}
		ioctl(c->s[i].fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	err = secret_fill(fd, c->page, src_path);
	if (!err) {
		p = mmap(NULL, c->page, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED) {
			printf("mapped exec failed: %s\n", strerror(errno));
		} else {
			puts("mapped exec");
			munmap(p, c->page);
		}
	}
	for (i = 0; i < c->nr; i++)
		ioctl(c->s[i].fd, PERF_EVENT_IOC_DISABLE, 0);
	close(fd);
	return err ? 1 : 0;
}

static int run_exec(struct rec_ctx *c, char **argv)
{
	int go[2], i, status;
	pid_t pid;
	char b = 0;

	if (pipe(go)) {
		perror("mmap3-rec: pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("mmap3-rec: fork");
		return 1;
	}
	if (pid == 0) {
		/* Exec only once the parent's events are attached. */
		close(go[1]);
		if (read(go[0], &b, 1) != 1)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "mmap3-rec: exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(go[0]);
	for (i = 0; i < c->nr; i++) {
		if (session_open(c, &c->s[i], pid, 1)) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return 1;
		}
	}
	if (write(go[1], &b, 1) != 1)
		perror("mmap3-rec: write");
	close(go[1]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "mmap3-rec: %s did not exit 0\n", argv[0]);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct rec_ctx c = { .page = sysconf(_SC_PAGESIZE) };
	int opt, i, ret;

	while ((opt = getopt(argc, argv, "+s:")) != -1) {
		if (opt != 's' || c.nr == MAX_SESSIONS)
			return usage();
		c.s[c.nr].name = optarg;
		if (session_flags(optarg, &c.s[c.nr].flags))
			return usage();
		c.nr++;
	}
	if (optind >= argc)
		return usage();
	if (!strcmp(argv[optind], "probe"))
		return probe();
	if (!c.nr || optind + 1 >= argc)
		return usage();
	if (!strcmp(argv[optind], "map"))
		ret = run_map(&c, argv + optind + 1);
	else if (!strcmp(argv[optind], "secret") && optind + 2 == argc)
		ret = run_secret(&c, argv[optind + 1]);
	else if (!strcmp(argv[optind], "exec"))
		ret = run_exec(&c, argv + optind + 1);
	else
		return usage();
	for (i = 0; i < c.nr && !ret; i++)
		if (session_drain(&c, i))
			ret = 1;
	fflush(stdout);
	return ret;
}
