// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's userspace build-id mode, for kernels whose MMAP2 records
 * carry no build-id.  The first map of each file (its path and inode)
 * goes to the securer, which reads the id from the mapped file itself
 * and hands it back here, for the header's table.
 *
 * A table names a file by its path only: a path mapped with two files (a
 * binary rebuilt during the run, a container's binary at the host's
 * path) would tell a reader nothing about which map is which.  So the
 * MMAP2 records of such a path get their file's id in place at the end,
 * in the kernel's build-id form, which has the inode form's size: a
 * pwrite per such record, no pass over the data.  Where each record went
 * is noted as it is written; pipes and -z's compressed records cannot be
 * rewritten.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "record/record.h"
#include "util/base/array.h"
#include "util/base/debug.h"
#include "util/base/hashmap.h"

struct record_map_fix {
	u64 off;		/* in the data section */
	u32 file;		/* index into us->seen */
	u16 misc;		/* as written */
};

void record__userspace_init(struct record *rec)
{
	memset(&rec->us, 0, sizeof(rec->us));
	buildid_table__init(&rec->us.seen);
}

void record__userspace_exit(struct record *rec)
{
	buildid_table__exit(&rec->us.seen);
	free(rec->us.ids);
	free(rec->us.fixes);
	memset(&rec->us, 0, sizeof(rec->us));
}

int record__userspace_map(struct record *rec, const struct perf_mmap_info *info, bool written)
{
	struct record_userspace *us = &rec->us;
	u16 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct proc_map_ident id;
	u32 idx;
	int ret;

	if (!rec->securing || cpumode != PERF_RECORD_MISC_USER || !info->has_inode ||
	    info->filename[0] != '/')
		goto by_path;
	/* Keyed by the inode too: a binary replaced at its path is seen again. */
	ret = buildid_table__add_file(&us->seen, info->filename, info->maj, info->min,
				      info->ino, info->ino_generation, &idx);
	if (ret < 0)
		return ret;
	if (ret) {
		id.maj = info->maj;
		id.min = info->min;
		id.ino = info->ino;
		id.ino_generation = info->ino_generation;
		ret = build_id_secure__queue_map(&rec->secure, info->pid, info->start,
						 info->start + info->len, info->pgoff,
						 info->filename, &id, idx);
		/* Queue full: said at the end; the path is read then, as without it. */
		if (ret == -ENOSPC)
			goto by_path;
		if (ret)
			return ret;
	}
	/* Neither a stream nor compressed records can be rewritten in place. */
	if (!written || rec->data.is_pipe || rec->compressing)
		return 0;
	us->pending_file = idx;
	/* A concurrent build-id session's bit is cleared as it is written. */
	us->pending_misc = info->misc & ~PERF_RECORD_MISC_MMAP_BUILD_ID;
	return 1;
by_path:
	return buildid_table__add(&rec->table, info->filename, cpumode, NULL, 0) < 0 ? -ENOMEM : 0;
}

void record__userspace_written(struct record *rec, u64 off)
{
	struct record_userspace *us = &rec->us;

	us->pending = NULL;
	if (ARRAY_GROW(us->fixes, us->alloc_fixes, (size_t)us->nr_fixes + 1)) {
		us->unnoted++;
		return;
	}
	us->fixes[us->nr_fixes].off = off;
	us->fixes[us->nr_fixes].misc = us->pending_misc;
	us->fixes[us->nr_fixes++].file = us->pending_file;
}

static int us__found(void *priv, const char *path, u32 cookie, const struct build_id *bid)
{
	struct record *rec = priv;
	struct record_userspace *us = &rec->us;

	if (cookie >= us->alloc_ids) {
		u32 old = us->alloc_ids;

		if (ARRAY_GROW(us->ids, us->alloc_ids, (size_t)cookie + 1))
			return -ENOMEM;
		/* size 0: no id read (yet) for that file */
		memset(us->ids + old, 0, (us->alloc_ids - old) * sizeof(*us->ids));
	}
	us->ids[cookie] = *bid;
	return buildid_table__add(&rec->table, path, PERF_RECORD_MISC_USER, bid->data,
				  (u8)bid->size) < 0 ? -ENOMEM : 0;
}

