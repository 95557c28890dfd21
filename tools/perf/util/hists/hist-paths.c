// SPDX-License-Identifier: GPL-2.0
/*
 * One trie of the report's call paths; entries' graphs built from it on
 * demand (see hist-paths.h for why).
 *
 * Nodes live in one array and refer to each other by index (0: none), so
 * the array can grow by realloc.  Node 0 is the root; its children are the
 * contexts (comm/thread), theirs the outermost frames.  A sample costs one
 * hash lookup per frame that differs from the previous sample's path, and
 * those lookups miss the cache together, not one after another (see
 * hp_path_hash()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/hists/hist-paths-int.h"
#include "util/symbols/symbol.h"

struct hist_paths *hist_paths__new(const struct callchain_param *param)
{
	struct hist_paths *hp = calloc(1, sizeof(*hp));

	if (!hp)
		return NULL;
	hp->alloc = 1024;
	hp->nodes = calloc(hp->alloc, sizeof(*hp->nodes));
	if (!hp->nodes) {
		hist_paths__delete(hp);
		return NULL;
	}
	hp->nr = 1;		/* the root */
	hp->nr_frames = 1;	/* none, the contexts' */
	hp->nr_ends = 1;	/* none */
	if (hp_reserve((void **)&hp->frames, &hp->alloc_frames, 1, sizeof(*hp->frames)) ||
	    hp_reserve((void **)&hp->frame_call, &hp->alloc_frame_call, 1,
		       sizeof(*hp->frame_call)) ||
	    hp_reserve((void **)&hp->ends, &hp->alloc_ends, 1, sizeof(*hp->ends))) {
		hist_paths__delete(hp);
		return NULL;
	}
	memset(hp->frames, 0, sizeof(*hp->frames));
	hp->frame_call[0] = (struct hp_frame_call){ 0 };
	memset(hp->ends, 0, sizeof(*hp->ends));
	hp->key = param->key;
	hp->caller = param->order == CALLCHAIN_ORDER_CALLER;
	/*
	 * A walk up from an end costs about its depth in scattered nodes, a
	 * sweep one node in order: measured on deep profiles (tens of frames),
	 * a sweep pays from about here.
	 */
	hp->sweep_depth = 64;
	return hp;
}

void hist_paths__delete(struct hist_paths *hp)
{
	if (!hp)
		return;
	/* a reader's trie is another's */
	if (hp->reader) {
		hist_paths__reader_delete(hp);
		return;
	}
	free(hp->nodes);
	free(hp->ends);
	free(hp->end_slots);
	free(hp->outermost);
	free(hp->under_call);
	free(hp->slots);
	free(hp->cumul);
	free(hp->call_head);
	free(hp->next_call);
	free(hp->links);
	free(hp->late);
	free(hp->frames);
	free(hp->frame_call);
	free(hp->node_call);
	free(hp->frame_slots);
	free(hp->ctx);
	free(hp->path.v);
	free(hp->last.v);
	free(hp->stack);
	free(hp->scratch);
	free(hp->scratch_slots);
	free(hp->node_scratch);
	if (hp->sweeper) {
		hp_sweeper__free_sums(hp->sweeper);
		pthread_mutex_destroy(&hp->sweeper->lock);
		free(hp->sweeper);
	}
	free(hp);
}

static u64 hp_mix(u64 a, u64 b)
{
	u64 h = a * 0x9e3779b97f4a7c15ULL ^ b * 0xff51afd7ed558ccdULL;

	return h ^ (h >> 29) ^ (h >> 47);
}

/*
 * Where the probe for a node starts: a hash of its whole path, not of
 * (parent, frame).  Trie lookups are a chain, each level's parent the
 * answer of the one above, and with a million nodes each was a cache miss
 * or two in turn (40% of a default report).  A sample's frames give every
 * level's path hash before any lookup, so all its slots are fetched at
 * once, and a slot's hash tells most misses without the node.  The key
 * stays (parent, frame): a parent determines its path, so the hash is a
 * function of the key.
 */
static u32 hp_path_hash(u32 parent_hash, u32 frame)
{
	return (u32)hp_mix(parent_hash, frame);
}

