// SPDX-License-Identifier: GPL-2.0
/*
 * record/build-id-secure.c: the first-sight copier of perf record.  Default
 * mode copies at once, once per id; a path that holds another build is
 * "gone" and named; a full queue is counted, never waited on; -B keeps
 * descriptors and copies at the end only what its path no longer holds,
 * past its bound at once; /proc/PID/map_files gives the mapped build
 * after its path was replaced.  The whole recording is t0411.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "record/build-id-secure.h"
#include "util/cache/build-id-cache.h"
#include "buildid-test-elf.h"

struct fixture {
	char dir[64];		/* scratch: the "binaries" */
	char cache[96];
	char path[3][128];	/* a, b, c: builds 1, 2, 3 */
	u8 id[3][20];
	struct build_id_secure s;
};

/* An ELF image with build-id @id (20 bytes), written to @path. */
static void write_build(const char *path, const u8 *id)
{
	struct telf_spec spec = {
		.is64 = true, .shdrs = true, .nr = 1,
		.areas = { { .off = 0x400, .align = 4, .nr = 1,
			     .notes = { { "GNU", NT_GNU_BUILD_ID, id, 20 } } } },
	};
	struct telf t;
	int fd;

	assert_int_equal(telf__build(&spec, &t), 0);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, t.buf, t.len), (ssize_t)t.len);
	close(fd);
	free(t.buf);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char dir[64];
	int i, j;

	if (!fx)
		return -1;
	strcpy(fx->dir, "/tmp/test-build-id-secure.XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	strcpy(dir, fx->dir);	/* -Wrestrict: no snprintf from fx into fx */
	snprintf(fx->cache, sizeof(fx->cache), "%s/cache", dir);
	for (i = 0; i < 3; i++) {
		snprintf(fx->path[i], sizeof(fx->path[i]), "%s/%c", dir, 'a' + i);
		for (j = 0; j < 20; j++)
			fx->id[i][j] = (u8)(0x10 * (i + 1) + j);
		write_build(fx->path[i], fx->id[i]);
	}
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

	build_id_secure__exit(&fx->s);
	nftw(fx->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(fx);
	return 0;
}

static bool cached(struct fixture *fx, int i)
{
	struct build_id bid;

	build_id__init(&bid, fx->id[i], 20);
	return build_id_cache__cached(fx->cache, &bid);
}

/* Queue build @i as mapped from path @p, by no process (no map_files). */
static int queue(struct fixture *fx, const char *p, int i)
{
	return build_id_secure__queue(&fx->s, 0, 0, 0, 0, p, fx->id[i], 20);
}

static void run(struct fixture *fx)
{
	assert_int_equal(build_id_secure__start(&fx->s), 0);
	build_id_secure__stop(&fx->s);
}

static void test_default_copies_once(void **state)
{
	struct fixture *fx = *state;
	char other[160];

	/* the same build at a second path is the same file to keep */
	snprintf(other, sizeof(other), "%s/a-link", fx->dir);
	assert_int_equal(link(fx->path[0], other), 0);
	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, false, 16, 0), 0);
	assert_int_equal(queue(fx, fx->path[0], 0), 0);
	assert_int_equal(queue(fx, other, 0), 0);
	assert_int_equal(queue(fx, fx->path[1], 1), 0);
	run(fx);
	assert_true(cached(fx, 0));
	assert_true(cached(fx, 1));
	assert_int_equal(fx->s.copied, 2);
	assert_int_equal(fx->s.gone, 0);
	assert_int_equal(fx->s.failed, 0);
}

static void test_gone_is_named(void **state)
{
	struct fixture *fx = *state;
	char buf[1024] = "", want[512];
	FILE *f;

	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, false, 16, 0), 0);
	/* path b holds build 2 now, not build 1: the file mapped is gone */
	assert_int_equal(queue(fx, fx->path[1], 0), 0);
	run(fx);
	assert_false(cached(fx, 0));
	assert_int_equal(fx->s.gone, 1);
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	assert_non_null(f);
	build_id_secure__print(&fx->s, f);
	fclose(f);
	/* build 1 is 10 11 ... 23 */
	snprintf(want, sizeof(want), "Warning: 1 mapped file was gone before perf record could "
		 "copy it: %s (101112131415161718191a1b1c1d1e1f20212223); to resolve its samples",
		 fx->path[1]);
	assert_non_null(strstr(buf, want));
	assert_int_equal(strchr(buf, '\n') - buf + 1, (long)strlen(buf));	/* one line */
}

