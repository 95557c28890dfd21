/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf archive --unpack: install a tarball of build-id cache entries (as
 * perf archive and upstream's perf-archive make them) into the cache.
 *
 * The archive comes from another box and is not trusted: it is read as a
 * stream (tar-reader.h), never extracted.  Only regular files named
 * <path>/<build-id>/{elf,debug,kallsyms,vdso} are taken; an ELF's content
 * must carry the build-id its name says; each is written by the cache's
 * writer (build-id-cache.h: no write leaves the cache, whatever the names
 * or the links already there), which also makes the .build-id/ link.
 * The archive's own links are never created; anything else in it is
 * skipped with one line saying why.
 */
#ifndef __PERF_BUILD_ID_UNPACK_H
#define __PERF_BUILD_ID_UNPACK_H

#include <linux/types.h>

/* A cached file bigger than this is refused (vmlinux debuginfo is ~1 GiB). */
#define BUILD_ID_UNPACK_MEMBER_MAX	(4ULL << 30)

/*
 * Install @tarball (NULL: the one perf*.tar.bz2 of the current directory)
 * into the cache @dir; members above @max_member bytes are refused.  One
 * "OK <build-id> <name>" line per entry installed on stdout.  Returns 0,
 * 1 when something was skipped or could not be stored, -1 when the
 * archive could not be read (said on stderr).
 */
int build_id_unpack__run(const char *tarball, const char *dir, u64 max_member, int verbose);

#endif
