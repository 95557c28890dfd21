/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The perf_event ABI as MMAP3 relies on it: syscall attribute, ring-buffer
 * control page, record types and their layouts.
 *
 * This is the project's own header, written from the published ABI: the
 * numbers are the kernel's (they are the ABI), the spelling is ours.  Where
 * the kernel uses C bitfields for the attribute flags we use one u64 and
 * masks, because bitfield layout depends on the compiler's byte order and
 * this header is also used to read files written on other machines.
 *
 * Record layouts are given as offset comments; every record starts with
 * struct perf_event_header and, when the event's attr has sample_id_all,
 * ends with a sample_id trailer (see PERF_RECORD_SAMPLE for its fields).
 */
#ifndef _UAPI_MMAP3_LINUX_PERF_EVENT_H
#define _UAPI_MMAP3_LINUX_PERF_EVENT_H

#include <linux/types.h>
#include <linux/ioctl.h>

/* attr.type */
enum perf_type_id {
	PERF_TYPE_HARDWARE		= 0,
	PERF_TYPE_SOFTWARE		= 1,
	PERF_TYPE_TRACEPOINT		= 2,
	PERF_TYPE_HW_CACHE		= 3,
	PERF_TYPE_RAW			= 4,
	PERF_TYPE_BREAKPOINT		= 5,
	PERF_TYPE_MAX,
};

/* attr.config for PERF_TYPE_HARDWARE */
enum perf_hw_id {
	PERF_COUNT_HW_CPU_CYCLES		= 0,
	PERF_COUNT_HW_INSTRUCTIONS		= 1,
	PERF_COUNT_HW_CACHE_REFERENCES		= 2,
	PERF_COUNT_HW_CACHE_MISSES		= 3,
	PERF_COUNT_HW_BRANCH_INSTRUCTIONS	= 4,
	PERF_COUNT_HW_BRANCH_MISSES		= 5,
	PERF_COUNT_HW_BUS_CYCLES		= 6,
	PERF_COUNT_HW_STALLED_CYCLES_FRONTEND	= 7,
	PERF_COUNT_HW_STALLED_CYCLES_BACKEND	= 8,
	PERF_COUNT_HW_REF_CPU_CYCLES		= 9,
	PERF_COUNT_HW_MAX,
};

/* attr.config for PERF_TYPE_SOFTWARE */
enum perf_sw_ids {
	PERF_COUNT_SW_CPU_CLOCK			= 0,
	PERF_COUNT_SW_TASK_CLOCK		= 1,
	PERF_COUNT_SW_PAGE_FAULTS		= 2,
	PERF_COUNT_SW_CONTEXT_SWITCHES		= 3,
	PERF_COUNT_SW_CPU_MIGRATIONS		= 4,
	PERF_COUNT_SW_PAGE_FAULTS_MIN		= 5,
	PERF_COUNT_SW_PAGE_FAULTS_MAJ		= 6,
	PERF_COUNT_SW_ALIGNMENT_FAULTS		= 7,
	PERF_COUNT_SW_EMULATION_FAULTS		= 8,
	PERF_COUNT_SW_DUMMY			= 9,
	PERF_COUNT_SW_BPF_OUTPUT		= 10,
	PERF_COUNT_SW_CGROUP_SWITCHES		= 11,
	PERF_COUNT_SW_MAX,
};

