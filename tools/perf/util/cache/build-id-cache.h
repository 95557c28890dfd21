/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build-id cache (~/.debug, or $PERF_BUILDID_DIR) in upstream's
 * layout: <dir>/<path>/<build-id>/elf (kallsyms for the kernel, vdso for
 * the vdso, debug for separate debuginfo) and
 * <dir>/.build-id/<2 hex>/<rest> -> ../../<path>/<build-id>.
 *
 * Names come from perf.data files, which are untrusted: every write is a
 * walk from the cache directory with mkdirat()/openat(O_NOFOLLOW), so no
 * name and no symlink planted in the cache leads a write outside it, and
 * files are created through a temporary name (never seen half-written)
 * with their source's mode, never wider and never writable but by the
 * owner; a kallsyms entry is 0600 (it holds real kernel addresses).  A
 * temporary file left by a killed writer is removed by the next writer
 * into its directory.  See Documentation/perf-buildid-cache.txt.
 */
#ifndef __PERF_BUILD_ID_CACHE_H
#define __PERF_BUILD_ID_CACHE_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "util/symbols/build-id.h"
#include "util/data/build-id-table.h"

#define BUILD_ID_CACHE_KERNEL	"[kernel.kallsyms]"
#define BUILD_ID_CACHE_VDSO	"[vdso]"
/* The directory of the links, below the cache root (or a debug dir). */
#define BUILD_ID_CACHE_LINKS	".build-id"

/*
 * The cache directory into @buf: @dir when given (a test's or a driver's
 * choice), else $PERF_BUILDID_DIR, else $HOME/.debug; an empty string
 * counts as not given.  0, -ENOENT when none is (HOME unset), or
 * -ENAMETOOLONG.  The one place that knows where the cache is.
 */
int build_id_cache__dir_of(char *buf, size_t size, const char *dir);

/* The same without a choice of the caller's: build_id_cache__dir_of(NULL). */
int build_id_cache__dir(char *buf, size_t size);

/*
 * The one spelling of a build-id link: "@dir/.build-id/<2 hex>/<rest>"
 * followed by @suffix ("" the link itself; "/elf", "/debug", "/kallsyms"
 * through it; ".debug" in a debug directory such as /usr/lib/debug).
 * @dir NULL: the path relative to the cache root.  @hex is the id in hex
 * (build_id__sprintf()).  0, -EINVAL for fewer than 2 hex digits, or
 * -ENAMETOOLONG (then @buf holds nothing to use).
 */
int build_id_cache__path(char *buf, size_t size, const char *dir, const char *hex,
			 const char *suffix);

/*
 * May @name be stored?  An absolute path of plain components (no "",
 * ".", "..", no control characters, each below NAME_MAX, all well below
 * PATH_MAX), or "[kernel.kallsyms]" / "[vdso]".  0 or -EINVAL.
 */
int build_id_cache__check_name(const char *name);

/* The leaf file of an entry: "elf", "kallsyms" (kernel), "vdso". */
const char *build_id_cache__leaf(const char *name);

/*
 * Store the content of @fd (read from its current offset) as @name's
 * entry for @bid under @dir, as @leaf (NULL: build_id_cache__leaf(name)),
 * and link it from .build-id/.  The caller has checked that @fd's
 * content carries @bid.  Already cached: 0.  Returns 0 or -errno: -EINVAL
 * bad name or id, -ELOOP a symlink where a directory of the cache should
 * be, open/write errors.
 */
int build_id_cache__store_fd(const char *dir, const char *name, const struct build_id *bid,
			     int fd, const char *leaf);

/*
 * Store the file @path under the name @name (NULL: @path).  @bid->size 0:
 * whatever id the file has (filled in); else the file must carry @bid
 * (-ESTALE when it carries another or none).  The id is read from the
 * descriptor that is copied, so a file replaced meanwhile is not taken.
 * Only regular files; never blocks on a FIFO.
 */
int build_id_cache__add_file(const char *dir, const char *path, const char *name,
			     struct build_id *bid, const char *leaf);

/* The running kernel's /proc/kallsyms as [kernel.kallsyms]/<id>/kallsyms. */
int build_id_cache__add_kallsyms(const char *dir, struct build_id *bid);

/*
 * The same from @text, /proc/kallsyms as read already (perf record reads
 * it at start-up; reading it again at the end cost 40 ms of finalizing),
 * for the running kernel, whose build-id the caller read: @bid.  Nothing
 * is written when that kernel is cached already.
 */
int build_id_cache__add_kallsyms_text(const char *dir, const struct build_id *bid,
				      const char *text, size_t len);

/* Is there a .build-id/ entry for @bid? */
bool build_id_cache__cached(const char *dir, const struct build_id *bid);

/*
 * Remove @name's entry for @bid (and its .build-id link).  -ENOENT when
 * there is none.  Never follows a symlink out of the cache.
 */
int build_id_cache__remove(const char *dir, const char *name, const struct build_id *bid);

/* Remove every entry of @name; the number removed or -errno. */
int build_id_cache__purge(const char *dir, const char *name);

/* Remove every entry of the cache; the number removed or -errno. */
int build_id_cache__purge_all(const char *dir);

/* "<build-id> <name>" per .build-id link, as upstream's -l prints. */
int build_id_cache__list(const char *dir, FILE *out);

/*
 * What a failure of the functions above means for @name's entry: -ESTALE
 * is "the file there (or the running kernel) is not the recorded one",
 * never the NFS "Stale file handle" strerror() would say.
 */
const char *build_id_cache__strerror(const char *name, int err);

/* Old interface (perf record): @path's file as itself, id checked. */
int build_id_cache__add(const char *dir, const char *path, const u8 *bid, u8 size);

/*
 * Every entry of @t with a build-id (but the kernel's when @kernel_done)
 * that the cache does not hold yet; failures are reported with -v only.
 */
void build_id_cache__add_table(const struct buildid_table *t, bool kernel_done, int verbose);

#endif
