// SPDX-License-Identifier: GPL-2.0
/*
 * tar streams, read only.  The header layout (512-byte blocks: name[100],
 * mode, uid, gid, size[12], mtime, chksum[8], typeflag, linkname[100],
 * magic, ..., prefix[155]) is POSIX ustar; GNU tar adds 'L'/'K' records
 * that carry the next member's long name / link name as data, pax adds
 * 'x' records of "len key=value\n" lines.  Sizes are octal, or base-256
 * when the top bit of the first byte is set (GNU, for >8 GiB).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/base/tar-reader.h"

#define BLOCK	512

void tar_reader__init(struct tar_reader *tr, int fd)
{
	memset(tr, 0, sizeof(*tr));
	tr->fd = fd;
}

/* Exactly @n bytes, or -EIO at a premature end. */
static int tar__read_full(struct tar_reader *tr, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(tr->fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			return -EIO;
		p += r;
		n -= (size_t)r;
		tr->offset += (u64)r;
	}
	return 0;
}

static int tar__skip(struct tar_reader *tr, u64 n)
{
	char buf[16 * BLOCK];

	while (n) {
		size_t k = n < sizeof(buf) ? (size_t)n : sizeof(buf);
		int err = tar__read_full(tr, buf, k);

		if (err)
			return err;
		n -= k;
	}
	return 0;
}

static int tar__number(const unsigned char *f, size_t len, u64 *v)
{
	size_t i = 0;

	*v = 0;
	if (f[0] & 0x80) {	/* base-256, big endian */
		if (f[0] != 0x80)
			return -EINVAL;	/* negative */
		for (i = 1; i < len; i++) {
			if (*v >> 56)
				return -EINVAL;
			*v = (*v << 8) | f[i];
		}
		return 0;
	}
	while (i < len && f[i] == ' ')
		i++;
	for (; i < len && f[i] >= '0' && f[i] <= '7'; i++) {
		if (*v >> 60)
			return -EINVAL;
		*v = (*v << 3) | (u64)(f[i] - '0');
	}
	for (; i < len; i++)
		if (f[i] != ' ' && f[i] != '\0')
			return -EINVAL;
	return 0;
}

/* The checksum: the header's bytes summed with the chksum field as spaces. */
static bool tar__checksum_ok(const unsigned char *h)
{
	u64 want, sum = 0;
	int i;

	if (tar__number(h + 148, 8, &want))
		return false;
	for (i = 0; i < BLOCK; i++)
		sum += (i >= 148 && i < 156) ? ' ' : h[i];
	return sum == want;
}

/* A field that may fill its whole width without a NUL. */
static void tar__field(char *dst, size_t size, const unsigned char *f, size_t len)
{
	size_t n = strnlen((const char *)f, len);

	if (n >= size)
		n = size - 1;
	memcpy(dst, f, n);
	dst[n] = '\0';
}

/* The data of a 'L'/'K'/'x' record, NUL-terminated, at most TAR_META_MAX. */
static int tar__read_meta(struct tar_reader *tr, u64 size, char **out)
{
	u64 padded = (size + BLOCK - 1) / BLOCK * BLOCK;
	char *buf;
	int err;

	if (size > TAR_META_MAX)
		return -EINVAL;
	buf = malloc(padded + 1);
	if (!buf)
		return -ENOMEM;
	err = tar__read_full(tr, buf, padded);
	if (err) {
		free(buf);
		return err;
	}
	buf[size] = '\0';
	*out = buf;
	return 0;
}

