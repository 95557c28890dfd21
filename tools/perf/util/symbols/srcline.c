// SPDX-License-Identifier: GPL-2.0
/*
 * Source lines through libdw, in process: one Dwarf per opened file, one
 * cached answer per address.  Upstream runs addr2line per address; here
 * the line tables and DIEs libdw parsed once serve every lookup.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>
#include "util/symbols/srcline.h"
#include "util/symbols/srcline-int.h"
#include "util/symbols/symbol.h"
#include "util/base/hashmap.h"

struct srcline_file {
	int		fd;		/* -1: an image in memory */
	Elf		*elf;
	Dwarf		*dwarf;
	struct srcline_scopes *scopes;	/* made by the first inline chain asked */
	struct srcline_aranges *unit_ranges;	/* the units' own: made by the first miss */
	bool		unit_ranges_failed;	/* ... or could not be made: not retried */
	struct hashmap	cache;		/* hash of addr -> struct srcline */
	struct srcline_sections secs;
	struct srcline_aranges *aranges;	/* NULL: libdw's dwarf_addrdie() */
	struct hashmap	units;		/* hash of unit offset -> struct srcline_unit */
};

/* A unit's line table: ours, or NULL where libdw reads it (srcline-lines.c). */
struct srcline_unit {
	Dwarf_Off		off;
	struct srcline_lines	*lines;
};


/*
 * DWARF sections line and inline lookups never read: location lists,
 * macros, name indexes, CFI (the unwinder reads CFI through its own
 * Dwfl).  libdw 0.188 reads (and inflates, when compressed) every
 * .debug_* section it knows when the Dwarf is made; a distribution's
 * libc carries 1.4 MB of .debug_loclists alone.
 */
static const char * const srcline_unread_sections[] = {
	"loc", "loclists", "macinfo", "macro", "pubnames", "pubtypes", "frame",
};

static bool srcline__section_unread(const char *name)
{
	size_t i;

	/* ".debug_x", GNU-compressed ".zdebug_x", split DWARF's ".debug_x.dwo" */
	if (!strncmp(name, ".debug_", 7))
		name += 7;
	else if (!strncmp(name, ".zdebug_", 8))
		name += 8;
	else
		return false;
	for (i = 0; i < ARRAY_SIZE(srcline_unread_sections); i++) {
		size_t len = strlen(srcline_unread_sections[i]);

		if (!strncmp(name, srcline_unread_sections[i], len) &&
		    (!name[len] || !strcmp(name + len, ".dwo")))
			return true;
	}
	return false;
}

/*
 * Hide the unread sections from libdw: it skips SHT_NOBITS sections
 * (stripped data), so it never reads nor inflates them.  Only this
 * process's copy of the section headers changes (the Elf is read-only,
 * never written back); libdw then holds only what lookups use.
 */
static void srcline__hide_unread(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (!name || !srcline__section_unread(name))
			continue;
		shdr.sh_type = SHT_NOBITS;
		gelf_update_shdr(scn, &shdr);
	}
}

/* Takes @elf (and @fd) whatever the outcome. */
static int srcline_file__from_elf(struct srcline_file **out, Elf *elf, int fd)
{
	struct srcline_file *sf;

	/* a stripped image or a .debug without lines: nothing to read */
	if (!elf || !elf__has_section(elf, ".debug_info") ||
	    !elf__has_section(elf, ".debug_line"))
		goto no_data;
	sf = calloc(1, sizeof(*sf));
	if (!sf) {
		elf_end(elf);
		if (fd >= 0)
			close(fd);
		return -ENOMEM;
	}
	/* an image in memory is the caller's, headers included: left as it is */
	if (fd >= 0)
		srcline__hide_unread(elf);
	sf->dwarf = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	if (!sf->dwarf) {
		free(sf);
		goto no_data;
	}
	sf->fd = fd;
	sf->elf = elf;
	hashmap__init(&sf->cache);
	hashmap__init(&sf->units);
	/* our own line tables read libdw's sections, no copy */
	srcline_sections__init(&sf->secs, elf);
	if (srcline_aranges__new(&sf->aranges, &sf->secs))
		sf->aranges = NULL;
	*out = sf;
	return 0;
no_data:
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return -ENODATA;
}