/* The slot of node (@parent, @frame) whose path hashes to @hash, or the empty one it goes in. */
static struct hp_slot *hp_slot(struct hist_paths *hp, u32 hash, u32 parent, u32 frame)
{
	u32 mask = hp->nr_slots - 1, i = hash & mask;

	for (;; i = (i + 1) & mask) {
		struct hp_slot *s = &hp->slots[i];

		if (!s->node || (s->hash == hash && hp->nodes[s->node].parent == parent &&
				 hp->nodes[s->node].frame == frame))
			return s;
	}
}

/* Put node @n, whose path hashes to @hash, in the table (not there yet). */
static void hp_slot__put(struct hist_paths *hp, u32 n, u32 hash)
{
	u32 mask = hp->nr_slots - 1, i;

	for (i = hash & mask; hp->slots[i].node; i = (i + 1) & mask)
		;
	hp->slots[i] = (struct hp_slot){ .node = n, .hash = hash };
	hp->nr_slotted++;
}

/* Whether node @n is found without the table: made right after its parent. */
static bool hp_node__next_of_parent(const struct hist_paths *hp, u32 n)
{
	return hp->nodes[n].parent && hp->nodes[n].parent == n - 1;
}

/*
 * A table of at least @nr_slots slots, at most 3/4 full with one more
 * node.  0 or -ENOMEM (the table unchanged).
 */
static int hp_slots__alloc(struct hist_paths *hp, u32 nr_slots)
{
	while ((u64)(hp->nr_slotted + 1) * 4 > (u64)nr_slots * 3) {
		if (nr_slots >= 1u << 31)
			return -ENOMEM;
		nr_slots *= 2;
	}
	hp->slots = calloc(nr_slots, sizeof(*hp->slots));
	if (!hp->slots)
		return -ENOMEM;
	hp->nr_slots = nr_slots;
	hp->nr_slotted = 0;
	return 0;
}

/* Twice the slots, the old ones moved (their hashes are whole).  0 or -ENOMEM. */
static int hp_slots__grow(struct hist_paths *hp)
{
	struct hp_slot *old = hp->slots;
	u32 i, nr_old = hp->nr_slots;

	if (hp_slots__alloc(hp, nr_old * 2)) {
		hp->slots = old;
		return -ENOMEM;
	}
	for (i = 0; i < nr_old; i++)
		if (old[i].node)
			hp_slot__put(hp, old[i].node, old[i].hash);
	free(old);
	return 0;
}

/*
 * The lookup table again, from the nodes (a parent's index is below its
 * children's, so each path's hash follows from its parent's): after a
 * collapse freed it, before more paths.  0 or -ENOMEM (the next add
 * tries again).
 */
static int hp_reslot(struct hist_paths *hp)
{
	u32 *hash, n, nr_slotted = 0;

	free(hp->slots);
	hp->slots = NULL;
	hp->nr_slots = 0;
	hash = malloc((size_t)hp->nr * sizeof(*hash));
	if (!hash)
		return -ENOMEM;
	for (n = 1; n < hp->nr; n++)
		nr_slotted += hp->nodes[n].parent && !hp_node__next_of_parent(hp, n);
	hp->nr_slotted = nr_slotted;
	if (hp_slots__alloc(hp, 2048)) {
		free(hash);
		return -ENOMEM;
	}
	for (n = 1; n < hp->nr; n++) {
		u32 parent = hp->nodes[n].parent;

		/* contexts are found by hp_context(), not in the table */
		if (!parent) {
			hash[n] = hp_path_hash(0, n);
			continue;
		}
		hash[n] = hp_path_hash(hash[parent], hp->nodes[n].frame);
		if (!hp_node__next_of_parent(hp, n))
			hp_slot__put(hp, n, hash[n]);
	}
	free(hash);
	return 0;
}

/*
 * The symbol is part of a frame too: under the address key an inline
 * frame has its function's address (dso-inline.h).
 */
