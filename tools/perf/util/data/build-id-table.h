/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DSOs a recording saw, keyed by (path, cpumode, build-id): filled as
 * MMAP records stream past, so the header's build-id table costs
 * O(number of DSOs) at the end, never a second pass over the data.
 */
#ifndef __PERF_BUILDID_TABLE_H
#define __PERF_BUILDID_TABLE_H

#include <linux/types.h>
#include "util/data/event.h"
#include "util/data/header.h"
#include "util/base/hashmap.h"

struct buildid_entry {
	char *path;
	u16 cpumode;			/* PERF_RECORD_MISC_KERNEL / _USER */
	u8 size;			/* 0: not known yet */
	u8 build_id[PERF_BUILD_ID_MAX];
};

struct buildid_table {
	struct buildid_entry *entries;
	u32 nr, alloc;
	struct hashmap map;		/* entry index + 1, by entry__hash() */
};

void buildid_table__init(struct buildid_table *t);
void buildid_table__exit(struct buildid_table *t);

/*
 * Note that @path was mapped with @build_id (@size 0: unknown, to be read
 * from the file later).  Duplicates are ignored.  Returns 1 if added, 0 if
 * already there, -ENOMEM.
 */
int buildid_table__add(struct buildid_table *t, const char *path, u16 cpumode,
		       const u8 *build_id, u8 size);
/* The same, and the entry's index (added or found) into *@idx. */
int buildid_table__add_idx(struct buildid_table *t, const char *path, u16 cpumode,
			   const u8 *build_id, u8 size, u32 *idx);

/*
 * The userspace mode's first sights: @t a set of its own (never written
 * out), keyed by @path and what an MMAP2 record says of the file (maj,
 * min, ino and the generation's low 32 bits, which is all the kernel
 * keeps), packed where an id would go: a binary replaced at its path is
 * a new file, seen again.  Its entry's index into *@idx.  1 if added, 0
 * if there, -ENOMEM.
 */
int buildid_table__add_file(struct buildid_table *t, const char *path, u32 maj, u32 min,
			    u64 ino, u64 ino_generation, u32 *idx);

/*
 * The build-id of a file / of the running kernel (/sys/kernel/notes) into
 * @out (PERF_BUILD_ID_MAX bytes).  Returns its size or -errno; quiet.
 */
int buildid__read_file(const char *path, u8 *out);
int buildid__read_kernel(u8 *out);
/* The [vdso] image's build-id, from our own process.  Size or -errno. */
int buildid__read_vdso(u8 *out);

/*
 * Read the ids still unknown (size 0) from their files: once per path,
 * after the run, never from the data.  Entries found are added.
 */
void buildid_table__resolve(struct buildid_table *t);

/* Every entry with an id into @h's BUILD_ID table (pid -1: host). */
int buildid_table__to_header(const struct buildid_table *t, struct perf_header *h);

/* Every entry with an id as a HEADER_BUILD_ID record (pipe mode). */
int buildid_table__write_records(const struct buildid_table *t,
				 int (*write)(void *priv, const void *buf, size_t len),
				 void *priv);

/* Maps that have no file behind them: "//anon", "[stack]", "[vdso]"... */
bool buildid_table__skip_path(const char *path);

#endif
