// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries in a chained hash keyed by the sort keys.  A sample
 * costs one hash lookup per frame it touches; an allocation happens only
 * for an entry (or a comm string) never seen before.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/hists/callchain-tree.h"
#include "util/hists/hist-paths.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/model/dso-srcline.h"
#include "util/data/event.h"
#include "util/model/map.h"
#include "util/base/hashmap.h"

/* ---- interned comm strings: entries compare comms by pointer ---------- */

struct hist_string {
	struct hist_string	*next;
	u32			hash;
	char			str[];
};

struct hist_strings {
	struct hist_string	**buckets;
	size_t			nr_buckets, nr;
};

static u32 hash_mix(u32 h, u64 v)
{
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdULL;
	v ^= v >> 33;
	return (h ^ (u32)v ^ (u32)(v >> 32)) * 16777619u;
}

static int hist_strings__grow(struct hist_strings *hs)
{
	size_t n = hs->nr_buckets ? hs->nr_buckets * 2 : 64, i;
	struct hist_string **b = calloc(n, sizeof(*b));

	if (!b)
		return -ENOMEM;
	for (i = 0; i < hs->nr_buckets; i++) {
		struct hist_string *s = hs->buckets[i], *next;

		for (; s; s = next) {
			next = s->next;
			s->next = b[s->hash & (n - 1)];
			b[s->hash & (n - 1)] = s;
		}
	}
	free(hs->buckets);
	hs->buckets = b;
	hs->nr_buckets = n;
	return 0;
}

static const char *hist_strings__intern(struct hist_strings *hs, const char *str)
{
	u32 h = (u32)hash__str(str, 0);
	struct hist_string *s;
	size_t len;

	if (hs->nr_buckets) {
		for (s = hs->buckets[h & (hs->nr_buckets - 1)]; s; s = s->next)
			if (s->hash == h && !strcmp(s->str, str))
				return s->str;
	}
	if (hs->nr >= hs->nr_buckets && hist_strings__grow(hs))
		return NULL;
	len = strlen(str);
	s = malloc(sizeof(*s) + len + 1);
	if (!s)
		return NULL;
	s->hash = h;
	memcpy(s->str, str, len + 1);
	s->next = hs->buckets[h & (hs->nr_buckets - 1)];
	hs->buckets[h & (hs->nr_buckets - 1)] = s;
	hs->nr++;
	return s->str;
}

static void hist_strings__delete(struct hist_strings *hs)
{
	size_t i;

	if (!hs)
		return;
	for (i = 0; i < hs->nr_buckets; i++) {
		struct hist_string *s = hs->buckets[i], *next;

		for (; s; s = next) {
			next = s->next;
			free(s);
		}
	}
	free(hs->buckets);
	free(hs);
}

/* ---- entries ------------------------------------------------------------ */

int hists__init(struct hists *hists, const struct sort_keys *sort, bool children,
		const struct callchain_param *callchain, bool caller_order)
{
	memset(hists, 0, sizeof(*hists));
	hists->sort = *sort;
	hists->children = children;
	hists->callchain = callchain;
	hists->caller_order = caller_order;
	hists->strings = calloc(1, sizeof(*hists->strings));
	if (!hists->strings)
		return -ENOMEM;
	if (callchain) {
		hists->paths = hist_paths__new(callchain);
		if (!hists->paths) {
			hists__exit(hists);
			return -ENOMEM;
		}
	}
	return 0;
}

static void hist_entry__delete(struct hist_entry *he)
{
	if (he->thread)
		thread__put(he->thread);
	if (he->dso)
		dso__put(he->dso);
	free(he->modes);
	free(he);
}

void hists__exit(struct hists *hists)
{
	size_t i;

	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he = hists->buckets[i], *next;

		for (; he; he = next) {
			next = he->hnext;
			hist_entry__delete(he);
		}
	}
	free(hists->buckets);
	free(hists->by_index);
	free(hists->sorted);
	hist_paths__delete(hists->paths);
	hist_strings__delete(hists->strings);
	memset(hists, 0, sizeof(*hists));
}

static char cpumode__level(u8 cpumode)
{
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:		return 'k';
	case PERF_RECORD_MISC_GUEST_KERNEL:	return 'g';
	case PERF_RECORD_MISC_GUEST_USER:	return 'u';
	case PERF_RECORD_MISC_HYPERVISOR:	return 'H';
	default:				return '.';
	}
}

/*
 * The entry a frame would make (not yet in the hash): the lookup key.
 * @unmapped_cpumode: the level of a frame outside any mapping: the sample's
 * for its leaf ("[k] 0x00007f..." in the user part of a kernel sample's
 * chain), for a caller the one upstream shows (callchain_level__cpumode());
 * the level is not part of the key, so the entry shows the level of the
 * sample that made it.
 */
