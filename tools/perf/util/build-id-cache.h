/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build-id cache (~/.debug, or $PERF_BUILDID_DIR) in upstream's
 * layout: <dir>/<path>/<build-id>/elf (or kallsyms for the kernel) and
 * <dir>/.build-id/<2 hex>/<38 hex> -> ../../<path>/<build-id>.
 */
#ifndef __PERF_BUILD_ID_CACHE_H
#define __PERF_BUILD_ID_CACHE_H

#include <linux/types.h>
#include <stddef.h>
#include "buildid-table.h"

/* The cache directory; -ENOENT when neither variable is set. */
int build_id_cache__dir(char *buf, size_t size);

/*
 * Add one DSO: @path is a file (copied or hard-linked as "elf" after its
 * build-id is checked to still be @bid) or "[kernel.kallsyms]" (the
 * running kernel's /proc/kallsyms is copied).  Already cached: 0.
 * Returns 0 or -errno; prints nothing.
 */
int build_id_cache__add(const char *dir, const char *path, const u8 *bid, u8 size);

/* Every entry of @t with a build-id; failures are reported with -v only. */
void build_id_cache__add_table(const struct buildid_table *t, int verbose);

#endif
