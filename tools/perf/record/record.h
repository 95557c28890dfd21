/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One perf record session, shared by builtin-record.c (command, workload,
 * poll loop) and its util/ parts: record/cpu-buffers.c (ring buffers: forward
 * reads and --overwrite snapshots) and record/output.c (files: begin,
 * synthesize, finish, --switch-output rotation).
 */
#ifndef __PERF_RECORD_H
#define __PERF_RECORD_H

#include <linux/types.h>
#include <linux/perf_event.h>
#include <sys/types.h>
#include "record/build-id-secure.h"
#include "util/data/build-id-table.h"
#include "util/data/data.h"
#include "util/data/evlist.h"
#include "record/evlist-open.h"
#include "util/data/header.h"
#include "record/ring-buffer.h"
#include "record/opts.h"
#include "record/compress.h"

/* The userspace build-id mode's state: see record/userspace.c. */
struct record_map_fix;
struct record_userspace {
	struct buildid_table seen;	/* files handed to the securer */
	struct build_id *ids;		/* by index into seen: as read, or size 0 */
	u32 alloc_ids;
	struct record_map_fix *fixes;	/* this file's MMAP2 records of those files */
	u32 nr_fixes, alloc_fixes;
	u64 unnoted;			/* records not noted (no memory) */
	const void *pending;		/* the next write of this is such a record */
	u32 pending_file;
	u16 pending_misc;
};

struct record {
	struct record_opts opts;
	struct rec_evlist rec_evlist;
	struct evlist evlist;
	struct perf_header header;
	struct perf_data data;
	struct perf_mmap *mmaps;	/* forward ones, then overwrite ones */
	int nr_mmaps;
	struct buildid_table table;
	bool kallsyms_cached;		/* the kernel's entry was filled at start-up */
	struct build_id_secure secure;	/* copies files at first sight (not with -N) */
	bool securing;			/* its helper runs: hand it new ids */
	/* record/lookout.c: maps seen at once, for the securer only */
	struct rec_evlist lookout;
	struct perf_mmap *lookout_mmaps;
	int nr_lookout;			/* its buffers; 0: the poll tick finds maps */
	struct buildid_table lookout_seen;	/* (path, id)s it handed over */
	/* record/switch-events.c: --switch-output-event, read and not written */
	struct rec_evlist switch_events;
	struct perf_mmap *switch_mmaps;
	int nr_switch_mmaps;
	struct record_userspace us;	/* record/userspace.c */
	enum buildid_source src;
	struct perf_event_attr track_attr;	/* the event that emits MMAPs */
	bool attr_build_id;			/* it asked the kernel for ids */
	bool format_lost;			/* read_format LOST works (>= 6.0) */
	int time_off;				/* TIME's offset in a sample, or -1 */
	u64 bytes_written;
	struct record_compress comp;		/* -z: the ring buffers' records */
	bool compressing;
	u64 samples, lost, lost_chunks;
	u64 lost_samples;			/* PERF_FORMAT_LOST, at the end */
	u64 first_time, last_time;
	u64 wakeups;
	int write_err;				/* first write error */
	/* workload */
	pid_t child;
	int go_fd;				/* write end: tells the child to exec */
	int exec_err_fd;			/* read end: errno if exec failed */
	int child_status;
	bool child_done;
	int stop_signal;			/* SIGINT/SIGTERM/SIGHUP that stopped us */
	int argc;				/* for CMDLINE, in every output file */
	const char **argv;
	const char *workload;
	/* record/session-control.c: -D, --control, --max-size */
	int dummy_idx;				/* -D's side-band dummy, or -1 */
	bool control_stop;			/* "stop", the last -D range, --max-size */
};

/* Append to the output; the first error sticks (rec->write_err). */
int record__write(void *priv, const void *buf, size_t len);
int record__emit(void *priv, const union perf_event *event);

