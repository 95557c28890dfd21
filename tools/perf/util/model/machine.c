// SPDX-License-Identifier: GPL-2.0
/*
 * The machine: threads by tid, kernel maps, DSOs; side-band records in,
 * resolved addresses out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"

#define MACHINE_MIN_BUCKETS	256

int machine__init(struct machine *machine, const struct dso_load_opts *opts)
{
	memset(machine, 0, sizeof(*machine));
	machine->pid = -1;
	if (opts)
		machine->load_opts = *opts;
	dsos__init(&machine->dsos);
	addr_cache__init(&machine->addr_cache);
	machine->kmaps = maps__new();
	machine->threads = calloc(MACHINE_MIN_BUCKETS, sizeof(*machine->threads));
	if (!machine->kmaps || !machine->threads) {
		machine__exit(machine);
		return -ENOMEM;
	}
	machine->nr_buckets = MACHINE_MIN_BUCKETS;
	/*
	 * No COMM record ever names pid 0, yet samples land in it (a CPU
	 * entering or leaving idle); upstream calls it swapper in every
	 * command, so the model does too rather than each command.
	 */
	if (machine__process_comm(machine, 0, 0, "swapper", false)) {
		machine__exit(machine);
		return -ENOMEM;
	}
	return 0;
}

void machine__exit(struct machine *machine)
{
	size_t i;

	for (i = 0; machine->threads && i < machine->nr_buckets; i++) {
		struct thread *t = machine->threads[i];

		while (t) {
			struct thread *next = t->hnext;

			thread__put(t);
			t = next;
		}
	}
	free(machine->threads);
	machine->threads = NULL;
	addr_cache__exit(&machine->addr_cache);
	maps__put(machine->kmaps);
	machine->kmaps = NULL;
	dso__put(machine->kernel_dso);
	machine->kernel_dso = NULL;
	dsos__exit(&machine->dsos);
}

static size_t machine__bucket(const struct machine *machine, pid_t tid)
{
	/* Knuth's multiplicative hash: tids are dense and sequential */
	return ((u32)tid * 2654435761u) % machine->nr_buckets;
}

/* Double the buckets when chains get long; on ENOMEM keep the old table. */
static void machine__grow_threads(struct machine *machine)
{
	size_t old_nr = machine->nr_buckets, i;
	struct thread **old = machine->threads;
	struct thread **table;

	if (machine->nr_threads < 2 * old_nr)
		return;
	table = calloc(old_nr * 2, sizeof(*table));
	if (!table)
		return;
	machine->threads = table;
	machine->nr_buckets = old_nr * 2;
	for (i = 0; i < old_nr; i++) {
		struct thread *t = old[i];

		while (t) {
			struct thread *next = t->hnext;
			size_t b = machine__bucket(machine, t->tid);

			t->hnext = table[b];
			table[b] = t;
			t = next;
		}
	}
	free(old);
}

struct thread *machine__find_thread(struct machine *machine, pid_t tid)
{
	struct thread *t = machine->threads[machine__bucket(machine, tid)];

	while (t && t->tid != tid)
		t = t->hnext;
	return t;
}

static void machine__remove_thread(struct machine *machine, struct thread *thread)
{
	struct thread **p = &machine->threads[machine__bucket(machine, thread->tid)];

	while (*p && *p != thread)
		p = &(*p)->hnext;
	if (!*p)
		return;
	*p = thread->hnext;
	machine->nr_threads--;
	thread__put(thread);
}

static struct thread *machine__add_thread(struct machine *machine, pid_t pid, pid_t tid,
					  struct maps *maps)
{
	struct thread *t = thread__new(pid, tid, maps, machine->kmaps);
	size_t b;

	if (!t)
		return NULL;
	machine__grow_threads(machine);
	b = machine__bucket(machine, tid);
	t->hnext = machine->threads[b];
	machine->threads[b] = t;
	machine->nr_threads++;
	return t;
}

struct thread *machine__findnew_thread(struct machine *machine, pid_t pid, pid_t tid)
{
	struct thread *t = machine__find_thread(machine, tid), *leader;

	if (t) {
		if (t->pid == -1 && pid != -1)
			t->pid = pid;
		return t;
	}
	/* a thread of a known process shares the process's maps */
	if (pid != -1 && pid != tid) {
		leader = machine__findnew_thread(machine, pid, pid);
		if (!leader)
			return NULL;
		return machine__add_thread(machine, pid, tid, leader->maps);
	}
	return machine__add_thread(machine, pid, tid, NULL);
}