/* attr.sample_type: which fields a PERF_RECORD_SAMPLE carries */
enum perf_event_sample_format {
	PERF_SAMPLE_IP				= 1U << 0,
	PERF_SAMPLE_TID				= 1U << 1,
	PERF_SAMPLE_TIME			= 1U << 2,
	PERF_SAMPLE_ADDR			= 1U << 3,
	PERF_SAMPLE_READ			= 1U << 4,
	PERF_SAMPLE_CALLCHAIN			= 1U << 5,
	PERF_SAMPLE_ID				= 1U << 6,
	PERF_SAMPLE_CPU				= 1U << 7,
	PERF_SAMPLE_PERIOD			= 1U << 8,
	PERF_SAMPLE_STREAM_ID			= 1U << 9,
	PERF_SAMPLE_RAW				= 1U << 10,
	PERF_SAMPLE_BRANCH_STACK		= 1U << 11,
	PERF_SAMPLE_REGS_USER			= 1U << 12,
	PERF_SAMPLE_STACK_USER			= 1U << 13,
	PERF_SAMPLE_WEIGHT			= 1U << 14,
	PERF_SAMPLE_DATA_SRC			= 1U << 15,
	PERF_SAMPLE_IDENTIFIER			= 1U << 16,
	PERF_SAMPLE_TRANSACTION			= 1U << 17,
	PERF_SAMPLE_REGS_INTR			= 1U << 18,
	PERF_SAMPLE_PHYS_ADDR			= 1U << 19,
	PERF_SAMPLE_AUX				= 1U << 20,
	PERF_SAMPLE_CGROUP			= 1U << 21,
	PERF_SAMPLE_DATA_PAGE_SIZE		= 1U << 22,
	PERF_SAMPLE_CODE_PAGE_SIZE		= 1U << 23,
	PERF_SAMPLE_WEIGHT_STRUCT		= 1U << 24,
	PERF_SAMPLE_MAX				= 1U << 25,
};

/* attr.branch_sample_type: only the bit that changes the sample layout */
#define PERF_SAMPLE_BRANCH_HW_INDEX		(1ULL << 17)

/* attr.read_format */
enum perf_event_read_format {
	PERF_FORMAT_TOTAL_TIME_ENABLED		= 1U << 0,
	PERF_FORMAT_TOTAL_TIME_RUNNING		= 1U << 1,
	PERF_FORMAT_ID				= 1U << 2,
	PERF_FORMAT_GROUP			= 1U << 3,
	PERF_FORMAT_LOST			= 1U << 4,
	PERF_FORMAT_MAX				= 1U << 5,
};

/* Sizes of struct perf_event_attr as it grew; attr.size says which one. */
#define PERF_ATTR_SIZE_VER0	64
#define PERF_ATTR_SIZE_VER1	72
#define PERF_ATTR_SIZE_VER2	80
#define PERF_ATTR_SIZE_VER3	96
#define PERF_ATTR_SIZE_VER4	104
#define PERF_ATTR_SIZE_VER5	112
#define PERF_ATTR_SIZE_VER6	120
#define PERF_ATTR_SIZE_VER7	128

/*
 * attr.flags (offset 40).  Bits 0-37 are those of Linux 6.1; v6.19 uses 38
 * and 39 (deferred callchains).  The MMAP3 series takes bit 40, the first
 * free in v6.19.  Kernels reject bits they do not know with EINVAL, so
 * perf_event_open() with PERF_ATTR_FLAG_MMAP3 is the feature probe.
 */
