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
 * contexts, garbage a frame-pointer walk read through code built without
 * frame pointers) means the chain cannot be trusted: upstream then drops
 * the whole chain and counts the sample at its ip, without a call graph,
 * and so do we.  Addresses that map nowhere, or kernel addresses in the
 * user part, are frames like any other: shown as [unknown], as upstream
 * shows them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "util/model/callchain.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/model/dso.h"
#include "util/model/dso-inline.h"
#include "util/model/unwind.h"
#include "util/data/event.h"
#include "util/base/debug.h"
#include "util/data/evlist.h"
#include "util/data/evsel.h"

void callchain_cursor__init(struct callchain_cursor *cursor)
{
	memset(cursor, 0, sizeof(*cursor));
	cursor->max_stack = UINT_MAX;
}

u8 callchain_level__cpumode(struct callchain_level *l, size_t j, u8 sample_cpumode)
{
	const struct callchain_frame *f = l->cursor->frames;
	long nr = l->cursor->nr, i = j, step = l->from_root ? 1 : -1;
	long none = l->from_root ? nr : -1, found;
	bool asked = l->asked >= 0;

	if (f[j].map)
		return f[j].cpumode;
	/* between the frame asked last and its answer: the same answer */
	if (asked && (l->from_root ? (i > l->asked && l->found > i)
				   : (i < l->asked && l->found < i)))
		goto out;
	/* else walk toward it, stopping at the frame asked last */
	for (i += step; i != none; i += step) {
		if (asked && i == l->asked)
			break;
		if (f[i].map)
			break;
	}
	found = asked && i == l->asked ? l->found : i;
	l->asked = j;
	l->found = found;
out:
	return l->found == none ? sample_cpumode : f[l->found].cpumode;
}

void callchain_cursor__exit(struct callchain_cursor *cursor)
{
	unwinder__delete(cursor->unwinder);
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
	frame->srcline = NULL;
	frame->cpumode = cpumode;
	return 0;
}

/*
 * A chain's frame lives where its context marker says: upstream looks a
 * user frame up in the process's maps only (a stale frame pointer equal
 * to a kernel address stays [unknown]) and a hypervisor frame nowhere.
 */
int callchain_frame__resolve_entry(struct callchain_frame *frame, struct machine *machine,
				   struct thread *thread, u8 cpumode, u64 ip)
{
	int err = 0;

	if (cpumode != PERF_RECORD_MISC_HYPERVISOR)
		err = callchain_frame__resolve(frame, machine, thread, cpumode, ip);
	if (err)
		return err;
	if (cpumode == PERF_RECORD_MISC_HYPERVISOR ||
	    (cpumode == PERF_RECORD_MISC_USER && frame->dso && (frame->dso->kernel || frame->dso->kmod)))
		*frame = (struct callchain_frame){ .ip = ip, .addr = ip, .cpumode = cpumode };
	return 0;
}

/*
 * --inline: the frame just resolved at frames[nr] becomes its inline
 * frames when its address is in inlined code (upstream replaces it the
 * same way); the sample's own frame is kept aside when it was the ip.
 * Returns 1 when it did, 0 when the frame stays as it is, or -ENOMEM.
 */
static int callchain__add_inlines(struct callchain_cursor *cursor)
{
	struct callchain_frame fr = cursor->frames[cursor->nr];
	const struct dso_inlines *di = dso__inlines(fr.dso, cursor->inline_opts, fr.sym, fr.addr);
	u32 i;

	if (!di)
		return -ENOMEM;
	if (!di->nr) {
		cursor->nr++;
		return 0;
	}
	if (callchain_cursor__reserve(cursor, cursor->nr + di->nr))
		return -ENOMEM;
	/* the frame itself, with the line upstream's inline walk gives it */
	if (di->nr == 1 && di->frames[0].sym == fr.sym) {
		cursor->frames[cursor->nr++].srcline = di->frames[0].srcline;
		return 1;
	}
	if (!cursor->nr) {
		cursor->leaf = fr;
		cursor->inlined_leaf = true;
	}
	for (i = 0; i < di->nr; i++) {
		struct callchain_frame *f = &cursor->frames[cursor->nr++];

		*f = fr;
		f->sym = di->frames[i].sym;
		f->srcline = di->frames[i].srcline;
	}
	cursor->nr_inlined += di->nr - 1;
	return 1;
}

