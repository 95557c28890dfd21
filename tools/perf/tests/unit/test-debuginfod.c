// SPDX-License-Identifier: GPL-2.0
/*
 * util/cache/debuginfod without a debuginfod server: the verify step on ELF
 * files written here, and the fetcher (libdebuginfod in worker processes)
 * against real endpoints the test makes itself: a file:// "server" that
 * hands out the wrong file, a socket that accepts and never answers, a
 * port nobody listens on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"

struct fixture {
	char dir[64];		/* scratch directory, removed afterwards */
	char cache[128];	/* DEBUGINFOD_CACHE_PATH */
};

static const char *const limit_vars[] = {
	"DEBUGINFOD_URLS", "DEBUGINFOD_TIMEOUT", "DEBUGINFOD_MAXTIME",
	"DEBUGINFOD_RETRY_LIMIT", "DEBUGINFOD_PROGRESS", "DEBUGINFOD_CACHE_PATH",
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	size_t i;

	if (!fx)
		return -1;
	strcpy(fx->dir, "/tmp/test-debuginfod.XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	snprintf(fx->cache, sizeof(fx->cache), "%s/cache", fx->dir);
	/* Each test starts from the library defaults, not the last test's. */
	for (i = 0; i < sizeof(limit_vars) / sizeof(limit_vars[0]); i++)
		unsetenv(limit_vars[i]);
	setenv("DEBUGINFOD_CACHE_PATH", fx->cache, 1);
	*state = fx;
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	nftw(fx->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(fx);
	return 0;
}

static void make_id(struct build_id *bid, u8 seed, size_t size)
{
	size_t i;

	memset(bid, 0, sizeof(*bid));
	bid->size = size;
	for (i = 0; i < size; i++)
		bid->data[i] = (u8)(seed * 31 + i * 7);
}

static void id_hex(const struct build_id *bid, char *hex)
{
	size_t i;

	for (i = 0; i < bid->size; i++)
		sprintf(hex + 2 * i, "%02x", bid->data[i]);
}

/*
 * A minimal ELF64 executable header + one PT_NOTE holding a GNU build-id
 * note with @bid (no note at all when @bid is NULL).
 */
static void write_elf(const char *path, const struct build_id *bid)
{
	struct {
		Elf64_Ehdr eh;
		Elf64_Phdr ph;
		Elf64_Nhdr nh;
		char name[4];
		u8 desc[BUILD_ID_SIZE_MAX];
	} img;
	size_t desc = bid ? (bid->size + 3) / 4 * 4 : 0;
	size_t size = offsetof(typeof(img), desc) + desc;
	FILE *f;

	memset(&img, 0, sizeof(img));
	memcpy(img.eh.e_ident, ELFMAG, SELFMAG);
	img.eh.e_ident[EI_CLASS] = ELFCLASS64;
	img.eh.e_ident[EI_DATA] = ELFDATA2LSB;
	img.eh.e_ident[EI_VERSION] = EV_CURRENT;
	img.eh.e_type = ET_EXEC;
	img.eh.e_machine = EM_X86_64;
	img.eh.e_version = EV_CURRENT;
	img.eh.e_ehsize = sizeof(Elf64_Ehdr);
	img.eh.e_phentsize = sizeof(Elf64_Phdr);
	if (bid) {
		img.eh.e_phoff = offsetof(typeof(img), ph);
		img.eh.e_phnum = 1;
		img.ph.p_type = PT_NOTE;
		img.ph.p_offset = offsetof(typeof(img), nh);
		img.ph.p_filesz = img.ph.p_memsz = size - img.ph.p_offset;
		img.ph.p_align = 4;
		img.nh.n_namesz = 4;
		img.nh.n_descsz = bid->size;
		img.nh.n_type = NT_GNU_BUILD_ID;
		memcpy(img.name, "GNU", 4);
		memcpy(img.desc, bid->data, bid->size);
	} else {
		size = sizeof(Elf64_Ehdr);
	}
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(&img, 1, size, f), size);
	assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void test_verify(void **state)
{
	struct fixture *fx = *state;
	struct build_id a, b, a16;
	char path[192];

	make_id(&a, 1, 20);
	make_id(&b, 2, 20);
	make_id(&a16, 1, 16);	/* a's first 16 bytes, as an md5-size id */

	snprintf(path, sizeof(path), "%s/a", fx->dir);
	write_elf(path, &a);
	assert_int_equal(debuginfod__verify(path, &a), 0);
	assert_int_equal(debuginfod__verify(path, &b), -EBADMSG);
	assert_int_equal(debuginfod__verify(path, &a16), -EBADMSG);

	snprintf(path, sizeof(path), "%s/a16", fx->dir);
	write_elf(path, &a16);
	assert_int_equal(debuginfod__verify(path, &a16), 0);
	assert_int_equal(debuginfod__verify(path, &a), -EBADMSG);

	snprintf(path, sizeof(path), "%s/nonote", fx->dir);
	write_elf(path, NULL);
	assert_int_equal(debuginfod__verify(path, &a), -EBADMSG);

	snprintf(path, sizeof(path), "%s/text", fx->dir);
	write_text(path, "<html>404 Not Found</html>\n");
	assert_int_equal(debuginfod__verify(path, &a), -EBADMSG);

	snprintf(path, sizeof(path), "%s/empty", fx->dir);
	write_text(path, "");
	assert_int_equal(debuginfod__verify(path, &a), -EBADMSG);

	/* A file that is not there is an error of its own, not a mismatch. */
	snprintf(path, sizeof(path), "%s/missing", fx->dir);
	assert_int_equal(debuginfod__verify(path, &a), -ENOENT);
}

/* Copy the first @len bytes of @src to @dst, then @pad zero bytes. */
static void copy_file(const char *src, const char *dst, size_t len, size_t pad)
{
	static char zeros[4096];
	char buf[4096];
	int in = open(src, O_RDONLY), out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	assert_true(in >= 0 && out >= 0);
	while (len && (n = read(in, buf, len < sizeof(buf) ? len : sizeof(buf))) > 0) {
		assert_int_equal(write(out, buf, n), n);
		len -= n;
	}
	for (; pad; pad -= n) {
		n = pad < sizeof(zeros) ? pad : sizeof(zeros);
		assert_int_equal(write(out, zeros, n), n);
	}
	close(in);
	close(out);
}

/*
 * The whole-file check on a real ELF file (this test): whole, it passes;
 * cut short it still holds its build-id note and must fail; so must one
 * followed by a megabyte of zeros.  Each failure says why.
 */
static void test_check_file(void **state)
{
	struct fixture *fx = *state;
	struct build_id self;
	char path[192], why[256];
	struct stat st;

	assert_int_equal(filename__read_build_id("/proc/self/exe", &self), 0);
	assert_int_equal(stat("/proc/self/exe", &st), 0);
	snprintf(path, sizeof(path), "%s/whole", fx->dir);
	copy_file("/proc/self/exe", path, st.st_size, 0);
	assert_int_equal(debuginfod__check_file(path, &self, 1ULL << 30, why, sizeof(why)), 0);
	/* larger than the limit */
	assert_int_equal(debuginfod__check_file(path, &self, 4096, why, sizeof(why)), -EFBIG);

	snprintf(path, sizeof(path), "%s/cut", fx->dir);
	copy_file("/proc/self/exe", path, 3000, 0);
	assert_int_equal(filename__read_build_id(path, &self), 0);	/* the note is there */
	assert_int_equal(debuginfod__check_file(path, &self, 1ULL << 30, why, sizeof(why)),
			 -EBADMSG);
	assert_non_null(strstr(why, "past the end of the file (3000 bytes)"));

	snprintf(path, sizeof(path), "%s/padded", fx->dir);
	copy_file("/proc/self/exe", path, st.st_size, 1 << 20);
	assert_int_equal(debuginfod__check_file(path, &self, 1ULL << 30, why, sizeof(why)),
			 -EBADMSG);
	assert_non_null(strstr(why, "follow the ELF contents"));
}

static void test_not_configured(void **state)
{
	struct debuginfod_opts opts = { .nr_threads = 4 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[2];
	struct build_id ids[2];

	(void)state;
	make_id(&ids[0], 1, 20);
	make_id(&ids[1], 2, 20);
	setenv("DEBUGINFOD_URLS", "  ", 1);
	assert_false(debuginfod__configured());
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_EXECUTABLE, r), 0);
	assert_int_equal(r[0].err, -ENOSYS);
	assert_int_equal(r[1].err, -ENOSYS);
	assert_null(r[0].path);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 0);
	debuginfod_fetcher__delete(f);
}

