// SPDX-License-Identifier: GPL-2.0
/*
 * The collapse of the call-path trie (hist-paths.c builds it): one walk
 * that sums every entry's periods and marks which occurrences start a
 * graph, the children's cumulation, and the callers lists.  Separate from
 * the adds because it runs once per report, after them, on arrays of its
 * own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/hists/hist-paths-int.h"
#include "util/symbols/symbol.h"

/*
 * Every node's children, in the order they were made, as the per-entry
 * trees kept them: a child's index is above its parent's and above its
 * older siblings', so prepending from the last node back lists them in
 * order.  Once per collapse, a pass in index order, instead of a write
 * to the previous sibling (a cache miss apart) per new node; and in an
 * array of their own, made after the adds' lookup table is freed, so
 * that the two are never held together.  0 or -ENOMEM.
 */
static int hp_link_children(struct hist_paths *hp)
{
	u32 n;

	free(hp->links);
	hp->links = calloc(hp->nr, sizeof(*hp->links));
	if (!hp->links)
		return -ENOMEM;
	for (n = hp->nr - 1; n > 0; n--) {
		struct hp_links *p = &hp->links[hp->nodes[n].parent];

		hp->links[n].next_sibling = p->first_child;
		p->first_child = n;
	}
	return 0;
}

/* A node on the collapse's walk: what its subtree sums to so far. */
struct hp_walk {
	u32	node;
	u32	next;		/* its next child to visit */
	u32	below;		/* the deepest path end strictly below it */
	u64	cumul;		/* hit + all below */
};

/*
 * What the walk adds up per entry, by hist_entry.index: 32 bytes, where
 * an entry is 200 and the walk touches one or two per node.  A report
 * of many programs has half a million entries: these fit a cache, the
 * entries do not.  Copied into the entries after the walk.
 */
struct hp_sum {
	u64	period, period_children, nr_samples;
	u32	on_path;	/* occurrences above the node the walk is at */
	u32	max_depth;
};

struct hp_walker {
	struct hist_paths	*hp;
	struct hp_sum		*sum;
	bool			children, caller_order;
};

/*
 * Entering node @n at @depth (contexts 0): which of its occurrences
 * start a caller-order graph's walk (HP_OUTERMOST: its entry is not on
 * the path above), and whether the paths ending at it are under an
 * occurrence of their own entry (HP_ENDS_UNDER_CALL).
 */
#define HP_WALK_AHEAD 16

static void hp_walk__enter(const struct hp_walker *wk, u32 n, u32 depth)
{
	struct hist_paths *hp = wk->hp;
	struct hp_node *node = &hp->nodes[n];

	/*
	 * The walk meets nodes about in the order they were made (a path's
	 * new nodes are made in a row), the sums of their entries at random
	 * in a table of megabytes: those of a node a little ahead are asked
	 * for now (a guess; a wrong one costs a fetch).
	 */
	if (n + HP_WALK_AHEAD < hp->nr) {
		const struct hp_node *ahead = &hp->nodes[n + HP_WALK_AHEAD];

		__builtin_prefetch(&wk->sum[ahead->e_call]);
		__builtin_prefetch(&hp->ends[ahead->end & HP_END_MASK]);
	}
	node->end &= HP_END_MASK;
	if (!depth)
		return;
	if (node->end && wk->sum[hp->ends[node->end].e_leaf].on_path)
		node->end |= HP_ENDS_UNDER_CALL;
	if (node->e_call && !wk->sum[node->e_call].on_path++)
		node->end |= HP_OUTERMOST;
}

/*
 * Leaving node @w->node at @depth, its subtree summed: the periods it
 * gives its entries and their depths (upstream's callchain depth, see
 * hists__depth: a path's leaf entry gets the path's frames, a caller the
 * frames from it to the deepest end below and one in caller order, out
 * to the context in callee order).  Returns the deepest end in its
 * subtree, for its parent.
 */
