// SPDX-License-Identifier: GPL-2.0
/*
 * Record-level decoding that needs no event context: type names and the
 * MMAP/MMAP2/MMAP3 family reduced to one shape.
 */
#include <errno.h>
#include <string.h>
#include "util/data/event.h"

/* Upstream perf's names (perf report --stats, perf script -D use them). */
static const char * const perf_event__names[] = {
	[0]					= "TOTAL",
	[PERF_RECORD_MMAP]			= "MMAP",
	[PERF_RECORD_LOST]			= "LOST",
	[PERF_RECORD_COMM]			= "COMM",
	[PERF_RECORD_EXIT]			= "EXIT",
	[PERF_RECORD_THROTTLE]			= "THROTTLE",
	[PERF_RECORD_UNTHROTTLE]		= "UNTHROTTLE",
	[PERF_RECORD_FORK]			= "FORK",
	[PERF_RECORD_READ]			= "READ",
	[PERF_RECORD_SAMPLE]			= "SAMPLE",
	[PERF_RECORD_MMAP2]			= "MMAP2",
	[PERF_RECORD_AUX]			= "AUX",
	[PERF_RECORD_ITRACE_START]		= "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES]		= "LOST_SAMPLES",
	[PERF_RECORD_SWITCH]			= "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE]		= "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES]		= "NAMESPACES",
	[PERF_RECORD_KSYMBOL]			= "KSYMBOL",
	[PERF_RECORD_BPF_EVENT]			= "BPF_EVENT",
	[PERF_RECORD_CGROUP]			= "CGROUP",
	[PERF_RECORD_TEXT_POKE]			= "TEXT_POKE",
	[PERF_RECORD_AUX_OUTPUT_HW_ID]		= "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_MMAP3]			= "MMAP3",
	[PERF_RECORD_HEADER_ATTR]		= "ATTR",
	[PERF_RECORD_HEADER_EVENT_TYPE]		= "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA]	= "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID]		= "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND]		= "FINISHED_ROUND",
	[PERF_RECORD_ID_INDEX]			= "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO]		= "AUXTRACE_INFO",
	[PERF_RECORD_AUXTRACE]			= "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR]		= "AUXTRACE_ERROR",
	[PERF_RECORD_THREAD_MAP]		= "THREAD_MAP",
	[PERF_RECORD_CPU_MAP]			= "CPU_MAP",
	[PERF_RECORD_STAT_CONFIG]		= "STAT_CONFIG",
	[PERF_RECORD_STAT]			= "STAT",
	[PERF_RECORD_STAT_ROUND]		= "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE]		= "EVENT_UPDATE",
	[PERF_RECORD_TIME_CONV]			= "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE]		= "FEATURE",
	[PERF_RECORD_COMPRESSED]		= "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT]		= "FINISHED_INIT",
};

const char *perf_event__name(u32 type)
{
	if (type >= sizeof(perf_event__names) / sizeof(perf_event__names[0]) ||
	    !perf_event__names[type])
		return "UNKNOWN";
	return perf_event__names[type];
}

/*
 * The filename starts at @off and must be NUL-terminated before the end
 * of the record (a sample_id trailer, if any, follows the padding).
 */
static int mmap__filename(const union perf_event *event, size_t off,
			  struct perf_mmap_info *info)
{
	const char *p = (const char *)event;
	size_t size = event->header.size;

	if (off >= size || !memchr(p + off, '\0', size - off))
		return -EINVAL;
	info->filename = p + off;
	return 0;
}

static void mmap2__read_inode(const struct perf_record_mmap2 *m, struct perf_mmap_info *info)
{
	info->has_inode = true;
	info->maj = m->maj;
	info->min = m->min;
	info->ino = m->ino;
	info->ino_generation = m->ino_generation;
}

int perf_event__parse_mmap(const union perf_event *event,
			   const struct perf_event_attr *attr,
			   struct perf_mmap_info *info)
{
	u32 size = event->header.size;

	memset(info, 0, sizeof(*info));
	info->misc = event->header.misc;

	switch (event->header.type) {
	case PERF_RECORD_MMAP: {
		const struct perf_record_mmap *m = &event->mmap;

		if (size < sizeof(*m))
			return -EINVAL;
		info->pid = m->pid;
		info->tid = m->tid;
		info->start = m->start;
		info->len = m->len;
		info->pgoff = m->pgoff;
		return mmap__filename(event, sizeof(*m), info);
	}
	case PERF_RECORD_MMAP2: {
		const struct perf_record_mmap2 *m = &event->mmap2;

		if (size < sizeof(*m))
			return -EINVAL;
		info->pid = m->pid;
		info->tid = m->tid;
		info->start = m->start;
		info->len = m->len;
		info->pgoff = m->pgoff;
		info->prot = m->prot;
		info->flags = m->flags;
		/*
		 * The misc bit alone is not proof: a kernel serving another
		 * session that asked for build-ids sets it on our records
		 * too, which carry maj/min/ino.  Only our own attr asking
		 * for build-ids, plus a plausible size, selects that form.
		 */
		if ((event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) && attr &&
		    (attr->flags & PERF_ATTR_FLAG_BUILD_ID) &&
		    m->build_id_size >= 1 && m->build_id_size <= PERF_BUILD_ID_MAX) {
			info->has_build_id = true;
			info->build_id_size = m->build_id_size;
			memcpy(info->build_id, m->build_id, m->build_id_size);
		} else {
			mmap2__read_inode(m, info);
		}
		return mmap__filename(event, sizeof(*m), info);
	}
	case PERF_RECORD_MMAP3: {
		const struct perf_record_mmap3 *m = &event->mmap3;

		if (size < sizeof(*m))
			return -EINVAL;
		info->pid = m->pid;
		info->tid = m->tid;
		info->start = m->addr;
		info->len = m->len;
		info->pgoff = m->pgoff;
		info->prot = m->prot;
		info->flags = m->flags;
		info->has_inode = true;
		info->maj = m->maj;
		info->min = m->min;
		info->ino = m->ino;
		info->ino_generation = m->ino_generation;
		info->build_id_status = m->build_id_status;
		info->build_id_size = m->build_id_size;
		if (m->build_id_status == PERF_MMAP3_BUILD_ID_OK &&
		    m->build_id_size >= 1 && m->build_id_size <= PERF_BUILD_ID_MAX) {
			info->has_build_id = true;
			memcpy(info->build_id, m->build_id, m->build_id_size);
		} else {
			info->build_id_size = 0;
		}
		return mmap__filename(event, sizeof(*m), info);
	}
	default:
		return -EINVAL;
	}
}
