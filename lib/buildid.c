// SPDX-License-Identifier: GPL-2.0
/*
 * ELF build-id parser, shared by the kernel and perf.
 *
 * Everything the parser knows about the image comes through a
 * struct build_id_reader, one header at a time: each ELF, program, section
 * and note header is copied once into a local, converted to CPU byte
 * order, and only then validated and used, so an image that changes while
 * we parse it can make us fail but never read out of bounds.  Every
 * offset + size is overflow-checked and bounded by the reader's size
 * before the read, and the number of headers and notes walked is capped,
 * so a hostile image costs bounded work.
 *
 * Search order: the PT_NOTE segments, then the SHT_NOTE sections (ET_REL
 * objects such as kernel modules have no program headers; separate debug
 * files may have stale ones).  A malformed note area does not stop the
 * search: a valid build-id elsewhere still wins.
 */
#include <linux/buildid.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/string.h>
#include <asm/byteorder.h>

/* A GNU note's name: "GNU" and its NUL, namesz 4. */
static const char bid_gnu_name[4] = "GNU";

struct bid_elf {
	const struct build_id_reader *r;
	bool is64;
	bool big_endian;
	bool malformed;		/* some area was bad: -EINVAL if nothing found */
	unsigned int notes_left;
	u64 max_hdrs;
	unsigned char *build_id;
	u32 *size;
};

/* The ELF header fields the parser needs, in CPU byte order. */
struct bid_ehdr {
	u64 phoff;
	u64 shoff;
	u64 phnum;
	u64 shnum;
	u16 phentsize;
	u16 shentsize;
};

/* A note area (PT_NOTE segment, SHT_NOTE section or a notes blob). */
struct bid_area {
	u32 type;
	u64 off;
	u64 len;
	u64 align;
	u64 info;	/* section 0's sh_info: extended phnum */
};

static u16 bid_16(const struct bid_elf *e, u16 v)
{
	return e->big_endian ? __be16_to_cpu((__force __be16)v) :
			       __le16_to_cpu((__force __le16)v);
}

static u32 bid_32(const struct bid_elf *e, u32 v)
{
	return e->big_endian ? __be32_to_cpu((__force __be32)v) :
			       __le32_to_cpu((__force __le32)v);
}

static u64 bid_64(const struct bid_elf *e, u64 v)
{
	return e->big_endian ? __be64_to_cpu((__force __be64)v) :
			       __le64_to_cpu((__force __le64)v);
}

/* Bounds are checked here, so r->read() only fails on I/O errors. */
static int bid_read(const struct bid_elf *e, u64 off, void *buf, size_t len)
{
	u64 end;

	int err;

	if (check_add_overflow(off, (u64)len, &end) || end > e->r->size)
		return -EINVAL;
	err = e->r->read(e->r, off, buf, len);
	/* Keep the parser's own error codes unambiguous. */
	if (err == -ENOENT || err == -EINVAL || err == -ENOEXEC || err == -E2BIG)
		err = -EIO;
	return err;
}

/* Is [off, off + len) inside the image? */
static bool bid_in_image(const struct bid_elf *e, u64 off, u64 len)
{
	u64 end;

	return !check_add_overflow(off, len, &end) && end <= e->r->size;
}

/* Offset of entry @i of a table at @base with @entsize-byte entries. */
static int bid_entry_off(u64 base, u64 i, u16 entsize, u64 *off)
{
	if (check_mul_overflow(i, (u64)entsize, off) ||
	    check_add_overflow(*off, base, off))
		return -EINVAL;
	return 0;
}

static void bid_ehdr32(const struct bid_elf *e, const Elf32_Ehdr *h, struct bid_ehdr *out)
{
	out->phoff = bid_32(e, h->e_phoff);
	out->shoff = bid_32(e, h->e_shoff);
	out->phnum = bid_16(e, h->e_phnum);
	out->shnum = bid_16(e, h->e_shnum);
	out->phentsize = bid_16(e, h->e_phentsize);
	out->shentsize = bid_16(e, h->e_shentsize);
}