static u32 *hp_frame_slot(struct hist_paths *hp, const struct dso *dso,
			  const struct symbol *sym, u64 key)
{
	size_t mask = hp->nr_frame_slots - 1, i = hp_mix((uintptr_t)dso, key) & mask;

	for (;; i = (i + 1) & mask) {
		const struct hp_frame *fr = &hp->frames[hp->frame_slots[i]];

		if (!hp->frame_slots[i] || (fr->dso == dso && fr->sym == sym && fr->key == key))
			return &hp->frame_slots[i];
	}
}

/* The index of @f's frame, made if new; 0 on -ENOMEM. */
static u32 hp_frame__findnew(struct hist_paths *hp, const struct callchain_frame *f)
{
	u64 key = hp_key(hp, f->sym, f->ip);
	u32 *slot;
	size_t i;

	if ((hp->nr_frames + 1) * 2 > hp->nr_frame_slots) {
		size_t n = hp->nr_frame_slots ? hp->nr_frame_slots * 2 : 1024;
		u32 *slots = calloc(n, sizeof(*slots));

		if (!slots || (u32)(hp->nr_frames + 1) == 0) {
			free(slots);
			return 0;
		}
		free(hp->frame_slots);
		hp->frame_slots = slots;
		hp->nr_frame_slots = n;
		for (i = 1; i < hp->nr_frames; i++) {
			const struct hp_frame *fr = &hp->frames[i];

			*hp_frame_slot(hp, fr->dso, fr->sym, fr->key) = i;
		}
	}
	slot = hp_frame_slot(hp, f->dso, f->sym, key);
	if (*slot)
		return *slot;
	if (hp_reserve((void **)&hp->frames, &hp->alloc_frames, hp->nr_frames + 1,
		       sizeof(*hp->frames)) ||
	    hp_reserve((void **)&hp->frame_call, &hp->alloc_frame_call, hp->nr_frames + 1,
		       sizeof(*hp->frame_call)))
		return 0;
	hp->frames[hp->nr_frames] = (struct hp_frame){
		.dso = f->dso, .sym = f->sym, .ip = f->ip, .srcline = f->srcline, .key = key,
	};
	hp->frame_call[hp->nr_frames] = (struct hp_frame_call){ 0 };
	*slot = hp->nr_frames;
	return hp->nr_frames++;
}

/*
 * A new node under @parent; its index, 0 on -ENOMEM.  Not linked into
 * its parent's children: hp_link_children() does that for all at once.
 */
static u32 hp_node__new(struct hist_paths *hp, u32 parent)
{
	u32 n;

	if (hp->nr == hp->alloc) {
		u32 alloc = hp->alloc * 2;
		struct hp_node *nodes;

		if (alloc < hp->alloc)		/* indexes are u32 */
			return 0;
		nodes = realloc(hp->nodes, (size_t)alloc * sizeof(*nodes));
		if (!nodes)
			return 0;
		hp->nodes = nodes;
		if (hp->node_call) {
			u32 *call = realloc(hp->node_call, (size_t)alloc * sizeof(*call));

			if (!call)
				return 0;
			hp->node_call = call;
		}
		hp->alloc = alloc;
	}
	n = hp->nr++;
	memset(&hp->nodes[n], 0, sizeof(hp->nodes[n]));
	hp->nodes[n].parent = parent;
	if (hp->node_call)
		hp->node_call[n] = 0;
	return n;
}

/* The context node of a sample: comm and thread as far as entries tell them apart. */
static u32 hp_context(struct hist_paths *hp, const struct hists *hists, const char *comm,
		      struct thread *thread)
{
	struct hp_context *c;
	s32 cpu = sort_keys__has(&hists->sort, SORT_CPU) ? hists->cur.cpu : -1;
	const struct symbol *parent = sort_keys__has(&hists->sort, SORT_PARENT) ?
				      hists->cur.parent : NULL;
	size_t i;

