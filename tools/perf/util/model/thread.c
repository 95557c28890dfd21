// SPDX-License-Identifier: GPL-2.0
/* Threads: comm and the (shared) maps of their process. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include "util/model/thread.h"
#include "util/model/map.h"

struct thread *thread__new(pid_t pid, pid_t tid, struct maps *maps, struct maps *kmaps)
{
	struct thread *thread = calloc(1, sizeof(*thread));

	if (!thread)
		return NULL;
	thread->maps = maps ? maps__get(maps) : maps__new();
	if (!thread->maps) {
		free(thread);
		return NULL;
	}
	thread->pid = pid;
	thread->tid = tid;
	thread->ppid = -1;
	thread->kmaps = kmaps;
	thread->refcnt = 1;
	snprintf(thread->comm_buf, sizeof(thread->comm_buf), ":%d", (int)tid);
	return thread;
}

struct thread *thread__get(struct thread *thread)
{
	if (thread)
		__atomic_add_fetch(&thread->refcnt, 1, __ATOMIC_RELAXED);
	return thread;
}

void thread__put(struct thread *thread)
{
	if (!thread || __atomic_sub_fetch(&thread->refcnt, 1, __ATOMIC_ACQ_REL) > 0)
		return;
	maps__put(thread->maps);
	free(thread->comm);
	free(thread);
}

int thread__set_comm(struct thread *thread, const char *comm, bool exec)
{
	char *c = strdup(comm);

	if (!c)
		return -ENOMEM;
	/*
	 * An exec keeps the maps, as upstream does: the kernel reports the
	 * exec (this COMM) before the new program's mmaps, and samples taken
	 * in between, still inside execve(), return to the old program (its
	 * libc's execve).  The new program's mmaps then replace what they
	 * overlap.
	 */
	free(thread->comm);
	thread->comm = c;
	thread->comm_exec = exec;
	return 0;
}

const char *thread__comm_str(const struct thread *thread)
{
	return thread->comm ? thread->comm : thread->comm_buf;
}

static bool cpumode__is_kernel(u8 cpumode)
{
	return cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL;
}

struct map *thread__find_map(const struct thread *thread, u8 cpumode, u64 addr)
{
	struct map *map = NULL;

	if (cpumode__is_kernel(cpumode))
		return thread->kmaps ? maps__find(thread->kmaps, addr) : NULL;
	map = maps__find(thread->maps, addr);
	if (!map && thread->kmaps)
		map = maps__find(thread->kmaps, addr);
	return map;
}
