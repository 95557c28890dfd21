// SPDX-License-Identifier: GPL-2.0
/*
 * record/proc-map-file.c on our own process: the mapped file through
 * map_files, the path through /proc/PID/root when the range is not a map,
 * never the path of a "(deleted)" map, never a FIFO.  Other mount
 * namespaces, chroots and deleted binaries, the real thing, are in t1005.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "record/proc-map-file.h"

/* Our first executable file map: its range and path. */
static void own_text(unsigned long long *start, unsigned long long *end, char *path)
{
	char line[PATH_MAX + 128], perms[8];
	bool found = false;
	FILE *f = fopen("/proc/self/maps", "r");

	assert_non_null(f);
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%llx-%llx %7s %*s %*s %*s %4095s", start, end, perms,
			       path) == 4 && perms[2] == 'x' && path[0] == '/';
	fclose(f);
	assert_true(found);
}

static bool same_file(int fd, const char *path)
{
	struct stat a, b;

	return !fstat(fd, &a) && !stat(path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void test_own_map(void **state)
{
	unsigned long long start, end;
	char path[PATH_MAX];
	int fd;

	own_text(&start, &end, path);
	fd = proc_map_file__open(getpid(), start, end, path);
	assert_true(fd >= 0);
	assert_true(same_file(fd, path));
	close(fd);
	/* no map there: the path as our root resolves it */
	fd = proc_map_file__open(getpid(), 0x1000, 0x2000, path);
	assert_true(fd >= 0);
	assert_true(same_file(fd, path));
	close(fd);
}

static void test_deleted_and_fifo(void **state)
{
	char dir[] = "/tmp/test-proc-map-file.XXXXXX", path[PATH_MAX];
	int fd;

	assert_non_null(mkdtemp(dir));
	/* a file that happens to be named like a deleted map's path */
	snprintf(path, sizeof(path), "%s/gone (deleted)", dir);
	fd = open(path, O_WRONLY | O_CREAT, 0644);
	assert_true(fd >= 0);
	close(fd);
	assert_true(proc_map_file__open(getpid(), 0x1000, 0x2000, path) < 0);
	unlink(path);
	/* a FIFO: refused, not waited on */
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0644), 0);
	assert_int_equal(proc_map_file__open(getpid(), 0x1000, 0x2000, path), -EINVAL);
	unlink(path);
	assert_true(proc_map_file__open(getpid(), 0x1000, 0x2000, "relative") < 0);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_map),
		cmocka_unit_test(test_deleted_and_fifo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
