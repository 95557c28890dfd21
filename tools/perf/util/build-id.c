// SPDX-License-Identifier: GPL-2.0
/*
 * Build-ids on the tools side: see build-id.h.
 *
 * Plain files are parsed in place through a pread()-backed reader: only
 * the headers and notes are read, whatever the file size.  Compressed
 * images (kernel modules ship as .ko.gz/.ko.xz/.ko.zst) are inflated into
 * memory first, because an ET_REL module keeps its section headers at the
 * end; the input is streamed in chunks and the output is capped at
 * BUILD_ID_DECOMP_MAX.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include "build-id.h"

#define DECOMP_CHUNK		(64 * 1024)
#define DECOMP_FIRST_ALLOC	(1UL << 20)
#define XZ_MEMLIMIT		(256UL << 20)
/* /sys/kernel/notes is a few hundred bytes; a module's note less. */
#define SYSFS_NOTES_MAX		(1UL << 20)

void build_id__init(struct build_id *bid, const u8 *data, size_t size)
{
	if (size > BUILD_ID_SIZE_MAX)
		size = BUILD_ID_SIZE_MAX;
	memset(bid, 0, sizeof(*bid));
	if (size)
		memcpy(bid->data, data, size);
	bid->size = size;
}

int build_id__sprintf(const struct build_id *bid, char *bf)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, size = bid->size > BUILD_ID_SIZE_MAX ? BUILD_ID_SIZE_MAX : bid->size;

	for (i = 0; i < size; i++) {
		bf[2 * i] = hex[bid->data[i] >> 4];
		bf[2 * i + 1] = hex[bid->data[i] & 0xf];
	}
	bf[2 * size] = '\0';
	return (int)(2 * size);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int build_id__from_hex(struct build_id *bid, const char *hex)
{
	size_t i, len = strnlen(hex, 2 * BUILD_ID_SIZE_MAX + 1);

	memset(bid, 0, sizeof(*bid));
	if (!len || len % 2 || len > 2 * BUILD_ID_SIZE_MAX)
		return -EINVAL;
	for (i = 0; i < len / 2; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			memset(bid, 0, sizeof(*bid));
			return -EINVAL;
		}
		bid->data[i] = (u8)(hi << 4 | lo);
	}
	bid->size = len / 2;
	return 0;
}

bool build_id__equal(const struct build_id *a, const struct build_id *b)
{
	return a->size == b->size && a->size <= BUILD_ID_SIZE_MAX &&
	       !memcmp(a->data, b->data, a->size);
}

bool build_id__is_defined(const struct build_id *bid)
{
	size_t i;

	for (i = 0; i < bid->size && i < BUILD_ID_SIZE_MAX; i++) {
		if (bid->data[i])
			return true;
	}
	return false;
}

/* Fill @bid from a parser result. */
static int build_id__take(struct build_id *bid, const unsigned char *id, u32 size, int err)
{
	if (err) {
		memset(bid, 0, sizeof(*bid));
		return err;
	}
	build_id__init(bid, id, size);
	return 0;
}

/* ---- compressed input ------------------------------------------------- */

enum comp_kind { COMP_NONE, COMP_GZIP, COMP_XZ, COMP_ZSTD };

static enum comp_kind comp__detect(const u8 *magic, size_t len)
{
	static const u8 gz[] = { 0x1f, 0x8b };
	static const u8 xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
	static const u8 zst[] = { 0x28, 0xb5, 0x2f, 0xfd };

	if (len >= sizeof(xz) && !memcmp(magic, xz, sizeof(xz)))
		return COMP_XZ;
	if (len >= sizeof(zst) && !memcmp(magic, zst, sizeof(zst)))
		return COMP_ZSTD;
	if (len >= sizeof(gz) && !memcmp(magic, gz, sizeof(gz)))
		return COMP_GZIP;
	return COMP_NONE;
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
};

