// SPDX-License-Identifier: GPL-2.0
/*
 * util/cache/build-id-cache*.c: which names may be stored, what a store writes
 * (modes, the .build-id link), that symlinks planted in the cache are
 * never followed, that [vdso] is our own vDSO and never a file in the
 * current directory, and list/remove/purge.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/cache/build-id-cache.h"
#include "util/symbols/vdso.h"

struct fixture {
	char dir[64];		/* scratch */
	char cache[96];		/* the cache root */
	char outside[96];	/* where nothing may appear */
	struct build_id bid;
	int fd;			/* a file with some content */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char path[160];

	if (!fx)
		return -1;
	strcpy(fx->dir, "/tmp/test-build-id-cache.XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	snprintf(fx->cache, sizeof(fx->cache), "%s/cache", fx->dir);
	snprintf(fx->outside, sizeof(fx->outside), "%s/outside", fx->dir);
	if (mkdir(fx->outside, 0755) || build_id__from_hex(&fx->bid,
	    "0123456789abcdef0123456789abcdef01234567"))
		return -1;
	snprintf(path, sizeof(path), "%s/content", fx->dir);
	fx->fd = open(path, O_RDWR | O_CREAT, 0600);
	if (fx->fd < 0 || write(fx->fd, "ELF-ish", 7) != 7 || lseek(fx->fd, 0, SEEK_SET))
		return -1;
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

	close(fx->fd);
	nftw(fx->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(fx);
	return 0;
}

static bool dir_empty(const char *path)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "test -z \"$(ls -A '%s')\"", path);
	return system(cmd) == 0;
}

static void test_names(void **state)
{
	static const char *const good[] = {
		"/usr/bin/true", "/a b/c", "/x/..y/z..", "/.hidden/f",
		"[kernel.kallsyms]", "[vdso]",
	};
	static const char *const bad[] = {
		"", "relative/x", "/", "//usr/bin", "/usr//bin", "/usr/bin/", "/usr/./bin",
		"/usr/../../etc", "/..", "/usr/bin/..", "[heap]", "[kernel.kallsyms]/../x",
		"/a\nb", "/a\x7f", "/tab\there",
	};
	char long_comp[300], long_name[PATH_MAX + 8];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		assert_int_equal(build_id_cache__check_name(good[i]), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(build_id_cache__check_name(bad[i]), -EINVAL);
	long_comp[0] = '/';
	memset(long_comp + 1, 'a', 280);
	long_comp[281] = '\0';
	assert_int_equal(build_id_cache__check_name(long_comp), -EINVAL);
	for (i = 0; i + 2 < sizeof(long_name) - 1; i += 2)
		memcpy(long_name + i, "/a", 2);
	long_name[i] = '\0';
	assert_int_equal(build_id_cache__check_name(long_name), -EINVAL);
	assert_string_equal(build_id_cache__leaf("[kernel.kallsyms]"), "kallsyms");
	assert_string_equal(build_id_cache__leaf("[vdso]"), "vdso");
	assert_string_equal(build_id_cache__leaf("/bin/x"), "elf");
}

/*
 * umask 0 must not make anything group- or world-writable; the copy has
 * the source's mode (0666 made 0644: nobody but the owner writes).
 */
static void test_store_layout(void **state)
{
	struct fixture *fx = *state;
	char path[PATH_MAX], target[PATH_MAX];
	mode_t old = umask(0);
	struct stat st;
	ssize_t n;

	assert_int_equal(fchmod(fx->fd, 0666), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/usr/bin/x", &fx->bid, fx->fd,
						  NULL), 0);
	umask(old);
	snprintf(path, sizeof(path), "%s/usr/bin/x/0123456789abcdef0123456789abcdef01234567/elf",
		 fx->cache);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644);
	assert_int_equal(st.st_size, 7);
	snprintf(path, sizeof(path), "%s/usr/bin", fx->cache);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0755);
	snprintf(path, sizeof(path), "%s/.build-id/01/23456789abcdef0123456789abcdef01234567",
		 fx->cache);
	n = readlink(path, target, sizeof(target) - 1);
	assert_true(n > 0);
	target[n] = '\0';
	assert_string_equal(target, "../../usr/bin/x/0123456789abcdef0123456789abcdef01234567");
	assert_true(build_id_cache__cached(fx->cache, &fx->bid));
	/* stored once: a second store keeps it */
	lseek(fx->fd, 0, SEEK_SET);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/usr/bin/x", &fx->bid, fx->fd,
						  NULL), 0);
}