/* record/cpu-buffers.c */
/* One ring buffer per CPU; with --overwrite a forward one for side-band too. */
int record__mmap_all(struct record *rec);
/* Forward buffers: write what they hold, then a FINISHED_ROUND. */
int record__mmap_read_all(struct record *rec);
/* --overwrite: pause, write the newest records of every buffer, resume. */
int record__snapshot(struct record *rec);
/* Everything pending: forward buffers, and the snapshot with --overwrite. */
int record__drain(struct record *rec);
void record__munmap_all(struct record *rec);

/* record/cpu-buffers.c, -z: compress the ring buffers' records (record/compress.c). */
int record__compress_start(struct record *rec);

/* record/output.c */
int record__begin_output(struct record *rec);
int record__synthesize(struct record *rec, bool again);
int record__end_file(struct record *rec);
/*
 * Complete the build-id table for a header: the ids the securer read
 * (userspace mode), and unless -B the ones still unknown, read by path.
 * False: no table is written (-B, the ids are in the records).
 */
bool record__table_final(struct record *rec);
/* --switch-output: finish this file, rename it, start a new one. */
int record__switch_output(struct record *rec);
/* LOST_SAMPLES records from read_format's lost counts (after disabling). */
int record__write_lost_samples(struct record *rec);
/*
 * The helper that secures mapped files at first sight: started before
 * synthesis unless -N; a failure to start is said, and recording goes on.
 */
void record__secure_start(struct record *rec);
/* Join it (before anything writes the cache at the end), -B's copies, warnings. */
void record__secure_finish(struct record *rec);

/* record/userspace.c */
void record__userspace_init(struct record *rec);
void record__userspace_exit(struct record *rec);
/*
 * An MMAP/MMAP2 of a file: the first map of each file goes to the
 * securer, which reads its id from the mapped file; without the securer
 * the path goes into the table, read at the end.  @written (not the
 * lookout's): returns 1 when the record is to be noted as it is written
 * (rec->us.pending, record__userspace_written()).  0, 1 or -ENOMEM.
 */
int record__userspace_map(struct record *rec, const struct perf_mmap_info *info, bool written);
/* The pending record was written at data offset @off. */
void record__userspace_written(struct record *rec, u64 off);
/* The ids the securer read, into the table. */
void record__userspace_take_found(struct record *rec);
/* A file: its tracking attr says MMAP2 records may carry ids (some will). */
void record__userspace_attr(struct record *rec);
/*
 * Before the header: the MMAP2 records of a path mapped with two files
 * get their file's id in place (the kernel's build-id form).
 */
void record__userspace_rewrite(struct record *rec);

/* record/lookout.c */
/*
 * A dummy event on the same targets, whose every MMAP record wakes the
 * reader, so the securer hears of a file while it is still mapped.  On
 * failure (said with -v) the poll tick finds maps instead.  0 or -errno.
 */
int record__lookout_open(struct record *rec);
/* Hand the maps it saw to the securer; its records are not written. */
void record__lookout_read(struct record *rec);
void record__lookout_close(struct record *rec);
void record__print_summary(struct record *rec);

/* record/switch-events.c */
/* Parse --switch-output-event (129 after the error, 1 out of memory). */
int record__switch_events_config(struct record *rec);
/* Open them on the record's targets (after it opened); 0 or -errno, said. */
int record__switch_events_open(struct record *rec);
/* How many hits since the last read: any rotates the file. */
size_t record__switch_events_read(struct record *rec);
/* Close them and free their configuration; safe if never opened. */
void record__switch_events_close(struct record *rec);

/* record/session-control.c */
/*
 * -D: the side-band dummy that tracks maps while the sampling events wait
 * (upstream's "dummy:HG", last in the list).  0 or -ENOMEM.
 */
int record__add_delay_dummy(struct record *rec);
/* Enable the events that start now: all, or only the dummy with -D. */
int record__enable_start(struct record *rec);
/* The loop's share: poll timeout, the -D clock, commands, --max-size. */
int record__control_timeout(struct record *rec, int timeout);
int record__control_tick(struct record *rec);
int record__control_read(struct record *rec);
void record__control_size(struct record *rec);

#endif
