/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compressed files inflated into memory: gzip, xz and zstd, recognised by
 * their magic bytes (never by name: a cached module's "elf" may be a
 * .ko.zst).  The one reader of compressed images, so that the build-id
 * side (build-id.c) and the symbol side (symbol-elf.c) see the same bytes
 * for the same file: kernel modules (.ko.gz/.ko.xz/.ko.zst) and
 * MiniDebugInfo's xz .gnu_debugdata.
 *
 * Input is streamed in chunks (pread() from a file, or memory), so a file
 * is never held twice; the output is capped by the caller, because a few
 * hostile bytes can claim gigabytes.
 *
 * PERF_RECORD_COMPRESSED (session.c) is not here: that is one zstd stream
 * spread over many records and drained record by record into a bounded
 * window for the whole session, not a file inflated at once.
 */
#ifndef __PERF_DECOMPRESS_H
#define __PERF_DECOMPRESS_H

#include <linux/types.h>
#include <stddef.h>

enum decompress_kind {
	DECOMPRESS_NONE,
	DECOMPRESS_GZIP,
	DECOMPRESS_XZ,
	DECOMPRESS_ZSTD,
};

/* The longest magic decompress__kind() looks at. */
#define DECOMPRESS_MAGIC_MAX	6

/* What the first @len bytes of a file say it is. */
enum decompress_kind decompress__kind(const void *magic, size_t len);

/* The same for the file @fd (read with pread() at 0, offset untouched). */
enum decompress_kind decompress__fd_kind(int fd);

/*
 * Inflate all of @fd (from offset 0, with pread()) or of @in[0..@len)
 * into a malloc()ed *@out of *@out_len bytes, at most @max.  0, or -errno
 * with nothing to free: -EINVAL corrupt or truncated (or @kind NONE),
 * -EFBIG output past @max or an xz dictionary past 256 MiB, -ENOMEM, a
 * read error.  A gzip file ends after its first member; xz and zstd read
 * every concatenated stream or frame, as their tools do.
 */
int decompress__fd(int fd, enum decompress_kind kind, size_t max, u8 **out, size_t *out_len);
int decompress__mem(const void *in, size_t len, enum decompress_kind kind, size_t max,
		    u8 **out, size_t *out_len);

#endif