	if (!sort_keys__has(&hists->sort, SORT_COMM))
		comm = NULL;
	if (!sort_keys__has(&hists->sort, SORT_PID))
		thread = NULL;
	if (hp->nr_ctx) {
		c = &hp->ctx[hp->last_ctx];
		if (c->comm == comm && c->thread == thread && c->cpu == cpu && c->parent == parent)
			return c->node;
	}
	/* few contexts unless sorted by pid; the last one usually repeats */
	for (i = 0; i < hp->nr_ctx; i++) {
		c = &hp->ctx[i];
		if (c->comm == comm && c->thread == thread && c->cpu == cpu && c->parent == parent) {
			hp->last_ctx = i;
			return hp->ctx[i].node;
		}
	}
	if (hp_reserve((void **)&hp->ctx, &hp->alloc_ctx, hp->nr_ctx + 1, sizeof(*hp->ctx)))
		return 0;
	c = &hp->ctx[hp->nr_ctx];
	c->comm = comm;
	c->thread = thread;
	c->cpu = cpu;
	c->parent = parent;
	c->node = hp_node__new(hp, 0);
	if (!c->node)
		return 0;
	hp->last_ctx = hp->nr_ctx++;
	return c->node;
}

/* The child of @parent for @step's frame, made if new, into step->node. */
static int hp_child(struct hist_paths *hp, u32 parent, struct hp_step *step)
{
	struct hp_slot *slot;
	u32 n = parent + 1;

	/* the child made right after its parent: the next node, not in the table */
	if (n < hp->nr && hp->nodes[n].parent == parent && hp->nodes[n].frame == step->frame) {
		step->node = n;
		return 0;
	}
	/* at most 3/4 full: probes stay short (a slot's hash tells most misses) */
	if ((u64)(hp->nr_slotted + 1) * 4 > (u64)hp->nr_slots * 3 && hp_slots__grow(hp))
		return -ENOMEM;
	slot = hp_slot(hp, step->hash, parent, step->frame);
	if (slot->node) {
		step->node = slot->node;
		return 0;
	}
	n = hp_node__new(hp, parent);
	if (!n)
		return -ENOMEM;
	hp->nodes[n].frame = step->frame;
	if (n != parent + 1) {
		slot->node = n;
		slot->hash = step->hash;
		hp->nr_slotted++;
	}
	step->node = n;
	return 0;
}

/*
 * The ends' table again, of at least @nr_slots slots and room for one
 * more end: at the first add after a collapse and as it grows.  0 or
 * -ENOMEM.
 */
static int hp_end_reslot(struct hist_paths *hp, u32 nr_slots)
{
	u32 i;

	while ((u64)(hp->nr_ends + 1) * 2 > nr_slots) {
		if (nr_slots >= 1u << 31)
			return -ENOMEM;
		nr_slots *= 2;
	}
	free(hp->end_slots);
	hp->nr_end_slots = 0;
	hp->end_slots = calloc(nr_slots, sizeof(*hp->end_slots));
	if (!hp->end_slots)
		return -ENOMEM;
	hp->nr_end_slots = nr_slots;
	for (i = 1; i < hp->nr_ends; i++)
		*hp_end_slot(hp, hp->ends[i].node) = i;
	return 0;
}

/*
 * The caller entries by node, from their frames' (all alike so far): a
 * frame's nodes are about to differ in theirs.  0 or -ENOMEM.
 */
static int hp_node_call__make(struct hist_paths *hp)
{
	u32 n;

	hp->node_call = malloc((size_t)hp->alloc * sizeof(*hp->node_call));
	if (!hp->node_call)
		return -ENOMEM;
	for (n = 0; n < hp->nr; n++)
		hp->node_call[n] = hp->nodes[n].caller ? hp->frame_call[hp->nodes[n].frame].e_call : 0;
	return 0;
}

/* Node @n is a caller of entry @e. */
static void hp_node__set_call(struct hist_paths *hp, u32 n, u32 e)
{
	hp->nodes[n].caller = 1;
	if (hp->node_call)
		hp->node_call[n] = e;
}

/*
 * Node @n's entries are made by the first sample that has it as a caller
 * (@leaf false) or as its own function, as the per-sample code makes
 * them: the entry keeps that sample's thread and level.
 */
