// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data I/O: open a file or a pipe, exact reads and writes.  Nothing
 * here knows the format; header.c and session.c do.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/data/data.h"
#include "util/base/debug.h"

static int perf_data__open_read(struct perf_data *data, bool force)
{
	struct stat st;
	int fd;

	if (!strcmp(data->path, "-")) {
		fd = STDIN_FILENO;
	} else {
		fd = open(data->path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			int err = -errno;

			/*
			 * As upstream: the default file missing most likely
			 * means nothing was recorded here yet.
			 */
			if (err == -ENOENT && !strcmp(data->path, "perf.data"))
				pr_err("failed to open %s: %s  (try 'perf record' first)\n",
				       data->path, strerror(-err));
			else
				pr_err("failed to open %s: %s\n", data->path, strerror(-err));
			return err;
		}
	}
	if (fstat(fd, &st) < 0) {
		int err = -errno;

		pr_err("failed to stat %s: %s\n", data->path, strerror(errno));
		if (fd != STDIN_FILENO)
			close(fd);
		return err;
	}
	data->fd = fd;
	/*
	 * stdin redirected from a regular file is seekable: read it like a
	 * file, whatever its format.  Anything else is a stream.
	 */
	data->is_pipe = !S_ISREG(st.st_mode);
	if (data->is_pipe)
		return 0;

	/* Like upstream: someone else's profile is only read on request. */
	if (!force && st.st_uid && st.st_uid != geteuid()) {
		pr_err("File %s not owned by current user or root (use -f to override)\n",
		       data->path);
		goto out_close;
	}
	if (st.st_size == 0) {
		pr_err("zero-sized data (%s), nothing to do!\n", data->path);
		goto out_close;
	}
	data->file_size = st.st_size;
	return 0;

out_close:
	if (fd != STDIN_FILENO)
		close(fd);
	data->fd = -1;
	return -EINVAL;
}

static int perf_data__open_write(struct perf_data *data, bool force)
{
	struct stat st;
	int fd;

	if (!strcmp(data->path, "-")) {
		data->fd = STDOUT_FILENO;
		data->is_pipe = true;
		return 0;
	}
	/* Keep the previous profile as PATH.old, as upstream does. */
	if (!force && !stat(data->path, &st) && S_ISREG(st.st_mode) && st.st_size) {
		char old[PATH_MAX];

		if (snprintf(old, sizeof(old), "%s.old", data->path) >= (int)sizeof(old) ||
		    rename(data->path, old) < 0) {
			int err = errno ? -errno : -ENAMETOOLONG;

			pr_err("failed to keep %s as %s.old: %s\n", data->path, data->path,
			       strerror(-err));
			return err;
		}
	}
	fd = open(data->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		int err = -errno;

		pr_err("failed to create %s: %s\n", data->path, strerror(errno));
		return err;
	}
	if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode))
		data->is_pipe = true;	/* e.g. -o /dev/stdout on a pipe */
	data->fd = fd;
	return 0;
}

int perf_data__open(struct perf_data *data, const char *path,
		    enum perf_data_mode mode, bool force)
{
	memset(data, 0, sizeof(*data));
	data->path = path ? path : "perf.data";
	data->mode = mode;
	data->force = force;
	data->fd = -1;
	if (mode == PERF_DATA_READ)
		return perf_data__open_read(data, force);
	return perf_data__open_write(data, force);
}

void perf_data__close(struct perf_data *data)
{
	if (data->fd > STDERR_FILENO)
		close(data->fd);
	data->fd = -1;
}

int perf_data__pread(struct perf_data *data, void *buf, size_t len, u64 off)
{
	char *p = buf;

	while (len) {
		ssize_t n = pread(data->fd, p, len, off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		off += n;
		len -= n;
	}
	return 0;
}

ssize_t perf_data__read(struct perf_data *data, void *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = read(data->fd, (char *)buf + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		done += n;
	}
	data->pos += done;
	if (done == len)
		return len;
	return done ? -EIO : 0;
}

int perf_data__write(struct perf_data *data, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(data->fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		len -= n;
		data->pos += n;
	}
	return 0;
}

int perf_data__pwrite(struct perf_data *data, const void *buf, size_t len, u64 off)
{
	const char *p = buf;

	while (len) {
		ssize_t n = pwrite(data->fd, p, len, off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -EIO;
		p += n;
		off += n;
		len -= n;
	}
	return 0;
}