static void test_bad_args(void **state)
{
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[2];
	struct build_id ids[2];

	(void)state;
	setenv("DEBUGINFOD_URLS", "http://127.0.0.1:1", 1);
	f = debuginfod_fetcher__new(NULL);
	assert_non_null(f);
	make_id(&ids[0], 1, 0);			/* empty */
	make_id(&ids[1], 1, 20);
	ids[1].size = BUILD_ID_SIZE_MAX + 1;	/* oversized */
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_MAX, r),
			 -EINVAL);
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	assert_int_equal(r[0].err, -EINVAL);
	assert_int_equal(r[1].err, -EINVAL);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 0);
	assert_int_equal(debuginfod_fetcher__fetch_many(f, NULL, 0, DEBUGINFOD_KIND_EXECUTABLE,
							NULL), 0);
	debuginfod_fetcher__delete(f);
}

/* The user's limits are theirs: only unset ones get our defaults. */
static void test_env_defaults(void **state)
{
	struct debuginfod_opts opts = { .timeout_s = 7 };
	struct debuginfod_fetcher *f;

	(void)state;
	setenv("DEBUGINFOD_MAXTIME", "42", 1);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_string_equal(getenv("DEBUGINFOD_MAXTIME"), "42");
	assert_string_equal(getenv("DEBUGINFOD_TIMEOUT"), "7");
	assert_string_equal(getenv("DEBUGINFOD_RETRY_LIMIT"), "1");
	debuginfod_fetcher__delete(f);

	opts.urls = "http://127.0.0.1:1 http://127.0.0.1:2";
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_string_equal(getenv("DEBUGINFOD_URLS"), opts.urls);
	assert_true(debuginfod__configured());
	debuginfod_fetcher__delete(f);
}