static void hist_entry__from_frame(struct hist_entry *key, const struct hists *hists,
				   struct thread *thread,
				   const char *comm, const struct callchain_frame *frame,
				   u8 unmapped_cpumode, bool leaf)
{
	memset(key, 0, sizeof(*key));
	key->comm = comm;
	key->thread = thread;
	key->dso = frame->dso;
	key->sym = frame->sym;
	/*
	 * upstream shows an unknown symbol of a sample as its address in the
	 * mapping: the file offset (not our link-time address), absolute in
	 * the kernel; of a caller (--children), as the address recorded
	 */
	key->addr = frame->ip;
	if (leaf && frame->map && frame->dso && !frame->dso->kernel)
		key->addr = frame->ip - frame->map->start + frame->map->pgoff;
	key->level = cpumode__level(frame->map ? frame->cpumode : unmapped_cpumode);
	key->cpu = hists->cur.cpu;
	key->parent = hists->cur.parent;
	key->map_size = frame->map ? frame->map->end - frame->map->start : 0;
}

static u32 hist_entry__hash(const struct sort_keys *sk, const struct hist_entry *he)
{
	u32 h = 2166136261u;

	if (sort_keys__has(sk, SORT_COMM))
		h = hash_mix(h, (uintptr_t)he->comm);
	if (sort_keys__has(sk, SORT_PID))
		h = hash_mix(h, (uintptr_t)he->thread);
	if (sort_keys__has(sk, SORT_DSO) || sort_keys__has(sk, SORT_SYM))
		h = hash_mix(h, (uintptr_t)he->dso);
	if (sort_keys__has(sk, SORT_SYM))
		h = hash_mix(h, he->sym ? (uintptr_t)he->sym : he->addr);
	if (sort_keys__has(sk, SORT_CPU))
		h = hash_mix(h, (u32)he->cpu);
	if (sort_keys__has(sk, SORT_PARENT))
		h = hash_mix(h, (uintptr_t)he->parent);
	if (sort_keys__has(sk, SORT_DSO_SIZE))
		h = hash_mix(h, he->map_size);
	if (sort_keys__has(sk, SORT_SRCLINE))
		h = hash_mix(h, (uintptr_t)he->srcline);
	if (sort_keys__has(sk, SORT_SRCFILE))
		h = hash_mix(h, (uintptr_t)he->srcfile);
	return h;
}

static int hists__grow(struct hists *hists)
{
	size_t n = hists->nr_buckets ? hists->nr_buckets * 2 : 256, i;
	struct hist_entry **b = calloc(n, sizeof(*b));

	if (!b)
		return -ENOMEM;
	for (i = 0; i < hists->nr_buckets; i++) {
		struct hist_entry *he = hists->buckets[i], *next;

		for (; he; he = next) {
			next = he->hnext;
			he->hnext = b[he->hash & (n - 1)];
			b[he->hash & (n - 1)] = he;
		}
	}
	free(hists->buckets);
	hists->buckets = b;
	hists->nr_buckets = n;
	return 0;
}

static struct hist_entry *hists__findnew(struct hists *hists, const struct hist_entry *key)
{
	u32 h = hist_entry__hash(&hists->sort, key);
	struct hist_entry *he;

	if (hists->nr_buckets) {
		for (he = hists->buckets[h & (hists->nr_buckets - 1)]; he; he = he->hnext)
			if (he->hash == h && sort_keys__equal(&hists->sort, he, key))
				return he;
	}
	if (hists->nr_entries >= hists->nr_buckets && hists__grow(hists))
		return NULL;
	if (ARRAY_GROW(hists->by_index, hists->alloc_by_index, hists->nr_entries + 2))
		return NULL;
	/* [0] stays unused: index 0 means "no entry" to those who keep indexes */
	hists->by_index[0] = NULL;
	he = malloc(sizeof(*he));
	if (!he)
		return NULL;
	*he = *key;
	he->filtered = hists->filtered;
	he->hash = h;
	he->index = hists->nr_entries + 1;
	hists->by_index[he->index] = he;
	he->thread = key->thread ? thread__get(key->thread) : NULL;
	he->dso = key->dso ? dso__get(key->dso) : NULL;
	he->hnext = hists->buckets[h & (hists->nr_buckets - 1)];
	hists->buckets[h & (hists->nr_buckets - 1)] = he;
	hists->nr_entries++;
	return he;
}

/*
 * Upstream's callchain depth of what the entry at frame @pos stores: the
 * whole path for the leaf, and for a caller the part from it to the root
 * (callee order) or from the root down to it (caller order).
 */
static u32 hists__depth(const struct hists *hists, size_t pos, size_t nr)
{
	if (pos == 0)
		return nr;
	return hists->caller_order ? pos + 1 : nr - pos;
}

