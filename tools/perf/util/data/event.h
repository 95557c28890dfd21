/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records as they sit in a perf.data file or stream: the kernel's types
 * (include/uapi/linux/perf_event.h) plus the ones perf tools synthesize.
 * Decoders here never trust header.size: every accessor bounds-checks
 * against it and returns -EINVAL on a record that is too short.
 */
#ifndef __PERF_EVENT_H
#define __PERF_EVENT_H

#include <linux/types.h>
#include <linux/perf_event.h>
#include <stdio.h>

/* Types synthesized by perf tools; they only exist in perf.data. */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START	= 64,
	PERF_RECORD_HEADER_ATTR		= 64,	/* attr + ids (pipe mode) */
	PERF_RECORD_HEADER_EVENT_TYPE	= 65,	/* obsolete */
	PERF_RECORD_HEADER_TRACING_DATA	= 66,	/* followed by payload */
	PERF_RECORD_HEADER_BUILD_ID	= 67,
	PERF_RECORD_FINISHED_ROUND	= 68,
	PERF_RECORD_ID_INDEX		= 69,
	PERF_RECORD_AUXTRACE_INFO	= 70,
	PERF_RECORD_AUXTRACE		= 71,	/* followed by payload */
	PERF_RECORD_AUXTRACE_ERROR	= 72,
	PERF_RECORD_THREAD_MAP		= 73,
	PERF_RECORD_CPU_MAP		= 74,
	PERF_RECORD_STAT_CONFIG		= 75,
	PERF_RECORD_STAT		= 76,
	PERF_RECORD_STAT_ROUND		= 77,
	PERF_RECORD_EVENT_UPDATE	= 78,
	PERF_RECORD_TIME_CONV		= 79,
	PERF_RECORD_HEADER_FEATURE	= 80,	/* pipe mode feature section */
	PERF_RECORD_COMPRESSED		= 81,	/* zstd frames of records */
	PERF_RECORD_FINISHED_INIT	= 82,
	PERF_RECORD_HEADER_MAX
};

/* header.misc of HEADER_BUILD_ID: the size byte is valid */
#define PERF_RECORD_MISC_BUILD_ID_SIZE	(1 << 15)

#define PERF_BUILD_ID_MAX	20	/* sha1; md5 ids are 16 */

struct perf_record_mmap {
	struct perf_event_header header;
	u32 pid, tid;
	u64 start, len, pgoff;
	char filename[];
};

struct perf_record_mmap2 {
	struct perf_event_header header;
	u32 pid, tid;
	u64 start, len, pgoff;
	union {
		struct {
			u32 maj, min;
			u64 ino, ino_generation;
		};
		struct {
			u8  build_id_size;
			u8  __reserved_1;
			u16 __reserved_2;
			u8  build_id[20];
		};
	};
	u32 prot, flags;
	char filename[];
};

struct perf_record_comm {
	struct perf_event_header header;
	u32 pid, tid;
	char comm[];
};

struct perf_record_fork {		/* FORK and EXIT */
	struct perf_event_header header;
	u32 pid, ppid, tid, ptid;
	u64 time;
};

struct perf_record_lost {
	struct perf_event_header header;
	u64 id, lost;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	u64 lost;
};

struct perf_record_throttle {
	struct perf_event_header header;
	u64 time, id, stream_id;
};

struct perf_record_ksymbol {
	struct perf_event_header header;
	u64 addr;
	u32 len;
	u16 ksym_type, flags;
	char name[];
};

/* HEADER_ATTR: the attr is attr.size bytes long, ids follow it. */
struct perf_record_header_attr {
	struct perf_event_header header;
	struct perf_event_attr attr;
	/* u64 id[] at offset 8 + attr.size */
};

/*
 * HEADER_BUILD_ID, and each entry of the BUILD_ID feature section:
 * 8 pid s32, 12 data[24] (size byte at 32 when misc has BUILD_ID_SIZE),
 * 36 filename[] (NUL, padded; perf pads to 64).
 */
struct perf_record_header_build_id {
	struct perf_event_header header;
	s32 pid;
	union {
		u8 build_id[24];
		struct {
			u8  data[20];
			u8  size;
			u8  reserved1__;
			u16 reserved2__;
		};
	};
	char filename[];
} __attribute__((packed));

struct perf_record_header_feature {
	struct perf_event_header header;
	u64 feat_id;
	char data[];
};

