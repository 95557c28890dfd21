/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A DSO's source lines: which file's DWARF answers for it, chosen by
 * build-id like its symbols (Documentation/symbol-resolution.txt), and
 * the cached lookups of util/symbols/srcline.h.
 */
#ifndef __PERF_DSO_SRCLINE_H
#define __PERF_DSO_SRCLINE_H

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

#endif
