// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_MMAP3 -> PERF_RECORD_MMAP2.  MMAP3 carries both what MMAP2's
 * inode form and what its build-id form carry; MMAP2 has room for one, so
 * the build-id wins when there is one (it is what a report on another
 * machine needs) and the inode fields are kept otherwise.  The reason for
 * a missing id (build_id_status) has no place in MMAP2 and is dropped.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include "inject/mmap3-convert.h"
#include "util/data/header.h"

/* The fixed parts: filename and sample_id start at these offsets. */
#define MMAP3_FIXED	sizeof(struct perf_record_mmap3)
#define MMAP2_FIXED	sizeof(struct perf_record_mmap2)

u64 mmap3_convert__attr_flags(u64 flags)
{
	if (!(flags & PERF_ATTR_FLAG_MMAP3))
		return flags;
	flags &= ~PERF_ATTR_FLAG_MMAP3;
	/*
	 * build_id: our reader only trusts MMAP2's build-id form when the attr
	 * asked for it (another session can set the misc bit on plain records).
	 */
	return flags | PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID;
}

static bool mmap3__has_build_id(const struct perf_record_mmap3 *m)
{
	return m->build_id_status == PERF_MMAP3_BUILD_ID_OK && m->build_id_size >= 1 &&
	       m->build_id_size <= sizeof(m->build_id);
}

int mmap3_convert__record(const union perf_event *event, struct perf_record_mmap2 *head,
			  const void **tail, size_t *tail_len)
{
	const struct perf_record_mmap3 *m = &event->mmap3;

	/* At least the fixed part and one 8-byte word of filename. */
	if (event->header.size < MMAP3_FIXED + 8)
		return -EINVAL;
	memset(head, 0, sizeof(*head));
	head->header.type = PERF_RECORD_MMAP2;
	head->header.misc = event->header.misc & ~PERF_RECORD_MISC_MMAP_BUILD_ID;
	head->header.size = event->header.size - (MMAP3_FIXED - MMAP2_FIXED);
	head->pid = m->pid;
	head->tid = m->tid;
	head->start = m->addr;
	head->len = m->len;
	head->pgoff = m->pgoff;
	if (mmap3__has_build_id(m)) {
		head->header.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
		head->build_id_size = m->build_id_size;
		memcpy(head->build_id, m->build_id, m->build_id_size);
	} else {
		head->maj = m->maj;
		head->min = m->min;
		head->ino = m->ino;
		head->ino_generation = m->ino_generation;
	}
	head->prot = m->prot;
	head->flags = m->flags;
	*tail = (const char *)event + MMAP3_FIXED;
	*tail_len = event->header.size - MMAP3_FIXED;
	return 0;
}

/* Each EVENT_DESC attr, in place: the MMAP3 bit becomes MMAP2's. */
static int event_desc__convert_attr(void *priv, u32 idx, const struct event_desc_entry *e)
{
	u8 *attr = (u8 *)priv + e->attr_off;
	u64 flags;

	if (e->attr_size < offsetof(struct perf_event_attr, flags) + sizeof(flags))
		return 0;
	memcpy(&flags, attr + offsetof(struct perf_event_attr, flags), sizeof(flags));
	flags = mmap3_convert__attr_flags(flags);
	memcpy(attr + offsetof(struct perf_event_attr, flags), &flags, sizeof(flags));
	return 0;
}

int mmap3_convert__event_desc(void *data, u64 size)
{
	return event_desc__for_each(data, size, event_desc__convert_attr, data);
}