static void bid_ehdr64(const struct bid_elf *e, const Elf64_Ehdr *h, struct bid_ehdr *out)
{
	out->phoff = bid_64(e, h->e_phoff);
	out->shoff = bid_64(e, h->e_shoff);
	out->phnum = bid_16(e, h->e_phnum);
	out->shnum = bid_16(e, h->e_shnum);
	out->phentsize = bid_16(e, h->e_phentsize);
	out->shentsize = bid_16(e, h->e_shentsize);
}

/* Read the ELF header once; sets e->is64 and e->big_endian. */
static int bid_read_ehdr(struct bid_elf *e, struct bid_ehdr *out)
{
	union {
		unsigned char ident[EI_NIDENT];
		Elf32_Ehdr e32;
		Elf64_Ehdr e64;
	} h;
	size_t len = min_t(u64, e->r->size, sizeof(h));
	int err;

	if (len < EI_NIDENT)
		return -ENOEXEC;
	memset(&h, 0, sizeof(h));
	err = bid_read(e, 0, &h, len);
	if (err)
		return err;
	if (memcmp(h.ident, ELFMAG, SELFMAG) ||
	    (h.ident[EI_CLASS] != ELFCLASS32 && h.ident[EI_CLASS] != ELFCLASS64) ||
	    (h.ident[EI_DATA] != ELFDATA2LSB && h.ident[EI_DATA] != ELFDATA2MSB))
		return -ENOEXEC;
	e->is64 = h.ident[EI_CLASS] == ELFCLASS64;
	e->big_endian = h.ident[EI_DATA] == ELFDATA2MSB;
	if (len < (e->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr)))
		return -EINVAL;
	if (e->is64)
		bid_ehdr64(e, &h.e64, out);
	else
		bid_ehdr32(e, &h.e32, out);
	return 0;
}

/* Program header @i as a note area candidate. */
static int bid_read_phdr(const struct bid_elf *e, const struct bid_ehdr *h, u64 i,
			 struct bid_area *a)
{
	Elf64_Phdr p64;
	Elf32_Phdr p32;
	u64 off;
	int err;

	if (bid_entry_off(h->phoff, i, h->phentsize, &off))
		return -EINVAL;
	if (e->is64) {
		err = bid_read(e, off, &p64, sizeof(p64));
		a->type = bid_32(e, p64.p_type);
		a->off = bid_64(e, p64.p_offset);
		a->len = bid_64(e, p64.p_filesz);
		a->align = bid_64(e, p64.p_align);
	} else {
		err = bid_read(e, off, &p32, sizeof(p32));
		a->type = bid_32(e, p32.p_type);
		a->off = bid_32(e, p32.p_offset);
		a->len = bid_32(e, p32.p_filesz);
		a->align = bid_32(e, p32.p_align);
	}
	a->info = 0;
	return err;
}

/* Section header @i as a note area candidate. */
static int bid_read_shdr(const struct bid_elf *e, const struct bid_ehdr *h, u64 i,
			 struct bid_area *a)
{
	Elf64_Shdr sh64;
	Elf32_Shdr sh32;
	u64 off;
	int err;

	if (bid_entry_off(h->shoff, i, h->shentsize, &off))
		return -EINVAL;
	if (e->is64) {
		err = bid_read(e, off, &sh64, sizeof(sh64));
		a->type = bid_32(e, sh64.sh_type);
		a->off = bid_64(e, sh64.sh_offset);
		a->len = bid_64(e, sh64.sh_size);
		a->align = bid_64(e, sh64.sh_addralign);
		a->info = bid_32(e, sh64.sh_info);
	} else {
		err = bid_read(e, off, &sh32, sizeof(sh32));
		a->type = bid_32(e, sh32.sh_type);
		a->off = bid_32(e, sh32.sh_offset);
		a->len = bid_32(e, sh32.sh_size);
		a->align = bid_32(e, sh32.sh_addralign);
		a->info = bid_32(e, sh32.sh_info);
	}
	return err;
}

/*
 * Extended numbering: with e_phnum == PN_XNUM or e_shnum == 0 (and
 * section headers present), the real counts are in section 0.  If section
 * 0 is out of the image, the counts it would give are taken as 0 and the
 * image as malformed: a build-id in the other table can still be found.
 */