/*
 * "[vdso]" names no file: the entry is this process's vDSO, never a file
 * of that name in the current directory; other relative names are refused.
 */
static void test_vdso_not_from_cwd(void **state)
{
	struct fixture *fx = *state;
	char path[PATH_MAX], hex[SBUILD_ID_SIZE], cwd[PATH_MAX];
	struct build_id ours;
	struct stat st;
	int fd;

	assert_int_equal(vdso__read_build_id(&ours), 0);
	build_id__sprintf(&ours, hex);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(fx->outside), 0);
	fd = open("[vdso]", O_WRONLY | O_CREAT, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "planted", 7), 7);
	close(fd);
	assert_int_equal(build_id_cache__add(fx->cache, "[vdso]", ours.data, (u8)ours.size), 0);
	assert_int_equal(build_id_cache__add(fx->cache, "relative", ours.data, (u8)ours.size),
			 -EINVAL);
	assert_int_equal(chdir(cwd), 0);
	snprintf(path, sizeof(path), "%s/[vdso]/%s/vdso", fx->cache, hex);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_size > 7);
	assert_true(build_id_cache__cached(fx->cache, &ours));
	/* another kernel's vDSO is not ours to store */
	assert_int_equal(build_id_cache__add(fx->cache, "[vdso]", fx->bid.data, (u8)fx->bid.size),
			 -ESTALE);
}

static void test_planted_symlinks(void **state)
{
	struct fixture *fx = *state;
	char path[PATH_MAX], cmd[PATH_MAX + 16];

	assert_int_equal(mkdir(fx->cache, 0755), 0);
	snprintf(path, sizeof(path), "%s/usr", fx->cache);
	assert_int_equal(symlink(fx->outside, path), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/usr/bin/x", &fx->bid, fx->fd,
						  NULL), -ELOOP);
	/* a leaf that is a symlink is neither replaced nor written through */
	snprintf(path, sizeof(path), "%s/opt/x/0123456789abcdef0123456789abcdef01234567",
		 fx->cache);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/opt/x", &fx->bid, fx->fd,
						  "debug"), 0);
	strcat(path, "/elf");
	assert_int_equal(symlink(fx->outside, path), 0);
	lseek(fx->fd, 0, SEEK_SET);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/opt/x", &fx->bid, fx->fd, NULL),
			 -EEXIST);
	assert_true(dir_empty(fx->outside));
	/* .build-id itself planted: the link is not made through it */
	snprintf(path, sizeof(path), "%s/.build-id", fx->cache);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(symlink(fx->outside, path), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/opt/y", &fx->bid, fx->fd, NULL),
			 -ELOOP);
	assert_true(dir_empty(fx->outside));
	/* removal unlinks the planted link, never what it points to */
	assert_true(build_id_cache__purge(fx->cache, "/usr/bin/x") == -ELOOP);
	assert_true(dir_empty(fx->outside));
}