static u32 hp_walk__leave(const struct hp_walker *wk, const struct hp_walk *w, u32 depth)
{
	struct hist_paths *hp = wk->hp;
	const struct hp_node *node = &hp->nodes[w->node];
	const struct hp_end *end = hp_end(hp, w->node);
	struct hp_sum *e = node->e_call && depth ? &wk->sum[node->e_call] : NULL;
	u32 deepest = w->below;

	if (end->count) {
		struct hp_sum *he = &wk->sum[end->e_leaf];

		he->period += end->hit;
		he->nr_samples += end->count;
		if (wk->children) {
			if (!(node->end & HP_ENDS_UNDER_CALL))
				he->period_children += end->hit;
			if (depth > he->max_depth)
				he->max_depth = depth;
		}
		if (depth > deepest)
			deepest = depth;
	}
	if (e) {
		if (wk->children && (node->end & HP_OUTERMOST)) {
			u64 own = end->hit;

			/*
			 * an inline frame in place of the samples' ip is their
			 * caller too (callchain_cursor__leaf()), as upstream's;
			 * its frame and symbol (two cache misses a node on the
			 * random-chain file) only read where samples end
			 */
			if (own) {
				const struct symbol *sym = hp_node__frame(hp, w->node)->sym;

				if (sym && sym->inlined)
					own = 0;
			}
			e->period_children += w->cumul - own;
		}
		if (wk->children && w->below) {
			u32 d = wk->caller_order ? w->below - depth + 1 : depth;

			if (d > e->max_depth)
				e->max_depth = d;
		}
		e->on_path--;
	}
	return deepest;
}

/*
 * One pre-order walk of the trie does what each sample did in the
 * per-sample code: every distinct entry on its path gets the period
 * once.  A path holds an entry as a caller below the outermost of its
 * occurrences, where every path strictly below counts (the subtree's
 * sum, kept on the walk's stack, not per node); and as its leaf's own,
 * counted there unless it is also a caller above.  0 or -ENOMEM.
 */
static int hp_walk(struct hist_paths *hp, struct hists *hists)
{
	struct hp_walker wk = { .hp = hp, .children = hists->children,
				.caller_order = hists->caller_order };
	struct hp_walk *stack = malloc((hp->max_depth + 2) * sizeof(*stack));
	u32 sp = 0, n;

	wk.sum = calloc(hists->nr_entries + 1, sizeof(*wk.sum));
	if (!stack || !wk.sum) {
		free(stack);
		free(wk.sum);
		return -ENOMEM;
	}
	for (n = hp->links[0].first_child; n; n = hp->links[n].next_sibling) {
		/* a context, then its subtree */
		hp_walk__enter(&wk, n, 0);
		stack[sp++] = (struct hp_walk){ .node = n, .next = hp->links[n].first_child,
						.cumul = hp_end(hp, n)->hit };
		while (sp) {
			struct hp_walk *w = &stack[sp - 1];
			u32 c = w->next, deepest;

			if (c) {
				w->next = hp->links[c].next_sibling;
				hp_walk__enter(&wk, c, sp);
				stack[sp++] = (struct hp_walk){ .node = c,
								.next = hp->links[c].first_child,
								.cumul = hp_end(hp, c)->hit };
				continue;
			}
			deepest = hp_walk__leave(&wk, w, sp - 1);
			if (--sp) {
				stack[sp - 1].cumul += w->cumul;
				if (deepest > stack[sp - 1].below)
					stack[sp - 1].below = deepest;
			}
		}
	}
	/* from what no path holds (a sample without its chain counts for itself, at depth 0) */
	for (n = 1; n <= hists->nr_entries; n++) {
		struct hist_entry *e = hists->by_index[n];
		const struct hp_sum *sum = &wk.sum[n];

		e->period = e->period_ip_only + sum->period;
		e->period_children = hists->children ? e->period_ip_only + sum->period_children : 0;
		e->nr_samples = e->nr_ip_only + sum->nr_samples;
		e->max_depth = sum->max_depth;
	}
	free(wk.sum);
	free(stack);
	return 0;
}

