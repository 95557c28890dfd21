/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live side of perf record: events opened with perf_event_open(2) on
 * a set of CPUs x threads, their fds and kernel ids, and the one-time
 * probe of where build-ids will come from.
 */
#ifndef __PERF_EVLIST_OPEN_H
#define __PERF_EVLIST_OPEN_H

#include <linux/types.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <sys/types.h>

/* CPUs to open on; a single -1 means "any CPU" (per-thread). */
struct cpu_list {
	int nr;
	int *cpus;
};

/* Threads to follow; a single -1 means "every task" (system-wide). */
struct thread_list {
	int nr;
	pid_t *tids;
};

struct rec_evsel {
	struct perf_event_attr attr;
	char *name;			/* as the user spelled it */
	int leader;			/* index of its group's leader; its own alone */
	int *fds;			/* [cpu * nr_threads + thread], -1 closed */
	u64 *ids;			/* kernel ids, same indexing */
};

struct rec_evlist {
	struct rec_evsel *entries;
	int nr;
	struct cpu_list cpus;
	struct thread_list threads;
	int verbose;			/* -v: say what falls back */
};

/* Where build-ids come from, decided once before opening. */
enum buildid_source {
	BUILDID_SRC_MMAP3,		/* our kernel series: PERF_RECORD_MMAP3 */
	BUILDID_SRC_MMAP2,		/* attr.build_id, MMAP2 build-id form */
	BUILDID_SRC_USERSPACE,		/* read the files ourselves */
};

long sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			 int group_fd, unsigned long flags);

/*
 * Probe once: MMAP3 if a perf_event_open() asking for it succeeds, else
 * MMAP2 build-ids if one asking for them does, else userspace.  @force_userspace skips the kernel paths.
 */
enum buildid_source buildid_source__probe(bool force_userspace);
const char *buildid_source__name(enum buildid_source src);

/* Does the kernel take read_format PERF_FORMAT_LOST (Linux >= 6.0)? */
bool rec_evlist__probe_format_lost(void);

/* "0-3,6": parse a CPU list; the online CPUs when @str is NULL. */
int cpu_list__parse(struct cpu_list *cpus, const char *str);
int cpu_list__any(struct cpu_list *cpus);
void cpu_list__exit(struct cpu_list *cpus);

/* Every task of process @pid (/proc/PID/task), one thread, or "all". */
int thread_list__from_pid(struct thread_list *threads, pid_t pid);
int thread_list__one(struct thread_list *threads, pid_t tid);
/* -p's list: every task of each process.  -ESRCH when one is gone. */
int thread_list__from_pids(struct thread_list *threads, const pid_t *pids, size_t nr);
/* -t's list: each thread, checked to exist.  -ESRCH when one is gone. */
int thread_list__from_tids(struct thread_list *threads, const pid_t *tids, size_t nr);
void thread_list__exit(struct thread_list *threads);

void rec_evlist__init(struct rec_evlist *evlist);
void rec_evlist__exit(struct rec_evlist *evlist);	/* closes fds too */
/* Append an event; the attr is copied.  -ENOMEM. */
int rec_evlist__add(struct rec_evlist *evlist, const struct perf_event_attr *attr,
		    const char *name);
/* @from's CPUs and threads into @to (empty): a side band on the same targets. */
int rec_evlist__copy_targets(struct rec_evlist *to, const struct rec_evlist *from);

/*
 * Open every event on every CPU x thread, a group member with its
 * leader's fd.  cycles, where no hardware PMU counts it, falls back to
 * cpu-clock as upstream's does (said with -v, in upstream's words).  An
 * event the kernel refuses
 * because perf_event_paranoid (2 or more) keeps us out of the kernel is
 * opened user-only instead and renamed "EVENT:u", with one warning line
 * unless @quiet.  On failure prints why (upstream's wording for a lack of
 * permission), closes what was opened and returns -errno.  @workload
 * names the forked command for the message.
 */
int rec_evlist__open(struct rec_evlist *evlist, const char *workload, bool quiet);
int rec_evlist__enable(struct rec_evlist *evlist);
int rec_evlist__disable(struct rec_evlist *evlist);
/* Enable or disable entry @idx on every CPU and thread.  0 or the first -errno. */
int rec_evsel__enable(struct rec_evlist *evlist, int idx, bool on);

/* The fd of @evsel on CPU index @cpu, thread index @thread. */
static inline int *rec_evsel__fd(struct rec_evsel *evsel, const struct rec_evlist *evlist,
				 int cpu, int thread)
{
	return &evsel->fds[cpu * evlist->threads.nr + thread];
}

/* Bytes of the sample_id trailer the kernel appends to non-samples. */
size_t rec_evlist__id_hdr_size(const struct rec_evlist *evlist);

#endif