static void test_list_remove_purge(void **state)
{
	struct fixture *fx = *state;
	struct build_id other;
	char buf[512] = "";
	FILE *f;

	assert_int_equal(build_id__from_hex(&other, "ff23456789abcdef0123456789abcdef01234567"), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/b/y", &other, fx->fd, NULL), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/a/x", &fx->bid, fx->fd, NULL), 0);
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/b/y", &fx->bid, fx->fd, NULL), 0);
	f = fmemopen(buf, sizeof(buf), "w");
	assert_non_null(f);
	assert_int_equal(build_id_cache__list(fx->cache, f), 0);
	fclose(f);
	/* one link per id: the first store of an id owns it */
	assert_string_equal(buf,
		"0123456789abcdef0123456789abcdef01234567 /a/x\n"
		"ff23456789abcdef0123456789abcdef01234567 /b/y\n");
	assert_int_equal(build_id_cache__remove(fx->cache, "/a/x", &fx->bid), 0);
	assert_false(build_id_cache__cached(fx->cache, &fx->bid));
	assert_int_equal(build_id_cache__remove(fx->cache, "/a/x", &fx->bid), -ENOENT);
	assert_int_equal(build_id_cache__purge(fx->cache, "/b/y"), 2);
	assert_false(build_id_cache__cached(fx->cache, &other));
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/c", &other, fx->fd, NULL), 0);
	assert_int_equal(build_id_cache__purge_all(fx->cache), 1);
	memset(buf, 0, sizeof(buf));
	f = fmemopen(buf, sizeof(buf), "w");
	assert_int_equal(build_id_cache__list(fx->cache, f), 0);
	fclose(f);
	assert_string_equal(buf, "");
	assert_int_equal(build_id_cache__store_fd(fx->cache, "/../x", &other, fx->fd, NULL),
			 -EINVAL);
}

/* The one spelling of a .build-id link. */
static void test_paths(void **state)
{
	const char *hex = "0123456789abcdef0123456789abcdef01234567";
	char buf[PATH_MAX], small[16];

	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/c", hex, ""), 0);
	assert_string_equal(buf, "/c/.build-id/01/23456789abcdef0123456789abcdef01234567");
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/c", hex, "/elf"), 0);
	assert_string_equal(buf, "/c/.build-id/01/23456789abcdef0123456789abcdef01234567/elf");
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/usr/lib/debug", "abcd",
					      ".debug"), 0);
	assert_string_equal(buf, "/usr/lib/debug/.build-id/ab/cd.debug");
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), NULL, "abcd", ""), 0);
	assert_string_equal(buf, ".build-id/ab/cd");
	/* a one-byte id: the link is the directory's empty name, as before */
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/c", "ab", ""), 0);
	assert_string_equal(buf, "/c/.build-id/ab/");
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/c", "a", ""), -EINVAL);
	assert_int_equal(build_id_cache__path(buf, sizeof(buf), "/c", "", ""), -EINVAL);
	assert_int_equal(build_id_cache__path(small, sizeof(small), "/c", hex, ""),
			 -ENAMETOOLONG);
}

/* Where the cache is: the caller's choice, $PERF_BUILDID_DIR, ~/.debug. */
static void test_dir(void **state)
{
	const char *home = getenv("HOME");
	char buf[PATH_MAX], small[16], *saved = home ? strdup(home) : NULL;

	assert_int_equal(setenv("HOME", "/home/u", 1), 0);
	assert_int_equal(unsetenv("PERF_BUILDID_DIR"), 0);
	assert_int_equal(build_id_cache__dir(buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/home/u/.debug");
	assert_int_equal(setenv("PERF_BUILDID_DIR", "/env", 1), 0);
	assert_int_equal(build_id_cache__dir(buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/env");
	assert_int_equal(build_id_cache__dir_of(buf, sizeof(buf), "/mine"), 0);
	assert_string_equal(buf, "/mine");
	assert_int_equal(build_id_cache__dir_of(buf, sizeof(buf), ""), 0);
	assert_string_equal(buf, "/env");
	assert_int_equal(build_id_cache__dir_of(small, 4, NULL), -ENAMETOOLONG);
	assert_int_equal(setenv("PERF_BUILDID_DIR", "", 1), 0);
	assert_int_equal(build_id_cache__dir(buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/home/u/.debug");
	assert_int_equal(unsetenv("PERF_BUILDID_DIR"), 0);
	assert_int_equal(unsetenv("HOME"), 0);
	assert_int_equal(build_id_cache__dir(buf, sizeof(buf)), -ENOENT);
	assert_int_equal(build_id_cache__dir_of(buf, sizeof(buf), "/mine"), 0);
	if (saved)
		setenv("HOME", saved, 1);
	free(saved);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_dir),
		cmocka_unit_test(test_paths),
		cmocka_unit_test_setup_teardown(test_store_layout, setup, teardown),
		cmocka_unit_test_setup_teardown(test_planted_symlinks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vdso_not_from_cwd, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list_remove_purge, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
