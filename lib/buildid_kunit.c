// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lib/buildid.c, on ELF images built in memory: a note in
 * page 0 and beyond it, ELF32, a 16-byte (md5) id, the other byte order,
 * 8-byte aligned notes, PN_XNUM, the section header fallback, the work
 * caps, and malformed images that must fail with the documented error,
 * never read out of bounds, nor when the image changes while it is read.
 * Then lib/buildid-vma.c's readers on a tmpfs file: the no-fault reader
 * must refuse a page that is not cached, the sleepable one must read it,
 * and neither may find an id once the file is truncated below it; a
 * mapping without a file is refused.  (The refusal of secretmem needs a
 * VMA made by memfd_secret(2) in a user process, so it is tested from
 * user space.)
 */
#include <kunit/test.h>
#include <linux/buildid.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/module.h>
#include <linux/shmem_fs.h>
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

/* Rewrite the header of the note at @img + @off: its desc size and type. */
static void set_note(u8 *img, size_t off, u32 descsz, u32 type)
{
	Elf32_Nhdr n;

	memcpy(&n, img + off, sizeof(n));
	n.n_descsz = descsz;
	n.n_type = type;
	memcpy(img + off, &n, sizeof(n));
}

static void put_ident(u8 *ident, u8 class)
{
	memcpy(ident, ELFMAG, SELFMAG);
	ident[EI_CLASS] = class;
	/* The images below are written in the CPU's byte order. */
	ident[EI_DATA] = IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? ELFDATA2MSB : ELFDATA2LSB;
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

	/* Same image, but the note is of another type. */
	set_note(img, 0x100, 20, 1);
	expect_err(test, img, IMG_SIZE, -ENOENT);
}

static void buildid_malformed(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf64_Phdr ph;
	size_t cut;

	/* The note segment runs past the end of the image. */
	memcpy(&ph, img + sizeof(Elf64_Ehdr), sizeof(ph));
	ph.p_offset = IMG_SIZE - 8;
	memcpy(img + sizeof(Elf64_Ehdr), &ph, sizeof(ph));
	expect_err(test, img, IMG_SIZE, -EINVAL);

	/* descsz so large that offset + size wraps around. */
	img = elf64_image(test, 0x100, 20);
	set_note(img, 0x100, 0xfffffffc, NT_GNU_BUILD_ID);
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

/* The same ELF64 image as elf64_image(), in the other byte order. */
static void buildid_other_byte_order(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	Elf32_Nhdr n;

	memcpy(&eh, img, sizeof(eh));
	memcpy(&ph, img + sizeof(eh), sizeof(ph));
	memcpy(&n, img + 0x100, sizeof(n));
	eh.e_ident[EI_DATA] = eh.e_ident[EI_DATA] == ELFDATA2LSB ? ELFDATA2MSB : ELFDATA2LSB;
	eh.e_type = swab16(eh.e_type);
	eh.e_phoff = swab64(eh.e_phoff);
	eh.e_phentsize = swab16(eh.e_phentsize);
	eh.e_phnum = swab16(eh.e_phnum);
	ph.p_type = swab32(ph.p_type);
	ph.p_offset = swab64(ph.p_offset);
	ph.p_filesz = swab64(ph.p_filesz);
	ph.p_align = swab64(ph.p_align);
	n.n_namesz = swab32(n.n_namesz);
	n.n_descsz = swab32(n.n_descsz);
	n.n_type = swab32(n.n_type);
	memcpy(img, &eh, sizeof(eh));
	memcpy(img + sizeof(eh), &ph, sizeof(ph));
	memcpy(img + 0x100, &n, sizeof(n));
	expect_id(test, img, IMG_SIZE, 20);
}

/*
 * An 8-byte aligned note segment (gABI): after a first note whose desc is
 * 4 bytes, the next note starts at 24, not at 20 as with 4-byte alignment.
 */
static void buildid_8byte_notes(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf32_Nhdr other = { .n_namesz = 4, .n_descsz = 4, .n_type = 1 };
	Elf64_Phdr ph;

	memcpy(&ph, img + sizeof(Elf64_Ehdr), sizeof(ph));
	memset(img + 0x100, 0, 64);
	memcpy(img + 0x100, &other, sizeof(other));
	memcpy(img + 0x100 + 12, "GNU", 4);
	ph.p_filesz = 24 + put_note(img, 0x100 + 24, 20);
	ph.p_align = 8;
	memcpy(img + sizeof(Elf64_Ehdr), &ph, sizeof(ph));
	expect_id(test, img, IMG_SIZE, 20);
}

/* A section header table at @off whose entry @i is @sh. */
static void put_shdr(u8 *img, size_t off, unsigned int i, const Elf64_Shdr *sh)
{
	memcpy(img + off + i * sizeof(*sh), sh, sizeof(*sh));
}

/* e_phnum == PN_XNUM: the real count is section 0's sh_info. */
static void buildid_pn_xnum(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	Elf64_Shdr s0 = { .sh_info = 1 };
	Elf64_Ehdr eh;

	memcpy(&eh, img, sizeof(eh));
	eh.e_phnum = PN_XNUM;
	eh.e_shoff = 4096;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 1;
	memcpy(img, &eh, sizeof(eh));
	put_shdr(img, 4096, 0, &s0);
	expect_id(test, img, IMG_SIZE, 20);
}

/* No program headers (a relocatable object, a module): SHT_NOTE sections. */
static void buildid_section_fallback(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x200, 20);
	Elf64_Shdr note = { .sh_type = SHT_NOTE, .sh_offset = 0x200, .sh_addralign = 4 };
	Elf64_Shdr null = {};
	Elf64_Ehdr eh;

	memcpy(&eh, img, sizeof(eh));
	eh.e_phnum = 0;
	eh.e_phoff = 0;
	eh.e_shoff = 4096;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 2;
	memcpy(img, &eh, sizeof(eh));
	note.sh_size = 36;
	put_shdr(img, 4096, 0, &null);
	put_shdr(img, 4096, 1, &note);
	expect_id(test, img, IMG_SIZE, 20);
}