int srcline_file__open(struct srcline_file **out, const char *path)
{
	int fd;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/*
	 * Read, not mapped: dwarf_begin_elf() inflates every compressed
	 * .debug_* section (a distribution's debuginfo: libc's 4 MB of
	 * them), and libelf frees a section's compressed bytes once inflated
	 * only when it read them itself; from a map they stay resident
	 * beside the inflated copy.  4 MB less peak RSS on a report that
	 * touches libc, the same time.
	 */
	return srcline_file__from_elf(out, elf_begin(fd, ELF_C_READ, NULL), fd);
}

int srcline_file__open_mem(struct srcline_file **out, const void *buf, size_t len)
{
	elf_version(EV_CURRENT);
	/* libelf reads the image in place (ELF_C_READ): it is not written */
	return srcline_file__from_elf(out, elf_memory((char *)buf, len), -1);
}

void srcline_file__delete(struct srcline_file *sf)
{
	size_t i;

	if (!sf)
		return;
	for (i = 0; i < sf->cache.nr; i++) {
		struct srcline *sl = sf->cache.entries[i].value;

		free(sl->inlines);
		free(sl);
	}
	hashmap__exit(&sf->cache);
	for (i = 0; i < sf->units.nr; i++) {
		struct srcline_unit *unit = sf->units.entries[i].value;

		srcline_lines__delete(unit->lines);
		free(unit);
	}
	hashmap__exit(&sf->units);
	srcline_aranges__delete(sf->aranges);
	srcline_scopes__delete(sf->scopes);
	srcline_aranges__delete(sf->unit_ranges);
	dwarf_end(sf->dwarf);
	elf_end(sf->elf);
	if (sf->fd >= 0)
		close(sf->fd);
	free(sf);
}

/* The unit DIE of the unit whose header is at @unit in .debug_info. */
static bool srcline_file__unit_die(struct srcline_file *sf, u64 unit, Dwarf_Die *cu)
{
	Dwarf_Off next;
	size_t hsize;

	return !dwarf_next_unit(sf->dwarf, unit, &next, &hsize, NULL, NULL, NULL, NULL, NULL,
				NULL) &&
	       dwarf_offdie(sf->dwarf, unit + hsize, cu);
}

/*
 * The unit DIE holding @addr, as dwarf_addrdie() finds it, but interning
 * only the units up to it (srcline-aranges.c).
 */
static bool srcline_file__aranges_unit(struct srcline_file *sf, u64 addr, Dwarf_Die *cu)
{
	u64 unit;

	if (!sf->aranges)
		return dwarf_addrdie(sf->dwarf, addr, cu) != NULL;
	return !srcline_aranges__find(sf->aranges, addr, &unit) &&
	       srcline_file__unit_die(sf, unit, cu);
}

/*
 * The unit holding @addr: .debug_aranges first (cheap, and what GCC
 * emits), else the units' own ranges (clang emits no aranges), read
 * once, on the first address aranges missed.
 */
static bool srcline_file__unit(struct srcline_file *sf, u64 addr, Dwarf_Die *cu)
{
	u64 unit;

	if (srcline_file__aranges_unit(sf, addr, cu))
		return true;
	if (!sf->unit_ranges && !sf->unit_ranges_failed)
		sf->unit_ranges_failed = srcline_aranges__from_units(&sf->unit_ranges,
								     sf->dwarf) != 0;
	return sf->unit_ranges && !srcline_aranges__find(sf->unit_ranges, addr, &unit) &&
	       srcline_file__unit_die(sf, unit, cu);
}

/*
 * @cu's line table, decoded by us the first time it is asked; NULL where
 * libdw is to read it (a unit without DW_AT_stmt_list is one: libdw says
 * what such a unit has, a split unit's skeleton included).
 */
static struct srcline_lines *srcline_file__unit_lines(struct srcline_file *sf, Dwarf_Die *cu)
{
	Dwarf_Off off = dwarf_dieoffset(cu);
	u64 hash = hash__bytes(&off, sizeof(off), 0);
	struct srcline_unit *unit;
	Dwarf_Die unit_die;
	Dwarf_Attribute attr;
	Dwarf_Word stmt_list;
	u8 addr_size;
	size_t iter = 0;

