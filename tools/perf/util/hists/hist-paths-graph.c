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

/*
 * The samples that end at node @n (all zero when none do).  Graph builds
 * find a node's end with its sums (struct hp_cumul), made before any.
 */
static inline const struct hp_end *hp_end_of(const struct hist_paths *hp, u32 n)
{
	return &hp->ends[hp->cumul[n].end];
}

static int hp_tree__child(const struct hist_paths *hp, struct callchain_tree *tree, u32 parent,
			  u32 n, u32 *child)
{
	const struct hp_frame *fr = hp_node__frame(hp, n);
	struct callchain_frame f = {
		.ip = fr->ip, .dso = fr->dso, .sym = fr->sym, .srcline = fr->srcline,
	};

	return cc_tree__child(tree, parent, &f, child);
}

static void hp_tree__hit(struct callchain_tree *tree, u32 n, u64 hit, u32 count)
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

/*
 * Which samples below a caller occurrence @a belong to @he's graph there.
 * Upstream gives a sample to an entry once, at the first of its
 * occurrences met walking the path in the graph's order: the outermost in
 * caller order (its walk takes the whole subtree, deeper occurrences
 * included), the innermost in callee order (a deeper occurrence takes its
 * own subtree).  Paths that end in @he itself are in the graph whole, not
 * in a walk; a deeper occurrence's own samples, where it is the leaf and
 * not a caller, stay with @a.
 */
static bool hp_walk__takes(const struct hist_paths *hp, const struct hist_entry *he, u32 d)
{
	return hp_end_of(hp, d)->count && hp_end_of(hp, d)->e_leaf != he->index;
}

static bool hp_walk__descends(const struct hist_paths *hp, const struct hist_entry *he, u32 d)
{
	return hp->caller || hp_e_call(hp, d) != he->index;
}

