/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine a recording was made on: its kernel maps, its threads
 * (pid -> thread hash) and its DSOs.  Fed with the side-band records in
 * time order (MMAP*, COMM, FORK, EXIT), it answers "which thread, map,
 * DSO and symbol is this sample address?".
 *
 * Memory grows with the number of threads, maps, DSOs and symbols, never
 * with the number of samples: resolving an address allocates nothing
 * once the DSO's symbols are loaded.
 */
#ifndef __PERF_MACHINE_H
#define __PERF_MACHINE_H

#include <linux/types.h>
#include <sys/types.h>
#include "util/model/addr-cache.h"
#include "util/model/dso.h"
#include "util/data/event.h"

struct thread;
struct map;
struct maps;

struct machine {
	pid_t			pid;		/* a guest's; -1: the host */
	struct thread		**threads;	/* hash by tid, chained */
	size_t			nr_buckets;
	size_t			nr_threads;
	struct dsos		dsos;
	struct maps		*kmaps;		/* kernel + modules */
	struct dso		*kernel_dso;	/* a reference, once known */
	struct dso_load_opts	load_opts;
	/*
	 * Bumped when resolutions anywhere may change (kernel maps, the
	 * kernel DSO, build-ids learned by name); a user address space's
	 * own changes are its maps' generation.
	 */
	u32			resolve_gen;
	struct addr_cache	addr_cache;
};

/* @opts is copied (its strings are borrowed); NULL: defaults. */
int machine__init(struct machine *machine, const struct dso_load_opts *opts);
void machine__exit(struct machine *machine);

/* Borrowed; valid until a FORK reuses the tid or machine__exit(). */
struct thread *machine__find_thread(struct machine *machine, pid_t tid);
/* Creates the thread (sharing its process's maps) if new.  NULL on ENOMEM. */
struct thread *machine__findnew_thread(struct machine *machine, pid_t pid, pid_t tid);

/*
 * An MMAP, MMAP2 or MMAP3 (decoded by perf_event__parse_mmap()): pid -1
 * or a kernel cpumode in @info->misc puts it in the kernel maps, else in
 * the process's.  The DSO is found or created by build-id, else inode,
 * else path.  Returns 0, -EINVAL (empty or wrapping range), -ENOMEM.
 */
int machine__process_mmap(struct machine *machine, const struct perf_mmap_info *info);
int machine__process_comm(struct machine *machine, pid_t pid, pid_t tid, const char *comm,
			  bool exec);
int machine__process_fork(struct machine *machine, pid_t pid, pid_t ppid, pid_t tid,
			  pid_t ptid);
int machine__process_exit(struct machine *machine, pid_t pid, pid_t tid);

/* The same for raw COMM/FORK/EXIT records, bounds-checked: -EINVAL if short. */
int machine__process_comm_event(struct machine *machine, const union perf_event *event);
int machine__process_fork_event(struct machine *machine, const union perf_event *event);
int machine__process_exit_event(struct machine *machine, const union perf_event *event);

/* Give the DSO of @name this build-id (the header's build-id table). */
int machine__add_build_id(struct machine *machine, const char *name,
			  const struct build_id *bid);

struct addr_location {
	struct thread		*thread;	/* borrowed, like the rest */
	struct map		*map;		/* NULL: address not mapped */
	struct dso		*dso;
	const struct symbol	*sym;		/* NULL: [unknown] */
	u64			addr;		/* in the DSO's symbol space */
	u8			cpumode;
};

/*
 * Resolve @ip of thread @pid/@tid taken in @cpumode (header.misc &
 * PERF_RECORD_MISC_CPUMODE_MASK).  Loads the DSO's symbols the first
 * time.  Returns 0, or -ENOMEM (thread could not be created).
 */
int machine__resolve(struct machine *machine, pid_t pid, pid_t tid, u8 cpumode, u64 ip,
		     struct addr_location *al);
/* The same for a thread already at hand. */
void machine__resolve_thread(struct machine *machine, struct thread *thread, u8 cpumode,
			     u64 ip, struct addr_location *al);
/*
 * The same through the machine's address cache (addr-cache.h): for call
 * chains, whose frames repeat (a 100 MB -g profile: 12M frames, 99%
 * found there).  Not for a sample's ip alone: a flat report's leaves
 * missed 18% of the time, and the cache cost more than it saved.
 */
void machine__resolve_cached(struct machine *machine, struct thread *thread, u8 cpumode,
			     u64 ip, struct addr_location *al);
/* Ask for the cache slot of a machine__resolve_cached() to come (a hint, no effect). */
void machine__prefetch_resolved(const struct machine *machine, const struct thread *thread,
				u8 cpumode, u64 ip);

#endif