#define PERF_ATTR_FLAG_DISABLED			(1ULL << 0)
#define PERF_ATTR_FLAG_INHERIT			(1ULL << 1)
#define PERF_ATTR_FLAG_PINNED			(1ULL << 2)
#define PERF_ATTR_FLAG_EXCLUSIVE		(1ULL << 3)
#define PERF_ATTR_FLAG_EXCLUDE_USER		(1ULL << 4)
#define PERF_ATTR_FLAG_EXCLUDE_KERNEL		(1ULL << 5)
#define PERF_ATTR_FLAG_EXCLUDE_HV		(1ULL << 6)
#define PERF_ATTR_FLAG_EXCLUDE_IDLE		(1ULL << 7)
#define PERF_ATTR_FLAG_MMAP			(1ULL << 8)
#define PERF_ATTR_FLAG_COMM			(1ULL << 9)
#define PERF_ATTR_FLAG_FREQ			(1ULL << 10)
#define PERF_ATTR_FLAG_INHERIT_STAT		(1ULL << 11)
#define PERF_ATTR_FLAG_ENABLE_ON_EXEC		(1ULL << 12)
#define PERF_ATTR_FLAG_TASK			(1ULL << 13)
#define PERF_ATTR_FLAG_WATERMARK		(1ULL << 14)
#define PERF_ATTR_FLAG_PRECISE_IP_SHIFT		15	/* 2 bits */
#define PERF_ATTR_FLAG_PRECISE_IP_MASK		(3ULL << 15)
#define PERF_ATTR_FLAG_MMAP_DATA		(1ULL << 17)
#define PERF_ATTR_FLAG_SAMPLE_ID_ALL		(1ULL << 18)
#define PERF_ATTR_FLAG_EXCLUDE_HOST		(1ULL << 19)
#define PERF_ATTR_FLAG_EXCLUDE_GUEST		(1ULL << 20)
#define PERF_ATTR_FLAG_EXCLUDE_CALLCHAIN_KERNEL	(1ULL << 21)
#define PERF_ATTR_FLAG_EXCLUDE_CALLCHAIN_USER	(1ULL << 22)
#define PERF_ATTR_FLAG_MMAP2			(1ULL << 23)
#define PERF_ATTR_FLAG_COMM_EXEC		(1ULL << 24)
#define PERF_ATTR_FLAG_USE_CLOCKID		(1ULL << 25)
#define PERF_ATTR_FLAG_CONTEXT_SWITCH		(1ULL << 26)
#define PERF_ATTR_FLAG_WRITE_BACKWARD		(1ULL << 27)
#define PERF_ATTR_FLAG_NAMESPACES		(1ULL << 28)
#define PERF_ATTR_FLAG_KSYMBOL			(1ULL << 29)
#define PERF_ATTR_FLAG_BPF_EVENT		(1ULL << 30)
#define PERF_ATTR_FLAG_AUX_OUTPUT		(1ULL << 31)
#define PERF_ATTR_FLAG_CGROUP			(1ULL << 32)
#define PERF_ATTR_FLAG_TEXT_POKE		(1ULL << 33)
#define PERF_ATTR_FLAG_BUILD_ID			(1ULL << 34)
#define PERF_ATTR_FLAG_INHERIT_THREAD		(1ULL << 35)
#define PERF_ATTR_FLAG_REMOVE_ON_EXEC		(1ULL << 36)
#define PERF_ATTR_FLAG_SIGTRAP			(1ULL << 37)
/* 38, 39: taken by newer kernels (defer_callchain, defer_output). */
#define PERF_ATTR_FLAG_DEFER_CALLCHAIN		(1ULL << 38)
/* MMAP3 series: emit PERF_RECORD_MMAP3 instead of MMAP2 for file maps. */
#define PERF_ATTR_FLAG_MMAP3			(1ULL << 40)

/*
 * struct perf_event_attr (128 bytes, PERF_ATTR_SIZE_VER7)
 *
 *   0 type  4 size  8 config  16 sample_period|sample_freq  24 sample_type
 *  32 read_format  40 flags  48 wakeup_events|wakeup_watermark  52 bp_type
 *  56 config1  64 config2  72 branch_sample_type  80 sample_regs_user
 *  88 sample_stack_user  92 clockid  96 sample_regs_intr  104 aux_watermark
 * 108 sample_max_stack  110 res  112 aux_sample_size  116 res  120 sig_data
 */
struct perf_event_attr {
	__u32	type;
	__u32	size;
	__u64	config;
	union {
		__u64	sample_period;
		__u64	sample_freq;
	};
	__u64	sample_type;
	__u64	read_format;
	__u64	flags;			/* PERF_ATTR_FLAG_* */
	union {
		__u32	wakeup_events;
		__u32	wakeup_watermark;
	};
	__u32	bp_type;
	union {
		__u64	bp_addr;
		__u64	kprobe_func;
		__u64	uprobe_path;
		__u64	config1;
	};
	union {
		__u64	bp_len;
		__u64	kprobe_addr;
		__u64	probe_offset;
		__u64	config2;
	};
	__u64	branch_sample_type;
	__u64	sample_regs_user;
	__u32	sample_stack_user;
	__s32	clockid;
	__u64	sample_regs_intr;
	__u32	aux_watermark;
	__u16	sample_max_stack;
	__u16	__reserved_2;
	__u32	aux_sample_size;
	__u32	__reserved_3;
	__u64	sig_data;
};