int machine__add_build_id(struct machine *machine, const char *name,
			  const struct build_id *bid)
{
	machine->resolve_gen++;
	return dsos__add_build_id_hint(&machine->dsos, name, bid);
}

static bool mmap_info__is_kernel(const struct perf_mmap_info *info)
{
	u16 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	return info->pid == (u32)-1 || cpumode == PERF_RECORD_MISC_KERNEL ||
	       cpumode == PERF_RECORD_MISC_GUEST_KERNEL;
}

/*
 * A guest's kernel is mapped as "[guest.kernel.kallsyms]" with a suffix,
 * like the host's "[kernel.kallsyms]_text": one DSO, under upstream's name.
 */
static const char *machine__mmap_name(const struct perf_mmap_info *info)
{
	static const char guest_kernel[] = "[guest.kernel.kallsyms]";
	u16 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	if (!info->filename)
		return "";
	if (cpumode == PERF_RECORD_MISC_GUEST_KERNEL &&
	    !strncmp(info->filename, guest_kernel, sizeof(guest_kernel) - 2))
		return guest_kernel;
	return info->filename;
}

int machine__process_mmap(struct machine *machine, const struct perf_mmap_info *info)
{
	struct dso_id id = { .has_inode = false };
	bool kernel = mmap_info__is_kernel(info);
	struct thread *thread = NULL;
	struct dso *dso;
	struct map *map;
	int err;

	if (!info->len || info->start + info->len < info->start)
		return -EINVAL;
	if (info->has_build_id && info->build_id_size &&
	    info->build_id_size <= BUILD_ID_SIZE_MAX) {
		memcpy(id.bid.data, info->build_id, info->build_id_size);
		id.bid.size = info->build_id_size;
	}
	/* inode 0 identifies nothing (anonymous and special mappings) */
	if (info->has_inode && info->ino) {
		id.has_inode = true;
		id.maj = info->maj;
		id.min = info->min;
		id.ino = info->ino;
		id.ino_generation = info->ino_generation;
	}
	if (!kernel) {
		thread = machine__findnew_thread(machine, info->pid, info->tid);
		if (!thread)
			return -ENOMEM;
	}
	dso = dsos__findnew_id(&machine->dsos, machine__mmap_name(info), &id);
	if (!dso)
		return -ENOMEM;
	if (kernel) {
		/* the kernel maps are everybody's: every resolution may change */
		machine->resolve_gen++;
		if (dso->kernel && !machine->kernel_dso)
			machine->kernel_dso = dso__get(dso);
		/* anything else in the kernel maps is a module: .text-relative */
		if (!dso->kernel)
			dso->kmod = true;
	}
	map = map__new(info->start, info->len, info->pgoff, dso);
	dso__put(dso);
	if (!map)
		return -ENOMEM;
	map->prot = info->prot;
	map->flags = info->flags;
	err = maps__insert(kernel ? machine->kmaps : thread->maps, map);
	map__put(map);
	return err;
}

int machine__process_comm(struct machine *machine, pid_t pid, pid_t tid, const char *comm,
			  bool exec)
{
	struct thread *thread = machine__findnew_thread(machine, pid, tid);

	if (!thread)
		return -ENOMEM;
	return thread__set_comm(thread, comm, exec);
}

int machine__process_fork(struct machine *machine, pid_t pid, pid_t ppid, pid_t tid,
			  pid_t ptid)
{
	struct thread *parent, *child, *old;
	struct maps *maps;

	if (tid == ptid)
		return 0;	/* nothing to learn; do not replace the parent */
	parent = machine__findnew_thread(machine, ppid, ptid);
	if (!parent)
		return -ENOMEM;
	/* a tid seen before belonged to an earlier task: forget it */
	old = machine__find_thread(machine, tid);
	if (old)
		machine__remove_thread(machine, old);

	if (pid == ppid) {
		/* a new thread of the same process: same address space */
		child = machine__add_thread(machine, pid, tid, parent->maps);
	} else {
		/* a new process: a copy of the parent's address space */
		maps = maps__clone(parent->maps);
		if (!maps)
			return -ENOMEM;
		child = machine__add_thread(machine, pid, tid, maps);
		maps__put(maps);
	}
	if (!child)
		return -ENOMEM;
	child->ppid = ppid;
	if (parent->comm) {
		child->comm = strdup(parent->comm);
		if (!child->comm)
			return -ENOMEM;
	}
	return 0;
}

int machine__process_exit(struct machine *machine, pid_t pid, pid_t tid)
{
	struct thread *thread = machine__find_thread(machine, tid);

	/* kept: samples of its last moments may still follow */
	if (thread)
		thread->exited = true;
	return 0;
}

