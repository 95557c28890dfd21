/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols of one DSO: a sorted array, looked up by address in O(log n).
 *
 * Addresses are in the DSO's own address space: ELF st_value (the link-time
 * virtual address) for user binaries, the absolute address for kallsyms.
 * map__map_ip() turns a sample address into that space.
 *
 * Reading symbols from ELF (symbol-elf.c) goes through libelf/gelf: a
 * "symsrc" is one opened ELF image (a file, or a decompressed buffer for
 * .ko.xz and MiniDebugInfo).
 */
#ifndef __PERF_SYMBOL_H
#define __PERF_SYMBOL_H

#include <string.h>
#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gelf.h>
#include "util/symbols/demangle.h"

struct symbol {
	u64	start;
	u64	end;		/* exclusive; start + size, fixed up if 0 */
	u32	seq;		/* insertion order: ties between aliases */
	u8	binding:4;	/* STB_* */
	/*
	 * An inline frame's function (symbol__new_inlined()), not the ELF
	 * table's: shown "name (inlined)", spans its base symbol's range.
	 */
	u8	inlined:1;
	u8	type;		/* STT_* */
	u16	namelen;	/* strlen(name), SYMBOL_NAMELEN_LONG if longer */
	char	name[];
};

#define SYMBOL_NAMELEN_LONG	0xffff

/*
 * A symbol standing for @name inlined into @base (upstream's inline
 * frames): @base's range, inlined set, owned by the caller (free()).
 * NULL when memory runs out.
 */
struct symbol *symbol__new_inlined(const struct symbol *base, const char *name);

/*
 * What call graphs merge a frame by: the symbol's start, or for an
 * inlined function (which shares its base's start) the symbol itself,
 * one per name in its base (upstream merges inline frames by name).
 */
static inline u64 symbol__graph_key(const struct symbol *sym)
{
	return sym->inlined ? (u64)(uintptr_t)sym : sym->start;
}

/* strlen(sym->name), without the scan for the usual short names. */
static inline size_t symbol__namelen(const struct symbol *sym)
{
	return sym->namelen != SYMBOL_NAMELEN_LONG ? sym->namelen : strlen(sym->name);
}

struct symbol_chunk;
struct symbol_cache_slot;
struct kallsyms_rows;

struct symbols {
	/* sorted; NULL in a kallsyms table until looked up: symbols__entry() */
	struct symbol	**entries;
	u64		*starts;	/* entries[i]->start, for the binary search */
	/* the last lookups by address: a profile repeats its return addresses */
	struct symbol_cache_slot *cache;
	size_t		nr;
	size_t		alloc;
	bool		sorted;	/* symbols__fixup() ran since the last add */
	/* the ELF symbols themselves, carved from big blocks */
	struct symbol_chunk *chunks;
	size_t		chunk_used;
	struct kallsyms_rows *rows;	/* a kallsyms table's text, or NULL */
};

void symbols__init(struct symbols *syms);
void symbols__exit(struct symbols *syms);

/* Copies @name.  Returns 0, -ENOMEM, or -EINVAL on a kallsyms table. */
int symbols__add(struct symbols *syms, u64 start, u64 size, u8 binding, u8 type,
		 const char *name);

/*
 * Sort by address (aliases in the order they were added), give zero-size
 * symbols the room up to the next symbol, then keep one symbol per
 * address, chosen the way upstream perf chooses so that reports agree:
 * sized over zero-size, non-weak over weak, global over local, fewer
 * leading underscores, longer name, else the first added.  (So of
 * kallsyms aliases, which all start zero-size, the last one listed wins.)
 * Must run before symbols__find().
 */
void symbols__fixup(struct symbols *syms);

/* The symbol containing @addr, or NULL.  O(log n). */
const struct symbol *symbols__find(const struct symbols *syms, u64 addr);