/* perf_event_open(2) flags */
#define PERF_FLAG_FD_NO_GROUP		(1UL << 0)
#define PERF_FLAG_FD_OUTPUT		(1UL << 1)
#define PERF_FLAG_PID_CGROUP		(1UL << 2)
#define PERF_FLAG_FD_CLOEXEC		(1UL << 3)

/* ioctls on a perf event fd */
#define PERF_EVENT_IOC_ENABLE			_IO('$', 0)
#define PERF_EVENT_IOC_DISABLE			_IO('$', 1)
#define PERF_EVENT_IOC_REFRESH			_IO('$', 2)
#define PERF_EVENT_IOC_RESET			_IO('$', 3)
#define PERF_EVENT_IOC_PERIOD			_IOW('$', 4, __u64)
#define PERF_EVENT_IOC_SET_OUTPUT		_IO('$', 5)
#define PERF_EVENT_IOC_SET_FILTER		_IOW('$', 6, char *)
#define PERF_EVENT_IOC_ID			_IOR('$', 7, __u64 *)
#define PERF_EVENT_IOC_PAUSE_OUTPUT		_IOW('$', 9, __u32)

/*
 * The first page of an event's ring-buffer mapping.  Only the fields perf
 * record uses are named; the rest is padding that keeps data_head at 1024.
 */
struct perf_event_mmap_page {
	__u32	version;		/*    0 */
	__u32	compat_version;		/*    4 */
	__u8	__other[1016];		/*    8: lock, index, time_*, caps... */
	__u64	data_head;		/* 1024: written by the kernel */
	__u64	data_tail;		/* 1032: written by us (forward mode) */
	__u64	data_offset;		/* 1040: where the data pages start */
	__u64	data_size;		/* 1048 */
	__u64	aux_head;		/* 1056 */
	__u64	aux_tail;		/* 1064 */
	__u64	aux_offset;		/* 1072 */
	__u64	aux_size;		/* 1080 */
};

struct perf_event_header {
	__u32	type;			/* PERF_RECORD_* */
	__u16	misc;			/* PERF_RECORD_MISC_* */
	__u16	size;			/* whole record, header included */
};

/* header.misc */
#define PERF_RECORD_MISC_CPUMODE_MASK		(7 << 0)
#define PERF_RECORD_MISC_CPUMODE_UNKNOWN	(0 << 0)
#define PERF_RECORD_MISC_KERNEL			(1 << 0)
#define PERF_RECORD_MISC_USER			(2 << 0)
#define PERF_RECORD_MISC_HYPERVISOR		(3 << 0)
#define PERF_RECORD_MISC_GUEST_KERNEL		(4 << 0)
#define PERF_RECORD_MISC_GUEST_USER		(5 << 0)
#define PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT	(1 << 12)
/* Bit 13: meaning depends on the record type. */
#define PERF_RECORD_MISC_MMAP_DATA		(1 << 13)	/* MMAP/MMAP2/MMAP3 */
#define PERF_RECORD_MISC_COMM_EXEC		(1 << 13)	/* COMM */
#define PERF_RECORD_MISC_FORK_EXEC		(1 << 13)	/* FORK */
#define PERF_RECORD_MISC_SWITCH_OUT		(1 << 13)	/* SWITCH */
/* Bit 14: meaning depends on the record type. */
#define PERF_RECORD_MISC_EXACT_IP		(1 << 14)	/* SAMPLE */
#define PERF_RECORD_MISC_SWITCH_OUT_PREEMPT	(1 << 14)	/* SWITCH */
#define PERF_RECORD_MISC_MMAP_BUILD_ID		(1 << 14)	/* MMAP2 */
#define PERF_RECORD_MISC_EXT_RESERVED		(1 << 15)