static int bid_fixup_counts(struct bid_elf *e, struct bid_ehdr *h)
{
	struct bid_area s0;
	int err;

	if (h->phnum != PN_XNUM && (h->shnum || !h->shoff))
		return 0;
	if (!h->shoff || h->shentsize < (e->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
	    !bid_in_image(e, h->shoff, h->shentsize)) {
		e->malformed = true;
		memset(&s0, 0, sizeof(s0));
	} else {
		err = bid_read_shdr(e, h, 0, &s0);
		if (err)
			return err;
	}
	if (h->phnum == PN_XNUM)
		h->phnum = s0.info;
	if (!h->shnum)
		h->shnum = s0.len;
	return 0;
}

/*
 * A header table of @num entries is usable if its entries are big enough
 * and it lies in the image; only the first e->max_hdrs count.
 */
static bool bid_table_ok(const struct bid_elf *e, u64 base, u64 *num, u16 entsize,
			 size_t min_entsize)
{
	u64 end;

	if (*num > e->max_hdrs)
		*num = e->max_hdrs;
	if (!*num)
		return true;
	return entsize >= min_entsize && !bid_entry_off(base, *num, entsize, &end) &&
	       end <= e->r->size;
}

/* Copy out the id of a GNU build-id note whose desc is at @off. */
static int bid_take(struct bid_elf *e, u64 off, u32 descsz)
{
	unsigned char id[BUILD_ID_SIZE_MAX];
	int err;

	err = bid_read(e, off, id, descsz);
	if (err)
		return err;
	memcpy(e->build_id, id, descsz);
	if (e->size)
		*e->size = descsz;
	return 0;
}

/*
 * The note at *@pos of area @a: advances *@pos past it and returns 0 if it
 * is the build-id (copied out), -ENOENT to go on, -EINVAL if the note
 * does not fit in the area (the rest of the area is unusable), or a read
 * error.  With 8-byte alignment the desc starts at the next multiple of 8
 * after the name, counted from the area start (gABI; GNU property notes).
 */
static int bid_note(struct bid_elf *e, const struct bid_area *a, u64 align, u64 *pos)
{
	char name[sizeof(bid_gnu_name)];
	u32 namesz, descsz, type;
	u64 name_off, desc, end;
	Elf32_Nhdr n;		/* Elf64_Nhdr has the same 32-bit fields */
	int err;

	err = bid_read(e, a->off + *pos, &n, sizeof(n));
	if (err)
		return err;
	namesz = bid_32(e, n.n_namesz);
	descsz = bid_32(e, n.n_descsz);
	type = bid_32(e, n.n_type);
	name_off = *pos + sizeof(n);
	/* a->len is bounded by the image size, so ALIGN() below cannot wrap */
	if (check_add_overflow(name_off, (u64)namesz, &desc) || desc > a->len)
		return -EINVAL;
	desc = ALIGN(desc, align);
	if (check_add_overflow(desc, (u64)descsz, &end) || end > a->len)
		return -EINVAL;
	/* The last note's padding may be missing. */
	*pos = min_t(u64, ALIGN(end, align), a->len);
	if (type != NT_GNU_BUILD_ID || namesz != sizeof(bid_gnu_name))
		return -ENOENT;
	err = bid_read(e, a->off + name_off, name, sizeof(name));
	if (err)
		return err;
	if (memcmp(name, bid_gnu_name, sizeof(name)))
		return -ENOENT;
	if (!descsz || descsz > BUILD_ID_SIZE_MAX) {
		e->malformed = true;
		return -ENOENT;
	}
	return bid_take(e, a->off + desc, descsz);
}

/*
 * Walk the notes of area @a.  0 found, -ENOENT not here (e->malformed set
 * if the area is bad), other -errno stops the whole search.
 */
static int bid_walk_notes(struct bid_elf *e, const struct bid_area *a)
{
	u64 align = a->align == 8 ? 8 : 4;
	u64 pos = 0;
	int err;

	if (!bid_in_image(e, a->off, a->len)) {
		e->malformed = true;
		return -ENOENT;
	}
	while (a->len - pos >= sizeof(Elf32_Nhdr)) {
		if (!e->notes_left)
			return -E2BIG;
		e->notes_left--;
		err = bid_note(e, a, align, &pos);
		if (err == -EINVAL) {
			e->malformed = true;
			return -ENOENT;
		}
		if (err != -ENOENT)
			return err;
	}
	return -ENOENT;
}

static int bid_walk_phdrs(struct bid_elf *e, struct bid_ehdr *h)
{
	size_t entsize = e->is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
	struct bid_area a;
	u64 i;
	int err;

	if (!bid_table_ok(e, h->phoff, &h->phnum, h->phentsize, entsize)) {
		e->malformed = true;
		return -ENOENT;
	}
	for (i = 0; i < h->phnum; i++) {
		err = bid_read_phdr(e, h, i, &a);
		if (err)
			return err;
		if (a.type != PT_NOTE)
			continue;
		err = bid_walk_notes(e, &a);
		if (err != -ENOENT)
			return err;
	}
	return -ENOENT;
}

static int bid_walk_shdrs(struct bid_elf *e, struct bid_ehdr *h)
{
	size_t entsize = e->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	struct bid_area a;
	u64 i;
	int err;

	if (!h->shoff)
		return -ENOENT;
	if (!bid_table_ok(e, h->shoff, &h->shnum, h->shentsize, entsize)) {
		e->malformed = true;
		return -ENOENT;
	}
	for (i = 0; i < h->shnum; i++) {
		err = bid_read_shdr(e, h, i, &a);
		if (err)
			return err;
		if (a.type != SHT_NOTE)
			continue;
		err = bid_walk_notes(e, &a);
		if (err != -ENOENT)
			return err;
	}
	return -ENOENT;
}

static void bid_init(struct bid_elf *e, const struct build_id_reader *r,
		     unsigned char *build_id, u32 *size)
{
	memset(e, 0, sizeof(*e));
	e->r = r;
	e->notes_left = r->max_notes ?: BUILD_ID_MAX_NOTES;
	e->max_hdrs = r->max_hdrs ?: BUILD_ID_MAX_HDRS;
	e->build_id = build_id;
	e->size = size;
	memset(build_id, 0, BUILD_ID_SIZE_MAX);
	if (size)
		*size = 0;
}

/* Map the walk's outcome to the documented error, and zero on failure. */
static int bid_finish(const struct bid_elf *e, int err)
{
	if (err == -ENOENT && e->malformed)
		err = -EINVAL;
	if (err)
		memset(e->build_id, 0, BUILD_ID_SIZE_MAX);
	return err;
}

int build_id_parse_reader(const struct build_id_reader *r, unsigned char *build_id,
			  u32 *size)
{
	struct bid_ehdr h;
	struct bid_elf e;
	int err;

	bid_init(&e, r, build_id, size);
	err = bid_read_ehdr(&e, &h);
	if (err)
		goto out;
	err = bid_fixup_counts(&e, &h);
	if (err)
		goto out;
	err = bid_walk_phdrs(&e, &h);
	if (err == -ENOENT)
		err = bid_walk_shdrs(&e, &h);
out:
	return bid_finish(&e, err);
}
EXPORT_SYMBOL_GPL(build_id_parse_reader);

static int bid_mem_read(const struct build_id_reader *r, u64 off, void *buf, size_t len)
{
	memcpy(buf, (const unsigned char *)r->priv + off, len);
	return 0;
}

int build_id_parse_mem(const void *elf, size_t len, unsigned char *build_id, u32 *size)
{
	struct build_id_reader r = {
		.read = bid_mem_read,
		.size = len,
		.priv = (void *)elf,
	};

	return build_id_parse_reader(&r, build_id, size);
}
EXPORT_SYMBOL_GPL(build_id_parse_mem);

int build_id_parse_notes(const void *buf, size_t len, unsigned char *build_id, u32 *size)
{
	struct build_id_reader r = {
		.read = bid_mem_read,
		.size = len,
		.priv = (void *)buf,
	};
	struct bid_area a = { .type = SHT_NOTE, .off = 0, .len = len, .align = 4 };
	struct bid_elf e;

	bid_init(&e, &r, build_id, size);
	/* The blob is in CPU byte order. */
	e.big_endian = __cpu_to_be32(1) == 1;
	return bid_finish(&e, bid_walk_notes(&e, &a));
}
EXPORT_SYMBOL_GPL(build_id_parse_notes);

int build_id_parse_buf(const void *buf, unsigned char *build_id, u32 buf_size)
{
	return build_id_parse_notes(buf, buf_size, build_id, NULL);
}
EXPORT_SYMBOL_GPL(build_id_parse_buf);