static int hp_node__entry(struct hist_paths *hp, struct hists *hists, u32 n, u32 ctx,
			  const struct callchain_frame *f, struct thread *thread,
			  const char *comm, u8 cpumode, bool leaf)
{
	struct hp_node *node = &hp->nodes[n];
	struct hp_frame_call *fc = &hp->frame_call[node->frame];
	struct hist_entry *he;

	if (leaf && (hp_reserve((void **)&hp->ends, &hp->alloc_ends, hp->nr_ends + 1,
				sizeof(*hp->ends)) ||
		     ((hp->nr_ends + 1) * 2 > hp->nr_end_slots &&
		      hp_end_reslot(hp, hp->nr_end_slots * 2))))
		return -ENOMEM;
	/*
	 * Not for a leaf: an unknown symbol's leaf entry is keyed by its
	 * offset in the mapping the sample saw, which the frame does not fix.
	 */
	if (!leaf && fc->e_call && fc->ctx == ctx) {
		/* the common case when most nodes are new: nothing else touched */
		hp_node__set_call(hp, n, fc->e_call);
		return 0;
	}
	he = hists__entry_for_frame(hists, thread, comm, f, cpumode, leaf);
	if (!he)
		return -ENOMEM;
	if (!leaf) {
		/* another context, another entry: the frame no longer tells its nodes' */
		if (fc->e_call && fc->e_call != he->index && !hp->node_call &&
		    hp_node_call__make(hp))
			return -ENOMEM;
		fc->e_call = he->index;
		fc->ctx = ctx;
		hp_node__set_call(hp, n, he->index);
		return 0;
	}
	*hp_end_slot(hp, n) = hp->nr_ends;
	hp->ends[hp->nr_ends] = (struct hp_end){ .e_leaf = he->index, .node = n };
	if (he->last_leaf)
		hp->ends[he->last_leaf].next_leaf = n;
	else
		he->first_leaf = n;
	he->last_leaf = hp->nr_ends++;
	return 0;
}

/*
 * This sample's path, outermost first: every level's frame and path hash,
 * the slots they hash to asked for at once.  0 or -ENOMEM.
 */
static int hp_path(struct hist_paths *hp, u32 ctx, const struct callchain_cursor *cursor)
{
	size_t d, nr = cursor->nr;
	u32 h = hp_path_hash(0, ctx);

	/*
	 * A frame's lookup is two cache misses (its slot, then the frame to
	 * compare), a quarter of a report of many programs when taken one
	 * level after another: the slots of all levels are asked for first,
	 * then their frames, then looked up (a slot's index noted in
	 * step->node, which the trie lookups set later).
	 */
	if (hp->nr_frame_slots) {
		size_t mask = hp->nr_frame_slots - 1;

		/* the key of a frame is its symbol's start: a miss of its own */
		for (d = 0; d < nr; d++)
			__builtin_prefetch(cursor->frames[d].sym);
		for (d = 0; d < nr; d++) {
			const struct callchain_frame *f = &cursor->frames[nr - 1 - d];

			hp->path.v[d].node = hp_mix((uintptr_t)f->dso, hp_key(hp, f->sym, f->ip)) &
					     mask;
			__builtin_prefetch(&hp->frame_slots[hp->path.v[d].node]);
		}
		for (d = 0; d < nr; d++)
			__builtin_prefetch(&hp->frames[hp->frame_slots[hp->path.v[d].node]]);
	}
	for (d = 0; d < nr; d++) {
		struct hp_step *step = &hp->path.v[d];

		step->frame = hp_frame__findnew(hp, &cursor->frames[nr - 1 - d]);
		if (!step->frame)
			return -ENOMEM;
		h = hp_path_hash(h, step->frame);
		step->hash = h;
		__builtin_prefetch(&hp->slots[h & (hp->nr_slots - 1)]);
	}
	return 0;
}

