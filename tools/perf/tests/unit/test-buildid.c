// SPDX-License-Identifier: GPL-2.0
/*
 * lib/buildid.c on hand-made ELF images: both classes and byte orders,
 * notes past the first page, several PT_NOTE segments, foreign notes,
 * 8-byte aligned notes, section fallback (ET_REL), md5-size ids,
 * extended numbering, and malformed images: every header field that can
 * point out of the image, overflowing sizes, truncation at every byte,
 * a note flood, failing reads.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include <asm/byteorder.h>
#include "buildid-test-elf.h"

static const u8 sha1[20] = {
	0x15, 0xdf, 0xff, 0x32, 0x39, 0xaa, 0x7c, 0x3b, 0x16, 0xa7,
	0x1c, 0xbf, 0x64, 0xa3, 0x79, 0x6e, 0x40, 0x09, 0xda, 0xb9,
};
static const u8 md5[16] = {
	0xde, 0xad, 0xbe, 0xef, 0x00, 0x11, 0x22, 0x33,
	0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb,
};
static const u8 abi_tag[16] = { 0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0 };
static const u8 junk[24] = { 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 1, 2, 3, 4 };

#define NOTE_BUILD_ID		{ "GNU", NT_GNU_BUILD_ID, sha1, sizeof(sha1) }
#define NOTE_MD5		{ "GNU", NT_GNU_BUILD_ID, md5, sizeof(md5) }
#define NOTE_ABI_TAG		{ "GNU", 1, abi_tag, sizeof(abi_tag) }
/* Same type number as the build-id, another owner: must be skipped. */
#define NOTE_XEN		{ "Xen", NT_GNU_BUILD_ID, junk, 12 }
/* A GNU build-id note too long to be one: skipped (remembered as malformed). */
#define NOTE_TOO_LONG		{ "GNU", NT_GNU_BUILD_ID, junk, sizeof(junk) }
#define NOTE_LINUX		{ "Linux", NT_GNU_BUILD_ID, junk, 12 }

/* A typical executable: ELF64 LE, program + section headers, one area. */
static struct telf_spec basic(bool is64, bool be)
{
	struct telf_spec s = {
		.is64 = is64, .be = be, .phdrs = true, .shdrs = true, .nr = 1,
		.areas = { { .off = 0x200, .align = 4, .nr = 2,
			     .notes = { NOTE_ABI_TAG, NOTE_BUILD_ID } } },
	};
	return s;
}

/* Parse @t, expect @want (size @wsz) or error @err. */
static void expect(const struct telf *t, int err, const u8 *want, u32 wsz)
{
	unsigned char id[BUILD_ID_SIZE_MAX], zero[BUILD_ID_SIZE_MAX] = { 0 };
	u32 size = 77;

	memset(id, 0xee, sizeof(id));
	assert_int_equal(build_id_parse_mem(t->buf, t->len, id, &size), err);
	if (err) {
		assert_int_equal(size, 0);
		assert_memory_equal(id, zero, sizeof(id));
		return;
	}
	assert_int_equal(size, wsz);
	assert_memory_equal(id, want, wsz);
	/* zero-padded after the id */
	assert_memory_equal(id + wsz, zero, sizeof(id) - wsz);
}

static void build_expect(const struct telf_spec *s, int err, const u8 *want, u32 wsz)
{
	struct telf t;

	assert_int_equal(telf__build(s, &t), 0);
	expect(&t, err, want, wsz);
	free(t.buf);
}

static void test_elf64_le(void **state)
{
	struct telf_spec s = basic(true, false);

	build_expect(&s, 0, sha1, 20);
}

static void test_elf32_le(void **state)
{
	struct telf_spec s = basic(false, false);

	build_expect(&s, 0, sha1, 20);
}

static void test_elf64_be(void **state)
{
	struct telf_spec s = basic(true, true);

	build_expect(&s, 0, sha1, 20);
}

static void test_elf32_be(void **state)
{
	struct telf_spec s = basic(false, true);

	build_expect(&s, 0, sha1, 20);
}

static void test_md5_size(void **state)
{
	struct telf_spec s = basic(true, false);

	s.areas[0].notes[1] = (struct telf_note)NOTE_MD5;
	build_expect(&s, 0, md5, 16);
}

/* Linux < 6.12 only looked at the first page; we look everywhere. */
static void test_note_past_first_page(void **state)
{
	struct telf_spec s = basic(true, false);

	s.areas[0].off = 3 * 4096 + 0x40;
	build_expect(&s, 0, sha1, 20);
	s.shdrs = false;
	build_expect(&s, 0, sha1, 20);
}