/* Entry @i (< nr) of a sorted table; NULL only when it cannot be made (ENOMEM). */
const struct symbol *symbols__entry(const struct symbols *syms, size_t i);

/* Linear; for tests and tools that look a name up once. */
const struct symbol *symbols__find_by_name(const struct symbols *syms, const char *name);

/*
 * Load the function symbols of a kallsyms file ("<hex addr> <type>
 * <name>[\t[module]]" lines, T/t/W/w kept, malformed lines skipped) into
 * an empty table, one per address: the last listed, as symbols__fixup()
 * would choose.  Entries are made when first looked up (see
 * symbols__entry()).  Returns #symbols or -errno (after a one-line
 * message when the file cannot be read).
 */
int symbols__load_kallsyms(struct symbols *syms, const char *path);

/* ---- ELF images (symbol-elf.c) ------------------------------------------ */

#define SYMSRC_MAX_SEGS	16

/* A PT_LOAD segment: file offsets [off, off + filesz) run at vaddr. */
struct symsrc_seg {
	u64 off;
	u64 vaddr;
	u64 filesz;
};

struct symsrc {
	int		fd;		/* -1 for an in-memory image */
	void		*mem;		/* owned decompressed image, or NULL */
	size_t		mem_len;
	Elf		*elf;
	GElf_Ehdr	ehdr;
	char		*name;		/* for messages */
};

/*
 * Open an ELF file with libelf.  A gzip, xz or zstd file (by its magic:
 * kernel modules, cached copies of them) is decompressed into memory
 * first, bounded in size.  Returns 0
 * or -errno (a message for anything but a missing file).
 */
int symsrc__open(struct symsrc *ss, const char *path);
/* Take ownership of a malloc'ed ELF image. */
int symsrc__open_mem(struct symsrc *ss, void *buf, size_t len, const char *name);
void symsrc__close(struct symsrc *ss);

/* NT_GNU_BUILD_ID of the image.  Returns its size (1..@max) or -ENOENT. */
int symsrc__read_build_id(struct symsrc *ss, u8 *build_id, size_t max);

/* Has a .symtab with entries (not a stripped binary)? */
bool symsrc__has_symtab(struct symsrc *ss);
/* Does @elf have a section called @name with contents (not SHT_NOBITS, not empty)? */
bool elf__has_section(Elf *elf, const char *name);
/* That section and its header (into @shdr), or NULL. */
Elf_Scn *elf__find_section(Elf *elf, const char *name, GElf_Shdr *shdr);

/*
 * Add the function symbols of .symtab (or, with @dynsym_fallback and no
 * .symtab, of .dynsym), demangled as @demangle says.  Returns #added or -errno.
 */
int symsrc__load_symbols(struct symsrc *ss, struct symbols *syms, bool dynsym_fallback,
			 enum demangle_mode demangle);

/*
 * x86 PLT entries as "<name>@plt" symbols, from .rela.plt (or .rel.plt)
 * and .plt (or .plt.sec when the binary has IBT's second PLT), like
 * upstream perf.  Needs the runtime image (a .debug has no PLT contents).
 * Returns #added, 0 when there is no PLT or the machine is not x86.
 */
int symsrc__load_plt_symbols(struct symsrc *ss, struct symbols *syms,
			     enum demangle_mode demangle);

/* PT_LOAD segments with file contents.  Returns #segs (0 for ET_REL). */
int symsrc__load_segments(struct symsrc *ss, struct symsrc_seg *segs, int max);

/* .gnu_debuglink file name into @buf.  Returns 0 or -ENOENT. */
int symsrc__debuglink(struct symsrc *ss, char *buf, size_t len);

/*
 * MiniDebugInfo: .gnu_debugdata is an xz-compressed ELF with a .symtab.
 * Opens it as @out.  Returns 0, -ENOENT when absent, or -errno.
 */
int symsrc__open_debugdata(struct symsrc *ss, struct symsrc *out);

#endif
