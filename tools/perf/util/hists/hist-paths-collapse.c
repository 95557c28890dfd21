// SPDX-License-Identifier: GPL-2.0
/*
 * The collapse of the call-path trie (hist-paths.c builds it): one walk
 * that sums every entry's periods and marks which occurrences start a
 * graph, the children's cumulation, and the callers lists.  Separate from
 * the adds because it runs once per report, after them, on arrays of its
 * own.
 */
#include <errno.h>
#include <pthread.h>
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
 * order.  Once, a pass in index order, instead of a write to the previous
 * sibling (a cache miss apart) per new node; made by the first graph (8
 * bytes a node that a report printing no graph never holds: a fifth of
 * its memory on a profile of many programs).  0 or -ENOMEM.
 */
int hist_paths__links(struct hist_paths *hp)
{
	u32 n;

	if (hp->links)
		return 0;
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

/*
 * What the walk adds up per entry, by hist_entry.index: 32 bytes, where
 * an entry is 168 and the walk touches one or two per node.  A report
 * of many programs has half a million entries: these fit a cache, the
 * entries do not.  Copied into the entries after the walk.
 */
struct hp_sum {
	u64	period, period_children, nr_samples;
	u32	stamp;		/* the last path end that counted the entry as a caller */
	u32	max_depth;
};

struct hp_walker {
	struct hist_paths	*hp;
	struct hp_sum		*sum;
	u32			*path;		/* the current end's nodes, innermost first */
	/* the flags it sets: the trie's, or a second thread's own, merged after */
	u64			*outermost, *under_call;
	u32			from, to;	/* the path ends it walks */
	bool			children, caller_order;
};

/*
 * The path end @stamp (hp->ends[], its nodes in wk->path) gives its
 * samples to every distinct entry on it once: to its own entry (e_leaf)
 * their period and count, and with --children to each caller entry at
 * the outermost of its occurrences (HP_OUTERMOST, where a caller-order
 * graph's walk starts), and to e_leaf unless it is a caller above
 * (HP_ENDS_UNDER_CALL).  And the depths ties are ordered by (upstream's
 * callchain depth, see hists__depth: a path's leaf entry gets the path's
 * frames, a caller the frames from it to the end and one in caller
 * order, out to the context in callee order).
 */
static void hp_walk__end(const struct hp_walker *wk, u32 stamp, u32 depth)
{
	struct hist_paths *hp = wk->hp;
	const struct hp_end *end = &hp->ends[stamp];
	u32 x = end->node;
	struct hp_node *node = &hp->nodes[x];
	struct hp_sum *leaf, *e;
	u32 i;

	/* the callers strictly above, outermost (depth 1) first */
	for (i = depth; i-- > 1;) {
		u32 d = depth - i, e_call = hp_e_call(hp, wk->path[i]);

		if (!e_call)
			continue;
		e = &wk->sum[e_call];
		if (e->stamp != stamp) {
			e->stamp = stamp;
			hp_bit__set(wk->outermost, wk->path[i]);
			if (wk->children)
				e->period_children += end->hit;
		}
		if (wk->children) {
			d = wk->caller_order ? depth - d + 1 : d;
			if (d > e->max_depth)
				e->max_depth = d;
		}
	}
	leaf = &wk->sum[end->e_leaf];
	if (leaf->stamp == stamp)
		hp_bit__set(wk->under_call, x);
	leaf->period += end->hit;
	leaf->nr_samples += end->count;
	if (wk->children) {
		if (!hp_bit(wk->under_call, x))
			leaf->period_children += end->hit;
		if (depth > leaf->max_depth)
			leaf->max_depth = depth;
	}
	/*
	 * The end's node as a caller (of longer paths): not of its own
	 * samples, unless its frame is inline: an inline frame in place of
	 * the samples' ip is their caller too (callchain_cursor__leaf()), as
	 * upstream's.
	 */
	if (node->caller) {
		e = &wk->sum[hp_e_call(hp, x)];
		if (e->stamp != stamp) {
			e->stamp = stamp;
			hp_bit__set(wk->outermost, x);
			if (wk->children) {
				const struct symbol *sym = hp_node__frame(hp, x)->sym;

				if (sym && sym->inlined)
					e->period_children += end->hit;
			}
		}
	}
}

/* The path ends from wk->from to wk->to, each walked up to its context. */
static void hp_walk__range(struct hp_walker *wk)
{
	const struct hist_paths *hp = wk->hp;
	u32 i, n, depth;

	for (i = wk->from; i < wk->to; i++) {
		/* the sums of its entries asked for while the path is read */
		depth = 0;
		for (n = hp->ends[i].node; hp->nodes[n].parent; n = hp->nodes[n].parent) {
			wk->path[depth++] = n;
			__builtin_prefetch(&wk->sum[hp_e_call(hp, n)]);
		}
		hp_walk__end(wk, i, depth);
	}
}

static void *hp_walk__thread(void *arg)
{
	hp_walk__range(arg);
	return NULL;
}

static int hp_walker__init(struct hp_walker *wk, struct hist_paths *hp,
			   const struct hists *hists, bool own_flags)
{
	size_t words = hp->nr / 64 + 1;

	*wk = (struct hp_walker){ .hp = hp, .children = hists->children,
				  .caller_order = hists->caller_order,
				  .outermost = hp->outermost, .under_call = hp->under_call };
	wk->path = malloc((hp->max_depth + 1) * sizeof(*wk->path));
	wk->sum = calloc(hists->nr_entries + 1, sizeof(*wk->sum));
	if (own_flags) {
		wk->outermost = calloc(words, sizeof(*wk->outermost));
		wk->under_call = calloc(words, sizeof(*wk->under_call));
	}
	return wk->path && wk->sum && wk->outermost && wk->under_call ? 0 : -ENOMEM;
}

static void hp_walker__exit(struct hp_walker *wk)
{
	if (!wk->hp)
		return;
	free(wk->path);
	free(wk->sum);
	if (wk->outermost != wk->hp->outermost)
		free(wk->outermost);
	if (wk->under_call != wk->hp->under_call)
		free(wk->under_call);
}

/*
 * Below this many path ends a second thread saves nothing worth its start
 * (tens of microseconds); the unit tests' tries are just above it.
 */
#define HP_WALK_SPLIT	256

/*
 * What each sample did in the per-sample code, once per distinct path:
 * every distinct entry on the path gets its period once.  Path ends are
 * met in the order they were made, each walked up to its context: the tails of
 * different paths are apart, the shared parts a few nodes that stay in
 * the cache.  Sums and maxima, the same in any order; the flags depend
 * on a node's path alone.  So with a second thread (hists->nr_threads)
 * each walks half of the ends with sums and flags of its own, added up
 * after: the same figures and flags, in about half the time (the walk
 * was the longest step between the last add and the first graph).
 * 0 or -ENOMEM.
 */
static int hp_walk(struct hist_paths *hp, struct hists *hists)
{
	struct hp_walker wk[2];
	size_t nr_wk = 1, w, j;
	pthread_t tid;
	bool started = false;
	u32 n;
	int err = 0;

	/*
	 * Not where entries are nearly as many as ends (a profile of many
	 * programs): there a second thread's sums are megabytes that fit no
	 * cache, and the split measured no faster.
	 */
	if (hists->nr_threads > 1 && hp->nr_ends > HP_WALK_SPLIT &&
	    hists->nr_entries < hp->nr_ends / 8)
		nr_wk = 2;
	memset(wk, 0, sizeof(wk));
	for (w = 0; w < nr_wk && !err; w++)
		err = hp_walker__init(&wk[w], hp, hists, w > 0);
	if (err)
		goto out;
	wk[0].from = 1;
	wk[0].to = nr_wk > 1 ? (u32)(hp->nr_ends / 2) : (u32)hp->nr_ends;
	if (nr_wk > 1) {
		wk[1].from = wk[0].to;
		wk[1].to = hp->nr_ends;
		/* no thread to be had: the second half here, after the first */
		started = !pthread_create(&tid, NULL, hp_walk__thread, &wk[1]);
	}
	hp_walk__range(&wk[0]);
	if (nr_wk > 1) {
		if (started)
			pthread_join(tid, NULL);
		else
			hp_walk__range(&wk[1]);
		for (j = 0; j < hp->nr / 64 + 1; j++) {
			hp->outermost[j] |= wk[1].outermost[j];
			hp->under_call[j] |= wk[1].under_call[j];
		}
		for (n = 1; n <= hists->nr_entries; n++) {
			struct hp_sum *a = &wk[0].sum[n];
			const struct hp_sum *b = &wk[1].sum[n];

			a->period += b->period;
			a->period_children += b->period_children;
			a->nr_samples += b->nr_samples;
			if (b->max_depth > a->max_depth)
				a->max_depth = b->max_depth;
		}
	}
	/* from what no path holds (a sample without its chain counts for itself, at depth 0) */
	for (n = 1; n <= hists->nr_entries; n++) {
		struct hist_entry *e = hists->by_index[n];
		const struct hp_sum *sum = &wk[0].sum[n];

		e->period = e->period_ip_only + sum->period;
		e->period_children = hists->children ? e->period_ip_only + sum->period_children : 0;
		e->nr_samples = e->nr_ip_only + sum->nr_samples;
		e->max_depth = sum->max_depth;
	}
out:
	for (w = 0; w < nr_wk; w++)
		hp_walker__exit(&wk[w]);
	return err;
}

int hist_paths__collapse(struct hist_paths *hp, struct hists *hists)
{
	if (hp->collapsed)
		return 0;
	/* what only adds use goes first */
	free(hp->slots);
	hp->slots = NULL;
	hp->nr_slots = 0;
	/* the flags, from scratch */
	free(hp->outermost);
	free(hp->under_call);
	hp->outermost = calloc(hp->nr / 64 + 1, sizeof(*hp->outermost));
	hp->under_call = calloc(hp->nr / 64 + 1, sizeof(*hp->under_call));
	if (!hp->outermost || !hp->under_call)
		return -ENOMEM;
	/* the graphs' sums, made by the first graph (hp_cumul()) */
	free(hp->cumul);
	free(hp->call_head);
	free(hp->next_call);
	free(hp->node_scratch);
	if (hp->sweeper)
		hp_sweeper__free_sums(hp->sweeper);
	hp->node_scratch = NULL;
	hp->cumul = NULL;
	hp->call_head = NULL;
	hp->next_call = NULL;
	/* the child lists, made by the first graph */
	free(hp->links);
	hp->links = NULL;
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
	hp->cumul = calloc(hp->nr, sizeof(*hp->cumul));
	if (!hp->cumul)
		return -ENOMEM;
	for (n = 1; n < hp->nr_ends; n++)
		hp->cumul[hp->ends[n].node] = (struct hp_cumul){
			.hit = hp->ends[n].hit, .count = hp->ends[n].count, .end = n,
		};
	/* a child is made after its parent: sum from the last node back */
	for (n = hp->nr - 1; n > 0; n--) {
		struct hp_cumul *p = &hp->cumul[hp->nodes[n].parent];

		p->hit += hp->cumul[n].hit;
		p->count += hp->cumul[n].count;
	}
	return 0;
}

/*
 * Append node @n to its entry's occurrences (@tail: each entry's last).
 * Caller-order graphs start walks at the outermost ones only: the others
 * (most, in a recursive profile) are left out of the lists they would
 * only be skipped in.
 */
static void hp_calls__append(struct hist_paths *hp, u32 *tail, u32 n)
{
	u32 e;

	if (hp->caller && !hp_bit(hp->outermost, n))
		return;
	e = hp_e_call(hp, n);

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
		if (hp->nodes[n].caller && !(late[n / 8] & (1u << (n % 8))))
			hp_calls__append(hp, tail, n);
	}
	for (; i < hp->nr_late; i++)
		hp_calls__append(hp, tail, hp->late[i].node);
	free(late);
	free(tail);
	return 0;
}
