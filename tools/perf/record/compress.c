// SPDX-License-Identifier: GPL-2.0
/*
 * perf record -z: zstd streaming into PERF_RECORD_COMPRESSED records (see
 * compress.h for the format's constraints).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_getCParams() */
#include <zstd.h>
#include "record/compress.h"
#include "util/data/event.h"

/* A record's size is a u16: whole records of at most this many bytes. */
#define COMPRESS_RECORD_MAX	(0xffff & ~7)
#define COMPRESS_PAYLOAD_MAX	(COMPRESS_RECORD_MAX - sizeof(struct perf_event_header))
/*
 * zstd's parameters for a source of this size, whatever the level: level
 * 22 for an unknown size takes a 128 MiB window and 650 MiB of tables.
 * A ring buffer read is smaller than this, so little ratio is lost.
 */
#define COMPRESS_WINDOW_LOG	21

static int compress__params(ZSTD_CCtx *z, int level)
{
	/* The one experimental call: the level's table for a bounded source. */
	ZSTD_compressionParameters cp = ZSTD_getCParams(level, 1ULL << COMPRESS_WINDOW_LOG, 0);
	const struct { ZSTD_cParameter p; int v; } set[] = {
		{ ZSTD_c_compressionLevel, level },
		{ ZSTD_c_windowLog, (int)cp.windowLog },
		{ ZSTD_c_chainLog, (int)cp.chainLog },
		{ ZSTD_c_hashLog, (int)cp.hashLog },
		{ ZSTD_c_searchLog, (int)cp.searchLog },
		{ ZSTD_c_minMatch, (int)cp.minMatch },
		{ ZSTD_c_targetLength, (int)cp.targetLength },
		{ ZSTD_c_strategy, (int)cp.strategy },
	};
	size_t i;

	for (i = 0; i < sizeof(set) / sizeof(set[0]); i++)
		if (ZSTD_isError(ZSTD_CCtx_setParameter(z, set[i].p, set[i].v)))
			return -EINVAL;
	return 0;
}

int record_compress__init(struct record_compress *c, int level, size_t flush_at,
			  compress_write_fn write, void *priv)
{
	memset(c, 0, sizeof(*c));
	c->level = level;
	c->flush_at = flush_at ? flush_at : COMPRESS_PAYLOAD_MAX;
	c->write = write;
	c->priv = priv;
	c->zstd = ZSTD_createCCtx();
	c->rec = malloc(COMPRESS_RECORD_MAX);
	if (!c->zstd || !c->rec || compress__params(c->zstd, level)) {
		record_compress__exit(c);
		return -ENOMEM;
	}
	return 0;
}

void record_compress__exit(struct record_compress *c)
{
	ZSTD_freeCCtx(c->zstd);
	free(c->rec);
	c->zstd = NULL;
	c->rec = NULL;
}

/* Close the record being filled (if any) and write it. */
static int compress__emit(struct record_compress *c)
{
	struct perf_event_header hdr = {
		.type = PERF_RECORD_COMPRESSED,
		.size = (u16)(sizeof(hdr) + c->fill),
	};
	int ret;

	if (!c->fill)
		return 0;
	memcpy(c->rec, &hdr, sizeof(hdr));
	ret = c->write(c->priv, c->rec, hdr.size);
	c->fill = 0;
	if (ret)
		return ret;
	c->bytes_out += hdr.size;
	return 0;
}

/*
 * Run zstd over @in with @mode until it is consumed (continue) or all is
 * out (flush), emitting each record as it fills.
 */
static int compress__run(struct record_compress *c, ZSTD_inBuffer *in, ZSTD_EndDirective mode)
{
	size_t left;
	int ret;

	for (;;) {
		ZSTD_outBuffer out = {
			.dst = c->rec + sizeof(struct perf_event_header),
			.size = COMPRESS_PAYLOAD_MAX, .pos = c->fill,
		};

		left = ZSTD_compressStream2(c->zstd, &out, in, mode);
		if (ZSTD_isError(left))
			return -EIO;
		c->fill = out.pos;
		if (out.pos == out.size) {
			ret = compress__emit(c);
			if (ret)
				return ret;
			continue;
		}
		if (mode == ZSTD_e_continue ? in->pos == in->size : !left)
			return 0;
	}
}

int record_compress__flush(struct record_compress *c)
{
	ZSTD_inBuffer in = { NULL, 0, 0 };
	int ret;

	if (!c->pending)
		return 0;
	ret = compress__run(c, &in, ZSTD_e_flush);
	/* The record ends with the flush: none spans two flushed pieces. */
	if (!ret)
		ret = compress__emit(c);
	c->pending = 0;
	return ret;
}

int record_compress__write(struct record_compress *c, const void *buf, size_t len)
{
	const char *p = buf;
	int ret;

	while (len) {
		size_t n = c->flush_at - c->pending;
		ZSTD_inBuffer in;

		if (n > len)
			n = len;
		in = (ZSTD_inBuffer){ p, n, 0 };
		ret = compress__run(c, &in, ZSTD_e_continue);
		if (ret)
			return ret;
		c->pending += n;
		c->bytes_in += n;
		p += n;
		len -= n;
		if (c->pending == c->flush_at) {
			ret = record_compress__flush(c);
			if (ret)
				return ret;
		}
	}
	return 0;
}

void record_compress__reset(struct record_compress *c)
{
	/* The parameters stay; the next file starts a frame of its own. */
	ZSTD_CCtx_reset(c->zstd, ZSTD_reset_session_only);
	c->pending = c->fill = 0;
	c->bytes_in = c->bytes_out = 0;
}

u32 record_compress__ratio(const struct record_compress *c)
{
	if (!c->bytes_out)
		return 0;
	return (u32)((double)c->bytes_in / (double)c->bytes_out + 0.5);
}

size_t record_compress__memory(const struct record_compress *c)
{
	return ZSTD_sizeof_CCtx(c->zstd) + COMPRESS_RECORD_MAX;
}
