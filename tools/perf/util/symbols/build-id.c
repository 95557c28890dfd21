// SPDX-License-Identifier: GPL-2.0
/*
 * Build-ids on the tools side: see build-id.h.
 *
 * Plain files are parsed in place through a pread()-backed reader: only
 * the headers and notes are read, whatever the file size.  Compressed
 * images (kernel modules ship as .ko.gz/.ko.xz/.ko.zst) are inflated into
 * memory first (decompress.c), because an ET_REL module keeps its section
 * headers at the end; the output is capped at BUILD_ID_DECOMP_MAX.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/symbols/build-id.h"
#include "util/symbols/decompress.h"

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

/* Parse an image decompress__*() inflated (or pass its @err on); frees @image. */
static int inflated__read_build_id(int err, u8 *image, size_t len, struct build_id *bid)
{
	unsigned char id[BUILD_ID_SIZE_MAX];
	u32 size = 0;

	if (!err)
		err = build_id_parse_mem(image, len, id, &size);
	free(image);
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
	unsigned char id[BUILD_ID_SIZE_MAX];
	enum decompress_kind kind;
	u8 magic[DECOMPRESS_MAGIC_MAX], *image = NULL;
	size_t image_len = 0;
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
	kind = DECOMPRESS_NONE;
	len = r.size < sizeof(magic) ? (size_t)r.size : sizeof(magic);
	if (!fd_reader__read(&r, 0, magic, len))
		kind = decompress__kind(magic, len);
	if (kind == DECOMPRESS_NONE) {
		err = build_id_parse_reader(&r, id, &size);
		return build_id__take(bid, id, size, err);
	}
	err = decompress__fd(fd, kind, BUILD_ID_DECOMP_MAX, &image, &image_len);
	return inflated__read_build_id(err, image, image_len, bid);
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
	unsigned char id[BUILD_ID_SIZE_MAX];
	enum decompress_kind kind = decompress__kind(buf, len);
	u8 *image = NULL;
	size_t image_len = 0;
	u32 size = 0;
	int err;

	if (kind != DECOMPRESS_NONE) {
		err = decompress__mem(buf, len, kind, BUILD_ID_DECOMP_MAX, &image, &image_len);
		return inflated__read_build_id(err, image, image_len, bid);
	}
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
