// SPDX-License-Identifier: GPL-2.0
/*
 * Call graphs built level by level and pruned at the graph's threshold,
 * for the modes that hide branches by a fixed share of the report's total
 * (graph, flat, folded) or, in fractal mode, of their parent's children:
 * caller and callee order, with or without --children.  hist-paths-graph.c
 * chooses; the full builders and the scratches are there.
 */
#include <math.h>
#include <string.h>
#include "util/hists/hist-paths-int.h"
#include "util/hists/hist.h"
#include "util/model/callchain.h"

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
	const struct hp_threshold *th;		/* branches lighter are not printed */
	u32			*tops;		/* outermost frames of the whole paths */
	size_t			nr_tops, alloc_tops;
	/*
	 * Or, when the entry ends many paths (hp_build__sweep()), the sums
	 * by node instead of in scratches: the whole paths' weight below a
	 * node, and the weight left out of it (NULL: none is).
	 */
	struct hp_sweep		*sums;
	struct hp_excl		*excl;
	bool			walks;		/* --children: walks from occurrences too */
	bool			up;		/* callee order: from the entry out to callers */
};

/* A trie node as a candidate child of a graph node. */
struct hp_item {
	u32	node;
	u32	group;
	u64	weight;		/* what the graph takes from its subtree */
	u64	own;		/* of which, the paths that end at it */
	u32	weight_count, own_count;
	u32	first;		/* whole: the first of the entry's ends below (hp->ends index) */
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
		if (!sc->whole && !sc->whole_count) {
			/* the entry's ends come in hp->ends order */
			sc->first = hp->cumul[l].end;
			/* first time at an outermost frame: a root of the graph */
			if (!hp->nodes[hp->nodes[y].parent].parent) {
				if (hp_reserve((void **)&b->tops, &b->alloc_tops, b->nr_tops + 1,
					       sizeof(*b->tops)))
					return -ENOMEM;
				b->tops[b->nr_tops++] = y;
			}
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
 * order the walks would meet them: by the first end below each.  With
 * hp->sweeper's lock held.  0 or -ENOMEM.
 */
static int hp_build__sweep(struct hp_build *b)
{
	struct hist_paths *hp = b->hp;
	struct hp_sweeper *sw = hp->sweeper;
	const u32 he = b->he->index;
	struct hp_sweep *sums;
	struct hp_excl *excl = NULL;
	bool any_excl = false;
	u32 i, n, j;

	for (i = 1; b->walks && i < hp->nr_ends && !any_excl; i++)
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

static void hp_build__whole_of(const struct hp_build *b, u32 n, u64 *hit, u32 *count,
			       u32 *first)
{
	const struct hp_scratch *sc;

	if (b->sums) {
		*hit = b->sums[n].whole;
		*count = b->sums[n].whole_count;
		*first = b->sums[n].first;
		return;
	}
	sc = hp_scratch__find(b->hp, n);
	*hit = sc ? sc->whole : 0;
	*count = sc ? sc->whole_count : 0;
	*first = sc ? sc->first : 0;
}

/* @n on the paths that end in the entry, if any end below it. */
static bool hp_item__init_whole(struct hp_item *it, const struct hp_build *b, u32 n)
{
	const struct hp_end *node;
	u64 whole;
	u32 whole_count, first;

	hp_build__whole_of(b, n, &whole, &whole_count, &first);
	if (!whole && !whole_count)
		return false;
	node = hp_end_of(b->hp, n);
	memset(it, 0, sizeof(*it));
	it->node = n;
	it->first = first;
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

/*
 * Callee order, without --children: @n as the next caller out on paths
 * that end in the entry, @weight of them; they stop here if it is an
 * outermost frame (the samples' hit is there), else go on to its caller.
 */
static void hp_item__init_up(struct hp_item *it, const struct hist_paths *hp, u32 n,
			     u64 weight, u32 count)
{
	bool top = !hp->nodes[hp->nodes[n].parent].parent;

	memset(it, 0, sizeof(*it));
	it->node = n;
	it->weight = weight;
	it->weight_count = count;
	if (top) {
		it->own = weight;
		it->own_count = count;
	}
	it->descend = !top;
}

/*
 * hp_item__init() where the walk takes something below @n, else false:
 * an item of no weight would place its frame's group among its siblings
 * where the whole build made no node (it makes them on the way to a
 * sample it takes).
 */
static bool hp_item__init_taking(struct hp_item *it, const struct hp_build *b, u32 n)
{
	hp_item__init(it, b, n);
	return it->weight || it->weight_count;
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

/* Whole items by their first end: no two share one (an end is below one node a level). */
static int hp_item__cmp_first(const void *a, const void *b)
{
	const struct hp_item *x = a, *y = b;

	return x->first < y->first ? -1 : x->first > y->first;
}

/*
 * The graph node of one group (@items, all of one frame) and what is
 * below it; hidden if lighter than @min.
 */
static int hp_build__group(struct hp_build *b, u32 out, const struct hp_item *items, size_t nr,
			   u64 min)
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
	if (weight < min) {
		/* hidden: its weight, as one leaf, keeps the sums above it right */
		hp_tree__hit(b->tree, n, weight, weight_count);
		return 0;
	}
	if (own || own_count)
		hp_tree__hit(b->tree, n, own, own_count);
	for (i = 0; i < nr; i++) {
		if (!items[i].descend)
			continue;
		if (b->up) {
			if (hp_reserve((void **)&kids, &alloc, nr_kids + 1, sizeof(*kids))) {
				free(kids);
				return -ENOMEM;
			}
			hp_item__init_up(&kids[nr_kids++], hp, hp->nodes[items[i].node].parent,
					 items[i].weight, items[i].weight_count);
			continue;
		}
		for (c = hp->links[items[i].node].first_child; c; c = hp->links[c].next_sibling) {
			if (hp_reserve((void **)&kids, &alloc, nr_kids + 1, sizeof(*kids))) {
				free(kids);
				return -ENOMEM;
			}
			if (items[i].whole)
				nr_kids += hp_item__init_whole(&kids[nr_kids], b, c);
			else
				nr_kids += hp_item__init_taking(&kids[nr_kids], b, c);
		}
	}
	/*
	 * A node's children come in the order the whole build made them: the
	 * whole paths, all before any walk, each from its outermost frame in
	 * the order they end, so by the first of the entry's ends below them
	 * (not in the trie's order); then the walks', in the order a walk
	 * reaches their first sample (the trie's).  Whole members come before
	 * walks' in every group, and so do their children.
	 */
	for (i = 0; i < nr_kids && kids[i].whole; i++)
		;
	if (i > 1)
		qsort(kids, i, sizeof(*kids), hp_item__cmp_first);
	err = nr_kids ? hp_build__expand(b, n, kids, nr_kids) : 0;
	free(kids);
	return err;
}

/* Graph children of node @out from candidate trie nodes @items. */
static int hp_build__expand(struct hp_build *b, u32 out, struct hp_item *items, size_t nr)
{
	struct hp_item *sorted;
	size_t nr_groups, g, i, *start;
	u64 min = b->th->min, sum = 0;
	int err;

	/* fractal: a share of what is below @out, computed as the printer does */
	if (b->th->fractal) {
		for (i = 0; i < nr; i++)
			sum += items[i].weight;
		min = (u64)ceil(sum * (b->th->min_percent / 100.0));
	}
	/* one path on its own, most levels of a fractal graph: nothing to group */
	if (nr == 1)
		return hp_build__group(b, out, items, 1, min);
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
		err = hp_build__group(b, out, sorted + i, start[g] - i, min);
		i = start[g];
	}
out:
	free(sorted);
	free(start);
	return err;
}

int hp_graph__pruned(struct hist_paths *hp, struct callchain_tree *tree,
		     const struct hist_entry *he, const struct hp_threshold *th, bool walks)
{
	struct hp_build b = { .hp = hp, .tree = tree, .he = he, .th = th, .walks = walks };
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
			/* without walks nothing is taken twice */
			if (walks)
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
	/* the outermost occurrences: the only ones the lists hold in caller order */
	for (n = walks ? hp->call_head[he->index] : 0; !err && n; n = hp->next_call[n]) {
		if (hp_reserve((void **)&roots, &alloc, nr + 1, sizeof(*roots)))
			err = -ENOMEM;
		else
			nr += hp_item__init_taking(&roots[nr], &b, n);
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

/* The nearest occurrence of entry @e as a caller strictly above @n; 0: none. */
static u32 hp_occurrence__above(const struct hist_paths *hp, u32 e, u32 n)
{
	for (n = hp->nodes[n].parent; hp->nodes[n].parent; n = hp->nodes[n].parent)
		if (hp_e_call(hp, n) == e)
			return n;
	return 0;
}

/* Weight under @n that the nearest occurrence above it must leave out. */
static int hp_build__leave_out(struct hp_build *b, u32 n, u64 hit, u32 count)
{
	u32 x = hp_occurrence__above(b->hp, b->he->index, n);
	struct hp_scratch *sc;

	if (!x || (!hit && !count))
		return 0;
	sc = hp_scratch__get(b->hp, x);
	if (!sc)
		return -ENOMEM;
	sc->excl += hit;
	sc->excl_count += count;
	return 0;
}

/*
 * With --children, an occurrence @a of the entry as a caller starts a
 * path out too, weighted by what it takes (hp_walk__takes()): its
 * subtree, less the samples that end in the entry (their paths start at
 * their end) and the subtrees of deeper occurrences, which start their
 * own, except for such an occurrence's own samples when it takes them
 * (upstream counts those twice, and so does the whole build).  Only
 * recursion puts one start under another: the bits collapse set tell
 * which starts to walk up to the occurrence above (outermost,
 * under_call), so a profile without it walks nothing.
 */
static int hp_build__leave_out_below(struct hp_build *b, u32 a)
{
	const struct hp_end *end = hp_end_of(b->hp, a);
	bool takes = hp_walk__takes(b->hp, b->he->index, a);
	const struct hp_cumul *c = &b->hp->cumul[a];

	if (hp_bit(b->hp->outermost, a))
		return 0;
	return hp_build__leave_out(b, a, c->hit - (takes ? end->hit : 0),
				   c->count - (takes ? end->count : 0));
}

static bool hp_item__init_occurrence(struct hp_item *it, const struct hp_build *b, u32 a)
{
	const struct hp_end *end = hp_end_of(b->hp, a);
	bool takes = hp_walk__takes(b->hp, b->he->index, a);
	const struct hp_cumul *c = &b->hp->cumul[a];
	u64 excl = 0, hit;
	u32 excl_count = 0, count;

	hp_build__excluded(b, a, &excl, &excl_count);
	hit = c->hit - excl - (takes ? 0 : end->hit);
	count = c->count - excl_count - (takes ? 0 : end->count);
	/* the whole build adds no path for an occurrence that takes nothing */
	if (!count)
		return false;
	hp_item__init_up(it, b->hp, a, hit, count);
	return true;
}

/*
 * Callee order: the paths that end in the entry, from it out to their
 * outermost callers, and with --children those from each occurrence as
 * a caller, built level by level like the caller-order graphs: a level's
 * items are the paths' next callers, merged by frame, and a merged
 * branch under the threshold becomes one leaf of its weight.  (Added
 * whole, the paths of the leaf function of most samples made a tree of
 * every distinct path: 575 MB and 4.6 s for a 100 MB report that prints
 * a few hundred lines; 1.3 GB and 7-10 s with --children.)
 */
int hp_graph__up_pruned(struct hist_paths *hp, struct callchain_tree *tree,
			const struct hist_entry *he, const struct hp_threshold *th, bool walks)
{
	struct hp_build b = { .hp = hp, .tree = tree, .he = he, .th = th, .up = true };
	struct hp_item *roots = NULL;
	const struct hp_end *end;
	size_t nr = 0, alloc = 0;
	u32 n;
	int err = 0;

	for (n = he->first_leaf; n && !err; n = end->next_leaf) {
		end = hp_end_of(hp, n);
		if (hp_reserve((void **)&roots, &alloc, nr + 1, sizeof(*roots)))
			err = -ENOMEM;
		else
			hp_item__init_up(&roots[nr++], hp, n, end->hit, end->count);
		/* an occurrence's own samples that end in the entry are left out by the next loop */
		if (!err && walks && hp_e_call(hp, n) != he->index &&
		    hp_bit(hp->under_call, n))
			err = hp_build__leave_out(&b, n, end->hit, end->count);
	}
	/* in callee order the lists hold every occurrence */
	for (n = walks ? hp->call_head[he->index] : 0; n && !err; n = hp->next_call[n])
		err = hp_build__leave_out_below(&b, n);
	for (n = walks ? hp->call_head[he->index] : 0; n && !err; n = hp->next_call[n]) {
		if (hp_reserve((void **)&roots, &alloc, nr + 1, sizeof(*roots)))
			err = -ENOMEM;
		else
			nr += hp_item__init_occurrence(&roots[nr], &b, n);
	}
	if (!err && nr)
		err = hp_build__expand(&b, 0, roots, nr);
	free(roots);
	return err;
}
