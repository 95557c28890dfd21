// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lib/buildid.c, on ELF images built in memory: a note in
 * page 0 and beyond it, ELF32, a 16-byte (md5) id, and malformed images
 * that must fail with the documented error, never read out of bounds.
 */
#include <kunit/test.h>
#include <linux/buildid.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#define IMG_SIZE	(3 * 4096)

static const u8 sha1_id[20] = {
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x10, 0x32,
	0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe, 0x11, 0x22, 0x33, 0x44,
};

/* A GNU build-id note of @len bytes at @img + @off; returns its size. */
static size_t put_note(u8 *img, size_t off, size_t len)
{
	Elf32_Nhdr n = { .n_namesz = 4, .n_descsz = len, .n_type = NT_GNU_BUILD_ID };

	memcpy(img + off, &n, sizeof(n));
	memcpy(img + off + sizeof(n), "GNU", 4);
	memcpy(img + off + sizeof(n) + 4, sha1_id, len);
	return sizeof(n) + 4 + ALIGN(len, 4);
}

static void put_ident(u8 *ident, u8 class)
{
	memcpy(ident, ELFMAG, SELFMAG);
	ident[EI_CLASS] = class;
	ident[EI_DATA] = ELFDATA2LSB;	/* x86: the CPU's order */
	ident[EI_VERSION] = EV_CURRENT;
}

/* ELF64 ET_EXEC, one PT_NOTE at @note_off holding an id of @len bytes. */
static u8 *elf64_image(struct kunit *test, size_t note_off, size_t len)
{
	u8 *img = kunit_kzalloc(test, IMG_SIZE, GFP_KERNEL);
	Elf64_Ehdr eh = {};
	Elf64_Phdr ph = {};

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, img);
	put_ident(eh.e_ident, ELFCLASS64);
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = sizeof(eh);
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(ph);
	eh.e_phnum = 1;
	ph.p_type = PT_NOTE;
	ph.p_offset = note_off;
	ph.p_filesz = put_note(img, note_off, len);
	ph.p_align = 4;
	memcpy(img, &eh, sizeof(eh));
	memcpy(img + sizeof(eh), &ph, sizeof(ph));
	return img;
}

static void expect_id(struct kunit *test, const u8 *img, size_t size, u32 len)
{
	u8 id[BUILD_ID_SIZE_MAX];
	u32 got = 0;

	KUNIT_ASSERT_EQ(test, build_id_parse_mem(img, size, id, &got), 0);
	KUNIT_EXPECT_EQ(test, got, len);
	KUNIT_EXPECT_EQ(test, memcmp(id, sha1_id, len), 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(id + len, 0, BUILD_ID_SIZE_MAX - len));
}

static void buildid_note_in_page0(struct kunit *test)
{
	expect_id(test, elf64_image(test, 0x100, 20), IMG_SIZE, 20);
}

static void buildid_note_beyond_page0(struct kunit *test)
{
	expect_id(test, elf64_image(test, 2 * 4096 + 0x40, 20), IMG_SIZE, 20);
}

static void buildid_md5_size(struct kunit *test)
{
	expect_id(test, elf64_image(test, 0x100, 16), IMG_SIZE, 16);
}

static void buildid_elf32(struct kunit *test)
{
	u8 *img = kunit_kzalloc(test, IMG_SIZE, GFP_KERNEL);
	Elf32_Ehdr eh = {};
	Elf32_Phdr ph = {};

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, img);
	put_ident(eh.e_ident, ELFCLASS32);
	eh.e_type = ET_DYN;
	eh.e_machine = EM_386;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = sizeof(eh);
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(ph);
	eh.e_phnum = 1;
	ph.p_type = PT_NOTE;
	ph.p_offset = 4096 + 8;
	ph.p_filesz = put_note(img, ph.p_offset, 20);
	memcpy(img, &eh, sizeof(eh));
	memcpy(img + sizeof(eh), &ph, sizeof(ph));
	expect_id(test, img, IMG_SIZE, 20);
}

static void expect_err(struct kunit *test, const u8 *img, size_t size, int err)
{
	u8 id[BUILD_ID_SIZE_MAX];
	u32 got = 7;

	memset(id, 0xff, sizeof(id));
	KUNIT_EXPECT_EQ(test, build_id_parse_mem(img, size, id, &got), err);
	KUNIT_EXPECT_EQ(test, got, 0U);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(id, 0, sizeof(id)));
}

static void buildid_not_elf(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);

	img[1] = 'X';
	expect_err(test, img, IMG_SIZE, -ENOEXEC);
}

static void buildid_no_note(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf32_Nhdr n;

	/* Same image, but the note is of another type. */
	memcpy(&n, img + 0x100, sizeof(n));
	n.n_type = 1;
	memcpy(img + 0x100, &n, sizeof(n));
	expect_err(test, img, IMG_SIZE, -ENOENT);
}

static void buildid_malformed(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf64_Phdr ph;
	Elf32_Nhdr n;
	size_t cut;

	/* The note segment runs past the end of the image. */
	memcpy(&ph, img + sizeof(Elf64_Ehdr), sizeof(ph));
	ph.p_offset = IMG_SIZE - 8;
	memcpy(img + sizeof(Elf64_Ehdr), &ph, sizeof(ph));
	expect_err(test, img, IMG_SIZE, -EINVAL);

	/* descsz so large that offset + size wraps around. */
	img = elf64_image(test, 0x100, 20);
	memcpy(&n, img + 0x100, sizeof(n));
	n.n_descsz = 0xfffffffc;
	memcpy(img + 0x100, &n, sizeof(n));
	expect_err(test, img, IMG_SIZE, -EINVAL);

	/* Every truncation of a valid image fails cleanly, never crashes. */
	img = elf64_image(test, 0x100, 20);
	for (cut = 0; cut < 0x100 + 36; cut++) {
		u8 id[BUILD_ID_SIZE_MAX];

		KUNIT_EXPECT_NE(test, build_id_parse_mem(img, cut, id, NULL), 0);
	}
}

static void buildid_notes_blob(struct kunit *test)
{
	u8 blob[64] = {};
	u8 id[BUILD_ID_SIZE_MAX];
	size_t len = put_note(blob, 0, 20);

	KUNIT_EXPECT_EQ(test, build_id_parse_buf(blob, id, len), 0);
	KUNIT_EXPECT_EQ(test, memcmp(id, sha1_id, 20), 0);
	KUNIT_EXPECT_NE(test, build_id_parse_buf(blob, id, len - 1), 0);
}

static struct kunit_case buildid_cases[] = {
	KUNIT_CASE(buildid_note_in_page0),
	KUNIT_CASE(buildid_note_beyond_page0),
	KUNIT_CASE(buildid_md5_size),
	KUNIT_CASE(buildid_elf32),
	KUNIT_CASE(buildid_not_elf),
	KUNIT_CASE(buildid_no_note),
	KUNIT_CASE(buildid_malformed),
	KUNIT_CASE(buildid_notes_blob),
	{}
};

static struct kunit_suite buildid_suite = {
	.name = "buildid",
	.test_cases = buildid_cases,
};

kunit_test_suite(buildid_suite);

MODULE_LICENSE("GPL");