/*
 * A file:// server whose /buildid/A/executable is the file of build-id B:
 * the fetch fails with -EBADMSG and the wrong file leaves the client cache;
 * the honest entry next to it is served.
 */
static void test_wrong_file(void **state)
{
	struct fixture *fx = *state;
	struct debuginfod_opts opts = { .nr_threads = 2 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[2];
	struct build_id ids[2], other;
	char path[256], hex[SBUILD_ID_SIZE], url[160];
	struct stat st;
	int i;

	make_id(&ids[0], 1, 20);
	make_id(&ids[1], 2, 20);
	make_id(&other, 3, 20);
	for (i = 0; i < 2; i++) {
		id_hex(&ids[i], hex);
		snprintf(path, sizeof(path), "%s/srv", fx->dir);
		assert_true(!mkdir(path, 0755) || errno == EEXIST);
		strcat(path, "/buildid");
		assert_true(!mkdir(path, 0755) || errno == EEXIST);
		snprintf(path, sizeof(path), "%s/srv/buildid/%s", fx->dir, hex);
		assert_int_equal(mkdir(path, 0755), 0);
		snprintf(path, sizeof(path), "%s/srv/buildid/%s/executable", fx->dir, hex);
		write_elf(path, i == 0 ? &other : &ids[1]);
	}
	snprintf(url, sizeof(url), "file://%s/srv", fx->dir);
	setenv("DEBUGINFOD_URLS", url, 1);

	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_EXECUTABLE, r),
			 1);
	assert_int_equal(r[0].err, -EBADMSG);
	assert_null(r[0].path);
	assert_int_equal(r[1].err, 0);
	id_hex(&ids[1], hex);
	snprintf(path, sizeof(path), "%s/%s/executable", fx->cache, hex);
	assert_string_equal(r[1].path, path);
	assert_int_equal(debuginfod__verify(r[1].path, &ids[1]), 0);
	id_hex(&ids[0], hex);
	snprintf(path, sizeof(path), "%s/%s/executable", fx->cache, hex);
	assert_int_equal(stat(path, &st), -1);
	debuginfod_result__exit(&r[0]);
	debuginfod_result__exit(&r[1]);

	/* Remembered: a mismatch is not asked again in this run. */
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);
	assert_int_equal(debuginfod_fetcher__fetch(f, &ids[0], DEBUGINFOD_KIND_EXECUTABLE,
						   &r[0].path), -EBADMSG);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);
	debuginfod_fetcher__delete(f);
}