static void test_full_queue_counted(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, false, 2, 0), 0);
	/* no helper yet: the queue fills, the third is counted, not waited on */
	assert_int_equal(queue(fx, fx->path[0], 0), 0);
	assert_int_equal(queue(fx, fx->path[1], 1), 0);
	assert_int_equal(queue(fx, fx->path[2], 2), -ENOSPC);
	assert_int_equal(fx->s.dropped, 1);
	run(fx);
	assert_true(cached(fx, 0));
	assert_true(cached(fx, 1));
	assert_false(cached(fx, 2));
}

static void test_hold_copies_replaced_only(void **state)
{
	struct fixture *fx = *state;
	char tmp[160];

	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, true, 16, 8), 0);
	assert_int_equal(queue(fx, fx->path[0], 0), 0);
	assert_int_equal(queue(fx, fx->path[1], 1), 0);
	run(fx);
	/* -B copies nothing during the run */
	assert_false(cached(fx, 0));
	assert_false(cached(fx, 1));
	assert_int_equal(fx->s.nr_held, 2);
	/* a is replaced by build 3 (cp + rename); b stays */
	snprintf(tmp, sizeof(tmp), "%s/new", fx->dir);
	write_build(tmp, fx->id[2]);
	assert_int_equal(rename(tmp, fx->path[0]), 0);
	build_id_secure__finish(&fx->s);
	assert_true(cached(fx, 0));
	assert_false(cached(fx, 1));
	assert_int_equal(fx->s.copied, 1);
	assert_int_equal(fx->s.gone, 0);
}

static void test_hold_deleted_and_rewritten(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, true, 16, 8), 0);
	assert_int_equal(queue(fx, fx->path[0], 0), 0);
	assert_int_equal(queue(fx, fx->path[1], 1), 0);
	run(fx);
	/* a deleted: the descriptor has it; b rewritten in place: lost with it */
	assert_int_equal(unlink(fx->path[0]), 0);
	write_build(fx->path[1], fx->id[2]);
	build_id_secure__finish(&fx->s);
	assert_true(cached(fx, 0));
	assert_false(cached(fx, 1));
	assert_int_equal(fx->s.gone, 1);
}

static void test_hold_bound_copies_at_once(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, true, 16, 1), 0);
	assert_int_equal(queue(fx, fx->path[0], 0), 0);
	assert_int_equal(queue(fx, fx->path[1], 1), 0);
	run(fx);
	assert_int_equal(fx->s.nr_held, 1);
	assert_false(cached(fx, 0));
	assert_true(cached(fx, 1));	/* past the bound: copied during the run */
}

static void test_map_files_after_replace(void **state)
{
	struct fixture *fx = *state;
	char tmp[160], mf[96];
	long page = sysconf(_SC_PAGESIZE);
	struct stat st;
	size_t len;
	void *p;
	int fd;

	fd = open(fx->path[0], O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	len = ((size_t)st.st_size + page - 1) & ~(size_t)(page - 1);
	p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	assert_true(p != MAP_FAILED);
	snprintf(mf, sizeof(mf), "/proc/self/map_files/%lx-%lx", (unsigned long)p,
		 (unsigned long)p + len);
	fd = open(mf, O_RDONLY);
	if (fd < 0) {
		munmap(p, len);
		skip();		/* no CAP_SYS_ADMIN: the path fallback is tested above */
	}
	close(fd);
	/* the path now holds build 3; the mapping still has build 1 */
	snprintf(tmp, sizeof(tmp), "%s/new", fx->dir);
	write_build(tmp, fx->id[2]);
	assert_int_equal(rename(tmp, fx->path[0]), 0);
	assert_int_equal(build_id_secure__init(&fx->s, fx->cache, false, 16, 0), 0);
	assert_int_equal(build_id_secure__queue(&fx->s, getpid(), (unsigned long)p,
						(unsigned long)p + len, 0, fx->path[0],
						fx->id[0], 20), 0);
	run(fx);
	munmap(p, len);
	assert_true(cached(fx, 0));
	assert_int_equal(fx->s.via_map_files, 1);
	assert_int_equal(fx->s.gone, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_default_copies_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gone_is_named, setup, teardown),
		cmocka_unit_test_setup_teardown(test_full_queue_counted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hold_copies_replaced_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hold_deleted_and_rewritten, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hold_bound_copies_at_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_map_files_after_replace, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
