/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PERF_RECORD_MMAP3 rewritten as PERF_RECORD_MMAP2, for perf versions that
 * do not know MMAP3 (perf inject --convert-mmap3).
 */
#ifndef __PERF_MMAP3_CONVERT_H
#define __PERF_MMAP3_CONVERT_H

#include <stddef.h>
#include "util/data/event.h"

/* The attr flags once the records are MMAP2: mmap3 off, mmap/mmap2/build_id on. */
u64 mmap3_convert__attr_flags(u64 flags);

/*
 * Fill @head with the MMAP2 form of the MMAP3 @event: the build-id form
 * (PERF_RECORD_MISC_MMAP_BUILD_ID) when the record has an id, the inode
 * form otherwise.  The filename and sample_id bytes are the same in both
 * and follow @head unchanged: *@tail, *@tail_len; head->header.size counts
 * them.  -EINVAL if @event is too short to be an MMAP3 record.
 */
int mmap3_convert__record(const union perf_event *event, struct perf_record_mmap2 *head,
			  const void **tail, size_t *tail_len);

/*
 * The attrs of a HEADER_EVENT_DESC feature section, converted in place
 * (upstream perf warns about reserved bits set there too).  -EINVAL if
 * the section is malformed; the entries before the damage are converted.
 */
int mmap3_convert__event_desc(void *data, u64 size);

#endif
