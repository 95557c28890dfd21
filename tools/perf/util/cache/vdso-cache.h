/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Our vDSO into the build-id cache.  Kept apart from util/symbols/vdso.c,
 * which only reads the image: the cache is a layer above the symbols
 * (README's tour), so the reader must not call into it.
 */
#ifndef __PERF_VDSO_CACHE_H
#define __PERF_VDSO_CACHE_H

#include "util/symbols/build-id.h"

/*
 * Copy our vDSO into the build-id cache @dir in upstream's layout,
 * [vdso]/<id>/vdso linked from .build-id/, which upstream perf report
 * follows too.  @bid: the id recorded (-ESTALE if ours is another one), or
 * size 0 to take ours (filled in).  Already cached: 0.  0 or -errno.
 */
int vdso__cache(const char *dir, struct build_id *bid);

#endif