/* Caller order: is occurrence @a the outermost of @he on its paths (a walk's start)? */
static bool hp_occurrence__outermost(const struct hist_paths *hp, u32 a)
{
	return hp_bit(hp->outermost, a);
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
static struct hp_scratch *hp_scratch__find(const struct hist_paths *hp, u32 n)
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
static struct hp_scratch *hp_scratch__get(struct hist_paths *hp, u32 n)
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
	if (hp_walk__takes(hp, he, a)) {
		err = hp_materialize(hp, tree, a, a);
		if (err)
			return err;
		hp_tree__hit(tree, hp_scratch__find(hp, a)->out, hp_end_of(hp, a)->hit,
			     hp_end_of(hp, a)->count);
	}
	/* a build's walks are disjoint: no graph node is noted for them yet */
	for (d = hp_next(hp, a, a, true); d; d = hp_next(hp, a, d, hp_walk__descends(hp, he, d))) {
		if (!hp_walk__takes(hp, he, d))
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

	if (hp_walk__takes(hp, he, a)) {
		hit = hp_end_of(hp, a)->hit;
		count = hp_end_of(hp, a)->count;
	}
	for (d = hp_next(hp, a, a, true); d; d = hp_next(hp, a, d, hp_walk__descends(hp, he, d))) {
		if (hp_walk__takes(hp, he, d)) {
			hit += hp_end_of(hp, d)->hit;
			count += hp_end_of(hp, d)->count;
		}
	}
	return count ? hp_tree__add_path(hp, tree, a, hit, count) : 0;
}

/* ---- caller order, pruned at the graph's threshold ------------------------ */

/*
 * A --children entry near the top of a deep profile has most of the trie
 * below it, and walking all of it per entry is most of a report's time.
 * Upstream's graph and flat modes hide every branch lighter than a fixed
 * share of the report's total, and what a hidden branch holds changes no
 * visible line: only its weight counts (in its parent's sum), and that it
 * exists (a run of frames ends where the tree branches).  So the graph is
 * built level by level, the occurrences' children merged by frame, and a
 * merged branch under the threshold becomes one leaf of its weight.  The
 * paths that end in the entry (shown whole, from the outermost caller)
 * are expanded the same way, from weights summed up their trie paths.
 *
 * A walk starts at each outermost occurrence of the entry as a caller
 * and takes its whole subtree; a trie node's weight in it is its cumul,
 * less the paths that end in the entry itself (in the graph whole).
 * Those amounts are added up, per build, on the nodes between such a
 * path's end and the outermost occurrence above it: only recursion makes
 * them, so it costs little where there is none.
 */
struct hp_build {
	struct hist_paths	*hp;
	struct callchain_tree	*tree;
	const struct hist_entry	*he;
	u64			min;		/* branches lighter are not printed */
	u32			*tops;		/* outermost frames of the whole paths */
	size_t			nr_tops, alloc_tops;
	/*
	 * Or, when the entry ends many paths (hp_build__sweep()), the sums
	 * by node instead of in scratches: the whole paths' weight below a
	 * node, and the weight left out of it (NULL: none is).
	 */
	struct hp_sweep		*sums;
	struct hp_excl		*excl;
};


/* A trie node as a candidate child of a graph node. */
struct hp_item {
	u32	node;
	u32	group;
	u64	weight;		/* what the graph takes from its subtree */
	u64	own;		/* of which, the paths that end at it */
	u32	weight_count, own_count;
	bool	descend;	/* its children belong to this walk */
	bool	whole;		/* on a path that ends in the entry (shown whole) */
};

/*
 * A path ending in the entry at @x is shown whole, not again in the walk
 * of the outermost occurrence above it: leave its weight out of the nodes
 * between them.
 */
static int hp_build__exclude(struct hp_build *b, u32 x, u64 hit, u32 count)
{
	struct hist_paths *hp = b->hp;
	size_t depth = 0, top = 0, i;
	u32 y;

	if (!hp_bit(hp->under_call, x))
		return 0;
	for (y = hp->nodes[x].parent; hp->nodes[y].parent; y = hp->nodes[y].parent) {
		hp->stack[depth++] = y;
		if (hp_e_call(hp, y) == b->he->index)
			top = depth;
	}
	for (i = 0; i < top; i++) {
		struct hp_scratch *sc = hp_scratch__get(hp, hp->stack[i]);

		if (!sc)
			return -ENOMEM;
		sc->excl += hit;
		sc->excl_count += count;
	}
	return 0;
}

/* Samples ending at @l (in the entry): their weight on each node up their path. */
static int hp_build__whole(struct hp_build *b, u32 l)
{
	struct hist_paths *hp = b->hp;
	const struct hp_end *leaf = hp_end_of(hp, l);
	u32 y;

	for (y = l; hp->nodes[y].parent; y = hp->nodes[y].parent) {
		struct hp_scratch *sc = hp_scratch__get(hp, y);

		if (!sc)
			return -ENOMEM;
		if (!sc->whole && !sc->whole_count && !hp->nodes[hp->nodes[y].parent].parent) {
			/* first time at an outermost frame: a root of the graph */
			if (hp_reserve((void **)&b->tops, &b->alloc_tops, b->nr_tops + 1,
				       sizeof(*b->tops)))
				return -ENOMEM;
			b->tops[b->nr_tops++] = y;
		}
		sc->whole += leaf->hit;
		sc->whole_count += leaf->count;
	}
	return 0;
}

/*
 * The same sums for an entry that ends many paths (the leaf function of
 * most samples): walked up from every end they cost the ends' summed
 * depth, 130 ms of a 100 MB report's 900 for one entry; summed from the
 * trie's last node back, each node into its parent (a child is made after
 * its parent), they cost a pass over the trie.  The roots come in the
 * order the walks would meet them: by the first end below each.
 */
/* With hp->sweeper's lock held.  0 or -ENOMEM. */
static int hp_build__sweep(struct hp_build *b)
{
	struct hist_paths *hp = b->hp;
	struct hp_sweeper *sw = hp->sweeper;
	const u32 he = b->he->index;
	struct hp_sweep *sums;
	struct hp_excl *excl = NULL;
	bool any_excl = false;
	u32 i, n, j;

	for (i = 1; i < hp->nr_ends && !any_excl; i++)
		any_excl = hp->ends[i].e_leaf == he && hp_bit(hp->under_call, hp->ends[i].node);
	/* kept for the next such build: faulting the pages in again costs more than clearing */
	if (!sw->sums) {
		sw->sums = malloc((size_t)hp->nr * sizeof(*sw->sums));
		if (!sw->sums)
			return -ENOMEM;
	}
	if (any_excl && !sw->excl) {
		sw->excl = malloc((size_t)hp->nr * sizeof(*sw->excl));
		if (!sw->excl)
			return -ENOMEM;
	}
	sums = b->sums = sw->sums;
	memset(sums, 0, (size_t)hp->nr * sizeof(*sums));
	if (any_excl) {
		excl = b->excl = sw->excl;
		memset(excl, 0, (size_t)hp->nr * sizeof(*excl));
	}
	for (i = 1; i < hp->nr_ends; i++) {
		const struct hp_end *end = &hp->ends[i];
		struct hp_sweep *x = &sums[end->node];

		if (end->e_leaf != he)
			continue;
		x->whole += end->hit;
		x->whole_count += end->count;
		x->first = i;
		if (excl && hp_bit(hp->under_call, end->node)) {
			struct hp_excl *p = &excl[hp->nodes[end->node].parent];

			p->hit += end->hit;
			p->count += end->count;
		}
	}
	for (n = hp->nr - 1; n > 0; n--) {
		const struct hp_sweep *s = &sums[n];
		u32 parent;

		/* most nodes of a trie are on no path of the entry: nothing to carry */
		if (!s->whole && !s->whole_count && (!excl || (!excl[n].hit && !excl[n].count)))
			continue;
		parent = hp->nodes[n].parent;
		/* contexts hold nothing; an outermost frame is a root */
		if (!parent)
			continue;
		if (!hp->nodes[parent].parent) {
			if (!s->whole && !s->whole_count)
				continue;
			if (hp_reserve((void **)&b->tops, &b->alloc_tops, b->nr_tops + 1,
				       sizeof(*b->tops)))
				return -ENOMEM;
			/* by first end: few roots, inserted in place */
			for (j = b->nr_tops++; j && sums[b->tops[j - 1]].first > s->first; j--)
				b->tops[j] = b->tops[j - 1];
			b->tops[j] = n;
			continue;
		}
		if (s->whole || s->whole_count) {
			struct hp_sweep *p = &sums[parent];

			p->whole += s->whole;
			p->whole_count += s->whole_count;
			if (!p->first || s->first < p->first)
				p->first = s->first;
		}
		/*
		 * Left out up to the outermost occurrence and, unlike the
		 * walks, above it too: no walk reaches a node up there.
		 */
		if (excl && (excl[n].hit || excl[n].count)) {
			excl[parent].hit += excl[n].hit;
			excl[parent].count += excl[n].count;
		}
	}
	return 0;
}

static void hp_build__excluded(const struct hp_build *b, u32 n, u64 *hit, u32 *count)
{
	const struct hp_scratch *sc;

	if (b->sums) {
		*hit = b->excl ? b->excl[n].hit : 0;
		*count = b->excl ? b->excl[n].count : 0;
		return;
	}
	sc = hp_scratch__find(b->hp, n);
	*hit = sc ? sc->excl : 0;
	*count = sc ? sc->excl_count : 0;
}

static void hp_build__whole_of(const struct hp_build *b, u32 n, u64 *hit, u32 *count)
{
	const struct hp_scratch *sc;

	if (b->sums) {
		*hit = b->sums[n].whole;
		*count = b->sums[n].whole_count;
		return;
	}
	sc = hp_scratch__find(b->hp, n);
	*hit = sc ? sc->whole : 0;
	*count = sc ? sc->whole_count : 0;
}

/* @n on the paths that end in the entry, if any end below it. */
static bool hp_item__init_whole(struct hp_item *it, const struct hp_build *b, u32 n)
{
	const struct hp_end *node;
	u64 whole;
	u32 whole_count;

	hp_build__whole_of(b, n, &whole, &whole_count);
	if (!whole && !whole_count)
		return false;
	node = hp_end_of(b->hp, n);
	memset(it, 0, sizeof(*it));
	it->node = n;
	it->whole = true;
	it->weight = whole;
	it->weight_count = whole_count;
	if (node->count && node->e_leaf == b->he->index) {
		it->own = node->hit;
		it->own_count = node->count;
	}
	it->descend = it->weight != it->own || it->weight_count != it->own_count;
	return true;
}

/* @n as a child in a walk, or an occurrence where a walk starts. */
static void hp_item__init(struct hp_item *it, const struct hp_build *b, u32 n)
{
	const struct hp_end *node = hp_end_of(b->hp, n);
	bool ends_in_he = node->count && node->e_leaf == b->he->index;
	u64 excl;
	u32 excl_count;

	memset(it, 0, sizeof(*it));
	it->node = n;
	/*
	 * An occurrence's own samples are the walk's too unless they end in
	 * the entry (shown whole): an inline frame in place of the ip is an
	 * occurrence whose samples' leaf entry is the ip's function.
	 */
	if (!ends_in_he) {
		it->own = node->hit;
		it->own_count = node->count;
	}
	hp_build__excluded(b, n, &excl, &excl_count);
	it->weight = b->hp->cumul[n].hit - excl;
	it->weight_count = b->hp->cumul[n].count - excl_count;
	if (ends_in_he) {
		it->weight -= node->hit;
		it->weight_count -= node->count;
	}
	it->descend = true;
}

static u32 hp_item__hash(const struct hist_paths *hp, const struct hp_item *it)
{
	return hp->nodes[it->node].frame * 0x9e3779b1u;
}

static bool hp_item__same(const struct hist_paths *hp, const struct hp_item *a,
			  const struct hp_item *b)
{
	return hp->nodes[a->node].frame == hp->nodes[b->node].frame;
}

/* Number the items' frames: items[i].group, groups in first-seen order. */
static int hp_items__group(const struct hist_paths *hp, struct hp_item *items, size_t nr,
			   size_t *nr_groups)
{
	size_t mask = 1, i, j, ng = 0;
	u32 *slots, *first;

	while (mask < 2 * nr)
		mask <<= 1;
	slots = calloc(mask, sizeof(*slots));
	first = malloc((nr ? nr : 1) * sizeof(*first));
	if (!slots || !first) {
		free(slots);
		free(first);
		return -ENOMEM;
	}
	mask--;
	for (i = 0; i < nr; i++) {
		for (j = hp_item__hash(hp, &items[i]) & mask; slots[j]; j = (j + 1) & mask)
			if (hp_item__same(hp, &items[first[slots[j] - 1]], &items[i]))
				break;
		if (!slots[j]) {
			first[ng] = i;
			slots[j] = ++ng;
		}
		items[i].group = slots[j] - 1;
	}
	free(slots);
	free(first);
	*nr_groups = ng;
	return 0;
}

static int hp_build__expand(struct hp_build *b, u32 out, struct hp_item *items, size_t nr);

/* The graph node of one group (@items, all of one frame) and what is below it. */
static int hp_build__group(struct hp_build *b, u32 out, const struct hp_item *items, size_t nr)
{
	struct hist_paths *hp = b->hp;
	struct hp_item *kids = NULL;
	u64 weight = 0, own = 0;
	u32 weight_count = 0, own_count = 0, n, c;
	size_t i, nr_kids = 0, alloc = 0;
	int err;

	for (i = 0; i < nr; i++) {
		weight += items[i].weight;
		weight_count += items[i].weight_count;
		own += items[i].own;
		own_count += items[i].own_count;
	}
	if (!weight && !weight_count)
		return 0;
	err = hp_tree__child(hp, b->tree, out, items[0].node, &n);
	if (err)
		return err;
	if (weight < b->min) {
		/* hidden: its weight, as one leaf, keeps the sums above it right */
		hp_tree__hit(b->tree, n, weight, weight_count);
		return 0;
	}
	if (own || own_count)
		hp_tree__hit(b->tree, n, own, own_count);
	for (i = 0; i < nr; i++) {
		if (!items[i].descend)
			continue;
		for (c = hp->links[items[i].node].first_child; c; c = hp->links[c].next_sibling) {
			if (hp_reserve((void **)&kids, &alloc, nr_kids + 1, sizeof(*kids))) {
				free(kids);
				return -ENOMEM;
			}
			if (!items[i].whole)
				hp_item__init(&kids[nr_kids++], b, c);
			else if (hp_item__init_whole(&kids[nr_kids], b, c))
				nr_kids++;
		}
	}
	err = nr_kids ? hp_build__expand(b, n, kids, nr_kids) : 0;
	free(kids);
	return err;
}

/* Graph children of node @out from candidate trie nodes @items. */
static int hp_build__expand(struct hp_build *b, u32 out, struct hp_item *items, size_t nr)
{
	struct hp_item *sorted;
	size_t nr_groups, g, i, *start;
	int err;

	err = hp_items__group(b->hp, items, nr, &nr_groups);
	if (err)
		return err;
	/* each group's members together, groups in first-seen order */
	sorted = malloc(nr * sizeof(*sorted));
	start = calloc(nr_groups + 1, sizeof(*start));
	if (!sorted || !start) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < nr; i++)
		start[items[i].group + 1]++;
	for (g = 0; g < nr_groups; g++)
		start[g + 1] += start[g];
	for (i = 0; i < nr; i++)
		sorted[start[items[i].group]++] = items[i];
	for (g = 0, i = 0; !err && g < nr_groups; g++) {
		/* start[g] is now where group g ends */
		err = hp_build__group(b, out, sorted + i, start[g] - i);
		i = start[g];
	}
out:
	free(sorted);
	free(start);
	return err;
}