/*
 * Record types emitted by the kernel.  Layouts (byte offsets, after the
 * 8-byte header; "sid" is the sample_id trailer):
 *
 * MMAP (1):    8 pid u32, 12 tid u32, 16 addr u64, 24 len u64,
 *              32 pgoff u64, 40 filename[] (NUL, padded to 8), sid
 * LOST (2):    8 id u64, 16 lost u64, sid
 * COMM (3):    8 pid, 12 tid, 16 comm[] (NUL, padded to 8), sid
 * EXIT (4),
 * FORK (7):    8 pid, 12 ppid, 16 tid, 20 ptid, 24 time u64, sid
 * THROTTLE (5),
 * UNTHROTTLE (6): 8 time u64, 16 id u64, 24 stream_id u64, sid
 * READ (8):    8 pid, 12 tid, 16 read_format values, sid
 * SAMPLE (9):  fields in this order, each present if its sample_type bit
 *              is set: IDENTIFIER u64, IP u64, TID (pid u32, tid u32),
 *              TIME u64, ADDR u64, ID u64, STREAM_ID u64, CPU (cpu u32,
 *              res u32), PERIOD u64, READ, CALLCHAIN (nr u64, ips[nr]),
 *              RAW (size u32, data[size], total padded to 8),
 *              BRANCH_STACK (nr u64, [hw_idx u64], 24-byte entries[nr]),
 *              REGS_USER (abi u64, regs[popcount(sample_regs_user)] if
 *              abi), STACK_USER (size u64, data[size], dyn_size u64 if
 *              size), WEIGHT | WEIGHT_STRUCT u64, DATA_SRC u64,
 *              TRANSACTION u64, REGS_INTR (as REGS_USER), PHYS_ADDR u64,
 *              CGROUP u64, DATA_PAGE_SIZE u64, CODE_PAGE_SIZE u64,
 *              AUX (size u64, data[size]).
 *              The sid trailer holds, in order and if set: TID, TIME, ID,
 *              STREAM_ID, CPU, IDENTIFIER (IDENTIFIER always last, so the
 *              id of any record can be found from its end).
 * MMAP2 (10):  8 pid, 12 tid, 16 addr, 24 len, 32 pgoff, 40 a 24-byte
 *              union { maj u32, min u32 @44, ino u64 @48, ino_generation
 *              u64 @56 } or, when misc has MMAP_BUILD_ID,
 *              { build_id_size u8 @40, res u8, res u16, build_id[20] @44 },
 *              64 prot u32, 68 flags u32, 72 filename[], sid
 * AUX (11):    8 aux_offset, 16 aux_size, 24 flags u64, sid
 * ITRACE_START (12): 8 pid, 12 tid, sid
 * LOST_SAMPLES (13): 8 lost u64, sid
 * SWITCH (14): sid only
 * SWITCH_CPU_WIDE (15): 8 next_prev_pid, 12 next_prev_tid, sid
 * NAMESPACES (16): 8 pid, 12 tid, 16 nr u64, {dev u64, ino u64}[nr], sid
 * KSYMBOL (17): 8 addr u64, 16 len u32, 20 ksym_type u16, 22 flags u16,
 *              24 name[], sid
 * BPF_EVENT (18): 8 type u16, 10 flags u16, 12 id u32, 16 tag[8], sid
 * CGROUP (19): 8 id u64, 16 path[], sid
 * TEXT_POKE (20): 8 addr u64, 16 old_len u16, 18 new_len u16, 20 bytes[],
 *              sid
 * AUX_OUTPUT_HW_ID (21): 8 hw_id u64, sid
 * CALLCHAIN_DEFERRED (22, v6.19): not read by this tool.
 * MMAP3 (23):  see struct perf_record_mmap3 below.
 */
enum perf_event_type {
	PERF_RECORD_MMAP			= 1,
	PERF_RECORD_LOST			= 2,
	PERF_RECORD_COMM			= 3,
	PERF_RECORD_EXIT			= 4,
	PERF_RECORD_THROTTLE			= 5,
	PERF_RECORD_UNTHROTTLE			= 6,
	PERF_RECORD_FORK			= 7,
	PERF_RECORD_READ			= 8,
	PERF_RECORD_SAMPLE			= 9,
	PERF_RECORD_MMAP2			= 10,
	PERF_RECORD_AUX				= 11,
	PERF_RECORD_ITRACE_START		= 12,
	PERF_RECORD_LOST_SAMPLES		= 13,
	PERF_RECORD_SWITCH			= 14,
	PERF_RECORD_SWITCH_CPU_WIDE		= 15,
	PERF_RECORD_NAMESPACES			= 16,
	PERF_RECORD_KSYMBOL			= 17,
	PERF_RECORD_BPF_EVENT			= 18,
	PERF_RECORD_CGROUP			= 19,
	PERF_RECORD_TEXT_POKE			= 20,
	PERF_RECORD_AUX_OUTPUT_HW_ID		= 21,
	/*
	 * 22 is CALLCHAIN_DEFERRED in v6.19; 23 the first type free there.
	 * A kernel may still give 23 another meaning one day, so in a file
	 * type 23 means MMAP3 only when an attr of that file has
	 * PERF_ATTR_FLAG_MMAP3 set.
	 */
	PERF_RECORD_MMAP3			= 23,
	PERF_RECORD_MAX,
};

