// SPDX-License-Identifier: GPL-2.0
/*
 * gzip/xz/zstd files inflated into memory: see decompress.h.
 *
 * Each decoder loops on "more input when the last chunk is used up, more
 * room when the output is full", so it never needs the whole input at
 * once and stops at the caller's cap.  A stream that ends before its
 * decoder says it is complete is truncated: -EINVAL, never a short image
 * that would parse as a different (smaller) file.
 */
#include <errno.h>
#include <limits.h>
#include <lzma.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include "util/symbols/decompress.h"

#define DECOMP_CHUNK		(64 * 1024)
#define DECOMP_FIRST_ALLOC	(1UL << 20)
/* An xz header may ask for any dictionary: refuse what a module never needs. */
#define XZ_MEMLIMIT		(256UL << 20)

enum decompress_kind decompress__kind(const void *magic, size_t len)
{
	static const u8 gz[] = { 0x1f, 0x8b };
	static const u8 xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
	static const u8 zst[] = { 0x28, 0xb5, 0x2f, 0xfd };

	if (len >= sizeof(xz) && !memcmp(magic, xz, sizeof(xz)))
		return DECOMPRESS_XZ;
	if (len >= sizeof(zst) && !memcmp(magic, zst, sizeof(zst)))
		return DECOMPRESS_ZSTD;
	if (len >= sizeof(gz) && !memcmp(magic, gz, sizeof(gz)))
		return DECOMPRESS_GZIP;
	return DECOMPRESS_NONE;
}

enum decompress_kind decompress__fd_kind(int fd)
{
	u8 magic[DECOMPRESS_MAGIC_MAX];
	ssize_t n = pread(fd, magic, sizeof(magic), 0);

	return n > 0 ? decompress__kind(magic, (size_t)n) : DECOMPRESS_NONE;
}

/* Compressed bytes from a file (pread, in chunks) or from memory. */
struct comp_input {
	int		fd;	/* -1: memory */
	const u8	*mem;
	size_t		len;	/* memory: its size */
	u64		pos;
	u8		*chunk;	/* file: DECOMP_CHUNK bytes */
};

/* Next bytes in *@p: their count, 0 at the end, or -errno. */
static ssize_t comp_input__next(struct comp_input *in, const u8 **p)
{
	ssize_t n;

	if (in->fd < 0) {
		n = (ssize_t)(in->len - in->pos);
		if (n > DECOMP_CHUNK)
			n = DECOMP_CHUNK;
		*p = in->mem + in->pos;
		in->pos += n;
		return n;
	}
	do {
		n = pread(in->fd, in->chunk, DECOMP_CHUNK, (off_t)in->pos);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	*p = in->chunk;
	in->pos += n;
	return n;
}

struct comp_output {
	u8	*data;
	size_t	len;
	size_t	alloc;
	size_t	max;
};

/* Make room for more output: 0, -ENOMEM, or -EFBIG past the cap. */
static int comp_output__grow(struct comp_output *o)
{
	size_t n;
	u8 *p;

	if (o->len < o->alloc)
		return 0;
	if (o->alloc >= o->max)
		return -EFBIG;
	n = o->alloc ? 2 * o->alloc : DECOMP_FIRST_ALLOC;
	if (n > o->max)
		n = o->max;
	p = realloc(o->data, n);
	if (!p)
		return -ENOMEM;
	o->data = p;
	o->alloc = n;
	return 0;
}

static unsigned int comp_output__room(const struct comp_output *o)
{
	size_t room = o->alloc - o->len;

	return room > UINT_MAX ? UINT_MAX : (unsigned int)room;
}

static int inflate_gzip(struct comp_input *in, struct comp_output *out)
{
	z_stream z;
	bool full = false;
	ssize_t n;
	int ret, err;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 32) != Z_OK)	/* +32: gzip or zlib header */
		return -ENOMEM;
	for (;;) {
		if (!z.avail_in && !full) {
			n = comp_input__next(in, (const u8 **)&z.next_in);
			err = n < 0 ? (int)n : -EINVAL;	/* EOF before the end: truncated */
			if (n <= 0)
				break;
			z.avail_in = (uInt)n;
		}
		err = comp_output__grow(out);
		if (err)
			break;
		z.next_out = out->data + out->len;
		z.avail_out = comp_output__room(out);
		ret = inflate(&z, Z_NO_FLUSH);
		out->len = z.next_out - out->data;
		full = !z.avail_out;
		/* Z_BUF_ERROR: no progress possible yet, more input or room needed. */
		if (ret == Z_OK || ret == Z_BUF_ERROR)
			continue;
		err = ret == Z_STREAM_END ? 0 : ret == Z_MEM_ERROR ? -ENOMEM : -EINVAL;
		break;
	}
	inflateEnd(&z);
	return err;
}

