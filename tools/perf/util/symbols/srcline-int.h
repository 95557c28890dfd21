/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inline-chain half of source lines (srcline-inline.c), shared with
 * the line lookups (srcline.c).  Nobody else includes this.
 */
#ifndef __PERF_SRCLINE_INT_H
#define __PERF_SRCLINE_INT_H

#include <elfutils/libdw.h>
#include "util/symbols/srcline.h"

/*
 * Per compilation unit, the scopes its top level holds (functions, and
 * the namespaces and classes around C++ ones) with their address ranges,
 * made the first time an address of the unit asks: a lookup then goes to
 * the few scopes holding the address instead of walking every DIE of the
 * unit (4096 functions in one unit: 40x the cost of the line itself).
 */
struct srcline_scopes;

struct srcline_scopes *srcline_scopes__new(Dwarf *dwarf);
void srcline_scopes__delete(struct srcline_scopes *scopes);

/*
 * Fill @sl's inline chain (innermost call site first) and function for
 * its address in @cu.  Returns 0 or -ENOMEM (the chain is then partial).
 */
int srcline_scopes__add_inlines(struct srcline_scopes *scopes, Dwarf_Die *cu,
				struct srcline *sl);

/*
 * The same by walking the whole unit, as before the index: what the
 * index must agree with (the unit tests compare them address by address).
 */
int srcline_scopes__add_inlines_walk(Dwarf_Die *cu, struct srcline *sl);

/*
 * Units by address range, read from the units themselves
 * (srcline-cu.c): for files whose .debug_aranges is missing or partial.
 */
struct srcline_cu_index;

struct srcline_cu_index *srcline_cu_index__new(Dwarf *dwarf);
void srcline_cu_index__delete(struct srcline_cu_index *idx);
/* 0 and @cu set, -ENOENT if no unit holds @addr, -EINVAL if its DIE is bad */
int srcline_cu_index__find(const struct srcline_cu_index *idx, Dwarf *dwarf,
			   Dwarf_Addr addr, Dwarf_Die *cu);

#endif
