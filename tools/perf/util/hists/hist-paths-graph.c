// SPDX-License-Identifier: GPL-2.0
/*
 * An entry's call graph, built from the path trie when it is printed.
 *
 * The graph is what per-entry trees fed sample by sample held: the paths
 * that end in the entry, whole, and with --children the part of every
 * other path through it from one occurrence as a caller on (which one:
 * see hp_walk__takes()).
 */
#include <string.h>
#include "util/hists/hist-paths-int.h"
#include "util/hists/hist.h"
#include "util/model/callchain.h"

int hp_tree__child(const struct hist_paths *hp, struct callchain_tree *tree, u32 parent,
		   u32 n, u32 *child)
{
	const struct hp_frame *fr = hp_node__frame(hp, n);
	struct callchain_frame f = {
		.ip = fr->ip, .dso = fr->dso, .sym = fr->sym, .srcline = fr->srcline,
	};

	return cc_tree__child(tree, parent, &f, child);
}

void hp_tree__hit(struct callchain_tree *tree, u32 n, u64 hit, u32 count)
{
	tree->nodes[n].hit += hit;
	tree->nodes[n].count += count;
	tree->summed = false;
}

/*
 * The path from @from out to its context into @tree: outermost first in
 * caller order, @from first in callee order; @hit and @count at its end.
 */
static int hp_tree__add_path(struct hist_paths *hp, struct callchain_tree *tree, u32 from,
			     u64 hit, u32 count)
{
	size_t depth = 0, i;
	u32 n = 0;
	int err;

	for (; hp->nodes[from].parent; from = hp->nodes[from].parent)
		hp->stack[depth++] = from;
	for (i = 0; i < depth; i++) {
		err = hp_tree__child(hp, tree, n, hp->stack[hp->caller ? depth - 1 - i : i], &n);
		if (err)
			return err;
	}
	if (depth)
		hp_tree__hit(tree, n, hit, count);
	return 0;
}

/*
 * The next node of a pre-order walk of the subtree of @top (not itself),
 * into @n's children if @descend; 0 at the end.
 */
static u32 hp_next(const struct hist_paths *hp, u32 top, u32 n, bool descend)
{
	if (descend && hp->links[n].first_child)
		return hp->links[n].first_child;
	for (; n != top; n = hp->nodes[n].parent) {
		if (hp->links[n].next_sibling)
			return hp->links[n].next_sibling;
	}
	return 0;
}

static bool hp_walk__descends(const struct hist_paths *hp, const struct hist_entry *he, u32 d)
{
	return hp->caller || hp_e_call(hp, d) != he->index;
}

/*
 * Builds that note more nodes than this index them by node (4 bytes a
 * node) rather than by a table (16 bytes a noted node at half load): a
 * graph of a function on most paths notes most of the trie.
 */
#define HP_SCRATCH_DENSE	4096

static u32 hp_scratch__hash(u32 n)
{
	return n * 0x9e3779b1u;
}

/* Node @n's scratch in this build; NULL if it has none. */
struct hp_scratch *hp_scratch__find(const struct hist_paths *hp, u32 n)
{
	size_t mask = hp->nr_scratch_slots - 1, i;

	/* most builds note nothing, or nothing yet: no probe */
	if (!hp->nr_scratch)
		return NULL;
	if (hp->node_scratch)
		return hp->node_scratch[n] ? &hp->scratch[hp->node_scratch[n] - 1] : NULL;
	for (i = hp_scratch__hash(n) & mask; hp->scratch_slots[i].node; i = (i + 1) & mask)
		if (hp->scratch_slots[i].node == n)
			return &hp->scratch[hp->scratch_slots[i].scratch];
	return NULL;
}

/* The table at twice the size, from the scratches' own record of their nodes. */
static int hp_scratch__grow(struct hist_paths *hp)
{
	size_t n = hp->nr_scratch_slots ? hp->nr_scratch_slots * 2 : 256, i, j;
	struct hp_scratch_slot *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < hp->nr_scratch; i++) {
		u32 node = hp->scratch[i].node;

		for (j = hp_scratch__hash(node) & (n - 1); slots[j].node; j = (j + 1) & (n - 1))
			;
		slots[j] = (struct hp_scratch_slot){ .node = node, .scratch = i };
	}
	free(hp->scratch_slots);
	hp->scratch_slots = slots;
	hp->nr_scratch_slots = n;
	return 0;
}

