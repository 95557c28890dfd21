/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Source lines of one ELF file's DWARF, read in process through libdw.
 *
 * A srcline_file is one opened debug file (the DSO's own image built with
 * -g, or its separate debuginfo): addresses in the file's own space (the
 * addresses its symbols have) map to "file:line", innermost inline
 * location first, and the chain of inline call sites around it.  Answers
 * are cached per address, so a report asks libdw once per distinct ip.
 *
 * Which file to open (build-id cache, /usr/lib/debug, debuginfod...) is
 * the model's business (util/model/dso-srcline.h); this layer only reads.
 */
#ifndef __PERF_SRCLINE_H
#define __PERF_SRCLINE_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

/* Upstream's text for a line it cannot resolve. */
#define SRCLINE_UNKNOWN		"??:0"

/* An inline frame: @func inlined, called from @file:@line. */
struct srcline_inline {
	const char	*func;		/* NULL: unnamed */
	const char	*file;		/* NULL: unknown */
	unsigned int	line;
};

/*
 * One address's answer.  @file NULL: unknown (SRCLINE_UNKNOWN).  The
 * inline chain runs from the innermost call site outwards.
 */
struct srcline {
	u64			addr;
	/* full path as DWARF names it; "" in a unit without a line for it */
	const char		*file;
	unsigned int		line;
	/* srcline_file__find_inlines() only: the walk costs more than the line */
	struct srcline_inline	*inlines;
	/*
	 * The function the outermost inline call site is in (or the address,
	 * when nothing is inlined there): the subprogram's DWARF name, its
	 * linkage name when it has one; NULL: none (code of an asm file).
	 */
	const char		*func;
	int			nr_inlines;
	bool			inlines_done;
};

/* Inline chains longer than this are cut: a corrupt DWARF may loop. */
#define SRCLINE_MAX_INLINES	64

struct srcline_file;

/*
 * Open @path's DWARF.  Returns 0 with *@out set, -ENODATA when the file
 * has no .debug_info / .debug_line, or another -errno.
 */
int srcline_file__open(struct srcline_file **out, const char *path);
/* The same over an ELF image in memory (fuzzing); @buf is not copied. */
int srcline_file__open_mem(struct srcline_file **out, const void *buf, size_t len);
void srcline_file__delete(struct srcline_file *sf);

/*
 * The source line of @addr (cached).  Never NULL unless memory ran out;
 * an address the DWARF does not cover has file NULL.  The answer lives
 * as long as @sf.
 */
const struct srcline *srcline_file__find(struct srcline_file *sf, u64 addr);
/* The same with the inline chain filled in (cached too). */
const struct srcline *srcline_file__find_inlines(struct srcline_file *sf, u64 addr);

/*
 * "name.c:12" (basename unless @full_path) or SRCLINE_UNKNOWN, into @buf.
 * Returns what snprintf returns.
 */
int srcline__snprintf(const struct srcline *sl, char *buf, size_t size, bool full_path);

/* The base name of a path, upstream's spelling of a source file. */
const char *srcline__basename(const char *file);

#endif