/* A loopback socket that accepts connections (in the kernel's backlog) and
 * never answers: a hung server. */
static int hung_server(char *url, size_t len)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(fd, 64), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &alen), 0);
	snprintf(url, len, "http://127.0.0.1:%u", ntohs(a.sin_port));
	return fd;
}

/*
 * 4 ids, 2 threads, 1 s per request (and one retry): two rounds of about
 * 2 x 2.2 s.  Unbounded, libdebuginfod would wait 90 s x 3 per id.
 */
static void test_hung_server(void **state)
{
	struct fixture *fx = *state;
	struct debuginfod_opts opts = { .nr_threads = 2, .timeout_s = 1, .deadline_s = 60 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[4];
	struct build_id ids[4];
	char url[64], path[256], hex[SBUILD_ID_SIZE];
	double t0, dt;
	struct stat st;
	int i, fd;

	fd = hung_server(url, sizeof(url));
	setenv("DEBUGINFOD_URLS", url, 1);
	setenv("DEBUGINFOD_RETRY_LIMIT", "0", 1);
	for (i = 0; i < 4; i++)
		make_id(&ids[i], i + 1, 20);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 4, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	dt = now() - t0;
	fprintf(stderr, "# hung server: 4 ids in %.2f s\n", dt);
	for (i = 0; i < 4; i++)
		assert_int_equal(r[i].err, -ETIME);
	/* Unbounded: 3 x 90 s per id.  Generous: CI machines are busy. */
	assert_true(dt >= 1.5 && dt < 30.0);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	/* A timeout is not "not found": nothing recorded on disk. */
	id_hex(&ids[0], hex);
	snprintf(path, sizeof(path), "%s/%s/executable", fx->cache, hex);
	assert_int_equal(stat(path, &st), -1);

	/* Remembered for the run: no second wait. */
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 4, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	assert_true(now() - t0 < 0.5);
	assert_int_equal(r[3].err, -ETIME);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	debuginfod_fetcher__delete(f);
	close(fd);
}

/*
 * The batch deadline: 1 s, 2 threads, 6 ids: the first two requests start,
 * the other four are never asked (-ETIME) and are asked by a later call.
 */
static void test_deadline(void **state)
{
	struct debuginfod_opts opts = { .nr_threads = 2, .timeout_s = 1, .deadline_s = 1 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[6];
	struct build_id ids[6];
	char url[64];
	double t0, dt;
	int i, fd;

	(void)state;
	fd = hung_server(url, sizeof(url));
	setenv("DEBUGINFOD_URLS", url, 1);
	setenv("DEBUGINFOD_RETRY_LIMIT", "0", 1);
	for (i = 0; i < 6; i++)
		make_id(&ids[i], i + 1, 20);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 6, DEBUGINFOD_KIND_DEBUGINFO, r),
			 0);
	dt = now() - t0;
	fprintf(stderr, "# deadline 1 s: 6 ids in %.2f s\n", dt);
	assert_true(dt < 8.0);
	for (i = 0; i < 6; i++)
		assert_int_equal(r[i].err, -ETIME);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);

	/*
	 * The two asked are remembered; of the four never asked, the next
	 * call asks two before its own deadline.
	 */
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 6, DEBUGINFOD_KIND_DEBUGINFO, r),
			 0);
	for (i = 0; i < 6; i++)
		assert_int_equal(r[i].err, -ETIME);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	debuginfod_fetcher__delete(f);
	close(fd);
}

