// SPDX-License-Identifier: GPL-2.0
/*
 * The tar reader perf archive --unpack trusts nothing with: ustar, GNU
 * long names, pax paths, base-256 sizes, members skipped unread, and
 * damage (bad checksum, a stream cut short) as errors, never a crash.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/base/tar-reader.h"

#define BLOCK 512

struct tarbuf {
	unsigned char	*p;
	size_t		len;
};

static void tb_put(struct tarbuf *tb, const void *data, size_t n)
{
	size_t padded = (n + BLOCK - 1) / BLOCK * BLOCK;

	tb->p = realloc(tb->p, tb->len + padded);
	memset(tb->p + tb->len, 0, padded);
	memcpy(tb->p + tb->len, data, n);
	tb->len += padded;
}

/* One header; @size in octal unless @b256. */
static void tb_header(struct tarbuf *tb, const char *name, char type, const char *link,
		      unsigned long long size, int b256)
{
	unsigned char h[BLOCK];
	unsigned int sum = 0;
	int i;

	memset(h, 0, sizeof(h));
	strncpy((char *)h, name, 100);
	memcpy(h + 100, "0000644", 7);
	if (b256) {
		h[124] = 0x80;
		for (i = 11; i >= 1; i--, size >>= 8)
			h[124 + i] = size & 0xff;
	} else {
		snprintf((char *)h + 124, 12, "%011llo", size);
	}
	h[156] = (unsigned char)type;
	if (link)
		strncpy((char *)h + 157, link, 100);
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memset(h + 148, ' ', 8);
	for (i = 0; i < BLOCK; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	tb_put(tb, h, BLOCK);
}

static void tb_file(struct tarbuf *tb, const char *name, const char *data)
{
	tb_header(tb, name, '0', NULL, strlen(data), 0);
	tb_put(tb, data, strlen(data));
}

static void tb_end(struct tarbuf *tb)
{
	static const unsigned char zero[2 * BLOCK];

	tb_put(tb, zero, sizeof(zero));
}

/* A reader over @tb's first @len bytes, through a pipe as bzip2's output is. */
static int tb_fd(const struct tarbuf *tb, size_t len)
{
	FILE *f = tmpfile();
	int fd;

	assert_non_null(f);
	assert_int_equal(fwrite(tb->p, 1, len, f), len);
	fflush(f);
	fd = dup(fileno(f));
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

static void test_members(void **state)
{
	struct tarbuf tb = { NULL, 0 };
	struct tar_member m;
	struct tar_reader tr;
	char buf[64], longname[300];
	int fd;

	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	tb_header(&tb, "dir/", '5', NULL, 0, 0);
	tb_file(&tb, "dir/skipped", "never read");
	tb_file(&tb, "dir/file", "hello");
	tb_header(&tb, ".build-id/ab/cd", '2', "../../x", 0, 0);
	tb_header(&tb, "././@LongLink", 'L', NULL, strlen(longname) + 1, 0);
	tb_put(&tb, longname, strlen(longname) + 1);
	tb_file(&tb, "truncated-name", "L");
	tb_header(&tb, "PaxHeaders/x", 'x', NULL, strlen("19 path=pax/long/p\n"), 0);
	tb_put(&tb, "19 path=pax/long/p\n", strlen("19 path=pax/long/p\n"));
	tb_file(&tb, "short", "pax");
	tb_header(&tb, "hard", '1', "/etc/passwd", 0, 0);
	tb_header(&tb, "big", '0', NULL, 5, 1);
	tb_put(&tb, "b256!", 5);
	tb_end(&tb);

	fd = tb_fd(&tb, tb.len);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, "dir/");
	assert_int_equal(m.type, TAR_DIR);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, "dir/skipped");
	/* not read: skipped by the next call */
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, "dir/file");
	assert_int_equal(m.size, 5);
	assert_int_equal(tar_reader__read(&tr, buf, sizeof(buf)), 5);
	assert_memory_equal(buf, "hello", 5);
	assert_int_equal(tar_reader__read(&tr, buf, sizeof(buf)), 0);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_int_equal(m.type, TAR_SYMLINK);
	assert_string_equal(m.linkname, "../../x");
	assert_int_equal(m.size, 0);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, longname);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, "pax/long/p");
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_int_equal(m.type, TAR_OTHER);
	assert_int_equal(m.typeflag, '1');
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_string_equal(m.name, "big");
	assert_int_equal(m.size, 5);
	assert_int_equal(tar_reader__read(&tr, buf, 2), 2);
	assert_int_equal(tar_reader__next(&tr, &m), 0);
	close(fd);
	free(tb.p);
}

static void test_damage(void **state)
{
	struct tarbuf tb = { NULL, 0 };
	struct tar_member m;
	struct tar_reader tr;
	char buf[8];
	int fd;

	tb_file(&tb, "file", "0123456789");
	tb_end(&tb);

	/* cut inside the data: the read says so */
	fd = tb_fd(&tb, BLOCK + 4);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), 1);
	assert_int_equal(tar_reader__read(&tr, buf, 8), -EIO);
	close(fd);

	/* cut inside a header */
	fd = tb_fd(&tb, 100);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), -EIO);
	close(fd);

	/* a flipped byte: the checksum */
	tb.p[10] ^= 1;
	fd = tb_fd(&tb, tb.len);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), -EINVAL);
	close(fd);
	tb.p[10] ^= 1;

	/* an empty stream is an empty archive */
	fd = tb_fd(&tb, 0);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), 0);
	close(fd);
	free(tb.p);
}

static void test_oversized_meta(void **state)
{
	struct tarbuf tb = { NULL, 0 };
	struct tar_member m;
	struct tar_reader tr;
	int fd;

	/* a long name record bigger than any path: refused before reading it */
	tb_header(&tb, "././@LongLink", 'L', NULL, TAR_META_MAX + 1, 0);
	tb_end(&tb);
	fd = tb_fd(&tb, tb.len);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), -EINVAL);
	close(fd);
	free(tb.p);

	/* a pax record whose length runs past its data */
	tb = (struct tarbuf){ NULL, 0 };
	tb_header(&tb, "PaxHeaders/x", 'x', NULL, 8, 0);
	tb_put(&tb, "99 path=", 8);
	tb_file(&tb, "f", "x");
	tb_end(&tb);
	fd = tb_fd(&tb, tb.len);
	tar_reader__init(&tr, fd);
	assert_int_equal(tar_reader__next(&tr, &m), -EINVAL);
	close(fd);
	free(tb.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_members),
		cmocka_unit_test(test_damage),
		cmocka_unit_test(test_oversized_meta),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