/*
 * --sort srcline/srcfile: upstream's text for the frame, interned (see
 * dso__srcline_text()); the source file of an unresolved line is empty.
 */
static int hists__frame_srcline(struct hists *hists, struct hist_entry *key,
				const struct callchain_frame *frame)
{
	char buf[PATH_MAX + 32];
	const char *file = dso__srcline_text(frame->dso, frame->sym, frame->addr,
					     hists->srcline_opts, buf, sizeof(buf));

	key->srcline = hist_strings__intern(hists->strings, buf);
	if (!key->srcline)
		return -ENOMEM;
	key->srcfile = hist_strings__intern(hists->strings, file ? srcline__basename(file) : "");
	return key->srcfile ? 0 : -ENOMEM;
}

struct hist_entry *hists__entry_for_frame(struct hists *hists, struct thread *thread,
					  const char *comm, const struct callchain_frame *frame,
					  u8 cpumode, bool leaf)
{
	struct hist_entry key;

	hist_entry__from_frame(&key, hists, thread, comm, frame, cpumode, leaf);
	if ((sort_keys__has(&hists->sort, SORT_SRCLINE) ||
	     sort_keys__has(&hists->sort, SORT_SRCFILE)) &&
	    hists__frame_srcline(hists, &key, frame))
		return NULL;
	return hists__findnew(hists, &key);
}

struct callchain_tree *hists__entry_graph(const struct hists *hists, const struct hist_entry *he)
{
	return hists->paths ? hist_paths__graph(hists->paths, hists, he) : NULL;
}

/* overhead_sys/us: the leaf entry's self period by the sample's cpumode.  0 or -ENOMEM. */
static int hist_entry__add_mode(struct hist_entry *he, u8 cpumode, u64 period)
{
	if (!he->modes) {
		he->modes = calloc(1, sizeof(*he->modes));
		if (!he->modes)
			return -ENOMEM;
	}
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:		he->modes->sys += period; break;
	case PERF_RECORD_MISC_USER:		he->modes->us += period; break;
	case PERF_RECORD_MISC_GUEST_KERNEL:	he->modes->guest_sys += period; break;
	case PERF_RECORD_MISC_GUEST_USER:	he->modes->guest_us += period; break;
	default:				break;
	}
	return 0;
}

static int hists__add_mode(struct hists *hists, struct thread *thread, const char *comm,
			   u8 cpumode, const struct callchain_cursor *cursor, u64 period)
{
	struct hist_entry *he = hists__entry_for_frame(hists, thread, comm,
						       callchain_cursor__leaf(cursor), cpumode, true);

	if (!he)
		return -ENOMEM;
	return hist_entry__add_mode(he, cpumode, period);
}

u64 hist_entry__hpp_value(const struct hist_entry *he, enum sort_key key)
{
	switch (key) {
	case SORT_HPP_OVERHEAD:			return he->period;
	case SORT_HPP_OVERHEAD_SYS:		return he->modes ? he->modes->sys : 0;
	case SORT_HPP_OVERHEAD_US:		return he->modes ? he->modes->us : 0;
	case SORT_HPP_OVERHEAD_GUEST_SYS:	return he->modes ? he->modes->guest_sys : 0;
	case SORT_HPP_OVERHEAD_GUEST_US:	return he->modes ? he->modes->guest_us : 0;
	case SORT_HPP_OVERHEAD_CHILDREN:	return he->period_children;
	case SORT_HPP_SAMPLE:			return he->nr_samples;
	case SORT_HPP_PERIOD:			return he->period;
	default:				return 0;
	}
}

void hists__set_order(struct hists *hists, const struct sort_keys *order)
{
	int i;

	hists->order = *order;
	for (i = 0; i < order->nr; i++) {
		enum sort_key key = order->keys[i];

		if (key >= SORT_HPP_OVERHEAD_SYS && key <= SORT_HPP_OVERHEAD_GUEST_US)
			hists->track_modes = true;
	}
}