/* Up to @max children of @pid into @out: how many, or -1 if unreadable. */
static int children_of(long pid, long *out, int max)
{
	char path[64], buf[256], *p, *end;
	int nr = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children", pid, pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		for (p = buf; nr < max; p = end) {
			out[nr] = strtol(p, &end, 10);
			if (end == p)
				break;
			nr++;
		}
	fclose(f);
	return nr;
}

/* The children of this process's children: the fetcher's workers. */
static int nr_grandchildren(void)
{
	long kids[16], grandkids[64];
	int i, n, nr = 0;

	n = children_of(getpid(), kids, 16);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		int k = children_of(kids[i], grandkids, 64);

		if (k > 0)
			nr += k;
	}
	return nr;
}

/*
 * The user allows 100 s per request, the batch 1 s: the requests running
 * at the deadline get timeout_s + 1 more seconds, then their workers are
 * killed.
 */
static void test_hard_deadline(void **state)
{
	struct debuginfod_opts opts = { .nr_threads = 2, .timeout_s = 1, .deadline_s = 1 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[3];
	struct build_id ids[3];
	char url[64];
	double t0, dt;
	int i, fd;

	(void)state;
	fd = hung_server(url, sizeof(url));
	setenv("DEBUGINFOD_URLS", url, 1);
	setenv("DEBUGINFOD_TIMEOUT", "100", 1);
	setenv("DEBUGINFOD_MAXTIME", "100", 1);
	for (i = 0; i < 3; i++)
		make_id(&ids[i], i + 1, 20);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 3, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	dt = now() - t0;
	fprintf(stderr, "# hard deadline 1 + 1 + 1 s: %.2f s\n", dt);
	assert_true(dt >= 2.9 && dt < 8.0);
	for (i = 0; i < 3; i++)
		assert_int_equal(r[i].err, -ETIME);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);
	/* The killed workers are gone (their zygote is our one child)... */
	assert_int_equal(nr_grandchildren(), 0);
	debuginfod_fetcher__delete(f);
	/* ...and the zygote was reaped with the fetcher. */
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
	close(fd);
}

/*
 * Kill the fetcher's workers after 0.5 s: the children of its zygote,
 * this process's child.
 */
static void *kill_children(void *arg)
{
	long kids[16], grandkids[64];
	int i, j, n, k;

	(void)arg;
	usleep(500 * 1000);
	n = children_of(getpid(), kids, 16);
	for (i = 0; i < n; i++)
		for (j = 0, k = children_of(kids[i], grandkids, 64); j < k; j++)
			kill(grandkids[j], SIGKILL);
	return NULL;
}

/*
 * Workers that die mid-request (killed here, as by the OOM killer) cost
 * their ids an -EIO, not remembered: the next call asks again.
 */
static void test_workers_die(void **state)
{
	/* 3 s per request: the killer (0.5 s) comes first even on a busy box */
	struct debuginfod_opts opts = { .nr_threads = 2, .timeout_s = 3, .deadline_s = 60 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[2];
	struct build_id ids[2];
	pthread_t killer;
	char url[64];
	double t0;
	int i, fd;

	(void)state;
	fd = hung_server(url, sizeof(url));
	setenv("DEBUGINFOD_URLS", url, 1);
	setenv("DEBUGINFOD_RETRY_LIMIT", "0", 1);
	for (i = 0; i < 2; i++)
		make_id(&ids[i], i + 1, 20);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_int_equal(pthread_create(&killer, NULL, kill_children, NULL), 0);
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	assert_int_equal(pthread_join(killer, NULL), 0);
	assert_true(now() - t0 < 3.0);
	for (i = 0; i < 2; i++)
		assert_int_equal(r[i].err, -EIO);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);

	/* Not remembered: both are asked (and time out) now. */
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 2, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	for (i = 0; i < 2; i++)
		assert_int_equal(r[i].err, -ETIME);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	debuginfod_fetcher__delete(f);
	close(fd);
}

