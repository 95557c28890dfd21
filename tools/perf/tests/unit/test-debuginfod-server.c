// SPDX-License-Identifier: GPL-2.0
/*
 * util/cache/debuginfod against a real debuginfod server on 127.0.0.1, started
 * by the group setup with tools/perf/tests/lib/debuginfod-server.sh over
 * copies of a few system executables, and stopped by the teardown (or by
 * the helper's watchdog if this process dies first).  Requests are
 * counted by the server itself, from its /metrics.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <ftw.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"

#define NR_BINS 3
static const char *const system_bins[NR_BINS] = { "/bin/true", "/bin/false", "/bin/cat" };
#define REQUESTS "http_requests_total{type=\"executable\"}"

struct server {
	char dir[64];			/* scratch: scan/, state/, caches */
	char helper[PATH_MAX];
	char bins[NR_BINS][PATH_MAX];	/* the copies the server serves */
	struct build_id ids[NR_BINS];
	struct build_id missing;
	int cache_nr;
};

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

static int run(const char *fmt, ...)
{
	char cmd[2 * PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

/* The tree's top: $MMAP3_TOP (run-tests), else ../.. from build/tests/. */
static int find_helper(struct server *s)
{
	const char *top = getenv("MMAP3_TOP");
	char exe[PATH_MAX];
	ssize_t len;

	if (!top) {
		len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (len < 0)
			return -1;
		exe[len] = '\0';
		top = dirname(dirname(dirname(exe)));
	}
	snprintf(s->helper, sizeof(s->helper), "%s/tools/perf/tests/lib/debuginfod-server.sh", top);
	return access(s->helper, R_OK);
}

static int copy_bins(struct server *s)
{
	char dir[sizeof(s->dir)];
	int i;

	strcpy(dir, s->dir);	/* not an argument overlapping s->bins */
	for (i = 0; i < NR_BINS; i++) {
		snprintf(s->bins[i], sizeof(s->bins[i]), "%s/scan/bin%d", dir, i);
		if (run("cp %s %s", system_bins[i], s->bins[i]) ||
		    filename__read_build_id(s->bins[i], &s->ids[i]) < 0)
			return -1;
	}
	/* An id no server has: the first one with its bytes inverted. */
	s->missing = s->ids[0];
	for (i = 0; i < (int)s->missing.size; i++)
		s->missing.data[i] ^= 0xff;
	return 0;
}

static int group_setup(void **state)
{
	struct server *s = calloc(1, sizeof(*s));
	char url[128] = "";
	FILE *f;

	if (!s)
		return -1;
	*state = s;
	strcpy(s->dir, "/tmp/test-debuginfod-server.XXXXXX");
	if (!mkdtemp(s->dir) || find_helper(s) || run("mkdir %s/scan", s->dir) || copy_bins(s))
		return -1;
	if (run("sh %s start --owner %d %s/state %s/scan >%s/url", s->helper, (int)getpid(),
		s->dir, s->dir, s->dir))
		return -1;
	snprintf(url, sizeof(url), "%s/url", s->dir);
	f = fopen(url, "r");
	if (!f || !fgets(url, sizeof(url), f))
		return -1;
	fclose(f);
	url[strcspn(url, "\n")] = '\0';
	setenv("DEBUGINFOD_URLS", url, 1);
	unsetenv("DEBUGINFOD_PROGRESS");
	return 0;
}

static int group_teardown(void **state)
{
	struct server *s = *state;

	if (!s)
		return 0;
	run("sh %s stop %s/state", s->helper, s->dir);
	nftw(s->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(s);
	return 0;
}

/* The server's own count of /buildid/.../executable requests. */
static long server_requests(struct server *s)
{
	char cmd[2 * PATH_MAX], line[64] = "";
	FILE *p;

	snprintf(cmd, sizeof(cmd), "sh %s metric %s/state '%s'", s->helper, s->dir, REQUESTS);
	p = popen(cmd, "r");
	assert_non_null(p);
	assert_non_null(fgets(line, sizeof(line), p));
	assert_int_equal(pclose(p), 0);
	return strtol(line, NULL, 10);
}

/* A fresh, empty client cache for each test. */
static void new_cache(struct server *s, char *path, size_t len)
{
	snprintf(path, len, "%s/cache%d", s->dir, s->cache_nr++);
	setenv("DEBUGINFOD_CACHE_PATH", path, 1);
}

static void assert_same_file(const char *a, const char *b)
{
	assert_int_equal(run("cmp -s %s %s", a, b), 0);
}

static void cache_path(char *buf, size_t len, const char *cache, const struct build_id *id)
{
	char hex[SBUILD_ID_SIZE];

	build_id__sprintf(id, hex);
	snprintf(buf, len, "%s/%s/executable", cache, hex);
}

/* Three present and one missing id, on four threads at once. */
static void test_fetch_many(void **state)
{
	struct server *s = *state;
	struct debuginfod_opts opts = { .nr_threads = 4, .timeout_s = 5 };
	struct debuginfod_result r[NR_BINS + 1];
	struct build_id ids[NR_BINS + 1];
	char cache[128], want[256];
	struct debuginfod_fetcher *f;
	long before;
	int i;

	new_cache(s, cache, sizeof(cache));
	memcpy(ids, s->ids, sizeof(s->ids));
	ids[NR_BINS] = s->missing;
	before = server_requests(s);
	f = debuginfod_fetcher__new(&opts);
	assert_non_null(f);
	assert_int_equal(debuginfod_fetcher__fetch_many(f, ids, NR_BINS + 1,
							DEBUGINFOD_KIND_EXECUTABLE, r), NR_BINS);
	for (i = 0; i < NR_BINS; i++) {
		assert_int_equal(r[i].err, 0);
		cache_path(want, sizeof(want), cache, &ids[i]);
		assert_string_equal(r[i].path, want);
		assert_same_file(r[i].path, s->bins[i]);
		debuginfod_result__exit(&r[i]);
	}
	assert_int_equal(r[NR_BINS].err, -ENOENT);
	assert_null(r[NR_BINS].path);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), NR_BINS + 1);
	assert_int_equal(server_requests(s) - before, NR_BINS + 1);
	debuginfod_fetcher__delete(f);
}

/*
 * A negative answer is remembered by the fetcher, not only by
 * libdebuginfod's on-disk negative cache: with that entry gone (as when it
 * expires), the same fetcher still does not ask; a new fetcher does, which
 * shows the count would see a second request.
 */
static void test_negative_remembered(void **state)
{
	struct server *s = *state;
	struct debuginfod_fetcher *f, *g;
	char cache[128], marker[256];
	char *path = NULL;
	long before;

	new_cache(s, cache, sizeof(cache));
	before = server_requests(s);
	f = debuginfod_fetcher__new(NULL);
	assert_non_null(f);
	assert_int_equal(debuginfod_fetcher__fetch(f, &s->missing, DEBUGINFOD_KIND_EXECUTABLE,
						   &path), -ENOENT);
	assert_int_equal(server_requests(s) - before, 1);

	cache_path(marker, sizeof(marker), cache, &s->missing);
	assert_int_equal(unlink(marker), 0);
	assert_int_equal(debuginfod_fetcher__fetch(f, &s->missing, DEBUGINFOD_KIND_EXECUTABLE,
						   &path), -ENOENT);
	assert_int_equal(server_requests(s) - before, 1);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 1);

	assert_int_equal(unlink(marker), -1);	/* nothing asked, nothing written */
	g = debuginfod_fetcher__new(NULL);
	assert_non_null(g);
	assert_int_equal(debuginfod_fetcher__fetch(g, &s->missing, DEBUGINFOD_KIND_EXECUTABLE,
						   &path), -ENOENT);
	assert_int_equal(server_requests(s) - before, 2);
	debuginfod_fetcher__delete(g);
	debuginfod_fetcher__delete(f);
}

/* A found file is remembered too: the same path, no request. */
static void test_positive_remembered(void **state)
{
	struct server *s = *state;
	struct debuginfod_fetcher *f;
	char cache[128], *p1 = NULL, *p2 = NULL;
	long before;

	new_cache(s, cache, sizeof(cache));
	before = server_requests(s);
	f = debuginfod_fetcher__new(NULL);
	assert_non_null(f);
	assert_int_equal(debuginfod_fetcher__fetch(f, &s->ids[1], DEBUGINFOD_KIND_EXECUTABLE,
						   &p1), 0);
	assert_int_equal(debuginfod_fetcher__fetch(f, &s->ids[1], DEBUGINFOD_KIND_EXECUTABLE,
						   &p2), 0);
	assert_string_equal(p1, p2);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 1);
	assert_int_equal(server_requests(s) - before, 1);
	free(p1);
	free(p2);
	debuginfod_fetcher__delete(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fetch_many),
		cmocka_unit_test(test_negative_remembered),
		cmocka_unit_test(test_positive_remembered),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
