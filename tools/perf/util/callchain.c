// SPDX-License-Identifier: GPL-2.0
/*
 * A sample's callchain turned into resolved frames.
 *
 * The kernel writes the chain leaf first, each run of addresses preceded
 * by a PERF_CONTEXT_* marker (KERNEL, USER, HV) saying in which address
 * space the addresses after it live.  Markers are not frames.  Upstream
 * perf 6.1 (x86) keeps every address as it is: no de-duplication of the
 * sample ip against the first user entry (the kernel stores the user ip
 * once, as the first USER entry); only powerpc skips an entry, which we
 * do not support.  Any other value >= PERF_CONTEXT_MAX (the guest
 * contexts, garbage) means the chain cannot be trusted: upstream then
 * drops the whole chain, and so do we (the cursor is left empty).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "callchain.h"
#include "machine.h"
#include "thread.h"
#include "map.h"
#include "dso.h"
#include "event.h"

void callchain_cursor__init(struct callchain_cursor *cursor)
{
	memset(cursor, 0, sizeof(*cursor));
}

void callchain_cursor__exit(struct callchain_cursor *cursor)
{
	free(cursor->frames);
	memset(cursor, 0, sizeof(*cursor));
}

/* Room for @nr frames; grows geometrically so deep chains cost once. */
static int callchain_cursor__reserve(struct callchain_cursor *cursor, size_t nr)
{
	struct callchain_frame *frames;
	size_t alloc;

	if (nr <= cursor->alloc)
		return 0;
	alloc = cursor->alloc ? cursor->alloc : 64;
	while (alloc < nr)
		alloc *= 2;
	frames = realloc(cursor->frames, alloc * sizeof(*frames));
	if (!frames)
		return -ENOMEM;
	cursor->frames = frames;
	cursor->alloc = alloc;
	return 0;
}

int callchain_frame__resolve(struct callchain_frame *frame, struct machine *machine,
			     struct thread *thread, u8 cpumode, u64 ip)
{
	struct addr_location al;

	machine__resolve_cached(machine, thread, cpumode, ip, &al);
	/*
	 * A frame in a module whose symbols came from kallsyms keeps its
	 * address relative to the module's map, like the module's other
	 * frames; everywhere else the resolved address is already mapped.
	 */
	if (al.map && al.dso == al.map->dso && al.dso && al.dso->kmod)
		al.addr = map__map_ip(al.map, ip);
	frame->ip = ip;
	frame->addr = al.addr;
	frame->map = al.map;
	frame->dso = al.dso;
	frame->sym = al.sym;
	frame->cpumode = cpumode;
	return 0;
}

/*
 * A chain's frame lives where its context marker says: upstream looks a
 * user frame up in the process's maps only (a stale frame pointer equal
 * to a kernel address stays [unknown]) and a hypervisor frame nowhere.
 */
static int callchain__add(struct machine *machine, struct thread *thread,
			  struct callchain_cursor *cursor, u8 cpumode, u64 ip)
{
	struct callchain_frame *frame = &cursor->frames[cursor->nr];
	int err = 0;

	if (cpumode != PERF_RECORD_MISC_HYPERVISOR)
		err = callchain_frame__resolve(frame, machine, thread, cpumode, ip);
	if (err)
		return err;
	if (cpumode == PERF_RECORD_MISC_HYPERVISOR ||
	    (cpumode == PERF_RECORD_MISC_USER && frame->dso && (frame->dso->kernel || frame->dso->kmod)))
		*frame = (struct callchain_frame){ .ip = ip, .addr = ip, .cpumode = cpumode };
	cursor->nr++;
	return 0;
}

/* The cpumode a context marker switches to; 0 for an invalid marker. */
static u8 callchain__context_cpumode(u64 marker)
{
	switch (marker) {
	case PERF_CONTEXT_KERNEL:
		return PERF_RECORD_MISC_KERNEL;
	case PERF_CONTEXT_USER:
		return PERF_RECORD_MISC_USER;
	case PERF_CONTEXT_HV:
		return PERF_RECORD_MISC_HYPERVISOR;
	default:
		return 0;
	}
}

int machine__resolve_callchain(struct machine *machine, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor)
{
	const struct ip_callchain *chain = sample->callchain;
	u8 cpumode = PERF_RECORD_MISC_USER;
	u64 i;
	int err;

	cursor->nr = 0;
	if (!chain) {
		err = callchain_cursor__reserve(cursor, 1);
		return err ? err : callchain__add(machine, thread, cursor, sample->cpumode,
						  sample->ip);
	}
	/* evsel__parse_sample() checked that nr entries fit in the record. */
	err = callchain_cursor__reserve(cursor, chain->nr);
	if (err)
		return err;
	for (i = 0; i < chain->nr; i++) {
		u64 ip = chain->ips[i];

		if (ip >= PERF_CONTEXT_MAX) {
			cpumode = callchain__context_cpumode(ip);
			if (!cpumode) {
				cursor->nr = 0;
				return 0;
			}
			continue;
		}
		err = callchain__add(machine, thread, cursor, cpumode, ip);
		if (err)
			return err;
	}
	return 0;
}