int hist_paths__add(struct hist_paths *hp, struct hists *hists, struct thread *thread,
		    const char *comm, u8 cpumode, const struct callchain_cursor *cursor,
		    u64 period)
{
	size_t d, same = 0, nr = cursor->nr;
	struct hp_steps swap;
	struct hp_end *leaf;
	u32 ctx, n, base, end;
	int err;

	if (!nr)
		return 0;
	if (!hp->slots || !hp->end_slots) {
		/* the child lists go stale: the next collapse links them again */
		free(hp->links);
		hp->links = NULL;
		if (hp_reslot(hp) || (!hp->end_slots && hp_end_reslot(hp, 1024)))
			return -ENOMEM;
	}
	if (hp_reserve((void **)&hp->path.v, &hp->path.alloc, nr, sizeof(*hp->path.v)) ||
	    hp_reserve((void **)&hp->last.v, &hp->last.alloc, nr, sizeof(*hp->last.v)))
		return -ENOMEM;
	ctx = hp_context(hp, hists, comm, thread);
	if (!ctx)
		return -ENOMEM;
	err = hp_path(hp, ctx, cursor);
	if (err)
		goto fail;
	base = hp->nr;
	/* the previous path's nodes serve as long as the frames agree */
	if (hp->last.nr && hp->last_ctx_node == ctx)
		while (same < nr && same < hp->last.nr &&
		       hp->last.v[same].frame == hp->path.v[same].frame)
			same++;
	for (n = ctx, d = 0; d < nr; n = hp->path.v[d++].node) {
		if (d < same) {
			hp->path.v[d].node = hp->last.v[d].node;
			continue;
		}
		err = hp_child(hp, n, &hp->path.v[d]);
		if (err)
			goto fail;
	}
	/* the callers' entries, outermost first as before; their nodes fetched at once */
	if (hists->children) {
		/* inline frames in place of the ip are callers' entries, as upstream's */
		size_t callers = cursor->inlined_leaf ? nr : nr - 1;
		struct callchain_level level;

		callchain_level__init(&level, cursor, hp->caller);

		for (d = 0; d < callers; d++) {
			__builtin_prefetch(&hp->nodes[hp->path.v[d].node]);
			/* a new node's caller entry is its frame's (hp_node__entry()) */
			__builtin_prefetch(&hp->frame_call[hp->path.v[d].frame]);
		}
		for (d = 0; d < callers; d++) {
			n = hp->path.v[d].node;
			if (hp->nodes[n].caller)
				continue;
			/* made by an earlier sample: noted, see struct hp_late */
			if (n < base &&
			    hp_reserve((void **)&hp->late, &hp->alloc_late, hp->nr_late + 1,
				       sizeof(*hp->late))) {
				err = -ENOMEM;
				goto fail;
			}
			err = hp_node__entry(hp, hists, n, ctx, &cursor->frames[nr - 1 - d],
					     thread, comm,
					     callchain_level__cpumode(&level, nr - 1 - d, cpumode),
					     false);
			if (err)
				goto fail;
			if (n < base)
				hp->late[hp->nr_late++] = (struct hp_late){ .node = n, .base = base };
		}
	}
	/* this path becomes the previous one */
	swap = hp->last;
	hp->last = hp->path;
	hp->path = swap;
	hp->last.nr = nr;
	hp->last_ctx_node = ctx;
	if (nr > hp->max_depth)
		hp->max_depth = nr;
	n = hp->last.v[nr - 1].node;
	end = *hp_end_slot(hp, n);
	if (!end) {
		err = hp_node__entry(hp, hists, n, ctx, callchain_cursor__leaf(cursor), thread,
				     comm, cpumode, true);
		if (err)
			return err;
		end = hp->nr_ends - 1;
	}
	leaf = &hp->ends[end];
	leaf->hit += period;
	leaf->count++;
	hists__count_leaf(hists, hists->by_index[leaf->e_leaf], period);
	hp->collapsed = false;
	return 0;
fail:
	hp->last.nr = 0;
	return err;
}

int hist_paths__add_ip_only(struct hist_paths *hp, struct hists *hists, struct thread *thread,
			    const char *comm, u8 cpumode, const struct callchain_cursor *cursor,
			    u64 period)
{
	struct hist_entry *he;

	he = hists__entry_for_frame(hists, thread, comm, callchain_cursor__leaf(cursor), cpumode,
				    true);
	if (!he)
		return -ENOMEM;
	he->period_ip_only += period;
	he->nr_ip_only++;
	hists__count_leaf(hists, he, period);
	hp->collapsed = false;
	return 0;
}
