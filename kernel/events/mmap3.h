/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PERF_RECORD_MMAP3: the build-id block the mmap path adds to MMAP2's
 * fields.  See Documentation/ABI/testing/perf-record-mmap3.
 */
#ifndef _KERNEL_EVENTS_MMAP3_H
#define _KERNEL_EVENTS_MMAP3_H

#include <linux/buildid.h>
#include <linux/perf_event.h>

/* What one mmap learned about its file's build-id, parsed once. */
struct perf_mmap3_id {
	u8	size;
	u8	status;		/* enum perf_mmap3_build_id_status */
	u8	build_id[BUILD_ID_SIZE_MAX];
};

/* Bytes the id block takes in the record: size, status, u16 0, id[20]. */
#define PERF_MMAP3_ID_BYTES	24

void perf_mmap3_parse_nofault(struct vm_area_struct *vma, struct perf_mmap3_id *id);
bool perf_mmap3_may_defer(struct file *file);
void perf_mmap3_parse_file(struct file *file, struct perf_mmap3_id *id);
void perf_mmap3_output_id(struct perf_output_handle *handle,
			  const struct perf_mmap3_id *id);

#endif /* _KERNEL_EVENTS_MMAP3_H */
