/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A growing array: the one place that doubles a capacity and checks the
 * sizes it multiplies.  Callers keep (pointer, count, capacity) in their
 * own struct and ask for room before they append:
 *
 *	if (ARRAY_GROW(t->entries, t->alloc, t->nr + 1))
 *		return -ENOMEM;
 *	t->entries[t->nr++] = e;
 */
#ifndef __PERF_ARRAY_H
#define __PERF_ARRAY_H

#include <linux/types.h>
#include <stddef.h>

/* The first capacity of an empty array, in elements. */
#define ARRAY__FIRST	16

/*
 * Room for @need elements of @elem bytes in the array whose pointer is at
 * @pp (the address of the caller's pointer, NULL while empty), with
 * capacity *@cap elements: doubled from *@cap (or ARRAY__FIRST) until it
 * holds @need.  0 (nothing moved if it already fits), -EOVERFLOW if the
 * size does not fit a size_t, -ENOMEM (-EINVAL for @elem 0); on error *@pp and *@cap are kept.
 */
int array__grow(void *pp, size_t *cap, size_t need, size_t elem);
/* The same for a u32 capacity: -EOVERFLOW past UINT32_MAX elements. */
int array__grow_u32(void *pp, u32 *cap, size_t need, size_t elem);

/* array__grow() or array__grow_u32() by the capacity's type; @arr's element size. */
#define ARRAY_GROW(arr, cap, need)						\
	_Generic(&(cap), u32 *: array__grow_u32, size_t *: array__grow)		\
		(&(arr), &(cap), (need), sizeof(*(arr)))

#endif