/* Two PT_NOTEs: property/ABI notes first, the build-id in the second. */
static void test_second_segment(void **state)
{
	struct telf_spec s = {
		.is64 = true, .phdrs = true, .nr = 2,
		.areas = {
			{ .off = 0x100, .align = 4, .nr = 2, .notes = { NOTE_ABI_TAG, NOTE_LINUX } },
			{ .off = 0x300, .align = 4, .nr = 1, .notes = { NOTE_BUILD_ID } },
		},
	};

	build_expect(&s, 0, sha1, 20);
}

/* Non-GNU notes with the build-id's type number come first: skipped. */
static void test_foreign_notes_skipped(void **state)
{
	struct telf_spec s = {
		.is64 = false, .phdrs = true, .nr = 1,
		.areas = { { .off = 0x80, .align = 4, .nr = 4,
			     .notes = { NOTE_XEN, NOTE_TOO_LONG, NOTE_LINUX, NOTE_MD5 } } },
	};

	build_expect(&s, 0, md5, 16);
	/* without a valid one, the too long one makes the image malformed */
	s.areas[0].nr = 3;
	build_expect(&s, -EINVAL, NULL, 0);
}

/*
 * p_align 8 pads name and desc to 8: "Linux" (namesz 6) takes 8 bytes and
 * "GNU" (4) too, so a 4-byte walk would read the desc 4 bytes early.
 */
static void test_note_align8(void **state)
{
	struct telf_spec s = {
		.is64 = true, .phdrs = true, .nr = 1,
		.areas = { { .off = 0x100, .align = 8, .nr = 2,
			     .notes = { { "Linux", 5, junk, 20 }, NOTE_BUILD_ID } } },
	};

	build_expect(&s, 0, sha1, 20);
}

/* ET_REL (kernel module): no program headers, SHT_NOTE sections only. */
static void test_section_fallback(void **state)
{
	struct telf_spec s = {
		.is64 = true, .shdrs = true, .nr = 2,
		.areas = {
			{ .off = 0x40, .align = 8, .nr = 1, .notes = { { "GNU", 5, junk, 16 } } },
			{ .off = 0x70, .align = 4, .nr = 1, .notes = { NOTE_BUILD_ID } },
		},
	};

	build_expect(&s, 0, sha1, 20);
	s.be = true;
	s.is64 = false;
	build_expect(&s, 0, sha1, 20);
}

/* A PT_NOTE without a build-id, the id only in a section (stale debug file). */
static void test_sections_after_phdrs(void **state)
{
	struct telf_spec s = basic(true, false);
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	/* turn the PT_NOTE into PT_NULL */
	telf__put(&s, t.buf + t.phoff + sizeof(Elf64_Phdr), PT_NULL, 4);
	expect(&t, 0, sha1, 20);
	free(t.buf);
}

static void test_no_build_id(void **state)
{
	struct telf_spec s = basic(true, false);

	s.areas[0].nr = 1;
	build_expect(&s, -ENOENT, NULL, 0);
	s.nr = 0;
	build_expect(&s, -ENOENT, NULL, 0);
	s.phdrs = s.shdrs = false;
	build_expect(&s, -ENOENT, NULL, 0);
}

static void test_not_elf(void **state)
{
	struct telf_spec s = basic(true, false);
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	t.len = 15;		/* shorter than e_ident */
	expect(&t, -ENOEXEC, NULL, 0);
	t.len = 30;		/* ELF64 magic, header cut */
	expect(&t, -EINVAL, NULL, 0);
	t.len = 64;
	t.buf[EI_CLASS] = 3;
	expect(&t, -ENOEXEC, NULL, 0);
	t.buf[EI_CLASS] = ELFCLASS64;
	t.buf[EI_DATA] = 0;
	expect(&t, -ENOEXEC, NULL, 0);
	t.buf[0] = 0;
	expect(&t, -ENOEXEC, NULL, 0);
	t.len = 0;
	expect(&t, -ENOEXEC, NULL, 0);
	free(t.buf);
}