static int inflate_xz(struct comp_input *in, struct comp_output *out)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_action action = LZMA_RUN;
	lzma_ret ret;
	ssize_t n;
	int err;

	if (lzma_stream_decoder(&s, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK)
		return -ENOMEM;
	for (;;) {
		if (!s.avail_in && action == LZMA_RUN) {
			n = comp_input__next(in, &s.next_in);
			err = (int)n;
			if (n < 0)
				break;
			s.avail_in = (size_t)n;
			if (!n)
				action = LZMA_FINISH;
		}
		err = comp_output__grow(out);
		if (err)
			break;
		s.next_out = out->data + out->len;
		s.avail_out = out->alloc - out->len;
		ret = lzma_code(&s, action);
		out->len = s.next_out - out->data;
		if (ret == LZMA_OK)
			continue;
		err = ret == LZMA_STREAM_END ? 0 :
		      ret == LZMA_MEM_ERROR ? -ENOMEM :
		      ret == LZMA_MEMLIMIT_ERROR ? -EFBIG : -EINVAL;
		break;
	}
	lzma_end(&s);
	return err;
}

static int inflate_zstd(struct comp_input *in, struct comp_output *out)
{
	ZSTD_DStream *ds = ZSTD_createDStream();
	ZSTD_inBuffer ib = { NULL, 0, 0 };
	ZSTD_outBuffer ob;
	size_t ret = 1;		/* no frame seen yet */
	bool full = false;
	ssize_t n;
	int err;

	if (!ds)
		return -ENOMEM;
	for (;;) {
		if (ib.pos == ib.size && !full) {
			n = comp_input__next(in, (const u8 **)&ib.src);
			/* The end is fine only right after a complete frame. */
			err = n < 0 ? (int)n : ret ? -EINVAL : 0;
			if (n <= 0)
				break;
			ib.size = (size_t)n;
			ib.pos = 0;
		}
		err = comp_output__grow(out);
		if (err)
			break;
		ob.dst = out->data;
		ob.size = out->alloc;
		ob.pos = out->len;
		ret = ZSTD_decompressStream(ds, &ob, &ib);
		err = -EINVAL;
		if (ZSTD_isError(ret))
			break;
		out->len = ob.pos;
		full = ob.pos == ob.size;
	}
	ZSTD_freeDStream(ds);
	return err;
}

static int comp__inflate(enum decompress_kind kind, struct comp_input *in,
			 size_t max, u8 **data, size_t *len)
{
	struct comp_output out = { .max = max };
	int err;

	switch (kind) {
	case DECOMPRESS_GZIP:
		err = inflate_gzip(in, &out);
		break;
	case DECOMPRESS_XZ:
		err = inflate_xz(in, &out);
		break;
	case DECOMPRESS_ZSTD:
		err = inflate_zstd(in, &out);
		break;
	default:
		err = -EINVAL;
		break;
	}
	if (err) {
		free(out.data);
		return err;
	}
	*data = out.data;
	*len = out.len;
	return 0;
}

int decompress__fd(int fd, enum decompress_kind kind, size_t max, u8 **out, size_t *out_len)
{
	struct comp_input in = { .fd = fd };
	int err;

	in.chunk = malloc(DECOMP_CHUNK);
	if (!in.chunk)
		return -ENOMEM;
	err = comp__inflate(kind, &in, max, out, out_len);
	free(in.chunk);
	return err;
}

int decompress__mem(const void *in, size_t len, enum decompress_kind kind, size_t max,
		    u8 **out, size_t *out_len)
{
	struct comp_input ci = { .fd = -1, .mem = in, .len = len };

	return comp__inflate(kind, &ci, max, out, out_len);
}