/*
 * PERF_RECORD_MMAP3: everything MMAP2 carries, plus the build-id of the
 * mapped file, always in the same place, with its size and, when there is
 * none, the reason.  The kernel zeroes build_id[] when it has no id, so a
 * reader never sees stale bytes.  Only file maps get MMAP3 records; maps
 * without a file come as MMAP2 (with maj/min/ino zero) to the same event.
 *
 *   0 header        8 pid          12 tid          16 addr
 *  24 len          32 pgoff        40 maj          44 min
 *  48 ino          56 ino_generation               64 prot
 *  68 flags        72 build_id_size (0, 16 or 20)  73 build_id_status
 *  74 reserved u16 76 build_id[20] 96 filename[] (NUL, padded to 8), sid
 */
struct perf_record_mmap3 {
	struct perf_event_header header;
	__u32	pid, tid;
	__u64	addr;
	__u64	len;
	__u64	pgoff;
	__u32	maj;
	__u32	min;
	__u64	ino;
	__u64	ino_generation;
	__u32	prot;
	__u32	flags;
	__u8	build_id_size;
	__u8	build_id_status;	/* enum perf_mmap3_build_id_status */
	__u16	__reserved;
	__u8	build_id[20];
	char	filename[];
};

/* Why an MMAP3 record has no build-id (build_id_size == 0). */
enum perf_mmap3_build_id_status {
	PERF_MMAP3_BUILD_ID_OK		= 0,	/* build_id[] is valid */
	PERF_MMAP3_BUILD_ID_NOT_REGULAR	= 1,	/* not a regular file */
	PERF_MMAP3_BUILD_ID_NOT_ELF	= 2,	/* no ELF header */
	PERF_MMAP3_BUILD_ID_NO_NOTE	= 3,	/* ELF without NT_GNU_BUILD_ID */
	PERF_MMAP3_BUILD_ID_IO_ERROR	= 4,	/* reading the file failed */
	PERF_MMAP3_BUILD_ID_REFUSED	= 5,	/* secretmem and the like */
	PERF_MMAP3_BUILD_ID_MALFORMED	= 6,	/* ELF with bad offsets/sizes */
	PERF_MMAP3_BUILD_ID_UNCACHED	= 7,	/* note not cached, not read */
	PERF_MMAP3_BUILD_ID_RACED	= 8,	/* file shrank while read */
	PERF_MMAP3_BUILD_ID_UNSUPPORTED	= 9,	/* hugetlbfs */
};

/* Callchain context markers (values in PERF_SAMPLE_CALLCHAIN ips[]) */
enum perf_callchain_context {
	PERF_CONTEXT_HV			= (__u64)-32,
	PERF_CONTEXT_KERNEL		= (__u64)-128,
	PERF_CONTEXT_USER		= (__u64)-512,
	PERF_CONTEXT_GUEST		= (__u64)-2048,
	PERF_CONTEXT_GUEST_KERNEL	= (__u64)-2176,
	PERF_CONTEXT_GUEST_USER		= (__u64)-2560,
	PERF_CONTEXT_MAX		= (__u64)-4095,
};

/* PERF_RECORD_KSYMBOL ksym_type */
#define PERF_RECORD_KSYMBOL_TYPE_UNKNOWN	0
#define PERF_RECORD_KSYMBOL_TYPE_BPF		1
#define PERF_RECORD_KSYMBOL_TYPE_OOL		2
#define PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER	(1 << 0)

#endif /* _UAPI_MMAP3_LINUX_PERF_EVENT_H */