/* Header fields of a valid image made hostile, one at a time. */
static void test_hostile_headers(void **state)
{
	struct telf_spec s = basic(true, false);
	u8 *note;
	struct telf t;

	s.shdrs = false;
	assert_int_equal(telf__build(&s, &t), 0);
	note = t.buf + s.areas[0].off + 12 + 4 + 16;	/* the build-id note */

	telf__put(&s, t.buf + 32, t.len + 1, 8);		/* e_phoff past EOF */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + 32, ~0ULL - 10, 8);		/* phoff + size wraps */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + 32, t.phoff, 8);
	telf__put(&s, t.buf + 54, 0xffff, 2);			/* phentsize * phnum: 4 GiB */
	telf__put(&s, t.buf + 56, 0xfffe, 2);
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + 54, 8, 2);			/* entries too small */
	telf__put(&s, t.buf + 56, 2, 2);
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + 54, sizeof(Elf64_Phdr), 2);
	expect(&t, 0, sha1, 20);
	/* e_shnum 0 sends us to a section 0 past EOF: the phdrs still count */
	telf__put(&s, t.buf + 40, t.len + 100, 8);
	expect(&t, 0, sha1, 20);
	telf__put(&s, t.buf + 56, PN_XNUM, 2);			/* ...unless they need it */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + 56, 2, 2);
	telf__put(&s, t.buf + 40, 0, 8);

	telf__put(&s, note, 0xffffffff, 4);			/* namesz wraps */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, note, 4, 4);
	telf__put(&s, note + 4, 0xfffffffc, 4);			/* descsz wraps */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, note + 4, 21, 4);				/* too long an id */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, note + 4, 0, 4);				/* empty id */
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, note + 4, 20, 4);

	/* the PT_NOTE itself out of the file, or wrapping */
	telf__put(&s, t.buf + t.phoff + 56 + 8, t.len - 4, 8);
	expect(&t, -EINVAL, NULL, 0);
	telf__put(&s, t.buf + t.phoff + 56 + 8, ~0ULL - 2, 8);
	expect(&t, -EINVAL, NULL, 0);
	free(t.buf);
}

/* A malformed area does not hide a valid build-id in another one. */
static void test_bad_area_then_good(void **state)
{
	struct telf_spec s = {
		.is64 = true, .phdrs = true, .nr = 2,
		.areas = {
			{ .off = 0x100, .align = 4, .nr = 1, .notes = { NOTE_ABI_TAG } },
			{ .off = 0x200, .align = 4, .nr = 1, .notes = { NOTE_BUILD_ID } },
		},
	};
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	telf__put(&s, t.buf + 0x100 + 4, 0x1000, 4);	/* ABI tag desc runs off its area */
	expect(&t, 0, sha1, 20);
	telf__put(&s, t.buf + t.phoff + 2 * 56, PT_NULL, 4);	/* ...and no other area */
	expect(&t, -EINVAL, NULL, 0);
	free(t.buf);
}

/* e_phnum == PN_XNUM: the count is section 0's sh_info. */
static void test_extended_phnum(void **state)
{
	struct telf_spec s = basic(true, false);
	struct telf t;

	assert_int_equal(telf__build(&s, &t), 0);
	telf__put(&s, t.buf + 56, PN_XNUM, 2);
	telf__put(&s, t.buf + t.shoff + 44, 2, 4);
	/* hide the section so only the phdr walk can find it */
	telf__put(&s, t.buf + t.shoff + 64 + 4, SHT_PROGBITS, 4);
	expect(&t, 0, sha1, 20);
	telf__put(&s, t.buf + t.shoff + 44, 0x7fffffff, 4);	/* huge: table past EOF */
	expect(&t, -EINVAL, NULL, 0);
	free(t.buf);
}

/* Cut a valid image at every length: an error or the right id, never a bad read. */
static void truncate_all(const struct telf_spec *s)
{
	unsigned char id[BUILD_ID_SIZE_MAX];
	struct telf t;
	size_t len;
	u32 size;

	assert_int_equal(telf__build(s, &t), 0);
	for (len = 0; len <= t.len; len++) {
		u8 *copy = malloc(len ? len : 1);	/* exact size: ASan sees any overrun */
		int err;

		assert_non_null(copy);
		memcpy(copy, t.buf, len);
		err = build_id_parse_mem(copy, len, id, &size);
		if (err) {
			assert_true(err == -ENOEXEC || err == -EINVAL || err == -ENOENT);
		} else {
			assert_int_equal(size, 20);
			assert_memory_equal(id, sha1, 20);
		}
		free(copy);
	}
	expect(&t, 0, sha1, 20);
	free(t.buf);
}

static void test_truncated_everywhere(void **state)
{
	struct telf_spec s = basic(true, false);

	truncate_all(&s);
	s = basic(false, true);
	truncate_all(&s);
	s.phdrs = false;	/* section walk only */
	truncate_all(&s);
}

