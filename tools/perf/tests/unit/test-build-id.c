// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/build-id.c: hex conversion, files (plain, gzip, xz, zstd; damaged
 * compressed streams; the decompression cap), sysfs-style notes files and
 * module names.  Real binaries are compared with readelf in
 * t0100-buildid-readelf.sh.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <cmocka.h>
#include <asm/byteorder.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>
#include "util/symbols/build-id.h"
#include "buildid-test-elf.h"

static const u8 sha1[20] = {
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc,
	0xba, 0x98, 0x76, 0x54, 0x32, 0x10, 0x00, 0xff, 0x7f, 0x80,
};
static const char sha1_hex[] = "0123456789abcdeffedcba9876543210" "00ff7f80";

/* An ET_REL image (module-like), ELF64 LE, id only in a section, at the end. */
static struct telf image(void)
{
	struct telf_spec s = {
		.is64 = true, .shdrs = true, .nr = 1,
		.areas = { { .off = 0x2000, .align = 4, .nr = 1,
			     .notes = { { "GNU", NT_GNU_BUILD_ID, sha1, 20 } } } },
	};
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	return t;
}

static void check_sha1(const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE];

	assert_int_equal(bid->size, 20);
	assert_int_equal(build_id__sprintf(bid, hex), 40);
	assert_string_equal(hex, sha1_hex);
}

static void test_hex(void **state)
{
	struct build_id a, b;
	char hex[SBUILD_ID_SIZE];

	assert_int_equal(build_id__from_hex(&a, "0123456789ABCDEFfedcba987654321000FF7F80"), 0);
	check_sha1(&a);
	build_id__init(&b, sha1, 20);
	assert_true(build_id__equal(&a, &b));
	assert_true(build_id__is_defined(&a));
	b.size = 16;
	assert_false(build_id__equal(&a, &b));
	assert_int_equal(build_id__sprintf(&b, hex), 32);
	assert_string_equal(hex, "0123456789abcdeffedcba9876543210");

	assert_int_equal(build_id__from_hex(&a, "abc"), -EINVAL);	/* odd */
	assert_int_equal(a.size, 0);
	assert_int_equal(build_id__from_hex(&a, ""), -EINVAL);
	assert_int_equal(build_id__from_hex(&a, "zz"), -EINVAL);
	assert_int_equal(build_id__from_hex(&a, "0123456789abcdeffedcba987654321000ff7f80aa"),
			 -EINVAL);					/* 21 bytes */
	assert_int_equal(build_id__from_hex(&a, "00"), 0);
	assert_int_equal(a.size, 1);
	assert_false(build_id__is_defined(&a));
	build_id__init(&a, NULL, 0);
	assert_int_equal(build_id__sprintf(&a, hex), 0);
	assert_string_equal(hex, "");
}

static char *write_tmp(const void *buf, size_t len)
{
	char *path = strdup("/tmp/test-buildid-XXXXXX");
	int fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	close(fd);
	return path;
}

/* Parse @buf both in memory and as a file: @err, and the id if 0. */
static void expect_both(const void *buf, size_t len, int err)
{
	struct build_id bid;
	char *path = write_tmp(buf, len);

	assert_int_equal(buf__read_build_id(buf, len, &bid), err);
	if (!err)
		check_sha1(&bid);
	else
		assert_int_equal(bid.size, 0);
	assert_int_equal(filename__read_build_id(path, &bid), err);
	if (!err)
		check_sha1(&bid);
	unlink(path);
	free(path);
}

/* An image whose note straddles the reader's 4 KiB windows. */
static void test_note_across_windows(void **state)
{
	struct telf_spec s = {
		.is64 = false, .be = true, .phdrs = true, .shdrs = true, .nr = 2,
		.areas = {
			{ .off = 4092, .align = 4, .nr = 1,
			  .notes = { { "GNU", NT_GNU_BUILD_ID, sha1, 20 } } },
			{ .off = 3 * 4096 - 6, .align = 4, .nr = 1,
			  .notes = { { "GNU", 1, sha1, 16 } } },
		},
	};
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	expect_both(t.buf, t.len, 0);
	s.areas[0].notes[0].type = 1;	/* the id only in the far note, across a window */
	s.areas[1].notes[0].type = NT_GNU_BUILD_ID;
	s.areas[1].notes[0].descsz = 20;
	free(t.buf);
	assert_int_equal(telf__build(&s, &t), 0);
	expect_both(t.buf, t.len, 0);
	free(t.buf);
}

