/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record -z: the ring buffers' records leave as PERF_RECORD_COMPRESSED
 * records, one zstd stream per output file, with the HEADER_COMPRESSED
 * feature describing it (upstream's format, which upstream perf reads).
 *
 * Readers inflate a COMPRESSED record into a buffer of the feature's
 * mmap_len bytes (upstream's does, and drops what does not fit), so the
 * stream is flushed, and the record closed, at least every @flush_at input
 * bytes: no record's content inflates past that.  Memory is bounded: one
 * record of output, and zstd's state with its window capped.
 */
#ifndef __PERF_RECORD_COMPRESS_H
#define __PERF_RECORD_COMPRESS_H

#include <linux/types.h>
#include <stddef.h>

#define COMPRESS_LEVEL_DEFAULT	1
#define COMPRESS_LEVEL_MAX	22

struct ZSTD_CCtx_s;

/* Writes @len bytes of output (whole COMPRESSED records); negative: error. */
typedef int (*compress_write_fn)(void *priv, const void *buf, size_t len);

struct record_compress {
	struct ZSTD_CCtx_s *zstd;
	int level;
	size_t flush_at;	/* input bytes between flushes, at most */
	size_t pending;		/* input since the last flush */
	char *rec;		/* the COMPRESSED record being filled */
	size_t fill;		/* its payload bytes so far */
	u64 bytes_in;		/* records given, this file */
	u64 bytes_out;		/* COMPRESSED records written, headers included */
	compress_write_fn write;
	void *priv;
};

/*
 * Level @level (1..COMPRESS_LEVEL_MAX), flushing every @flush_at input
 * bytes at the latest.  0 or -ENOMEM.
 */
int record_compress__init(struct record_compress *c, int level, size_t flush_at,
			  compress_write_fn write, void *priv);
void record_compress__exit(struct record_compress *c);
/* Compress @len bytes of whole or partial records.  0 or the write's error. */
int record_compress__write(struct record_compress *c, const void *buf, size_t len);
/*
 * Everything given so far out, as whole COMPRESSED records: before any
 * uncompressed record is written (a FINISHED_ROUND, a synthesized map).
 */
int record_compress__flush(struct record_compress *c);
/* A new output file: a new stream, counts from zero.  Flush first. */
void record_compress__reset(struct record_compress *c);
/* HEADER_COMPRESSED's ratio: in/out rounded, 0 before any output. */
u32 record_compress__ratio(const struct record_compress *c);
/* The memory the stream holds now, in bytes (zstd's state and one record). */
size_t record_compress__memory(const struct record_compress *c);

#endif
