/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a perf.data lives: a regular file, or a pipe ("-" is stdin for
 * reading, stdout for writing).  Only I/O here; the format is header.c's.
 */
#ifndef __PERF_DATA_H
#define __PERF_DATA_H

#include <linux/types.h>
#include <sys/types.h>

enum perf_data_mode { PERF_DATA_READ, PERF_DATA_WRITE };

struct perf_data {
	const char *path;		/* as given; "-" for stdin/stdout */
	int fd;
	enum perf_data_mode mode;
	bool is_pipe;			/* not seekable: stream format */
	bool force;			/* write: replace an existing file */
	u64 file_size;			/* read, seekable: size at open */
	u64 pos;			/* sequential offset (pipe, or writes) */
};

/*
 * Open for reading or writing.  Writing creates the file 0600 (a profile
 * can reveal what a host runs) and keeps an existing one as PATH.old like
 * upstream unless it is not a regular file.  Returns 0 or -errno after
 * printing a one-line error naming the path.
 */
int perf_data__open(struct perf_data *data, const char *path,
		    enum perf_data_mode mode, bool force);
void perf_data__close(struct perf_data *data);

/* Exactly @len bytes at @off (seekable files only).  -EIO if short. */
int perf_data__pread(struct perf_data *data, void *buf, size_t len, u64 off);
/*
 * Next @len bytes of a stream.  Returns @len, 0 at a clean end of stream
 * (nothing read), -EIO on a partial read, -errno on error.
 */
ssize_t perf_data__read(struct perf_data *data, void *buf, size_t len);

/* Append @len bytes; retries short writes; -ENOSPC/-EIO/... on failure. */
int perf_data__write(struct perf_data *data, const void *buf, size_t len);
int perf_data__pwrite(struct perf_data *data, const void *buf, size_t len, u64 off);

#endif