struct perf_record_header_tracing_data {
	struct perf_event_header header;
	u32 size;		/* payload bytes following the record */
	u32 pad;
};

struct perf_record_auxtrace {
	struct perf_event_header header;
	u64 size;		/* payload bytes following the record */
	u64 offset, reference;
	u32 idx, tid, cpu, reserved__;
};

struct perf_record_id_index_entry {
	u64 id, idx, cpu, tid;
};

struct perf_record_id_index {
	struct perf_event_header header;
	u64 nr;
	struct perf_record_id_index_entry entries[];
};

struct perf_record_compressed {
	struct perf_event_header header;
	char data[];
};

union perf_event {
	struct perf_event_header		header;
	struct perf_record_mmap			mmap;
	struct perf_record_mmap2		mmap2;
	struct perf_record_mmap3		mmap3;
	struct perf_record_comm			comm;
	struct perf_record_fork			fork;
	struct perf_record_lost			lost;
	struct perf_record_lost_samples		lost_samples;
	struct perf_record_throttle		throttle;
	struct perf_record_ksymbol		ksymbol;
	struct perf_record_header_attr		attr;
	struct perf_record_header_build_id	build_id;
	struct perf_record_header_feature	feat;
	struct perf_record_header_tracing_data	tracing_data;
	struct perf_record_auxtrace		auxtrace;
	struct perf_record_id_index		id_index;
	struct perf_record_compressed		pack;
};

struct ip_callchain {
	u64 nr;
	u64 ips[];
};

/*
 * A decoded PERF_RECORD_SAMPLE (or the sample_id trailer of any other
 * record).  Pointers point into the record; they live as long as it does.
 */
struct perf_sample {
	u64 id;
	u64 ip;
	u32 pid, tid;
	u64 time;
	u64 addr;
	u64 stream_id;
	u32 cpu;
	u64 period;
	u64 weight;
	u64 data_src;
	u64 transaction;
	u64 phys_addr;
	u64 cgroup;
	u64 data_page_size;
	u64 code_page_size;
	const struct ip_callchain *callchain;	/* NULL if not sampled */
	u32 raw_size;
	const void *raw_data;
	u64 branch_nr;
	const void *branch_entries;		/* 24-byte entries */
	u64 user_regs_abi;			/* 0: no user registers */
	u64 user_regs_mask;			/* attr.sample_regs_user */
	const u64 *user_regs;			/* one per mask bit; read with memcpy */
	u64 user_stack_size;			/* the valid bytes (dyn_size) */
	const u8 *user_stack;			/* the copy of the stack from the user sp */
	u16 misc;
	u8  cpumode;				/* header.misc & CPUMODE_MASK */
};

/*
 * MMAP, MMAP2 (either union form) and MMAP3, reduced to one shape.
 * has_build_id is set only when the record's build-id can be trusted
 * (see perf_event__parse_mmap()).
 */
struct perf_mmap_info {
	u32 pid, tid;
	u64 start, len, pgoff;
	bool has_inode;
	u32 maj, min;
	u64 ino, ino_generation;
	u32 prot, flags;
	bool has_build_id;
	u8  build_id_size;
	u8  build_id_status;		/* enum perf_mmap3_build_id_status */
	u8  build_id[PERF_BUILD_ID_MAX];
	const char *filename;		/* points into the record, NUL-checked */
	u16 misc;
};

/*
 * Decode an MMAP, MMAP2 or MMAP3 record.  MMAP2's build-id form is
 * trusted only if @attr asked for build-ids and the size byte is 1..20:
 * a kernel running a concurrent build-id session sets the misc bit on
 * other sessions' records that carry maj/min/ino (see Documentation/).
 * Returns 0, or -EINVAL for a record that is too short or whose filename
 * is not NUL-terminated within it.
 */
int perf_event__parse_mmap(const union perf_event *event,
			   const struct perf_event_attr *attr,
			   struct perf_mmap_info *info);

/* "MMAP2", "SAMPLE", "HEADER_ATTR"...; "UNKNOWN" for others. */
const char *perf_event__name(u32 type);

/* Is a type-23 record MMAP3?  Only when an attr asked for MMAP3. */
static inline bool perf_event__is_mmap3(u32 type, bool attrs_want_mmap3)
{
	return type == PERF_RECORD_MMAP3 && attrs_want_mmap3;
}

#endif
