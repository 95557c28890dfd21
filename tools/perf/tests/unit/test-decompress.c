// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/decompress.c, the one reader of gzip/xz/zstd files that build-id.c
 * and symbol-elf.c share: kinds by magic, the same bytes from a file and
 * from memory, more than one chunk of input, the caller's cap, truncated
 * and damaged streams, concatenated zstd frames.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include "util/symbols/decompress.h"

/* 300 KiB of text that compresses but not to nothing: several input chunks. */
#define PLAIN_LEN	(300 * 1024)

static u8 *plain_data(void)
{
	u8 *p = malloc(PLAIN_LEN);
	u32 x = 12345;
	size_t i;

	assert_non_null(p);
	for (i = 0; i < PLAIN_LEN; i++) {
		x = x * 1103515245 + 12345;
		p[i] = "abcdefgh\n"[(x >> 16) % 9];
	}
	return p;
}

static u8 *gzip(const u8 *in, size_t len, size_t *out_len)
{
	size_t cap = len + 1024;
	u8 *out = malloc(cap);
	z_stream z;

	memset(&z, 0, sizeof(z));
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)in;
	z.avail_in = len;
	z.next_out = out;
	z.avail_out = cap;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	*out_len = z.total_out;
	deflateEnd(&z);
	return out;
}

static u8 *xz(const u8 *in, size_t len, size_t *out_len)
{
	u8 *out = malloc(len + 1024);

	*out_len = 0;
	assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, in, len, out,
						 out_len, len + 1024), LZMA_OK);
	return out;
}

static u8 *zstd(const u8 *in, size_t len, size_t *out_len)
{
	ZSTD_CCtx *cc = ZSTD_createCCtx();
	u8 *out = malloc(ZSTD_compressBound(len));

	/* with a checksum, as zstd(1) writes: damage is detected */
	assert_false(ZSTD_isError(ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1)));
	*out_len = ZSTD_compress2(cc, out, ZSTD_compressBound(len), in, len);
	assert_false(ZSTD_isError(*out_len));
	ZSTD_freeCCtx(cc);
	return out;
}

/* @len bytes of @data in an unlinked temporary file. */
static int tmp_file(const u8 *data, size_t len)
{
	char path[] = "/tmp/test-decompress.XXXXXX";
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	unlink(path);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	return fd;
}

static void test_kinds(void **state)
{
	static const u8 gz[] = { 0x1f, 0x8b, 8 }, x[] = { 0xfd, '7', 'z', 'X', 'Z', 0 },
			zst[] = { 0x28, 0xb5, 0x2f, 0xfd }, elf[] = { 0x7f, 'E', 'L', 'F' };

	assert_int_equal(decompress__kind(gz, sizeof(gz)), DECOMPRESS_GZIP);
	assert_int_equal(decompress__kind(x, sizeof(x)), DECOMPRESS_XZ);
	assert_int_equal(decompress__kind(zst, sizeof(zst)), DECOMPRESS_ZSTD);
	assert_int_equal(decompress__kind(elf, sizeof(elf)), DECOMPRESS_NONE);
	/* too short to tell: a plain file */
	assert_int_equal(decompress__kind(x, 5), DECOMPRESS_NONE);
	assert_int_equal(decompress__kind(gz, 1), DECOMPRESS_NONE);
	assert_int_equal(decompress__kind(gz, 0), DECOMPRESS_NONE);
}

/* Each format, from a file and from memory: the same bytes back. */
static void test_round_trip(void **state)
{
	u8 *(*comp[])(const u8 *, size_t, size_t *) = { gzip, xz, zstd };
	enum decompress_kind kinds[] = { DECOMPRESS_GZIP, DECOMPRESS_XZ, DECOMPRESS_ZSTD };
	u8 *plain = plain_data(), *packed, *out;
	size_t i, len, out_len;
	int fd;

	for (i = 0; i < 3; i++) {
		packed = comp[i](plain, PLAIN_LEN, &len);
		fd = tmp_file(packed, len);
		assert_int_equal(decompress__fd_kind(fd), kinds[i]);
		assert_int_equal(decompress__fd(fd, kinds[i], 1 << 30, &out, &out_len), 0);
		assert_int_equal(out_len, PLAIN_LEN);
		assert_memory_equal(out, plain, PLAIN_LEN);
		free(out);
		assert_int_equal(decompress__mem(packed, len, kinds[i], 1 << 30, &out, &out_len), 0);
		assert_int_equal(out_len, PLAIN_LEN);
		assert_memory_equal(out, plain, PLAIN_LEN);
		free(out);
		close(fd);
		free(packed);
	}
	free(plain);
}

/* Past the cap: -EFBIG; cut anywhere, damaged, or no kind: -EINVAL. */
static void test_bad_streams(void **state)
{
	u8 *(*comp[])(const u8 *, size_t, size_t *) = { gzip, xz, zstd };
	enum decompress_kind kinds[] = { DECOMPRESS_GZIP, DECOMPRESS_XZ, DECOMPRESS_ZSTD };
	u8 *plain = plain_data(), *packed, *out = NULL;
	size_t i, cut, len, out_len;

	for (i = 0; i < 3; i++) {
		packed = comp[i](plain, PLAIN_LEN, &len);
		assert_int_equal(decompress__mem(packed, len, kinds[i], PLAIN_LEN - 1, &out,
						 &out_len), -EFBIG);
		for (cut = 1; cut < len; cut += len / 7 + 1)
			assert_int_equal(decompress__mem(packed, cut, kinds[i], 1 << 30, &out,
							 &out_len), -EINVAL);
		packed[len / 2] ^= 0x55;
		assert_int_equal(decompress__mem(packed, len, kinds[i], 1 << 30, &out, &out_len),
				 -EINVAL);
		free(packed);
	}
	assert_int_equal(decompress__mem(plain, 64, DECOMPRESS_NONE, 1 << 30, &out, &out_len),
			 -EINVAL);
	assert_null(out);
	free(plain);
}

/* Two zstd frames back to back, as `cat a.zst b.zst` makes: both read. */
static void test_zstd_frames(void **state)
{
	u8 *plain = plain_data(), *a, *b, *both, *out;
	size_t la, lb, out_len;

	a = zstd(plain, PLAIN_LEN / 2, &la);
	b = zstd(plain + PLAIN_LEN / 2, PLAIN_LEN - PLAIN_LEN / 2, &lb);
	both = malloc(la + lb);
	memcpy(both, a, la);
	memcpy(both + la, b, lb);
	assert_int_equal(decompress__mem(both, la + lb, DECOMPRESS_ZSTD, 1 << 30, &out,
					 &out_len), 0);
	assert_int_equal(out_len, PLAIN_LEN);
	assert_memory_equal(out, plain, PLAIN_LEN);
	free(out);
	free(both);
	free(b);
	free(a);
	free(plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bad_streams),
		cmocka_unit_test(test_zstd_frames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