/* 70000 empty notes: the walk stops at BUILD_ID_MAX_NOTES. */
static void test_note_flood(void **state)
{
	size_t n = BUILD_ID_MAX_NOTES + 10, len = n * 12 + 36;
	unsigned char id[BUILD_ID_SIZE_MAX];
	u32 size;
	u8 *blob = calloc(1, len);
	const u32 hdr[3] = { 4, 20, NT_GNU_BUILD_ID };

	assert_non_null(blob);
	memcpy(blob + n * 12, hdr, sizeof(hdr));
	memcpy(blob + n * 12 + 12, "GNU", 4);
	memcpy(blob + n * 12 + 16, sha1, 20);
	assert_int_equal(build_id_parse_notes(blob, len, id, &size), -E2BIG);
	assert_int_equal(build_id_parse_notes(blob + 12 * 20, len - 12 * 20, id, &size), 0);
	assert_memory_equal(id, sha1, 20);
	free(blob);
}

/* A notes blob as in /sys/kernel/notes: CPU byte order. */
static void test_parse_notes_blob(void **state)
{
	struct telf_spec s = { .is64 = true, .be = __cpu_to_be32(1) == 1 };
	struct telf_area a = { .align = 4, .nr = 3,
			       .notes = { { "Xen", 6, junk, 8 }, NOTE_ABI_TAG, NOTE_BUILD_ID } };
	unsigned char id[BUILD_ID_SIZE_MAX];
	u64 len = telf__area_len(&a);
	u8 *blob = calloc(1, len);
	u32 size = 0;

	assert_non_null(blob);
	telf__write_area(&s, &a, blob);
	assert_int_equal(build_id_parse_notes(blob, len, id, &size), 0);
	assert_int_equal(size, 20);
	assert_memory_equal(id, sha1, 20);
	memset(id, 0, sizeof(id));
	assert_int_equal(build_id_parse_buf(blob, id, (u32)len), 0);
	assert_memory_equal(id, sha1, 20);
	/* the build-id cut short */
	assert_int_equal(build_id_parse_notes(blob, len - 1, id, &size), -EINVAL);
	assert_int_equal(size, 0);
	/* only the first two notes */
	assert_int_equal(build_id_parse_notes(blob, len - 36, id, &size), -ENOENT);
	assert_int_equal(build_id_parse_notes(blob, 0, id, NULL), -ENOENT);
	free(blob);
}

struct fail_reader {
	const struct telf *t;
	int fail_after;		/* reads that succeed */
	int err;
};

static int fail_read(const struct build_id_reader *r, u64 off, void *buf, size_t len)
{
	struct fail_reader *f = r->priv;

	assert_true(off + len <= f->t->len);	/* bounds checked before every read */
	if (f->fail_after-- <= 0)
		return f->err;
	memcpy(buf, f->t->buf + off, len);
	return 0;
}

/* Reader errors come back as they are, or -EIO if they would look like ours. */
static void test_read_errors(void **state)
{
	struct telf_spec s = basic(true, false);
	unsigned char id[BUILD_ID_SIZE_MAX];
	struct fail_reader f = { .err = -EIO };
	struct build_id_reader r = { .read = fail_read, .priv = &f };
	struct telf t;
	int i, err;

	assert_int_equal(telf__build(&s, &t), 0);
	f.t = &t;
	r.size = t.len;
	for (i = 0; i < 6; i++) {
		f.fail_after = i;
		f.err = i % 2 ? -ENOENT : -ENXIO;
		err = build_id_parse_reader(&r, id, NULL);
		assert_int_equal(err, i % 2 ? -EIO : -ENXIO);
	}
	f.fail_after = 1000;
	assert_int_equal(build_id_parse_reader(&r, id, NULL), 0);
	assert_memory_equal(id, sha1, 20);
	free(t.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_elf64_le),
		cmocka_unit_test(test_elf32_le),
		cmocka_unit_test(test_elf64_be),
		cmocka_unit_test(test_elf32_be),
		cmocka_unit_test(test_md5_size),
		cmocka_unit_test(test_note_past_first_page),
		cmocka_unit_test(test_second_segment),
		cmocka_unit_test(test_foreign_notes_skipped),
		cmocka_unit_test(test_note_align8),
		cmocka_unit_test(test_section_fallback),
		cmocka_unit_test(test_sections_after_phdrs),
		cmocka_unit_test(test_no_build_id),
		cmocka_unit_test(test_not_elf),
		cmocka_unit_test(test_hostile_headers),
		cmocka_unit_test(test_bad_area_then_good),
		cmocka_unit_test(test_extended_phnum),
		cmocka_unit_test(test_truncated_everywhere),
		cmocka_unit_test(test_note_flood),
		cmocka_unit_test(test_parse_notes_blob),
		cmocka_unit_test(test_read_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