/* Allocations of many sizes until told to stop: the allocator's locks busy. */
static void *churn(void *arg)
{
	volatile int *stop = arg;
	void *p[256];
	unsigned int i, round = 0;

	while (!*stop) {
		for (i = 0; i < 256; i++)
			p[i] = malloc(16 + (i * 37 + round) % 8000);
		for (i = 0; i < 256; i++)
			free(p[i]);
		round++;
	}
	return NULL;
}

/*
 * perf report fetches from one thread while another allocates.  A worker
 * forked then could start with an allocator lock held by a thread it does
 * not have (ASan's allocator has no fork handler: t0531 lost a DSO's
 * symbols one run in six, its worker hung until the deadline).  Workers
 * are spawned instead; 10 batches of 8 beside a churning thread all answer.
 */
#define NR_SPAWN_IDS	16

static void test_workers_beside_threads(void **state)
{
	struct fixture *fx = *state;
	struct debuginfod_opts opts = { .nr_threads = 8, .timeout_s = 2, .deadline_s = 20 };
	struct debuginfod_result r[NR_SPAWN_IDS];
	struct build_id ids[NR_SPAWN_IDS];
	char path[256], hex[SBUILD_ID_SIZE], url[160];
	volatile int stop = 0;
	pthread_t thr;
	int i, round;

	snprintf(path, sizeof(path), "%s/srv", fx->dir);
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/buildid");
	assert_int_equal(mkdir(path, 0755), 0);
	for (i = 0; i < NR_SPAWN_IDS; i++) {
		make_id(&ids[i], i + 40, 20);
		id_hex(&ids[i], hex);
		snprintf(path, sizeof(path), "%s/srv/buildid/%s", fx->dir, hex);
		assert_int_equal(mkdir(path, 0755), 0);
		strcat(path, "/executable");
		write_elf(path, &ids[i]);
	}
	snprintf(url, sizeof(url), "file://%s/srv", fx->dir);
	setenv("DEBUGINFOD_URLS", url, 1);
	assert_int_equal(pthread_create(&thr, NULL, churn, (void *)&stop), 0);
	for (round = 0; round < 10; round++) {
		/* a new fetcher asks again (the client cache answers): new workers */
		struct debuginfod_fetcher *f = debuginfod_fetcher__new(&opts);

		assert_non_null(f);
		assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, NR_SPAWN_IDS,
							       DEBUGINFOD_KIND_EXECUTABLE, r),
				 NR_SPAWN_IDS);
		for (i = 0; i < NR_SPAWN_IDS; i++) {
			assert_int_equal(r[i].err, 0);
			debuginfod_result__exit(&r[i]);
		}
		debuginfod_fetcher__delete(f);
	}
	stop = 1;
	assert_int_equal(pthread_join(thr, NULL), 0);
}

/* Nobody listening: a quick -ECONNREFUSED, asked once for duplicates. */
static void test_refused(void **state)
{
	struct debuginfod_opts opts = { .nr_threads = 4 };
	struct debuginfod_fetcher *f;
	struct debuginfod_result r[5];
	struct build_id ids[5];
	char url[64];
	double t0;
	int i, fd;

	(void)state;
	fd = hung_server(url, sizeof(url));
	close(fd);	/* the port is now free: connections are refused */
	setenv("DEBUGINFOD_URLS", url, 1);
	for (i = 0; i < 5; i++)
		make_id(&ids[i], i < 3 ? 9 : i, 20);	/* three copies of one id */
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	t0 = now();
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, 5, DEBUGINFOD_KIND_EXECUTABLE, r),
			 0);
	assert_true(now() - t0 < 5.0);
	for (i = 0; i < 5; i++)
		assert_int_equal(r[i].err, -ECONNREFUSED);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 3);
	debuginfod_fetcher__delete(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_verify, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_configured, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_args, setup, teardown),
		cmocka_unit_test_setup_teardown(test_env_defaults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hung_server, setup, teardown),
		cmocka_unit_test_setup_teardown(test_check_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deadline, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hard_deadline, setup, teardown),
		cmocka_unit_test_setup_teardown(test_workers_die, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_workers_beside_threads, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