int hist_paths__collapse(struct hist_paths *hp, struct hists *hists)
{
	if (hp->collapsed)
		return 0;
	/* what only adds use goes first */
	free(hp->slots);
	hp->slots = NULL;
	hp->nr_slots = 0;
	/* the graphs' sums, made by the first graph (hp_cumul()) */
	free(hp->cumul);
	free(hp->cumul_count);
	free(hp->call_head);
	free(hp->next_call);
	free(hp->node_scratch);
	hp->node_scratch = NULL;
	hp->cumul = NULL;
	hp->cumul_count = NULL;
	hp->call_head = NULL;
	hp->next_call = NULL;
	if (hp_link_children(hp))
		return -ENOMEM;
	/* again after more samples: from scratch */
	if (hp_walk(hp, hists))
		return -ENOMEM;
	hp->collapsed = true;
	return 0;
}

int hist_paths__cumul(struct hist_paths *hp)
{
	u32 n;

	if (hp->cumul)
		return 0;
	hp->cumul = malloc((size_t)hp->nr * sizeof(*hp->cumul));
	hp->cumul_count = malloc((size_t)hp->nr * sizeof(*hp->cumul_count));
	if (!hp->cumul || !hp->cumul_count) {
		free(hp->cumul);
		free(hp->cumul_count);
		hp->cumul = NULL;
		hp->cumul_count = NULL;
		return -ENOMEM;
	}
	/* a child is made after its parent: sum from the last node back */
	for (n = 0; n < hp->nr; n++) {
		hp->cumul[n] = hp_end(hp, n)->hit;
		hp->cumul_count[n] = hp_end(hp, n)->count;
	}
	for (n = hp->nr - 1; n > 0; n--) {
		u32 p = hp->nodes[n].parent;

		hp->cumul[p] += hp->cumul[n];
		hp->cumul_count[p] += hp->cumul_count[n];
	}
	return 0;
}

/* Append node @n to its entry's occurrences (@tail: each entry's last). */
static void hp_calls__append(struct hist_paths *hp, u32 *tail, u32 n)
{
	u32 e = hp->nodes[n].e_call;

	if (tail[e])
		hp->next_call[tail[e]] = n;
	else
		hp->call_head[e] = n;
	tail[e] = n;
}

int hist_paths__calls(struct hist_paths *hp, const struct hists *hists)
{
	u32 *tail, n;
	u8 *late;
	size_t i = 0;

	if (hp->call_head)
		return 0;
	late = calloc(hp->nr / 8 + 1, 1);
	tail = calloc(hists->nr_entries + 1, sizeof(*tail));
	hp->call_head = calloc(hists->nr_entries + 1, sizeof(*hp->call_head));
	hp->next_call = calloc(hp->nr, sizeof(*hp->next_call));
	if (!late || !tail || !hp->call_head || !hp->next_call) {
		free(late);
		free(tail);
		free(hp->call_head);
		free(hp->next_call);
		hp->call_head = NULL;
		hp->next_call = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < hp->nr_late; i++)
		late[hp->late[i].node / 8] |= 1u << (hp->late[i].node % 8);
	/* index order, a late one before the nodes its sample made */
	for (i = 0, n = 1; n < hp->nr; n++) {
		for (; i < hp->nr_late && hp->late[i].base <= n; i++)
			hp_calls__append(hp, tail, hp->late[i].node);
		if (hp->nodes[n].e_call && !(late[n / 8] & (1u << (n % 8))))
			hp_calls__append(hp, tail, n);
	}
	for (; i < hp->nr_late; i++)
		hp_calls__append(hp, tail, hp->late[i].node);
	free(late);
	free(tail);
	return 0;
}