/* Make room for more output: 0, -ENOMEM, or -EFBIG past the cap. */
static int comp_output__grow(struct comp_output *o)
{
	size_t n;
	u8 *p;

	if (o->len < o->alloc)
		return 0;
	if (o->alloc >= BUILD_ID_DECOMP_MAX)
		return -EFBIG;
	n = o->alloc ? 2 * o->alloc : DECOMP_FIRST_ALLOC;
	if (n > BUILD_ID_DECOMP_MAX)
		n = BUILD_ID_DECOMP_MAX;
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

static int comp__inflate(enum comp_kind kind, struct comp_input *in, struct comp_output *out)
{
	switch (kind) {
	case COMP_GZIP:
		return inflate_gzip(in, out);
	case COMP_XZ:
		return inflate_xz(in, out);
	case COMP_ZSTD:
		return inflate_zstd(in, out);
	default:
		return -EINVAL;
	}
}

/* Inflate @in and parse the image. */
static int comp__read_build_id(enum comp_kind kind, struct comp_input *in,
			       struct build_id *bid)
{
	struct comp_output out = { NULL, 0, 0 };
	unsigned char id[BUILD_ID_SIZE_MAX];
	u32 size = 0;
	int err;

	err = comp__inflate(kind, in, &out);
	if (!err)
		err = build_id_parse_mem(out.data, out.len, id, &size);
	free(out.data);
	return build_id__take(bid, id, size, err);
}

/* ---- files --------------------------------------------------------- */

/* Read exactly @len bytes at @off: 0 or -errno, -EIO if the file is shorter. */
static int pread_full(int fd, void *buf, size_t len, u64 off)
{
	ssize_t n;

	while (len) {
		n = pread(fd, buf, len, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (!n)		/* the file shrank under us */
			return -EIO;
		buf = (u8 *)buf + n;
		off += n;
		len -= n;
	}
	return 0;
}

/*
 * The parser reads headers and notes a few bytes at a time, and they
 * usually sit together (page 0, or the section table at the end): serve
 * them from one window, so that most files cost one or two pread()s.
 */
#define FD_WINDOW	4096

struct fd_reader {
	int	fd;
	u64	win_off;
	size_t	win_len;
	u8	win[FD_WINDOW];
};

static int fd_reader__read(const struct build_id_reader *r, u64 off, void *buf, size_t len)
{
	struct fd_reader *f = r->priv;
	size_t want;
	int err;

	if (len > FD_WINDOW)
		return pread_full(f->fd, buf, len, off);
	/* the parser checked off + len <= r->size */
	if (off < f->win_off || off + len > f->win_off + f->win_len) {
		want = r->size - off < FD_WINDOW ? (size_t)(r->size - off) : FD_WINDOW;
		f->win_len = 0;
		err = pread_full(f->fd, f->win, want, off);
		if (err)
			return err;
		f->win_off = off;
		f->win_len = want;
	}
	memcpy(buf, f->win + (off - f->win_off), len);
	return 0;
}

int fd__read_build_id(int fd, struct build_id *bid)
{
	struct fd_reader f = { .fd = fd };
	struct build_id_reader r = { .read = fd_reader__read, .priv = &f };
	struct comp_input in = { .fd = fd };
	unsigned char id[BUILD_ID_SIZE_MAX];
	enum comp_kind kind;
	u8 magic[8];
	struct stat st;
	u32 size = 0;
	size_t len;
	int err;

	memset(bid, 0, sizeof(*bid));
	if (fstat(fd, &st))
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	r.size = (u64)st.st_size;
	kind = COMP_NONE;
	len = r.size < sizeof(magic) ? (size_t)r.size : sizeof(magic);
	if (!fd_reader__read(&r, 0, magic, len))
		kind = comp__detect(magic, len);
	if (kind == COMP_NONE) {
		err = build_id_parse_reader(&r, id, &size);
		return build_id__take(bid, id, size, err);
	}
	in.chunk = malloc(DECOMP_CHUNK);
	if (!in.chunk)
		return -ENOMEM;
	err = comp__read_build_id(kind, &in, bid);
	free(in.chunk);
	return err;
}

int filename__read_build_id(const char *path, struct build_id *bid)
{
	int fd, err;

	memset(bid, 0, sizeof(*bid));
	/* O_NONBLOCK: a FIFO must not block open(); fstat() then rejects it. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	err = fd__read_build_id(fd, bid);
	close(fd);
	return err;
}

int buf__read_build_id(const void *buf, size_t len, struct build_id *bid)
{
	struct comp_input in = { .fd = -1, .mem = buf, .len = len };
	unsigned char id[BUILD_ID_SIZE_MAX];
	enum comp_kind kind = comp__detect(buf, len);
	u32 size = 0;
	int err;

	if (kind != COMP_NONE)
		return comp__read_build_id(kind, &in, bid);
	err = build_id_parse_mem(buf, len, id, &size);
	return build_id__take(bid, id, size, err);
}

/* ---- the running kernel --------------------------------------------- */

/* Read a whole (small, sysfs) file: its size or -errno; -EFBIG if larger than @max. */
static ssize_t read_small_file(const char *path, u8 *buf, size_t max)
{
	size_t len = 0;
	ssize_t n, ret;
	u8 extra;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	while (len < max) {
		n = read(fd, buf + len, max - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			goto out;
		}
		if (!n)
			break;
		len += n;
	}
	ret = len == max && read(fd, &extra, 1) > 0 ? -EFBIG : (ssize_t)len;
out:
	close(fd);
	return ret;
}

int sysfs__read_build_id(const char *notes_path, struct build_id *bid)
{
	unsigned char id[BUILD_ID_SIZE_MAX];
	u32 size = 0;
	ssize_t len;
	u8 *buf;
	int err;

	memset(bid, 0, sizeof(*bid));
	buf = malloc(SYSFS_NOTES_MAX);
	if (!buf)
		return -ENOMEM;
	len = read_small_file(notes_path, buf, SYSFS_NOTES_MAX);
	err = len < 0 ? (int)len : build_id_parse_notes(buf, (size_t)len, id, &size);
	free(buf);
	return build_id__take(bid, id, size, err);
}

int kernel__read_build_id(struct build_id *bid)
{
	return sysfs__read_build_id("/sys/kernel/notes", bid);
}

int module__read_build_id(const char *module, struct build_id *bid)
{
	char path[PATH_MAX];
	int n;

	memset(bid, 0, sizeof(*bid));
	if (!*module || strchr(module, '/') || !strcmp(module, ".") || !strcmp(module, ".."))
		return -EINVAL;
	n = snprintf(path, sizeof(path), "/sys/module/%s/notes/.note.gnu.build-id", module);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -EINVAL;
	return sysfs__read_build_id(path, bid);
}
