/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A thread: pid/tid, its command name and the maps of its process (shared
 * by the threads of one process).  fork copies the parent's maps (a new
 * process) or shares them (a new thread); exec (COMM with COMM_EXEC)
 * keeps them until the new program's mmaps replace what they overlap
 * (see thread__set_comm()).
 */
#ifndef __PERF_THREAD_H
#define __PERF_THREAD_H

#include <linux/types.h>
#include <stdbool.h>
#include <sys/types.h>

struct maps;
struct map;

struct thread {
	pid_t		pid;		/* -1 until known */
	pid_t		tid;
	pid_t		ppid;		/* -1 until known */
	char		*comm;		/* NULL until a COMM */
	bool		comm_exec;	/* comm came from an exec */
	bool		exited;
	struct maps	*maps;		/* a reference; shared within a process */
	struct maps	*kmaps;		/* the machine's kernel maps, borrowed */
	/* atomic: perf report's adder thread takes references too (report/pipeline.c) */
	int		refcnt;
	struct thread	*hnext;		/* machine's hash chain */
	char		comm_buf[16];	/* ":<tid>" before any COMM */
};

/* @maps: shared (a reference is taken), or NULL for a new empty one. */
struct thread *thread__new(pid_t pid, pid_t tid, struct maps *maps, struct maps *kmaps);
struct thread *thread__get(struct thread *thread);
void thread__put(struct thread *thread);

/* Returns 0 or -ENOMEM.  @exec: the name comes from an exec (the maps stay). */
int thread__set_comm(struct thread *thread, const char *comm, bool exec);

/* The comm, or ":<tid>" like upstream when none was seen. */
const char *thread__comm_str(const struct thread *thread);

/*
 * The map for @addr: user cpumodes look in the process maps, kernel
 * cpumodes in the kernel maps; a user address not found but inside the
 * kernel maps (a sample taken on the way into the kernel) falls back to
 * them.  Borrowed; NULL if none.
 */
struct map *thread__find_map(const struct thread *thread, u8 cpumode, u64 addr);

#endif