int hists__add_sample(struct hists *hists, struct thread *thread, const char *comm,
		      u8 leaf_cpumode, const struct callchain_cursor *cursor, u64 period)
{
	struct callchain_level level;
	struct hist_entry *he;
	size_t pos;
	u32 depth;
	int err;

	if (!cursor->nr)
		return 0;
	comm = hist_strings__intern(hists->strings, comm);
	if (!comm)
		return -ENOMEM;

	hists->nr_samples++;
	hists->total_period += period;
	/* with call graphs the paths are stored once, summed into entries at the end */
	if (hists->paths) {
		if (cursor->ip_only)
			err = hist_paths__add_ip_only(hists->paths, hists, thread, comm,
						      leaf_cpumode, cursor, period);
		else
			err = hist_paths__add(hists->paths, hists, thread, comm, leaf_cpumode,
					      cursor, period);
		if (!err && hists->track_modes)
			err = hists__add_mode(hists, thread, comm, leaf_cpumode, cursor, period);
		return err;
	}

	he = hists__entry_for_frame(hists, thread, comm, callchain_cursor__leaf(cursor),
				    leaf_cpumode, true);
	if (!he)
		return -ENOMEM;
	he->period += period;
	he->nr_samples++;
	hists__count_leaf(hists, he, period);
	if (hists->track_modes && hist_entry__add_mode(he, leaf_cpumode, period))
		return -ENOMEM;
	if (!hists->children)
		return 0;

	/* a new stamp per sample: an entry met twice on one path counts once */
	hists->stamp++;
	/* the sample's own entry, when inline frames took its place in the path */
	if (cursor->inlined_leaf) {
		depth = cursor->ip_only ? 0 : hists__depth(hists, 0, cursor->nr);
		if (depth > he->max_depth)
			he->max_depth = depth;
		he->stamp = hists->stamp;
		he->period_children += period;
	}
	callchain_level__init(&level, cursor, hists->caller_order);
	for (pos = 0; pos < cursor->nr; pos++) {
		/* inline frames in place of the ip are callers' entries, as upstream's */
		if (pos || cursor->inlined_leaf) {
			he = hists__entry_for_frame(hists, thread, comm, &cursor->frames[pos],
						    callchain_level__cpumode(&level, pos,
									     leaf_cpumode),
						    false);
			if (!he)
				return -ENOMEM;
		}
		/* a sample without its chain has upstream's depth 0 */
		depth = cursor->ip_only ? 0 : hists__depth(hists, pos, cursor->nr);
		if (depth > he->max_depth)
			he->max_depth = depth;
		if (he->stamp == hists->stamp)
			continue;
		he->stamp = hists->stamp;
		he->period_children += period;
	}
	return 0;
}

struct hists_sort_ctx {
	const struct hists	*hists;
	bool			verbose;
};

static int cmp_u64_desc(u64 a, u64 b)
{
	return a > b ? -1 : a < b ? 1 : 0;
}

/* -F/-s with value columns: the keys in their order, values largest first */
static int hists__cmp_order(const struct hists *hists, const struct hist_entry *a,
			    const struct hist_entry *b, bool verbose)
{
	const struct sort_keys *o = &hists->order;
	struct sort_keys one = { .nr = 1 };
	int i, ret;

	for (i = 0; i < o->nr; i++) {
		enum sort_key key = o->keys[i];

		if (sort_key__is_hpp(key)) {
			if (key == SORT_HPP_OVERHEAD_CHILDREN && !hists->children)
				continue;
			ret = cmp_u64_desc(hist_entry__hpp_value(a, key),
					   hist_entry__hpp_value(b, key));
		} else {
			one.keys[0] = key;
			ret = sort_keys__cmp(&one, a, b, verbose);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int hists__cmp_output(const void *pa, const void *pb, void *priv)
{
	const struct hists_sort_ctx *ctx = priv;
	const struct hists *hists = ctx->hists;
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;
	int ret;

	if (hists->order.nr)
		return hists__cmp_order(hists, a, b, ctx->verbose);
	if (hists->children) {
		ret = cmp_u64_desc(a->period_children, b->period_children);
		if (ret)
			return ret;
		/* upstream: on equal periods within a thread, callers above callees */
		if (hists->callchain && a->thread == b->thread && a->max_depth != b->max_depth) {
			ret = a->max_depth < b->max_depth ? -1 : 1;
			return hists->caller_order ? -ret : ret;
		}
	}
	ret = cmp_u64_desc(a->period, b->period);
	if (ret)
		return ret;
	return sort_keys__cmp(&hists->sort, a, b, ctx->verbose);
}

int hists__output_resort(struct hists *hists, bool verbose)
{
	struct hists_sort_ctx ctx = { .hists = hists, .verbose = verbose };
	size_t i, n = 0;

	if (hists->paths && hist_paths__collapse(hists->paths, hists))
		return -ENOMEM;
	free(hists->sorted);
	hists->sorted = malloc((hists->nr_entries ? hists->nr_entries : 1) * sizeof(*hists->sorted));
	if (!hists->sorted)
		return -ENOMEM;
	/*
	 * From creation order, not the hash buckets': the buckets' order
	 * follows the pointers hashed, which differ from run to run, and
	 * the callers-first rule for ties compares only within a thread,
	 * so the sorted order of tied entries depends on where they start.
	 */
	for (i = 1; i <= hists->nr_entries; i++)
		hists->sorted[n++] = hists->by_index[i];
	qsort_r(hists->sorted, n, sizeof(*hists->sorted), hists__cmp_output, &ctx);
	return 0;
}
