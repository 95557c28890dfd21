// SPDX-License-Identifier: GPL-2.0
/* The file behind a map of a running process: see proc-map-file.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "proc-map-file.h"

#define DELETED_SUFFIX	" (deleted)"

/* A regular file only: a FIFO or device at a path must not hang or feed us. */
static int open_regular(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	return fd;
}

static bool path__deleted(const char *path)
{
	size_t n = strlen(path), s = sizeof(DELETED_SUFFIX) - 1;

	return n > s && !strcmp(path + n - s, DELETED_SUFFIX);
}

int proc_map_file__open(pid_t pid, u64 start, u64 end, const char *path)
{
	char buf[PATH_MAX + 64];
	int fd;

	/* the kernel names these entries "%lx-%lx" */
	snprintf(buf, sizeof(buf), "/proc/%d/map_files/%llx-%llx", (int)pid,
		 (unsigned long long)start, (unsigned long long)end);
	fd = open_regular(buf);
	if (fd >= 0)
		return fd;
	if (path[0] != '/' || path__deleted(path))
		return fd;
	if ((size_t)snprintf(buf, sizeof(buf), "/proc/%d/root%s", (int)pid, path) >= sizeof(buf))
		return -ENAMETOOLONG;
	return open_regular(buf);
}