/* A big build: its scratches by node from now on (the table goes). */
static int hp_scratch__densify(struct hist_paths *hp)
{
	size_t i;

	hp->node_scratch = calloc(hp->nr, sizeof(*hp->node_scratch));
	if (!hp->node_scratch)
		return -ENOMEM;
	for (i = 0; i < hp->nr_scratch; i++)
		hp->node_scratch[hp->scratch[i].node] = i + 1;
	free(hp->scratch_slots);
	hp->scratch_slots = NULL;
	hp->nr_scratch_slots = 0;
	return 0;
}

/* Node @n's scratch in this build, made zeroed if new; NULL on -ENOMEM. */
struct hp_scratch *hp_scratch__get(struct hist_paths *hp, u32 n)
{
	struct hp_scratch *sc = hp_scratch__find(hp, n);
	size_t i;

	if (sc)
		return sc;
	if (!hp->node_scratch && hp->nr_scratch >= HP_SCRATCH_DENSE && hp_scratch__densify(hp))
		return NULL;
	/* at most half full */
	if (!hp->node_scratch && (hp->nr_scratch + 1) * 2 > hp->nr_scratch_slots &&
	    hp_scratch__grow(hp))
		return NULL;
	if (hp_reserve((void **)&hp->scratch, &hp->alloc_scratch, hp->nr_scratch + 1,
		       sizeof(*hp->scratch)))
		return NULL;
	if (hp->node_scratch) {
		hp->node_scratch[n] = hp->nr_scratch + 1;
	} else {
		for (i = hp_scratch__hash(n) & (hp->nr_scratch_slots - 1);
		     hp->scratch_slots[i].node; i = (i + 1) & (hp->nr_scratch_slots - 1))
			;
		hp->scratch_slots[i] = (struct hp_scratch_slot){ .node = n,
								 .scratch = hp->nr_scratch };
	}
	sc = &hp->scratch[hp->nr_scratch++];
	memset(sc, 0, sizeof(*sc));
	sc->node = n;
	return sc;
}

/*
 * A new build: no node has a scratch.  A table much bigger than the last
 * build needed goes, so that a build costs what it notes, not what the
 * biggest one before it did; by node, only the nodes noted are cleared.
 */
static void hp_scratch__reset(struct hist_paths *hp)
{
	size_t i;

	if (hp->node_scratch) {
		for (i = 0; i < hp->nr_scratch; i++)
			hp->node_scratch[hp->scratch[i].node] = 0;
	} else if (hp->nr_scratch * 8 < hp->nr_scratch_slots) {
		free(hp->scratch_slots);
		hp->scratch_slots = NULL;
		hp->nr_scratch_slots = 0;
	} else if (hp->nr_scratch) {
		memset(hp->scratch_slots, 0, hp->nr_scratch_slots * sizeof(*hp->scratch_slots));
	}
	hp->nr_scratch = 0;
}

/* Give node @d of the walk from @a (and the nodes above it, up to @a) graph nodes. */
static int hp_materialize(struct hist_paths *hp, struct callchain_tree *tree, u32 a, u32 d)
{
	struct hp_scratch *sc;
	size_t depth = 0;
	u32 m = d, parent = 0;
	int err;

	for (;;) {
		sc = hp_scratch__find(hp, m);
		if (sc && sc->out) {
			parent = sc->out;
			break;
		}
		hp->stack[depth++] = m;
		if (m == a)
			break;
		m = hp->nodes[m].parent;
	}
	while (depth--) {
		u32 n = hp->stack[depth];

		err = hp_tree__child(hp, tree, parent, n, &parent);
		if (err)
			return err;
		sc = hp_scratch__get(hp, n);
		if (!sc)
			return -ENOMEM;
		sc->out = parent;
	}
	return 0;
}

/*
 * Caller order: what @a calls, from @a down to where each path ends.
 * Graph nodes are made only on the way to samples the graph takes, so no
 * branch of weight 0 shows.
 */