/* Ids longer than 20 bytes are malformed, and nothing is copied. */
static void buildid_id_too_long(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);

	set_note(img, 0x100, 32, NT_GNU_BUILD_ID);
	expect_err(test, img, IMG_SIZE, -EINVAL);
}

static int mem_read(const struct build_id_reader *r, u64 off, void *buf, size_t len)
{
	memcpy(buf, (const u8 *)r->priv + off, len);
	return 0;
}

/* The caps: a note behind too many headers is not looked for. */
static void buildid_work_caps(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x800, 20);
	struct build_id_reader r = { .read = mem_read, .size = IMG_SIZE, .priv = img };
	Elf64_Phdr ph, load = { .p_type = PT_LOAD };
	u8 id[BUILD_ID_SIZE_MAX];
	Elf64_Ehdr eh;
	int i;

	/* Eight headers, the note's last. */
	memcpy(&ph, img + sizeof(eh), sizeof(ph));
	for (i = 0; i < 7; i++)
		memcpy(img + sizeof(eh) + i * sizeof(ph), &load, sizeof(load));
	memcpy(img + sizeof(eh) + 7 * sizeof(ph), &ph, sizeof(ph));
	memcpy(&eh, img, sizeof(eh));
	eh.e_phnum = 8;
	memcpy(img, &eh, sizeof(eh));

	KUNIT_EXPECT_EQ(test, build_id_parse_reader(&r, id, NULL), 0);
	r.max_hdrs = 7;
	KUNIT_EXPECT_EQ(test, build_id_parse_reader(&r, id, NULL), -ENOENT);
	r.max_hdrs = 8;
	r.max_notes = 1;
	KUNIT_EXPECT_EQ(test, build_id_parse_reader(&r, id, NULL), 0);
}

/*
 * The VMA readers on a tmpfs file.  Page 1 starts as a hole, so the note
 * (in page 1) is not in the page cache: build_id_parse() must say
 * -EFAULT without reading anything, build_id_parse_file() reads the hole
 * (zeroes, no note).  Once the note is written, both find it.
 */
