/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hand-made ELF images for the build-id unit tests: an ELF header, an
 * optional program header table (one PT_LOAD, then one PT_NOTE per note
 * area), note areas at chosen offsets with chosen alignment, and an
 * optional section header table (null section + one SHT_NOTE per area)
 * at the end.  Either class, either byte order.
 */
#ifndef __BUILDID_TEST_ELF_H
#define __BUILDID_TEST_ELF_H

#include <linux/types.h>
#include <linux/elf.h>
#include <linux/buildid.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define TELF_MAX_NOTES	4
#define TELF_MAX_AREAS	3

struct telf_note {
	const char	*name;		/* NULL: namesz 0 */
	u32		type;
	const u8	*desc;
	u32		descsz;
};

struct telf_area {
	u64		off;		/* file offset of the area */
	u64		align;		/* 4 or 8 (p_align / sh_addralign) */
	int		nr;
	struct telf_note notes[TELF_MAX_NOTES];
};

struct telf_spec {
	bool		is64;
	bool		be;
	bool		phdrs;		/* program headers (PT_LOAD + PT_NOTEs) */
	bool		shdrs;		/* section headers (null + SHT_NOTEs) */
	int		nr;
	struct telf_area areas[TELF_MAX_AREAS];
};

struct telf {
	u8	*buf;
	size_t	len;
	/* where the tests poke: */
	u64	phoff;
	u64	shoff;
	u64	area_len[TELF_MAX_AREAS];
};

static inline void telf__put(const struct telf_spec *s, u8 *p, u64 v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[s->be ? bytes - 1 - i : i] = (u8)(v >> (8 * i));
}

static inline u64 telf__align(u64 v, u64 a)
{
	return (v + a - 1) & ~(a - 1);
}

/*
 * Lay the notes of @a out at @p (NULL: just measure); returns the bytes
 * they take.  gABI layout: name right after the 12-byte header, desc and
 * the next note at the next multiple of the alignment (from the area
 * start): with 8, "GNU"'s desc is at 16, "Linux"'s at 24.
 */
static inline u64 telf__lay_area(const struct telf_spec *s, const struct telf_area *a, u8 *p)
{
	u64 off = 0;
	int i;

	for (i = 0; i < a->nr; i++) {
		const struct telf_note *n = &a->notes[i];
		u32 namesz = n->name ? (u32)strlen(n->name) + 1 : 0;

		if (p) {
			telf__put(s, p + off, namesz, 4);
			telf__put(s, p + off + 4, n->descsz, 4);
			telf__put(s, p + off + 8, n->type, 4);
			if (namesz)
				memcpy(p + off + 12, n->name, namesz);
		}
		off = telf__align(off + 12 + namesz, a->align);
		if (p && n->descsz)
			memcpy(p + off, n->desc, n->descsz);
		off = telf__align(off + n->descsz, a->align);
	}
	return off;
}

static inline u64 telf__area_len(const struct telf_area *a)
{
	struct telf_spec s = { .nr = 0 };

	return telf__lay_area(&s, a, NULL);
}

static inline void telf__write_area(const struct telf_spec *s, const struct telf_area *a, u8 *p)
{
	telf__lay_area(s, a, p);
}

static inline void telf__write_ehdr(const struct telf_spec *s, struct telf *t, int phnum, int shnum)
{
	u8 *p = t->buf;
	int w = s->is64 ? 8 : 4;	/* Addr/Off width */

	memcpy(p, ELFMAG, SELFMAG);
	p[EI_CLASS] = s->is64 ? ELFCLASS64 : ELFCLASS32;
	p[EI_DATA] = s->be ? ELFDATA2MSB : ELFDATA2LSB;
	p[EI_VERSION] = EV_CURRENT;
	telf__put(s, p + 16, s->phdrs ? ET_EXEC : ET_REL, 2);
	telf__put(s, p + 18, s->is64 ? EM_X86_64 : EM_386, 2);
	telf__put(s, p + 20, EV_CURRENT, 4);
	/* e_entry at 24, e_phoff, e_shoff, then flags, ehsize, ... */
	telf__put(s, p + 24 + w, t->phoff, w);
	telf__put(s, p + 24 + 2 * w, t->shoff, w);
	p += 24 + 3 * w + 4;
	telf__put(s, p, s->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr), 2);
	telf__put(s, p + 2, phnum ? (s->is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr)) : 0, 2);
	telf__put(s, p + 4, phnum, 2);
	telf__put(s, p + 6, shnum ? (s->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) : 0, 2);
	telf__put(s, p + 8, shnum, 2);
}

static inline void telf__write_phdr(const struct telf_spec *s, u8 *p, u32 type, u64 off,
				    u64 len, u64 align)
{
	if (s->is64) {
		telf__put(s, p, type, 4);
		telf__put(s, p + 4, PF_R, 4);
		telf__put(s, p + 8, off, 8);
		telf__put(s, p + 32, len, 8);		/* p_filesz */
		telf__put(s, p + 40, len, 8);		/* p_memsz */
		telf__put(s, p + 48, align, 8);
	} else {
		telf__put(s, p, type, 4);
		telf__put(s, p + 4, off, 4);
		telf__put(s, p + 16, len, 4);		/* p_filesz */
		telf__put(s, p + 20, len, 4);		/* p_memsz */
		telf__put(s, p + 24, PF_R, 4);
		telf__put(s, p + 28, align, 4);
	}
}

static inline void telf__write_shdr(const struct telf_spec *s, u8 *p, u64 off, u64 len,
				    u64 align)
{
	int w = s->is64 ? 8 : 4;

	telf__put(s, p + 4, SHT_NOTE, 4);
	telf__put(s, p + 8 + 2 * w, off, w);		/* sh_offset */
	telf__put(s, p + 8 + 3 * w, len, w);		/* sh_size */
	telf__put(s, p + 16 + 4 * w, align, w);		/* sh_addralign */
}

/* Build the image; 0 or -ENOMEM.  Free t->buf. */
static inline int telf__build(const struct telf_spec *s, struct telf *t)
{
	size_t ehsz = s->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	size_t phsz = s->is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
	size_t shsz = s->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	int phnum = s->phdrs ? s->nr + 1 : 0, shnum = s->shdrs ? s->nr + 1 : 0, i;
	u64 end = ehsz + phnum * phsz;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < s->nr; i++) {
		t->area_len[i] = telf__area_len(&s->areas[i]);
		if (s->areas[i].off + t->area_len[i] > end)
			end = s->areas[i].off + t->area_len[i];
	}
	t->phoff = phnum ? ehsz : 0;
	t->shoff = shnum ? telf__align(end, 8) : 0;
	t->len = shnum ? t->shoff + shnum * shsz : end;
	t->buf = calloc(1, t->len);
	if (!t->buf)
		return -ENOMEM;
	telf__write_ehdr(s, t, phnum, shnum);
	if (phnum)
		telf__write_phdr(s, t->buf + t->phoff, PT_LOAD, 0, t->len, 4096);
	for (i = 0; i < s->nr; i++) {
		const struct telf_area *a = &s->areas[i];

		telf__write_area(s, a, t->buf + a->off);
		if (phnum)
			telf__write_phdr(s, t->buf + t->phoff + (i + 1) * phsz, PT_NOTE, a->off,
					 t->area_len[i], a->align);
		if (shnum)
			telf__write_shdr(s, t->buf + t->shoff + (i + 1) * shsz, a->off,
					 t->area_len[i], a->align);
	}
	return 0;
}

#endif
