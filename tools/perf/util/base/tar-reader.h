/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reader of tar streams (ustar, GNU and pax headers) that only reads:
 * perf archive --unpack walks an archive that came from another box and
 * decides itself what of it is written, and where (build-id-cache.h's
 * writer), instead of letting tar(1) create what the archive says.
 *
 * The stream is read once, in order (a pipe from bzip2 -dc).  Sizes and
 * names are bounded before use: a member's name is at most PATH_MAX, a
 * pax or GNU long-name record at most TAR_META_MAX.
 */
#ifndef __PERF_TAR_READER_H
#define __PERF_TAR_READER_H

#include <limits.h>
#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define TAR_META_MAX	(64 * 1024)

enum tar_type {
	TAR_FILE,
	TAR_DIR,
	TAR_SYMLINK,
	TAR_OTHER,	/* hard links, devices, FIFOs, unknown types */
};

struct tar_member {
	char		name[PATH_MAX];
	char		linkname[PATH_MAX];
	enum tar_type	type;
	char		typeflag;	/* as written, for messages */
	u64		size;		/* data bytes that follow */
};

struct tar_reader {
	int		fd;
	u64		left;		/* data of the current member not read yet */
	u64		pad;		/* and its padding to 512 bytes */
	u64		offset;		/* bytes consumed, for messages */
};

void tar_reader__init(struct tar_reader *tr, int fd);

/*
 * The next member (the rest of the current one skipped).  1: @m filled;
 * 0: the end of the archive; -EINVAL: not a tar stream, or a damaged or
 * oversized header; -EIO and read errors: -errno.
 */
int tar_reader__next(struct tar_reader *tr, struct tar_member *m);

/* Up to @n bytes of the current member's data: the count, 0 at its end, or -errno. */
ssize_t tar_reader__read(struct tar_reader *tr, void *buf, size_t n);

#endif
