// SPDX-License-Identifier: GPL-2.0
/*
 * The debuginfod hook of dso__load() (util/model/debuginfod-dso.c): a DSO whose
 * file is gone is loaded from a file:// "server" that serves this test's
 * own executable; the prefetch asks each id once, concurrently; without
 * a server configured the options are left alone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"
#include "util/model/debuginfod-dso.h"
#include "util/model/dso.h"

struct fixture {
	char dir[64];
	char url[160];
	struct build_id self;	/* this executable's build-id */
};

static int copy(const char *from, const char *to)
{
	char buf[65536];
	FILE *in = fopen(from, "r"), *out = fopen(to, "w");
	size_t n;
	int ret = in && out ? 0 : -1;

	while (!ret && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		ret = fwrite(buf, 1, n, out) == n ? 0 : -1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		ret = -1;
	return ret;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char hex[SBUILD_ID_SIZE], path[256];

	if (!fx)
		return -1;
	strcpy(fx->dir, "/tmp/test-debuginfod-dso.XXXXXX");
	if (!mkdtemp(fx->dir) || filename__read_build_id("/proc/self/exe", &fx->self))
		return -1;
	build_id__sprintf(&fx->self, hex);
	snprintf(path, sizeof(path), "%s/srv/buildid/%s", fx->dir, hex);
	if (mkdir(fx->dir, 0700) && errno != EEXIST)
		return -1;
	snprintf(path, sizeof(path), "%s/srv", fx->dir);
	mkdir(path, 0700);
	strcat(path, "/buildid");
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/srv/buildid/%s", fx->dir, hex);
	mkdir(path, 0700);
	strcat(path, "/executable");
	if (copy("/proc/self/exe", path))
		return -1;
	snprintf(fx->url, sizeof(fx->url), "file://%s/srv", fx->dir);
	snprintf(path, sizeof(path), "%s/cache", fx->dir);
	setenv("DEBUGINFOD_CACHE_PATH", path, 1);
	/* an empty build-id cache: only debuginfod can have the file */
	snprintf(path, sizeof(path), "%s/buildid-dir", fx->dir);
	setenv("PERF_BUILDID_DIR", path, 1);
	unsetenv("DEBUGINFOD_URLS");
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

static void test_not_configured(void **state)
{
	struct dso_load_opts opts = { .verbose = 0 };
	struct debuginfod_fetcher *f = (void *)1;

	(void)state;
	assert_int_equal(debuginfod__setup_dso_hook(&opts, NULL, 0, &f), 0);
	assert_null(f);
	assert_null(opts.debuginfod);
	assert_null(opts.debuginfod_priv);
	assert_int_equal(debuginfod__setup_dso_hook(&opts, "", 0, &f), -EINVAL);
	assert_null(f);
	assert_null(opts.debuginfod);
}

static struct dso *missing_dso(const struct fixture *fx)
{
	struct dso_id id = { .bid = fx->self };

	return dso__new("/nonexistent/test-debuginfod-dso", &id);
}

/* One DSO, no prefetch: the loader asks for debuginfo, then the executable. */
static void test_hook_loads(void **state)
{
	struct fixture *fx = *state;
	struct dso_load_opts opts = { .verbose = 0 };
	struct debuginfod_fetcher *f;
	struct dso *dso = missing_dso(fx);

	assert_non_null(dso);
	assert_int_equal(debuginfod__setup_dso_hook(&opts, fx->url, 0, &f), 0);
	assert_non_null(f);
	assert_non_null(opts.debuginfod);
	assert_int_equal(dso__load(dso, &opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__DEBUGINFOD);
	assert_true(dso->symbols.nr > 0);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 2);
	dso__put(dso);
	debuginfod__dso_hook_exit(&opts);
}

/*
 * Prefetch: one batch per kind for the DSOs that lack a local source (the
 * one at a path that holds the file is skipped); dso__load() then finds
 * every answer in memory.
 */
static void test_prefetch(void **state)
{
	struct fixture *fx = *state;
	struct dso_load_opts opts = { .verbose = 0 };
	struct dso_id local_id = { .has_inode = false }, unknown = { .has_inode = false };
	struct debuginfod_fetcher *f;
	struct dsos dsos;
	struct dso *a, *b, *c;

	dsos__init(&dsos);
	assert_int_equal(filename__read_build_id("/proc/self/exe", &local_id.bid), 0);
	assert_int_equal(build_id__from_hex(&unknown.bid, "0123456789abcdef0123456789abcdef01234567"), 0);
	a = dsos__findnew_id(&dsos, "/nonexistent/a", &(struct dso_id){ .bid = fx->self });
	b = dsos__findnew_id(&dsos, "/nonexistent/b", &unknown);
	c = dsos__findnew_id(&dsos, "/proc/self/exe", &local_id);
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_int_equal(debuginfod__setup_dso_hook(&opts, fx->url, 0, &f), 0);
	assert_int_equal(debuginfod__prefetch_dsos(f, &dsos, &opts), 1);
	/* a and b: debuginfo (both missing), then executable (a found) */
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	assert_int_equal(dso__load(a, &opts), 0);
	assert_int_equal(a->symtab_type, DSO_BINARY_TYPE__DEBUGINFOD);
	assert_int_equal(dso__load(b, &opts), -ENOENT);
	assert_int_equal(debuginfod_fetcher__nr_requests(f), 4);
	/* without a fetcher there is nothing to do */
	assert_int_equal(debuginfod__prefetch_dsos(NULL, &dsos, &opts), 0);
	dso__put(a);
	dso__put(b);
	dso__put(c);
	dsos__exit(&dsos);
	debuginfod__dso_hook_exit(&opts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_not_configured, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hook_loads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_prefetch, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
