/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inline frames of a DSO's addresses, as upstream perf 6.1 puts them in
 * DWARF-unwound call chains (--inline, its default; its frame-pointer
 * chains keep one frame per address): where the DWARF says the address
 * is in code inlined into its function, the address stands for several
 * frames, innermost first, each with the source line it is at:
 *
 *   mix (inlined)   srcline-app.c:12    the address' own line
 *   left            srcline-app.c:22    where left() inlines mix()
 *
 * Upstream names the outermost frame by the DWARF's subprogram and keeps
 * the ELF symbol only when the names agree: a function whose DWARF name
 * differs from its symbol ("__libc_start_main_impl" for the symbol upstream
 * calls __libc_start_main_alias_2) becomes an inlined frame of that name.
 * An address without DWARF lines keeps its one frame.
 *
 * Answers are cached per (DSO, address) on top of the source-line cache
 * (util/symbols/srcline.h); inlined functions are one symbol per
 * (function they are inlined into, name), so call graphs merge them as
 * upstream does, by name within their function.
 */
#ifndef __PERF_DSO_INLINE_H
#define __PERF_DSO_INLINE_H

#include <linux/types.h>
#include "util/model/dso.h"

struct symbol;

struct inline_frame {
	const struct symbol	*sym;		/* the base symbol, or an inlined one */
	const char		*srcline;	/* "file.c:12" (base name), "??:0" when unknown */
};

/* One address' frames; nr 0: the address' own frame, unchanged. */
struct dso_inlines {
	u64			addr;
	u32			nr;
	struct inline_frame	frames[];
};

/*
 * The inline frames of @addr (in the DSO's own space) inside @sym, the
 * DSO's symbol there.  NULL when memory ran out; an answer with nr 0 for
 * a kernel DSO, a DSO without DWARF, an address no line covers.  Lives
 * as long as the DSO.
 */
const struct dso_inlines *dso__inlines(struct dso *dso, const struct dso_load_opts *opts,
				       const struct symbol *sym, u64 addr);

/*
 * Upstream's source line of a call-chain frame at @addr (its graphs' "-g
 * ...,address" text): "file.c:12", "??:0" for a file whose DWARF does not
 * cover @addr, "+offset" (decimal, from @sym) or "dso[address]" for a file
 * without lines to read.  Cached; NULL only when memory ran out.
 */
const char *dso__callchain_srcline(struct dso *dso, const struct dso_load_opts *opts,
				   const struct symbol *sym, u64 addr);

/* Frees what dso__inlines() cached for @dso (dso.c, when the DSO goes). */
void dso_inline_cache__delete(struct dso_inline_cache *cache);

#endif
