// SPDX-License-Identifier: GPL-2.0
/* The growing array of array.h. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"

int array__grow(void *pp, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : ARRAY__FIRST;
	void *p, *np;

	if (need <= *cap)
		return 0;
	if (!elem)
		return -EINVAL;
	while (n < need)
		n = n <= SIZE_MAX / 2 ? n * 2 : need;
	if (n > SIZE_MAX / elem)
		return -EOVERFLOW;
	/* memcpy: the caller's pointer is a T *, not a void * */
	memcpy(&p, pp, sizeof(p));
	np = realloc(p, n * elem);
	if (!np)
		return -ENOMEM;
	memcpy(pp, &np, sizeof(np));
	*cap = n;
	return 0;
}

int array__grow_u32(void *pp, u32 *cap, size_t need, size_t elem)
{
	size_t n = *cap;
	int ret;

	if (need <= n)
		return 0;
	if (need > UINT32_MAX)
		return -EOVERFLOW;
	ret = array__grow(pp, &n, need, elem);
	if (ret)
		return ret;
	/* doubling may pass UINT32_MAX where @need does not: the most a u32 says */
	*cap = n > UINT32_MAX ? UINT32_MAX : (u32)n;
	return 0;
}
