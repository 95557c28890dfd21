// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_MMAP3: MMAP2's fields plus the mapped file's build-id, its
 * size, and why it is missing when it is.
 *
 * core.c builds the record; this file finds the build-id and writes the id
 * block.  The mmap path holds mmap_lock for writing, so the id is first
 * looked for in cached pages only (build_id_parse(), no sleep, no I/O).
 * Only when a page is missing does core.c defer the record to task_work,
 * where perf_mmap3_parse_file() may read the file with the lock dropped.
 */
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/shmem_fs.h>
#include <linux/string.h>

#include "internal.h"
#include "mmap3.h"

/* lib/buildid.c's and lib/buildid-vma.c's errors, as the record's reason. */
static u8 perf_mmap3_status(int err)
{
	switch (err) {
	case 0:
		return PERF_MMAP3_BUILD_ID_OK;
	case -ENOEXEC:
		return PERF_MMAP3_BUILD_ID_NOT_ELF;
	case -ENOENT:
		return PERF_MMAP3_BUILD_ID_NO_NOTE;
	case -EINVAL:
	case -E2BIG:
		return PERF_MMAP3_BUILD_ID_MALFORMED;
	case -EFAULT:
		return PERF_MMAP3_BUILD_ID_UNCACHED;
	case -EACCES:
		return PERF_MMAP3_BUILD_ID_REFUSED;
	case -EOPNOTSUPP:
		return PERF_MMAP3_BUILD_ID_UNSUPPORTED;
	case -ESTALE:
		return PERF_MMAP3_BUILD_ID_RACED;
	default:
		return PERF_MMAP3_BUILD_ID_IO_ERROR;
	}
}

static void perf_mmap3_set(struct perf_mmap3_id *id, int err, u32 size)
{
	id->status = perf_mmap3_status(err);
	if (err || !size || size > BUILD_ID_SIZE_MAX) {
		memset(id->build_id, 0, sizeof(id->build_id));
		id->size = 0;
		return;
	}
	id->size = size;
}

/**
 * perf_mmap3_parse_nofault - fill @id for the file @vma maps, if cached
 * @vma: the new mapping (mmap_lock held for writing)
 * @id:  the id, or zeroes and the reason; PERF_MMAP3_BUILD_ID_UNCACHED
 *       when a page it needs is not in the page cache
 */
void perf_mmap3_parse_nofault(struct vm_area_struct *vma, struct perf_mmap3_id *id)
{
	u32 size = 0;
	int err;

	if (!vma->vm_file || !S_ISREG(file_inode(vma->vm_file)->i_mode)) {
		memset(id, 0, sizeof(*id));
		id->status = PERF_MMAP3_BUILD_ID_NOT_REGULAR;
		return;
	}
	err = build_id_parse(vma, id->build_id, &size);
	perf_mmap3_set(id, err, size);
}

/**
 * perf_mmap3_may_defer - may the current task read @file on its way out?
 * @file: the mapped file whose note pages are not cached
 *
 * Reading from task_work makes the mmap() caller wait for the read, as a
 * read() would.  That is fine on block devices and tmpfs.  On network and
 * FUSE file systems the wait may be unbounded, or served by a daemon that
 * is this very task: those maps keep PERF_MMAP3_BUILD_ID_UNCACHED.
 *
 * Return: true if the records may wait for task_work to read @file.
 */
bool perf_mmap3_may_defer(struct file *file)
{
	if (current->flags & (PF_KTHREAD | PF_EXITING))
		return false;
	return file->f_mapping && (file_inode(file)->i_sb->s_bdev ||
				   shmem_mapping(file->f_mapping));
}

/**
 * perf_mmap3_parse_file - fill @id from @file, reading it if need be
 * @file: the mapped file (process context, mmap_lock not held)
 * @id:   the id, or zeroes and the reason
 */
void perf_mmap3_parse_file(struct file *file, struct perf_mmap3_id *id)
{
	u32 size = 0;
	int err;

	err = build_id_parse_file(file, id->build_id, &size);
	perf_mmap3_set(id, err, size);
}

/* The 24 bytes at offset 72 of the record: size, status, 0, build_id[20]. */
void perf_mmap3_output_id(struct perf_output_handle *handle,
			  const struct perf_mmap3_id *id)
{
	u8 head[4] = { id->size, id->status, 0, 0 };

	BUILD_BUG_ON(sizeof(head) + sizeof(id->build_id) != PERF_MMAP3_ID_BYTES);
	__output_copy(handle, head, sizeof(head));
	__output_copy(handle, id->build_id, sizeof(id->build_id));
}
