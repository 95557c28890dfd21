/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one reader of kallsyms text ("<hex addr> <type> <name>[\t[module]]"
 * per line): /proc/kallsyms or the build-id cache's copy of it.
 *
 * kallsyms__read() takes the whole file (it has no size to go by under
 * /proc); kallsyms__for_each_row() walks its rows with a callback;
 * kallsyms__text_range() finds the kernel's _text and _etext.  Where the
 * file is missing, unreadable or its addresses are zeros (kptr_restrict),
 * each caller decides what that means for it: the reader says which.
 */
#ifndef __PERF_KALLSYMS_H
#define __PERF_KALLSYMS_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

/* Far above any kernel's (6 MB here); rows are addressed by u32. */
/* The running kernel's symbols: what every caller reads by default. */
#define KALLSYMS_PROC_PATH	"/proc/kallsyms"

#define KALLSYMS_MAX_SIZE	(512u << 20)
/*
 * Longer lines are no kernel's (names stop at KSYM_NAME_LEN, 512, module
 * names at 56): the walk skips them instead of handing them on.
 */
#define KALLSYMS_LINE_MAX	4096

/* One row, parsed in place: nothing points outside its line. */
struct kallsyms_row {
	u64		addr;
	char		type;
	const char	*line;		/* where the row starts */
	const char	*name;		/* where its name starts */
	const char	*end;		/* its newline, or the text's end */
};

/*
 * The whole file at @path into *@text (malloc'ed, not NUL-terminated),
 * *@len bytes.  Opened non-blocking and refused unless a regular file (a
 * FIFO planted as a cached kallsyms must not hang us).  Returns 0 or
 * -errno: the open's, -EINVAL (not a regular file), -EFBIG (over
 * KALLSYMS_MAX_SIZE), -EIO, -ENOMEM.  Unless @quiet, says why on stderr.
 */
int kallsyms__read(const char *path, char **text, size_t *len, bool quiet);

/*
 * The row at @p, whose line ends at or before @end: false for a malformed
 * one (no hex address or one of over 16 digits, no single type
 * character, no name).  row->end is left to the caller.
 */
bool kallsyms__parse_row(const char *p, const char *end, struct kallsyms_row *row);

/* The name's length: up to a tab, blank, NUL or the row's end. */
size_t kallsyms_row__namelen(const struct kallsyms_row *row);

/*
 * Call @fn on each well-formed row of @text, in file order; malformed
 * rows and rows over KALLSYMS_LINE_MAX bytes are skipped.  A non-zero
 * return from @fn stops the walk and is returned.
 */
int kallsyms__for_each_row(const char *text, size_t len,
			   int (*fn)(const struct kallsyms_row *row, void *priv), void *priv);

/*
 * The kernel's _text and _etext (rows of the kernel itself, not of a
 * module), each 0 if absent.  Both 0 when kptr_restrict hides addresses:
 * a caller that needs real addresses checks *@start.
 */
void kallsyms__text_range(const char *text, size_t len, u64 *start, u64 *end);

#endif