/*
 * @unwound: a frame of a DWARF-unwound user stack, the only frames upstream
 * 6.1 expands into inline frames (its frame-pointer chains keep one frame
 * per address).
 */
static int callchain__add(struct machine *machine, struct thread *thread,
			  struct callchain_cursor *cursor, u8 cpumode, u64 ip, bool unwound)
{
	struct callchain_frame *fr;
	int err = callchain_cursor__reserve(cursor, cursor->nr + 1);

	if (!err)
		err = callchain_frame__resolve_entry(&cursor->frames[cursor->nr], machine,
						     thread, cpumode, ip);
	if (err)
		return err;
	fr = &cursor->frames[cursor->nr];
	/* a sample without its chain has no inline frames upstream either */
	if (unwound && cursor->inline_opts && !cursor->ip_only && fr->sym && fr->map && fr->dso &&
	    !fr->dso->kernel && !fr->dso->kmod) {
		err = callchain__add_inlines(cursor);
		/* inline frames carry their lines (NULL: upstream shows none) */
		if (err)
			return err < 0 ? err : 0;
		fr = &cursor->frames[cursor->nr - 1];
	} else {
		cursor->nr++;
	}
	/* upstream's line of a frame it did not expand: mapped frames only */
	if (cursor->srcline_opts && fr->dso && (fr->map || fr->dso->kernel)) {
		fr->srcline = dso__callchain_srcline(fr->dso, cursor->srcline_opts, fr->sym,
						     fr->addr);
		if (!fr->srcline)
			return -ENOMEM;
	}
	return 0;
}

/* The frames of the chain's addresses so far, inline frames not counted. */
static size_t callchain_cursor__addresses(const struct callchain_cursor *cursor)
{
	return cursor->nr - cursor->nr_inlined;
}

u8 callchain__context_cpumode(u64 marker)
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

/* The sample's ip alone, no call graph: its chain is missing or unusable. */
static int callchain__ip_only(struct machine *machine, struct thread *thread,
			      const struct perf_sample *sample, struct callchain_cursor *cursor)
{
	int err = callchain_cursor__reserve(cursor, 1);

	cursor->nr = 0;
	cursor->ip_only = true;
	cursor->inlined_leaf = false;
	cursor->nr_inlined = 0;
	if (err)
		return err;
	return callchain__add(machine, thread, cursor, sample->cpumode, sample->ip, false);
}

/*
 * Callers first, upstream keeps a chain's outermost @max frames: how many
 * of its addresses go before them (0: it has no more than @max).  Only
 * chains longer than the limit take this second pass.
 */
static size_t callchain__outer_skip(const struct ip_callchain *chain, size_t max)
{
	size_t nr = 0;
	u64 i;

	if (chain->nr <= max)
		return 0;
	for (i = 0; i < chain->nr; i++)
		nr += chain->ips[i] < PERF_CONTEXT_MAX;
	return nr > max ? nr - max : 0;
}

struct unwind_add {
	struct machine		*machine;
	struct thread		*thread;
	struct callchain_cursor	*cursor;
	size_t			max;	/* unwound frames, apart from the chain's */
	size_t			base;	/* the cursor's addresses before unwinding */
	int			err;
};

static int callchain__unwind_entry(void *arg, u64 ip)
{
	struct unwind_add *ua = arg;
	struct callchain_cursor *cursor = ua->cursor;

	if (callchain_cursor__addresses(cursor) - ua->base >= ua->max) {
		cursor->stats.nr_max_stack++;
		return 1;
	}
	ua->err = callchain__add(ua->machine, ua->thread, cursor, PERF_RECORD_MISC_USER, ip, true);
	return ua->err ? 1 : 0;
}

