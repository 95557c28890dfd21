// SPDX-License-Identifier: GPL-2.0
/*
 * Which compilation unit holds an address, when .debug_aranges cannot
 * say.  dwarf_addrdie() answers from .debug_aranges only, and clang does
 * not emit that section unless asked (-gdwarf-aranges); GCC's is also
 * missing units built without it.  Upstream's addr2line walks the units'
 * own DW_AT_ranges / low_pc-high_pc then, so its report names the line
 * where ours printed "??:0".  Here the same walk is done once per file,
 * on the first address aranges did not place, into a sorted table.
 */
#include <errno.h>
#include <stdlib.h>
#include "util/symbols/srcline-int.h"
#include "util/base/array.h"

struct cu_range {
	Dwarf_Addr	low, high;	/* [low, high) */
	Dwarf_Addr	reach;		/* the highest high of this range and all before */
	Dwarf_Off	cu;		/* the unit DIE's offset */
};

struct srcline_cu_index {
	struct cu_range	*ranges;
	size_t		nr, alloc;
};

static int cu_range__cmp(const void *a, const void *b)
{
	const struct cu_range *x = a, *y = b;

	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	return x->high < y->high ? -1 : x->high > y->high;
}

/* Every unit's ranges; a corrupt unit is skipped, not fatal. */
static int srcline_cu_index__read(struct srcline_cu_index *idx, Dwarf *dwarf)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (dwarf_nextcu(dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Addr base, low, high;
		Dwarf_Die cudie;
		ptrdiff_t it = 0;

		if (dwarf_offdie(dwarf, off + hsize, &cudie)) {
			while ((it = dwarf_ranges(&cudie, it, &base, &low, &high)) > 0) {
				if (high <= low)
					continue;
				if (ARRAY_GROW(idx->ranges, idx->alloc, idx->nr + 1))
					return -ENOMEM;
				idx->ranges[idx->nr++] = (struct cu_range){
					.low = low, .high = high, .cu = off + hsize,
				};
			}
		}
		off = next;
	}
	qsort(idx->ranges, idx->nr, sizeof(*idx->ranges), cu_range__cmp);
	for (size_t i = 0; i < idx->nr; i++)
		idx->ranges[i].reach = i && idx->ranges[i - 1].reach > idx->ranges[i].high ?
				       idx->ranges[i - 1].reach : idx->ranges[i].high;
	return 0;
}

struct srcline_cu_index *srcline_cu_index__new(Dwarf *dwarf)
{
	struct srcline_cu_index *idx = calloc(1, sizeof(*idx));

	if (idx && srcline_cu_index__read(idx, dwarf)) {
		srcline_cu_index__delete(idx);
		return NULL;
	}
	return idx;
}

void srcline_cu_index__delete(struct srcline_cu_index *idx)
{
	if (!idx)
		return;
	free(idx->ranges);
	free(idx);
}

/*
 * The unit whose range holds @addr: the last range starting at or below
 * it, then back over earlier ones while one of them could still reach it
 * (ranges of units may nest or overlap: a range is tested, not assumed;
 * "reach" stops the walk where nothing before goes up to @addr).
 */
int srcline_cu_index__find(const struct srcline_cu_index *idx, Dwarf *dwarf,
			   Dwarf_Addr addr, Dwarf_Die *cu)
{
	size_t lo = 0, hi = idx->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (idx->ranges[mid].low <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo--) {
		const struct cu_range *r = &idx->ranges[lo];

		if (r->reach <= addr)
			break;
		if (addr < r->high)
			return dwarf_offdie(dwarf, r->cu, cu) ? 0 : -EINVAL;
	}
	return -ENOENT;
}
