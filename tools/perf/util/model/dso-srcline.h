/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A DSO's source lines: which file's DWARF answers for it, chosen by
 * build-id like its symbols (Documentation/symbol-resolution.txt), and
 * the cached lookups of util/symbols/srcline.h.
 */
#ifndef __PERF_DSO_SRCLINE_H
#define __PERF_DSO_SRCLINE_H

#include <stdio.h>
#include <linux/types.h>
#include "util/model/dso.h"
#include "util/symbols/srcline.h"

/*
 * The source line of @addr, an address in the DSO's own space (as for
 * dso__find_symbol()).  Loads the DSO's symbols if needed, then opens the
 * first file with DWARF whose build-id is the DSO's: the build-id cache's
 * debug file, /usr/lib/debug/.build-id, the file the symbols came from.
 * NULL when there is none (or memory ran out): the caller prints
 * upstream's unknown.
 */
const struct srcline *dso__srcline(struct dso *dso, const struct dso_load_opts *opts, u64 addr);

/*
 * Upstream's text for the source line of a frame (@dso NULL: not mapped)
 * into @buf: "file.c:12" (base name), else what upstream shows when
 * addr2line fails: "function+offset" (decimal) with @sym, "dso[address]"
 * (hex) without, SRCLINE_UNKNOWN outside any mapping.  Returns the
 * DWARF's full file name when resolved, else NULL.
 */
const char *dso__srcline_text(struct dso *dso, const struct symbol *sym, u64 addr,
			      const struct dso_load_opts *opts, char *buf, size_t size);

#define DSO_SRCLINE_MAX_LINES	10

/*
 * After a command showed source lines: name, on @out, the DSOs of @dsos
 * whose lines were asked for and that had no DWARF (no file with the
 * DSO's build-id had any, debuginfod included when set up), at most
 * DSO_SRCLINE_MAX_LINES of them, and the next step.  The kernel is left
 * out (upstream shows function+offset there without a vmlinux).
 * DEBUGINFOD_URLS is suggested unless @opts has a debuginfod hook.
 * Returns how many such DSOs there were.
 */
int dsos__print_srcline_missing(const struct dsos *dsos, const struct dso_load_opts *opts,
				const char *cmd, FILE *out);

#endif