static int hp_graph__callees(struct hist_paths *hp, struct callchain_tree *tree,
			     const struct hist_entry *he, u32 a)
{
	u32 d;
	int err;

	/* an inline frame in place of the ip: its samples end at @a, not below */
	if (hp_walk__takes(hp, he->index, a)) {
		err = hp_materialize(hp, tree, a, a);
		if (err)
			return err;
		hp_tree__hit(tree, hp_scratch__find(hp, a)->out, hp_end_of(hp, a)->hit,
			     hp_end_of(hp, a)->count);
	}
	/* a build's walks are disjoint: no graph node is noted for them yet */
	for (d = hp_next(hp, a, a, true); d; d = hp_next(hp, a, d, hp_walk__descends(hp, he, d))) {
		if (!hp_walk__takes(hp, he->index, d))
			continue;
		err = hp_materialize(hp, tree, a, d);
		if (err)
			return err;
		hp_tree__hit(tree, hp_scratch__find(hp, d)->out, hp_end_of(hp, d)->hit,
			     hp_end_of(hp, d)->count);
	}
	return 0;
}

/* Callee order: the callers of @a out to the outermost, weighted by what @a takes. */
static int hp_graph__callers(struct hist_paths *hp, struct callchain_tree *tree,
			     const struct hist_entry *he, u32 a)
{
	u64 hit = 0;
	u32 count = 0, d;

	if (hp_walk__takes(hp, he->index, a)) {
		hit = hp_end_of(hp, a)->hit;
		count = hp_end_of(hp, a)->count;
	}
	for (d = hp_next(hp, a, a, true); d; d = hp_next(hp, a, d, hp_walk__descends(hp, he, d))) {
		if (hp_walk__takes(hp, he->index, d)) {
			hit += hp_end_of(hp, d)->hit;
			count += hp_end_of(hp, d)->count;
		}
	}
	return count ? hp_tree__add_path(hp, tree, a, hit, count) : 0;
}

/* What graphs read besides the trie, made once: 0 or -ENOMEM. */
int hist_paths__graph_prepare(struct hist_paths *hp, const struct hists *hists)
{
	if (hp_reserve((void **)&hp->stack, &hp->alloc_stack, hp->max_depth + 1,
		       sizeof(*hp->stack)) || hist_paths__links(hp) || hist_paths__cumul(hp) ||
	    hist_paths__calls(hp, hists))
		return -ENOMEM;
	return 0;
}

struct callchain_tree *hist_paths__graph(struct hist_paths *hp, const struct hists *hists,
					 const struct hist_entry *he)
{
	const struct callchain_param *param = hists->callchain;
	struct callchain_tree *tree = callchain_tree__new(param);
	u32 n;
	int err = 0;

	if (!tree)
		return NULL;
	if (hist_paths__graph_prepare(hp, hists))
		goto fail;
	hp_scratch__reset(hp);
	/*
	 * Fractal mode hides by shares of the parent, a threshold a build
	 * level by level knows too, but not past 100% (a run of one child
	 * prints through a child it would hide) or under 0.
	 */
	if (param->mode != CALLCHAIN_FRACTAL ||
	    (param->min_percent >= 0 && param->min_percent <= 100)) {
		struct hp_threshold th = {
			.min = (u64)(hists__callchain_total(hists) * (param->min_percent / 100)),
			.min_percent = param->min_percent,
			.fractal = param->mode == CALLCHAIN_FRACTAL,
		};

		if (hp->caller)
			err = hp_graph__pruned(hp, tree, he, &th, hists->children);
		else
			err = hp_graph__up_pruned(hp, tree, he, &th, hists->children);
		goto out;
	}
	for (n = he->first_leaf; n && !err; n = hp_end_of(hp, n)->next_leaf)
		err = hp_tree__add_path(hp, tree, n, hp_end_of(hp, n)->hit, hp_end_of(hp, n)->count);
	if (!hists->children)
		goto out;
	/* in caller order the lists hold the outermost occurrences only */
	for (n = hp->call_head[he->index]; n && !err; n = hp->next_call[n]) {
		if (!hp->caller)
			err = hp_graph__callers(hp, tree, he, n);
		else
			err = hp_graph__callees(hp, tree, he, n);
	}
out:
	if (!err)
		return tree;
fail:
	callchain_tree__delete(tree);
	return NULL;
}
