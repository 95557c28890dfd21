// SPDX-License-Identifier: GPL-2.0
/*
 * Which unit holds an address, from .debug_aranges, without libdw's
 * dwarf_addrdie().
 *
 * libdw 0.188 answers the first dwarf_addrdie() by interning every unit
 * .debug_aranges names (a Dwarf_CU and an abbreviation hash each): libc's
 * debuginfo has 4126 units, 2.1 MB, for a report that touches a few of
 * them.  Reading the table here and asking dwarf_offdie() for the unit
 * found interns only the units up to it (libdw interns in file order).
 * The answer is dwarf_addrdie()'s: the same sets, sorted by address as
 * libdw sorts them (ties in table order), the same bisection;
 * test-srcline-lines checks both agree address by address.
 *
 * Without .debug_aranges (clang emits none unless -gdwarf-aranges), the
 * same table is made from the units' own DW_AT_ranges / low-high pcs,
 * the walk addr2line does, so their lines are found rather than "??:0".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/symbols/srcline-int.h"
#include "util/base/array.h"

struct srcline_arange {
	u64	addr, len;
	u64	unit;		/* the unit's header offset in .debug_info */
	size_t	order;
};

struct srcline_aranges {
	struct srcline_arange	*v;
	size_t			nr, alloc;
};

static u64 get(const u8 **p, size_t n)
{
	u64 v = 0;
	size_t i;

	/* the host's byte order: srcline_sections__init() checked the file's */
	for (i = 0; i < n; i++)
		v |= (u64)(*p)[i] << (8 * i);
	*p += n;
	return v;
}

static int arange_cmp(const void *pa, const void *pb)
{
	const struct srcline_arange *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * Parse @secs' .debug_aranges.  -ENODATA: no table (libdw's own lookup
 * then), -EINVAL: a table libdw would read differently or refuse (the
 * same), -ENOMEM.
 */
int srcline_aranges__new(struct srcline_aranges **out, const struct srcline_sections *secs)
{
	const u8 *p = secs->aranges, *end;
	struct srcline_aranges *ar;
	int err = -EINVAL;

	/* no pointer arithmetic on NULL: a file without the section is usual */
	if (!secs->aranges)
		return -ENODATA;
	end = secs->aranges + secs->aranges_size;
	ar = calloc(1, sizeof(*ar));
	if (!ar)
		return -ENOMEM;
	while (p < end) {
		const u8 *set = p, *set_end;
		size_t offset_size = 4, addr_size, align;
		u64 len, unit;

		if (end - p < 4)
			goto fail;
		len = get(&p, 4);
		if (len == 0xffffffff) {
			if (end - p < 8)
				goto fail;
			len = get(&p, 8);
			offset_size = 8;
		}
		if (len > (u64)(end - p) || len < 2 + offset_size + 2)
			goto fail;
		set_end = p + len;
		if (get(&p, 2) != 2)
			goto fail;
		unit = get(&p, offset_size);
		addr_size = *p++;
		/* segmented addresses: libdw's business */
		if ((addr_size != 4 && addr_size != 8) || *p++ != 0)
			goto fail;
		/* the tuples start at a multiple of their size from the set's start */
		align = 2 * addr_size;
		p = set + ((size_t)(p - set) + align - 1) / align * align;
		/* (0, 0) ends a set; libdw skips one met before the set's end too */
		while ((size_t)(set_end - p) >= 2 * addr_size) {
			struct srcline_arange *a;
			u64 addr, n;

			addr = get(&p, addr_size);
			n = get(&p, addr_size);
			if (!addr && !n)
				continue;
			if (ARRAY_GROW(ar->v, ar->alloc, ar->nr + 1)) {
				err = -ENOMEM;
				goto fail;
			}
			a = &ar->v[ar->nr];
			*a = (struct srcline_arange){ .addr = addr, .len = n, .unit = unit,
						      .order = ar->nr };
			ar->nr++;
		}
		p = set_end;
	}
	if (ar->nr)
		qsort(ar->v, ar->nr, sizeof(*ar->v), arange_cmp);
	*out = ar;
	return 0;
fail:
	srcline_aranges__delete(ar);
	return err;
}

/*
 * The same table from every unit's own ranges, read once.  A unit whose
 * DIE or ranges are corrupt is skipped: its lines stay unknown.
 */
int srcline_aranges__from_units(struct srcline_aranges **out, Dwarf *dwarf)
{
	struct srcline_aranges *ar = calloc(1, sizeof(*ar));
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (!ar)
		return -ENOMEM;
	while (dwarf_nextcu(dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Addr base, low, high;
		Dwarf_Die cudie;
		ptrdiff_t it = 0;

		if (dwarf_offdie(dwarf, off + hsize, &cudie)) {
			while ((it = dwarf_ranges(&cudie, it, &base, &low, &high)) > 0) {
				if (high <= low)
					continue;
				if (ARRAY_GROW(ar->v, ar->alloc, ar->nr + 1)) {
					srcline_aranges__delete(ar);
					return -ENOMEM;
				}
				ar->v[ar->nr] = (struct srcline_arange){
					.addr = low, .len = high - low, .unit = off, .order = ar->nr,
				};
				ar->nr++;
			}
		}
		off = next;
	}
	if (ar->nr)
		qsort(ar->v, ar->nr, sizeof(*ar->v), arange_cmp);
	*out = ar;
	return 0;
}

void srcline_aranges__delete(struct srcline_aranges *ar)
{
	if (!ar)
		return;
	free(ar->v);
	free(ar);
}

/* dwarf_getarange_addr()'s search: 0 and *@unit, or -ENOENT. */
int srcline_aranges__find(const struct srcline_aranges *ar, u64 addr, u64 *unit)
{
	size_t l = 0, u = ar->nr;

	while (l < u) {
		size_t idx = (l + u) / 2;
		const struct srcline_arange *a = &ar->v[idx];

		if (addr < a->addr) {
			u = idx;
		} else if (addr > a->addr && addr - a->addr >= a->len) {
			l = idx + 1;
		} else {
			*unit = a->unit;
			return 0;
		}
	}
	return -ENOENT;
}