/*
 * The user frames of a --call-graph dwarf sample, after its chain's
 * frames.  --max-stack bounds them on their own, as upstream's: a kernel
 * sample cut to one kernel frame still gets its user frame.
 */
static int callchain__unwind(struct machine *machine, struct thread *thread,
			     const struct perf_sample *sample, struct callchain_cursor *cursor,
			     size_t max)
{
	struct unwind_add ua = {
		.machine = machine, .thread = thread, .cursor = cursor, .max = max,
		.base = callchain_cursor__addresses(cursor),
	};
	int ret;

	if (!cursor->unwinder) {
		cursor->unwinder = unwinder__new();
		if (!cursor->unwinder)
			return -ENOMEM;
	}
	cursor->stats.nr_unwind++;
	ret = unwinder__unwind(cursor->unwinder, machine, thread, sample,
			       callchain__unwind_entry, &ua);
	if (ua.err)
		return ua.err;
	if (ret == -ENOMEM)
		return ret;
	if (ret < 0)
		cursor->stats.nr_unwind_failed++;
	return 0;
}

/*
 * Every address's cache slot asked for before the first is resolved: a
 * slot is a cache miss in a table of megabytes, and taken one frame after
 * another they were a quarter of a -g report.  Only the first
 * PREFETCH_FRAMES: more would evict the first before they are used.
 */
#define PREFETCH_FRAMES 64

static void callchain__prefetch(const struct machine *machine, const struct thread *thread,
				const struct ip_callchain *chain)
{
	u8 cpumode = PERF_RECORD_MISC_USER;
	u64 i, nr = chain->nr < PREFETCH_FRAMES ? chain->nr : PREFETCH_FRAMES;

	if (!thread)
		return;
	for (i = 0; i < nr; i++) {
		u64 ip = chain->ips[i];

		if (ip >= PERF_CONTEXT_MAX)
			cpumode = callchain__context_cpumode(ip);
		else if (cpumode && cpumode != PERF_RECORD_MISC_HYPERVISOR)
			machine__prefetch_resolved(machine, thread, cpumode, ip);
	}
}

int machine__resolve_callchain(struct machine *machine, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor)
{
	bool unwind = sample->user_stack_size && thread;
	const struct ip_callchain *chain = sample->callchain;
	size_t max = cursor->max_stack, skip = 0;
	bool cut = false;
	u8 cpumode = PERF_RECORD_MISC_USER;
	u64 i;
	int err;

	cursor->nr = 0;
	cursor->ip_only = false;
	cursor->inlined_leaf = false;
	cursor->nr_inlined = 0;
	if (!chain && !unwind)
		return callchain__ip_only(machine, thread, sample, cursor);
	cursor->stats.nr_chains++;
	if (!chain) {
		err = callchain__unwind(machine, thread, sample, cursor, max);
		if (err || cursor->nr)
			return err;
		return callchain__ip_only(machine, thread, sample, cursor);
	}
	/* evsel__parse_sample() checked that nr entries fit in the record. */
	err = callchain_cursor__reserve(cursor, chain->nr < max ? chain->nr : max + 1);
	if (err)
		return err;
	if (cursor->outermost && max)
		skip = callchain__outer_skip(chain, max);
	if (skip) {
		cursor->stats.nr_max_stack++;
		cut = true;
		max = SIZE_MAX;
		/*
		 * The sample's row is its ip whatever the chain keeps, as
		 * upstream's; here the path ends in it, so its graph shows
		 * the ip below the outermost frames (upstream's does not).
		 */
		err = callchain__add(machine, thread, cursor, sample->cpumode, sample->ip, false);
		if (err)
			return err;
	}
	callchain__prefetch(machine, thread, chain);
	for (i = 0; i < chain->nr; i++) {
		u64 ip = chain->ips[i];

		/* upstream stops there, before looking at what follows */
		if (callchain_cursor__addresses(cursor) == max) {
			cursor->stats.nr_max_stack++;
			cut = true;
			break;
		}
		if (ip >= PERF_CONTEXT_MAX) {
			cpumode = callchain__context_cpumode(ip);
			if (!cpumode) {
				if (!cursor->stats.nr_bad_context++)
					cursor->stats.bad_value = ip;
				return callchain__ip_only(machine, thread, sample, cursor);
			}
			continue;
		}
		if (skip) {
			skip--;
			continue;
		}
		err = callchain__add(machine, thread, cursor, cpumode, ip, false);
		if (err)
			return err;
	}
	if (unwind) {
		err = callchain__unwind(machine, thread, sample, cursor, cursor->max_stack);
		if (err)
			return err;
	}
	if (cursor->nr)
		return 0;
	if (!unwind && !cut)
		cursor->stats.nr_empty++;
	return callchain__ip_only(machine, thread, sample, cursor);
}