static int hp_graph__pruned(struct hist_paths *hp, struct callchain_tree *tree,
			    const struct hist_entry *he, u64 min)
{
	struct hp_build b = { .hp = hp, .tree = tree, .he = he, .min = min };
	struct hp_item *roots = NULL;
	size_t nr = 0, alloc = 0, i;
	u32 n;
	bool swept = false;
	int err = 0;

	if ((u64)he->nr_samples * hp->sweep_depth >= hp->nr) {
		err = hist_paths__sweeper(hp);
		if (!err) {
			/* held until the sums are read: through the expansion */
			pthread_mutex_lock(&hp->sweeper->lock);
			swept = true;
			err = hp_build__sweep(&b);
		}
	} else {
		const struct hp_end *end;

		for (n = he->first_leaf; n && !err; n = end->next_leaf) {
			end = hp_end_of(hp, n);
			err = hp_build__exclude(&b, n, end->hit, end->count);
			if (!err)
				err = hp_build__whole(&b, n);
		}
	}
	/* the roots: outermost frames of the whole paths, then the occurrences */
	if (!err && hp_reserve((void **)&roots, &alloc, b.nr_tops + 1, sizeof(*roots)))
		err = -ENOMEM;
	for (i = 0; !err && i < b.nr_tops; i++)
		nr += hp_item__init_whole(&roots[nr], &b, b.tops[i]);
	for (n = hp->call_head[he->index]; !err && n; n = hp->next_call[n]) {
		if (!hp_occurrence__outermost(hp, n))
			continue;
		if (hp_reserve((void **)&roots, &alloc, nr + 1, sizeof(*roots)))
			err = -ENOMEM;
		else
			hp_item__init(&roots[nr++], &b, n);
	}
	if (!err && nr)
		err = hp_build__expand(&b, 0, roots, nr);
	if (swept)
		pthread_mutex_unlock(&hp->sweeper->lock);
	free(roots);
	free(b.tops);
	return err;
}

void hist_paths__sweep_depth(struct hist_paths *hp, unsigned int depth)
{
	hp->sweep_depth = depth;
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
	/* fractal mode hides by shares of the parent: no fixed threshold to prune at */
	if (hists->children && hp->caller && param->mode != CALLCHAIN_FRACTAL) {
		err = hp_graph__pruned(hp, tree, he, (u64)(hists__callchain_total(hists) *
							    (param->min_percent / 100)));
		goto out;
	}
	for (n = he->first_leaf; n && !err; n = hp_end_of(hp, n)->next_leaf)
		err = hp_tree__add_path(hp, tree, n, hp_end_of(hp, n)->hit, hp_end_of(hp, n)->count);
	if (!hists->children)
		goto out;
	for (n = hp->call_head[he->index]; n && !err; n = hp->next_call[n]) {
		if (!hp->caller)
			err = hp_graph__callers(hp, tree, he, n);
		else if (hp_occurrence__outermost(hp, n))
			err = hp_graph__callees(hp, tree, he, n);
	}
out:
	if (!err)
		return tree;
fail:
	callchain_tree__delete(tree);
	return NULL;
}
