/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The set of DSOs of a machine, in order of creation, indexed by path and
 * by build-id; and the build-ids the perf.data header gives by path.
 * Identity: see dso.h.  Included by dso.h.
 */
#ifndef __PERF_DSOS_H
#define __PERF_DSOS_H

#include <stddef.h>
#include "util/symbols/build-id.h"
#include "util/base/hashmap.h"

#define DSO_KERNEL_NAME		"[kernel.kallsyms]"

struct dso;
struct dso_id;

struct dsos {
	struct dso	**entries;	/* in order of creation */
	size_t		nr, alloc;
	struct hashmap	by_name;	/* long_name -> DSOs, oldest first */
	struct hashmap	by_build_id;	/* build-id -> DSOs, oldest first */
	/* build-ids by path from the perf.data header (HEADER_BUILD_ID) */
	struct hashmap	hints;
};

void dsos__init(struct dsos *dsos);
void dsos__exit(struct dsos *dsos);

/*
 * The DSO for an mmap of @name with @id (build-id and/or inode, either may
 * be absent), created if new.  A DSO without build-id gets the one the
 * header recorded for @name, if that is unambiguous.  Returns a reference
 * (dso__put() it) or NULL on ENOMEM.
 */
struct dso *dsos__findnew_id(struct dsos *dsos, const char *name, const struct dso_id *id);

/* The DSO with this build-id, or NULL.  Borrowed reference. */
struct dso *dsos__find_by_build_id(const struct dsos *dsos, const struct build_id *bid);

/*
 * Remember the build-id the perf.data header gives for @name.  A path
 * with two different ids (rebuilt during the recording) is ambiguous and
 * is not used for id-less mmaps of it.  Returns 0 or -ENOMEM.
 */
int dsos__add_build_id_hint(struct dsos *dsos, const char *name, const struct build_id *bid);

/*
 * A BUILD_ID table entry or HEADER_BUILD_ID record as a DSO: the first
 * DSO called @name with this build-id or with none yet (which takes it),
 * else a new one.  So one path with two ids is two DSOs, and a DSO an
 * mmap made before a stream's trailing build-id records gets its id.
 * Borrowed reference, NULL on ENOMEM.
 */
struct dso *dsos__findnew_build_id(struct dsos *dsos, const char *name,
				   const struct build_id *bid);

#endif