static void buildid_vma_readers(struct kunit *test)
{
	u8 *img = elf64_image(test, 4096 + 0x40, 20);
	struct vm_area_struct vma = {};
	u8 id[BUILD_ID_SIZE_MAX];
	struct file *file;
	loff_t pos = 0;
	u32 size = 0;

	file = shmem_file_setup("buildid-kunit", IMG_SIZE, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	vma.vm_file = file;

	KUNIT_ASSERT_EQ(test, kernel_write(file, img, 4096, &pos), 4096);
	pos = IMG_SIZE - 1;
	KUNIT_ASSERT_EQ(test, kernel_write(file, img + IMG_SIZE - 1, 1, &pos), 1);
	KUNIT_EXPECT_EQ(test, build_id_parse(&vma, id, &size), -EFAULT);
	KUNIT_EXPECT_EQ(test, size, 0U);
	KUNIT_EXPECT_NE(test, build_id_parse_file(file, id, &size), 0);

	pos = 4096;
	KUNIT_ASSERT_EQ(test, kernel_write(file, img + 4096, IMG_SIZE - 4096, &pos),
			IMG_SIZE - 4096);
	KUNIT_EXPECT_EQ(test, build_id_parse(&vma, id, &size), 0);
	KUNIT_EXPECT_EQ(test, size, 20U);
	KUNIT_EXPECT_EQ(test, memcmp(id, sha1_id, 20), 0);
	size = 0;
	KUNIT_EXPECT_EQ(test, build_id_parse_file(file, id, &size), 0);
	KUNIT_EXPECT_EQ(test, size, 20U);
	KUNIT_EXPECT_EQ(test, memcmp(id, sha1_id, 20), 0);

	/* Truncated below the note: no id, and none left over. */
	KUNIT_ASSERT_EQ(test, vfs_truncate(&file->f_path, 4096 + 0x48), 0);
	KUNIT_EXPECT_EQ(test, build_id_parse_file(file, id, &size), -EINVAL);
	KUNIT_EXPECT_EQ(test, size, 0U);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(id, 0, sizeof(id)));
	KUNIT_EXPECT_NE(test, build_id_parse(&vma, id, &size), 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(id, 0, sizeof(id)));
	fput(file);
}

/* Anonymous memory has no ELF image: refused, nothing read, id zeroed. */
static void buildid_vma_no_file(struct kunit *test)
{
	struct vm_area_struct vma = {};
	u8 id[BUILD_ID_SIZE_MAX];
	u32 size = 7;

	memset(id, 0xaa, sizeof(id));
	KUNIT_EXPECT_EQ(test, build_id_parse(&vma, id, &size), -EINVAL);
	KUNIT_EXPECT_EQ(test, size, 0U);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(id, 0, sizeof(id)));
}

/*
 * A file that changes while it is parsed: every read corrupts the note's
 * header after copying.  Each header is copied once and checked, so the
 * parser answers from the bytes it checked (the id) or fails cleanly,
 * and never reads past the image.
 */
static int changing_read(const struct build_id_reader *r, u64 off, void *buf, size_t len)
{
	u8 *img = r->priv;

	memcpy(buf, img + off, len);
	set_note(img, 0x100, 0xfffffff0, NT_GNU_BUILD_ID);
	return 0;
}

static void buildid_changing_bytes(struct kunit *test)
{
	u8 *img = elf64_image(test, 0x100, 20);
	struct build_id_reader r = { .read = changing_read, .size = IMG_SIZE, .priv = img };
	u8 id[BUILD_ID_SIZE_MAX];
	u32 size = 0;
	int err;

	err = build_id_parse_reader(&r, id, &size);
	if (err) {
		KUNIT_EXPECT_EQ(test, size, 0U);
		KUNIT_EXPECT_TRUE(test, !memchr_inv(id, 0, sizeof(id)));
	} else {
		KUNIT_EXPECT_EQ(test, size, 20U);
		KUNIT_EXPECT_EQ(test, memcmp(id, sha1_id, 20), 0);
	}
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
	KUNIT_CASE(buildid_other_byte_order),
	KUNIT_CASE(buildid_8byte_notes),
	KUNIT_CASE(buildid_pn_xnum),
	KUNIT_CASE(buildid_section_fallback),
	KUNIT_CASE(buildid_id_too_long),
	KUNIT_CASE(buildid_work_caps),
	KUNIT_CASE(buildid_vma_readers),
	KUNIT_CASE(buildid_vma_no_file),
	KUNIT_CASE(buildid_changing_bytes),
	{}
};

static struct kunit_suite buildid_suite = {
	.name = "buildid",
	.test_cases = buildid_cases,
};

kunit_test_suite(buildid_suite);

MODULE_LICENSE("GPL");