int machine__process_comm_event(struct machine *machine, const union perf_event *event)
{
	size_t max, len;

	if (event->header.size < sizeof(event->comm) + 1)
		return -EINVAL;
	max = event->header.size - sizeof(event->comm);
	len = strnlen(event->comm.comm, max);
	if (len == max)
		return -EINVAL;		/* not NUL-terminated inside the record */
	return machine__process_comm(machine, event->comm.pid, event->comm.tid,
				     event->comm.comm,
				     event->header.misc & PERF_RECORD_MISC_COMM_EXEC);
}

int machine__process_fork_event(struct machine *machine, const union perf_event *event)
{
	if (event->header.size < sizeof(event->fork))
		return -EINVAL;
	return machine__process_fork(machine, event->fork.pid, event->fork.ppid, event->fork.tid,
				     event->fork.ptid);
}

int machine__process_exit_event(struct machine *machine, const union perf_event *event)
{
	if (event->header.size < sizeof(event->fork))
		return -EINVAL;
	return machine__process_exit(machine, event->fork.pid, event->fork.tid);
}

static bool cpumode__is_kernel(u8 cpumode)
{
	return cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL;
}

void machine__resolve_thread(struct machine *machine, struct thread *thread, u8 cpumode,
			     u64 ip, struct addr_location *al)
{
	struct dso *kdso = machine->kernel_dso;

	memset(al, 0, sizeof(*al));
	al->thread = thread;
	al->cpumode = cpumode;
	al->addr = ip;
	/* what the loaders may need to know: is this the kernel we run on? */
	if (kdso && !machine->load_opts.recording_kernel.size)
		machine->load_opts.recording_kernel = kdso->id.bid;
	al->map = thread__find_map(thread, cpumode, ip);
	if (al->map) {
		al->dso = al->map->dso;
		/*
		 * Look the symbol up first: it loads the DSO, and only then are
		 * its PT_LOAD segments known to map__map_ip().
		 */
		al->sym = map__find_symbol(al->map, ip, &machine->load_opts);
		al->addr = map__map_ip(al->map, ip);
	}
	/*
	 * A kernel address outside every kernel map, or in a module whose
	 * .ko gave nothing: kallsyms has absolute addresses for both.
	 */
	if (!al->sym && kdso && (cpumode__is_kernel(cpumode) || (al->dso && al->dso->kmod))) {
		if (kdso->load_state == DSO_LOAD__NOT_TRIED)
			dso__load(kdso, &machine->load_opts);
		if (!al->dso || (al->dso->kmod && al->dso->load_state != DSO_LOAD__LOADED)) {
			const struct symbol *sym = dso__find_symbol(kdso, ip);

			if (sym || !al->dso) {
				al->sym = sym;
				al->addr = ip;
				if (!al->dso)
					al->dso = kdso;
			}
		}
	}
}

/*
 * A kernel address resolves the same in every thread; a user one in the
 * thread's address space, falling back to the kernel maps (which
 * machine->resolve_gen covers).
 */
static struct addr_cache_key machine__cache_key(const struct machine *machine,
						const struct thread *thread, u8 cpumode, u64 ip)
{
	return (struct addr_cache_key){
		.maps = cpumode__is_kernel(cpumode) ? NULL : thread->maps,
		.ip = ip,
		.gen = machine->resolve_gen,
		.cpumode = cpumode,
	};
}

void machine__prefetch_resolved(const struct machine *machine, const struct thread *thread,
				u8 cpumode, u64 ip)
{
	struct addr_cache_key key = machine__cache_key(machine, thread, cpumode, ip);

	addr_cache__prefetch(&machine->addr_cache, &key);
}

void machine__resolve_cached(struct machine *machine, struct thread *thread, u8 cpumode,
			     u64 ip, struct addr_location *al)
{
	struct addr_cache_key key = machine__cache_key(machine, thread, cpumode, ip);

	memset(al, 0, sizeof(*al));
	al->thread = thread;
	al->cpumode = cpumode;
	if (addr_cache__lookup(&machine->addr_cache, &key, al))
		return;
	machine__resolve_thread(machine, thread, cpumode, ip, al);
	addr_cache__store(&machine->addr_cache, &key, al);
}

int machine__resolve(struct machine *machine, pid_t pid, pid_t tid, u8 cpumode, u64 ip,
		     struct addr_location *al)
{
	struct thread *thread = machine__findnew_thread(machine, pid, tid);

	if (!thread) {
		memset(al, 0, sizeof(*al));
		return -ENOMEM;
	}
	machine__resolve_thread(machine, thread, cpumode, ip, al);
	return 0;
}
