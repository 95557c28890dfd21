// SPDX-License-Identifier: GPL-2.0
/* The file behind a map of a running process: see proc-map-file.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include "record/proc-map-file.h"

#define DELETED_SUFFIX	" (deleted)"

#define OPEN_FLAGS	(O_RDONLY | O_NONBLOCK | O_CLOEXEC)

/* A regular file only: a FIFO or device at a path must not hang or feed us. */
static int check_regular(int fd)
{
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/*
 * @path in the root directory of @pid.  Through /proc/PID/root alone an
 * absolute symlink in the process's tree would be resolved from our root,
 * i.e. to a host file: openat2(RESOLVE_IN_ROOT) keeps every step inside
 * (Linux >= 5.6; older kernels get the plain walk).
 */
int proc_map_file__open_in_root(pid_t pid, const char *path)
{
	struct open_how how = {
		.flags = OPEN_FLAGS,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	char buf[PATH_MAX + 64];
	int dfd, fd;

	snprintf(buf, sizeof(buf), "/proc/%d/root", (int)pid);
	dfd = open(buf, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	fd = (int)syscall(SYS_openat2, dfd, path, &how, sizeof(how));
	if (fd < 0 && errno == ENOSYS)
		fd = openat(dfd, path + 1, OPEN_FLAGS);
	fd = check_regular(fd);
	close(dfd);
	return fd;
}

bool proc_map_file__deleted(const char *path)
{
	size_t n = strlen(path), s = sizeof(DELETED_SUFFIX) - 1;

	return n > s && !strcmp(path + n - s, DELETED_SUFFIX);
}

int proc_map_file__open_mapped(pid_t pid, u64 start, u64 end)
{
	char buf[96];

	/* the kernel names these entries "%lx-%lx" */
	snprintf(buf, sizeof(buf), "/proc/%d/map_files/%llx-%llx", (int)pid,
		 (unsigned long long)start, (unsigned long long)end);
	return check_regular(open(buf, OPEN_FLAGS));
}

int proc_map_file__open(pid_t pid, u64 start, u64 end, const char *path)
{
	int fd = proc_map_file__open_mapped(pid, start, end);

	if (fd >= 0)
		return fd;
	if (path[0] != '/' || proc_map_file__deleted(path))
		return fd;
	return proc_map_file__open_in_root(pid, path);
}

bool proc_map_file__is(int fd, const struct proc_map_ident *id, bool by_path,
		       const struct timespec *seen)
{
	struct stat st;
	long gen = 0;

	if (fstat(fd, &st) || st.st_ino != id->ino)
		return false;
	if (!by_path)
		return true;
	if (major(st.st_dev) != id->maj || minor(st.st_dev) != id->min)
		return false;
	/* the kernel keeps a u32 generation; 0: the filesystem has none */
	if (id->ino_generation && !ioctl(fd, FS_IOC_GETVERSION, &gen) &&
	    (u32)gen != (u32)id->ino_generation)
		return false;
	return st.st_ctim.tv_sec < seen->tv_sec ||
	       (st.st_ctim.tv_sec == seen->tv_sec && st.st_ctim.tv_nsec <= seen->tv_nsec);
}
