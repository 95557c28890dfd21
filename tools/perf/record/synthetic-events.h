/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records perf record writes for what existed before it started: the
 * kernel map, loaded modules, and the threads and executable maps of running processes
 * (from /proc), with build-ids read in userspace from each process's own
 * files (proc-map-file.h), so a process in a container gets its binary's
 * id, not the one of the host's file at the same path.
 */
#ifndef __PERF_SYNTHETIC_EVENTS_H
#define __PERF_SYNTHETIC_EVENTS_H

#include <linux/types.h>
#include <sys/types.h>
#include "util/data/event.h"
#include "util/data/build-id-table.h"
#include "record/build-id-secure.h"
#include "util/symbols/build-id.h"

struct synth_ctx {
	/* Write one record; negative return stops synthesis. */
	int (*emit)(void *priv, const union perf_event *event);
	void *priv;
	u64 sample_type;		/* of the tracking event: trailer layout */
	bool sample_id_all;
	u64 id;				/* its id, for ID/IDENTIFIER in trailers */
	bool build_id_mmap2;		/* MMAP2 may carry build-ids (attr asked) */
	bool mmap3;			/* write MMAP3 instead */
	struct buildid_table *table;	/* every map written is noted here */
	struct build_id_secure *secure;	/* NULL, or gets each new user-space id */
	/*
	 * Set: synth__kernel_mmap() hands over the /proc/kallsyms text it
	 * read (the caller frees it) and the running kernel's build-id, so
	 * that perf record can put it into the build-id cache without
	 * reading the file again at the end.
	 */
	bool want_kallsyms;
	char *kallsyms;
	size_t kallsyms_len;
	struct build_id kallsyms_bid;
	/*
	 * Set: files that the end-of-run cache copy could not reach by their
	 * path (another mount namespace, deleted) are copied into this
	 * build-id cache when synthesis reads them.
	 */
	const char *cache_dir;
	int verbose;
	/* Mapped files no way could open: how many, and the first one. */
	u32 unreadable;
	pid_t unreadable_pid;
	int unreadable_err;
	char unreadable_path[4096];
	char buf[65536];		/* the record being built */
};

/*
 * The kernel map "[kernel.kallsyms]_text" at _text, with the running
 * kernel's build-id from /sys/kernel/notes.  Returns 0 or -errno; a
 * kernel whose symbols are hidden is skipped silently.
 */
int synth__kernel_mmap(struct synth_ctx *ctx);

/*
 * One kernel map per loaded module (see kmodules.h): at its base in
 * /proc/modules, named by its file under /lib/modules (or "[name]"), with
 * the id from /sys/module/<name>/notes.  0 or -errno.
 */
int synth__kernel_modules(struct synth_ctx *ctx);

/* COMM (and FORK for non-leader threads) per task of @pid, then MMAPs. */
int synth__process(struct synth_ctx *ctx, pid_t pid);

/* synth__process for every process in /proc; vanished ones are skipped. */
int synth__all_processes(struct synth_ctx *ctx);

/*
 * synth__process for @roots and every process descended from them (by
 * /proc's parent links): what an inherited event follows.
 */
int synth__process_tree(struct synth_ctx *ctx, const pid_t *roots, size_t nr_roots);

/*
 * PERF_RECORD_LOST_SAMPLES: @lost samples event @id could not write
 * (read_format PERF_FORMAT_LOST), as upstream writes them at the end.
 */
int synth__lost_samples(struct synth_ctx *ctx, u64 id, u64 lost);

#endif
