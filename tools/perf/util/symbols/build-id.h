/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Build-ids on the tools side: the value type, hex conversion, and reading
 * the id of a file (plain or gzip/xz/zstd-compressed ELF), of the running
 * kernel and of its modules, on top of lib/buildid.c's parser.
 *
 * The readers return 0 or -errno and never print: callers decide (they
 * run in loops over many files).  Errors are the parser's (see
 * <linux/buildid.h>: -ENOEXEC not ELF, -ENOENT no build-id, -EINVAL
 * malformed) plus open/read errors, -EISDIR/-EINVAL for a path that is not
 * a regular file, -EFBIG when a compressed image inflates past
 * BUILD_ID_DECOMP_MAX, -ENOMEM.
 */
#ifndef __PERF_BUILD_ID_H
#define __PERF_BUILD_ID_H

#include <linux/types.h>
#include <linux/buildid.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/base/hashmap.h"

/* Hex string with its NUL. */
#define SBUILD_ID_SIZE		(BUILD_ID_SIZE_MAX * 2 + 1)

/* Bound of a decompressed .ko.xz/.zst/.gz image. */
#define BUILD_ID_DECOMP_MAX	(512UL << 20)

struct build_id {
	u8	data[BUILD_ID_SIZE_MAX];
	size_t	size;		/* 0: none */
};

/* Copy @size bytes (clamped to BUILD_ID_SIZE_MAX), zero the rest. */
void build_id__init(struct build_id *bid, const u8 *data, size_t size);

/* Lowercase hex into @bf (SBUILD_ID_SIZE bytes), NUL-terminated; returns its length. */
int build_id__sprintf(const struct build_id *bid, char *bf);

/* 2..40 hex digits, even count, either case: 0 or -EINVAL (bid zeroed). */
int build_id__from_hex(struct build_id *bid, const char *hex);

bool build_id__equal(const struct build_id *a, const struct build_id *b);
bool build_id__is_defined(const struct build_id *bid);

/* A build-id's key in a hashmap (its size mixed in: a prefix is another id). */
static inline u64 build_id__hash(const struct build_id *bid)
{
	return hash__bytes(bid->data, bid->size, bid->size);
}

/* An ELF file, plain or compressed (detected by magic).  0 or -errno. */
int filename__read_build_id(const char *path, struct build_id *bid);

/* The same on an open file (read with pread, offset untouched). */
int fd__read_build_id(int fd, struct build_id *bid);

/* An ELF image in memory, plain or compressed. */
int buf__read_build_id(const void *buf, size_t len, struct build_id *bid);

/*
 * A raw notes blob file: /sys/kernel/notes,
 * /sys/module/<m>/notes/.note.gnu.build-id.  0 or -errno.
 */
int sysfs__read_build_id(const char *notes_path, struct build_id *bid);

/* The running kernel's build-id (/sys/kernel/notes). */
int kernel__read_build_id(struct build_id *bid);

/* A loaded module's build-id (sysfs); -EINVAL for a bad module name. */
int module__read_build_id(const char *module, struct build_id *bid);

#endif