/* "len key=value\n" records: take path= and linkpath=. */
static int tar__pax(const char *rec, char *path, char *linkpath)
{
	const char *p = rec;

	while (*p) {
		char *end;
		unsigned long len = strtoul(p, &end, 10);
		const char *kv = end + 1, *stop;
		char *dst = NULL;
		size_t n;

		/* len checked against what is left before p + len is formed */
		if (end == p || *end != ' ' || len < 3 || len > strlen(p))
			return -EINVAL;
		stop = p + len;
		if (kv >= stop || stop[-1] != '\n')
			return -EINVAL;
		if (!strncmp(kv, "path=", 5)) {
			kv += 5;
			dst = path;
		} else if (!strncmp(kv, "linkpath=", 9)) {
			kv += 9;
			dst = linkpath;
		}
		if (dst) {
			n = (size_t)(stop - 1 - kv);
			if (n >= PATH_MAX)
				return -EINVAL;
			memcpy(dst, kv, n);
			dst[n] = '\0';
		}
		p = stop;
	}
	return 0;
}

int tar_reader__next(struct tar_reader *tr, struct tar_member *m)
{
	char longname[PATH_MAX] = "", longlink[PATH_MAX] = "";
	unsigned char h[BLOCK];
	int err;

	err = tar__skip(tr, tr->left + tr->pad);
	if (err)
		return err;
	tr->left = tr->pad = 0;
	for (;;) {
		char *meta = NULL;
		u64 size;

		err = tar__read_full(tr, h, BLOCK);
		if (err == -EIO && tr->offset % BLOCK == 0)
			return 0;	/* ended without the zero blocks: tar(1) takes it */
		if (err)
			return err;
		if (h[0] == '\0')	/* a zero block: the end */
			return 0;
		if (!tar__checksum_ok(h) || tar__number(h + 124, 12, &size))
			return -EINVAL;
		switch (h[156]) {
		case 'L':
		case 'K':
		case 'x':
			err = tar__read_meta(tr, size, &meta);
			if (err)
				return err;
			if (h[156] == 'x') {
				err = tar__pax(meta, longname, longlink);
			} else {
				char *dst = h[156] == 'L' ? longname : longlink;

				if (strlen(meta) >= PATH_MAX)
					err = -EINVAL;
				else
					strcpy(dst, meta);
			}
			free(meta);
			if (err)
				return err;
			continue;
		case 'g':	/* global pax attributes: nothing we use */
			err = tar__skip(tr, (size + BLOCK - 1) / BLOCK * BLOCK);
			if (err)
				return err;
			continue;
		}
		break;
	}
	memset(m, 0, sizeof(*m));
	if (*longname) {
		strcpy(m->name, longname);
	} else if (!memcmp(h + 257, "ustar", 5) && h[345]) {
		char prefix[156], name[101];

		tar__field(prefix, sizeof(prefix), h + 345, 155);
		tar__field(name, sizeof(name), h, 100);
		snprintf(m->name, sizeof(m->name), "%s/%s", prefix, name);
	} else {
		tar__field(m->name, sizeof(m->name), h, 100);
	}
	if (*longlink)
		strcpy(m->linkname, longlink);
	else
		tar__field(m->linkname, sizeof(m->linkname), h + 157, 100);
	if (tar__number(h + 124, 12, &m->size))
		return -EINVAL;
	m->typeflag = (char)h[156];
	switch (h[156]) {
	case '0': case '\0': case '7': m->type = TAR_FILE; break;
	case '5': m->type = TAR_DIR; break;
	case '2': m->type = TAR_SYMLINK; break;
	default: m->type = TAR_OTHER; break;
	}
	/* only regular files carry data; a link's size field is not data */
	if (m->type != TAR_FILE && m->type != TAR_OTHER)
		m->size = 0;
	if (m->type == TAR_OTHER && (h[156] == '1' || h[156] == '3' || h[156] == '4' || h[156] == '6'))
		m->size = 0;
	tr->left = m->size;
	tr->pad = (BLOCK - m->size % BLOCK) % BLOCK;
	return 1;
}

ssize_t tar_reader__read(struct tar_reader *tr, void *buf, size_t n)
{
	int err;

	if (n > tr->left)
		n = (size_t)tr->left;
	if (!n)
		return 0;
	err = tar__read_full(tr, buf, n);
	if (err)
		return err;
	tr->left -= n;
	return (ssize_t)n;
}