void record__userspace_take_found(struct record *rec)
{
	/* While the securer runs too (--switch-output): it swaps them out under its lock. */
	if (rec->secure.queue && build_id_secure__take_found(&rec->secure, us__found, rec))
		pr_warning("out of memory: some build-ids read during the run are not in %s\n",
			   rec->data.path);
}

void record__userspace_attr(struct record *rec)
{
	/* entries[0] is the tracking event, the one that emits MMAP2 records */
	if (rec->src == BUILDID_SRC_USERSPACE && !rec->data.is_pipe && rec->evlist.nr)
		rec->evlist.entries[0]->attr.flags |= PERF_ATTR_FLAG_BUILD_ID;
}

static const struct build_id *us__id(const struct record_userspace *us, u32 file)
{
	return file < us->alloc_ids && us->ids[file].size ? &us->ids[file] : NULL;
}

/*
 * For each file seen: does its path name two files with two ids?  Marks
 * into @two[file]; a hash by path keeps it linear.
 */
static int us__two_ids(const struct record_userspace *us, bool *two)
{
	struct hashmap by_path;
	u32 i, *first;
	int ret = 0;

	first = calloc(us->seen.nr, sizeof(*first));
	if (!first)
		return -ENOMEM;
	hashmap__init(&by_path);
	for (i = 0; i < us->seen.nr && !ret; i++) {
		const char *path = us->seen.entries[i].path;
		u64 h = hash__str(path, 0);
		const u32 *f;
		size_t it = 0;

		if (!us__id(us, i))
			continue;
		while ((f = hashmap__next(&by_path, h, &it)) != NULL)
			if (!strcmp(us->seen.entries[*f].path, path))
				break;
		if (!f) {
			first[i] = i;
			ret = hashmap__add(&by_path, h, &first[i]);
			continue;
		}
		first[i] = *f;
		if (!build_id__equal(us__id(us, i), us__id(us, *f)))
			two[*f] = true;
	}
	for (i = 0; i < us->seen.nr; i++)
		if (us__id(us, i))
			two[i] = two[first[i]];
	hashmap__exit(&by_path);
	free(first);
	return ret;
}

/* @fix's record in the kernel's build-id form, with @bid. */
static int us__rewrite_one(struct record *rec, const struct record_map_fix *fix,
			   const struct build_id *bid)
{
	u64 off = rec->header.data_offset + fix->off;
	u16 misc = fix->misc | PERF_RECORD_MISC_MMAP_BUILD_ID;
	u8 form[24];	/* build_id_size, two reserved, the id: the union's 24 bytes */
	int ret;

	memset(form, 0, sizeof(form));
	form[0] = (u8)bid->size;
	memcpy(form + 4, bid->data, bid->size);
	ret = perf_data__pwrite(&rec->data, &misc, sizeof(misc),
				off + offsetof(struct perf_event_header, misc));
	if (!ret)
		ret = perf_data__pwrite(&rec->data, form, sizeof(form),
					off + offsetof(struct perf_record_mmap2, build_id_size));
	return ret;
}

void record__userspace_rewrite(struct record *rec)
{
	struct record_userspace *us = &rec->us;
	u64 done = 0;
	bool *two;
	u32 i;
	int ret = 0;

	if (!us->nr_fixes && !us->unnoted)
		return;
	two = calloc(us->seen.nr ? us->seen.nr : 1, sizeof(*two));
	ret = two ? us__two_ids(us, two) : -ENOMEM;
	for (i = 0; i < us->nr_fixes && !ret; i++) {
		const struct record_map_fix *fix = &us->fixes[i];
		const struct build_id *bid = us__id(us, fix->file);

		/* A record a failed write took back is not in the file. */
		if (!bid || !two[fix->file] ||
		    fix->off + sizeof(struct perf_record_mmap2) > rec->bytes_written)
			continue;
		ret = us__rewrite_one(rec, fix, bid);
		done += !ret;
	}
	if (ret || us->unnoted)
		pr_warning("%s: MMAP2 records of binaries replaced during the run were not all "
			   "given their build-id (%s): report may not tell the builds apart\n",
			   rec->data.path, strerror(ret ? -ret : ENOMEM));
	pr_debug(rec->opts.verbose, 1, "build-ids: %llu MMAP2 records of paths mapped with two "
		 "builds given their build-id\n", (unsigned long long)done);
	free(two);
	/* The next --switch-output file notes its own. */
	us->nr_fixes = 0;
	us->unnoted = 0;
}
