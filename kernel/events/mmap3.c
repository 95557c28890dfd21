// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_MMAP3: MMAP2's fields plus the mapped file's build-id, its
 * size, and why it is missing when it is.
 *
 * core.c builds the common part of the record; this file parses the
 * build-id (once per mmap, only while some event asked for MMAP3), writes
 * the id block, and publishes the feature probe.  The probe matters more
 * than usual: the record type (22) and attr bit (40) are free in this
 * kernel but mean other things in newer ones, so a tool may only set the
 * bit after reading caps/mmap3.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/perf_event.h>
#include <linux/secretmem.h>
#include <linux/string.h>

#include "internal.h"
#include "mmap3.h"

/* lib/buildid.c's errors, as the reason the record gives. */
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
	default:
		return PERF_MMAP3_BUILD_ID_READ_ERROR;
	}
}

/**
 * perf_mmap3_parse - fill @id for the file @vma maps
 * @vma: the new mapping (mmap_lock held; process context, may sleep)
 * @id:  zeroed except for size and status on failure, never stale
 */
void perf_mmap3_parse(struct vm_area_struct *vma, struct perf_mmap3_id *id)
{
	struct file *file = vma->vm_file;
	u32 size = 0;
	int err;

	memset(id, 0, sizeof(*id));
	if (file && vma_is_secretmem(vma)) {
		id->status = PERF_MMAP3_BUILD_ID_REFUSED;
		return;
	}
	if (!file || !S_ISREG(file_inode(file)->i_mode)) {
		id->status = PERF_MMAP3_BUILD_ID_NOT_REGULAR;
		return;
	}
	err = build_id_parse_sleepable(vma, id->build_id, &size);
	id->status = perf_mmap3_status(err);
	if (err || size > BUILD_ID_SIZE_MAX) {
		memset(id->build_id, 0, sizeof(id->build_id));
		return;
	}
	id->size = size;
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

/*
 * The attr bit's number, found from the uapi bitfield itself rather than
 * written down twice: the flags word follows read_format.
 */
static int perf_mmap3_attr_bit(void)
{
	struct perf_event_attr attr = { .mmap3 = 1 };
	u64 flags;

	memcpy(&flags, (char *)&attr + offsetofend(struct perf_event_attr, read_format),
	       sizeof(flags));
	return flags ? __ffs64(flags) : -1;
}

static ssize_t mmap3_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "record=%d bit=%d\n", PERF_RECORD_MMAP3,
			  perf_mmap3_attr_bit());
}
static DEVICE_ATTR_RO(mmap3);

static struct attribute *perf_mmap3_caps_attrs[] = {
	&dev_attr_mmap3.attr,
	NULL,
};

static const struct attribute_group perf_mmap3_caps_group = {
	.name	= "caps",
	.attrs	= perf_mmap3_caps_attrs,
};

const struct attribute_group *perf_mmap3_sw_attr_groups[] = {
	&perf_mmap3_caps_group,
	NULL,
};