	while ((unit = hashmap__next(&sf->units, hash, &iter)))
		if (unit->off == off)
			return unit->lines;
	unit = calloc(1, sizeof(*unit));
	if (!unit)
		return NULL;
	unit->off = off;
	if (sf->secs.line && dwarf_attr(cu, DW_AT_stmt_list, &attr) &&
	    !dwarf_formudata(&attr, &stmt_list) &&
	    dwarf_diecu(cu, &unit_die, &addr_size, NULL) &&
	    srcline_lines__new(&unit->lines, &sf->secs, stmt_list, addr_size,
			       dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr))))
		unit->lines = NULL;
	if (hashmap__add(&sf->units, hash, unit)) {
		srcline_lines__delete(unit->lines);
		free(unit);
		return NULL;
	}
	return unit->lines;
}

/* libdw's own line table: what srcline_lines__find() gives, from libdw. */
static int srcline__libdw_line(Dwarf_Die *cu, u64 addr, const char **file, int *lineno)
{
	Dwarf_Line *line = dwarf_getsrc_die(cu, addr);

	if (!line || dwarf_lineno(line, lineno))
		return -ENOENT;
	*file = dwarf_linesrc(line, NULL, NULL);
	return 0;
}

static void srcline__resolve(struct srcline_file *sf, struct srcline *sl)
{
	struct srcline_lines *lines;
	const char *file = NULL;
	Dwarf_Die cu;
	int lineno, err;

	if (!srcline_file__unit(sf, sl->addr, &cu))
		return;
	lines = srcline_file__unit_lines(sf, &cu);
	err = lines ? srcline_lines__find(lines, sl->addr, &file, &lineno) :
		      srcline__libdw_line(&cu, sl->addr, &file, &lineno);
	if (err || lineno < 0) {
		/*
		 * In a unit's ranges but not in its line table (code of an asm
		 * statement): addr2line names no file and no line, ":0" in
		 * upstream's text, not its unknown.
		 */
		sl->file = "";
		return;
	}
	sl->file = file;
	if (!sl->file)
		return;
	sl->line = lineno;
}

static void srcline__resolve_inlines(struct srcline_file *sf, struct srcline *sl)
{
	Dwarf_Die cu;

	sl->inlines_done = true;
	if (!sl->file || !*sl->file || !srcline_file__unit(sf, sl->addr, &cu))
		return;
	if (!sf->scopes)
		sf->scopes = srcline_scopes__new(sf->dwarf);
	/* the chain is extra: without it the line still stands */
	if (!sf->scopes || srcline_scopes__add_inlines(sf->scopes, &cu, sl)) {
		free(sl->inlines);
		sl->inlines = NULL;
		sl->nr_inlines = 0;
	}
}

const struct srcline *srcline_file__find(struct srcline_file *sf, u64 addr)
{
	u64 hash = hash__bytes(&addr, sizeof(addr), 0);
	struct srcline *sl;
	size_t iter = 0;

	while ((sl = hashmap__next(&sf->cache, hash, &iter)))
		if (sl->addr == addr)
			return sl;
	sl = calloc(1, sizeof(*sl));
	if (!sl)
		return NULL;
	sl->addr = addr;
	srcline__resolve(sf, sl);
	if (hashmap__add(&sf->cache, hash, sl)) {
		free(sl->inlines);
		free(sl);
		return NULL;
	}
	return sl;
}

const struct srcline *srcline_file__find_inlines(struct srcline_file *sf, u64 addr)
{
	struct srcline *sl = (struct srcline *)srcline_file__find(sf, addr);

	/* ours to complete: the cache owns every answer it handed out */
	if (sl && !sl->inlines_done)
		srcline__resolve_inlines(sf, sl);
	return sl;
}

const char *srcline__basename(const char *file)
{
	const char *p = strrchr(file, '/');

	return p ? p + 1 : file;
}

int srcline__snprintf(const struct srcline *sl, char *buf, size_t size, bool full_path)
{
	if (!sl || !sl->file)
		return snprintf(buf, size, "%s", SRCLINE_UNKNOWN);
	return snprintf(buf, size, "%s:%u", full_path ? sl->file : srcline__basename(sl->file),
			sl->line);
}