static void test_plain_file(void **state)
{
	struct telf t = image();
	struct build_id bid;

	expect_both(t.buf, t.len, 0);
	expect_both(t.buf, 3, -ENOEXEC);
	expect_both("", 0, -ENOEXEC);
	assert_int_equal(filename__read_build_id("/nonexistent/x", &bid), -ENOENT);
	assert_int_equal(filename__read_build_id("/tmp", &bid), -EISDIR);
	assert_int_equal(filename__read_build_id("/dev/null", &bid), -EINVAL);
	free(t.buf);
}

static u8 *gzip(const u8 *in, size_t len, size_t *out_len)
{
	z_stream z;
	u8 *out = malloc(len + 1024);

	memset(&z, 0, sizeof(z));
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)in;
	z.avail_in = len;
	z.next_out = out;
	z.avail_out = len + 1024;
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

/* Each compressor: the id; cut anywhere in the stream or damaged: an error. */
static void test_compressed(void **state)
{
	u8 *(*comp[])(const u8 *, size_t, size_t *) = { gzip, xz, zstd };
	struct telf t = image();
	struct build_id bid;
	size_t i, len, cut;

	for (i = 0; i < sizeof(comp) / sizeof(comp[0]); i++) {
		u8 *c = comp[i](t.buf, t.len, &len);

		expect_both(c, len, 0);
		for (cut = 1; cut < len; cut += 1 + cut / 8)
			assert_true(buf__read_build_id(c, cut, &bid) < 0);
		/* a bit flip in the middle of the stream */
		c[len / 2] ^= 0x55;
		assert_true(buf__read_build_id(c, len, &bid) < 0);
		free(c);
	}
	free(t.buf);
}

/* A zstd bomb of 600 MiB of zeros stops at the cap. */
static void test_decompression_cap(void **state)
{
	ZSTD_CCtx *cc = ZSTD_createCCtx();
	size_t chunk = 1 << 20, cap = 1 << 20, i, ret;
	u8 *zeros = calloc(1, chunk), *out = malloc(cap);
	ZSTD_outBuffer ob = { out, cap, 0 };
	struct build_id bid;

	assert_non_null(cc);
	for (i = 0; i < 600; i++) {
		ZSTD_inBuffer ib = { zeros, chunk, 0 };

		ret = ZSTD_compressStream2(cc, &ob, &ib, i == 599 ? ZSTD_e_end : ZSTD_e_continue);
		assert_false(ZSTD_isError(ret));
		assert_int_equal(ib.pos, chunk);
	}
	assert_int_equal(ret, 0);
	assert_int_equal(buf__read_build_id(out, ob.pos, &bid), -EFBIG);
	ZSTD_freeCCtx(cc);
	free(zeros);
	free(out);
}

/* A notes blob file, as /sys/kernel/notes; and module name checks. */
static void test_sysfs_notes(void **state)
{
	struct telf_spec s = { .be = __cpu_to_be32(1) == 1 };
	struct telf_area a = { .align = 4, .nr = 2,
			       .notes = { { "Xen", 6, sha1, 8 },
					  { "GNU", NT_GNU_BUILD_ID, sha1, 20 } } };
	u64 len = telf__area_len(&a);
	u8 *blob = calloc(1, len);
	struct build_id bid;
	char *path;

	telf__write_area(&s, &a, blob);
	path = write_tmp(blob, len);
	assert_int_equal(sysfs__read_build_id(path, &bid), 0);
	check_sha1(&bid);
	unlink(path);
	free(path);
	path = write_tmp(blob, len - 1);
	assert_int_equal(sysfs__read_build_id(path, &bid), -EINVAL);
	unlink(path);
	free(path);
	assert_int_equal(sysfs__read_build_id("/nonexistent", &bid), -ENOENT);
	assert_int_equal(module__read_build_id("../kernel", &bid), -EINVAL);
	assert_int_equal(module__read_build_id("..", &bid), -EINVAL);
	assert_int_equal(module__read_build_id("", &bid), -EINVAL);
	assert_int_equal(module__read_build_id("no_such_module_xyz", &bid), -ENOENT);
	free(blob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_plain_file),
		cmocka_unit_test(test_note_across_windows),
		cmocka_unit_test(test_compressed),
		cmocka_unit_test(test_decompression_cap),
		cmocka_unit_test(test_sysfs_notes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