void callchain_stats__scan(struct callchain_stats *st, const struct perf_sample *sample,
			   unsigned int max_stack)
{
	const struct ip_callchain *chain = sample->callchain;
	size_t max = max_stack, nr = 0;
	u64 i;

	if (!chain)
		return;
	st->nr_chains++;
	for (i = 0; i < chain->nr; i++) {
		u64 ip = chain->ips[i];

		if (nr == max) {
			st->nr_max_stack++;
			return;
		}
		if (ip < PERF_CONTEXT_MAX) {
			nr++;
		} else if (!callchain__context_cpumode(ip)) {
			if (!st->nr_bad_context++)
				st->bad_value = ip;
			return;
		}
	}
	if (!nr && !sample->user_stack_size)
		st->nr_empty++;
}

bool evlist__has_user_stack(const struct evlist *evlist)
{
	int i;

	for (i = 0; i < evlist->nr; i++)
		if (evlist->entries[i]->attr.sample_type & PERF_SAMPLE_STACK_USER)
			return true;
	return false;
}

void callchain__warn_user_stack(const char *cmd, const char *path)
{
	pr_warning("%s: %s: samples carry user stacks for DWARF unwinding (--call-graph dwarf), "
		   "which is not supported: they count at their ip with their kernel call chain, "
		   "frames beyond the ip are not shown\n", cmd, path);
}

unsigned int callchain__default_max_stack(void)
{
	unsigned int v = 127;
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_stack", "r");

	if (f) {
		if (fscanf(f, "%u", &v) != 1 || !v)
			v = 127;
		fclose(f);
	}
	return v;
}

int callchain__parse_max_stack(const char *arg, unsigned int *max_stack)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (end == arg || *end || errno || v > UINT_MAX || arg[0] == '-')
		return -EINVAL;
	*max_stack = v;
	return 0;
}

void callchain_stats__print(const struct callchain_stats *st, const char *cmd, int verbose)
{
	unsigned long long all = st->nr_chains;

	if (st->nr_bad_context)
		pr_warning("%s: %llu of %llu call chains held a value that is neither an address "
			   "nor a context marker (first: %#llx): those samples count at their ip, "
			   "without callers\n", cmd, (unsigned long long)st->nr_bad_context, all,
			   (unsigned long long)st->bad_value);
	if (st->nr_empty)
		pr_warning("%s: %llu of %llu call chains held no address: those samples count "
			   "at their ip, without callers\n", cmd, (unsigned long long)st->nr_empty,
			   all);
	if (st->nr_unwind_failed)
		pr_warning("%s: %llu of %llu user stacks could not be unwound to their outermost "
			   "frame (no CFI for a frame, or the stack copy too short): those samples "
			   "keep the frames found\n", cmd, (unsigned long long)st->nr_unwind_failed,
			   (unsigned long long)st->nr_unwind);
	if (st->nr_max_stack && verbose > 0)
		pr_warning("%s: %llu of %llu call chains cut at --max-stack\n", cmd,
			   (unsigned long long)st->nr_max_stack, all);
}
