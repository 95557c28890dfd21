/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of struct hist_paths, shared by the trie (hist-paths.c) and
 * the graph builder (hist-paths-graph.c).  Nobody else includes this.
 */
#ifndef __PERF_HIST_PATHS_INT_H
#define __PERF_HIST_PATHS_INT_H

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "util/hists/hist-paths.h"
#include "util/hists/callchain-tree-int.h"
#include "util/symbols/symbol.h"

/*
 * A distinct frame: what paths merge by (the DSO and the function's
 * start, or the address when unknown or asked for).  Nodes refer to
 * frames by index: a few thousand frames, a million nodes.
 */
struct hp_frame {
	struct dso		*dso;
	const struct symbol	*sym;
	u64			ip;		/* the first address seen */
	const char		*srcline;	/* and its line (-g ...,address) */
	u64			key;		/* hp_key(): compared without the symbol */
};

/*
 * A frame's caller entry (hist_paths.frame_call[], by frame; apart from
 * struct hp_frame so that the adds' and the collapse's reads per node
 * stay in 8 bytes a frame, not 40).  A caller's entry follows from its
 * frame and the context (the comm and thread as far as the sort keys
 * tell them apart), so a new trie node skips the entries' hash lookup
 * when the last node of its frame had the same context.
 */
struct hp_frame_call {
	u32			e_call;		/* hist_entry.index, 0 none yet */
	u32			ctx;		/* the context node it was looked up under */
};

/*
 * A trie node: 8 bytes, the unit of a report's memory (one per frame of
 * every distinct path: 10M on a profile of many programs).  Its caller
 * entry is not in it: that entry follows from the frame and the context
 * (struct hp_frame), so while every frame has had one caller entry it is
 * the frame's (hist_paths.frame_call), and only a report where a frame
 * has several (--sort pid, cpu...) keeps one per node (node_call).  Nor
 * is the end of the samples that end at it: ends are one per distinct
 * path where nodes are ten or more, so a node's end is found by hash
 * (hist_paths.end_slots, hp_end()), and the collapse's two flags are
 * bitmaps by node.  What only graph builds
 * note on a node is in a per-build table (hp_scratch), and the child
 * lists (hp_links) are linked by the first graph, when they are first
 * walked: adds look children up by hash, not by list.
 */
struct hp_node {
	u32			frame : 31;	/* contexts: 0 */
	u32			caller : 1;	/* has a caller entry: hp_e_call() */
	u32			parent;
};

/*
 * A node that got its caller entry after it was made (it ended paths
 * before one went through it), and the node count of the sample that
 * gave it: an entry's occurrences are listed in the order they got it
 * (the graphs' ties follow it), and all others got it as they were
 * made, in index order, after those of earlier samples.
 */
struct hp_late {
	u32			node;
	u32			base;	/* its sample's first new node, or hp->nr then */
};

/* A node's children, in the order they were made (after collapse). */
struct hp_links {
	u32			first_child, next_sibling;
};

/* The samples that end at a node, and the entry they are of. */
struct hp_end {
	u64			hit;		/* their period */
	u32			count;		/* how many */
	u32			e_leaf;		/* hist_entry.index of their own function */
	u32			next_leaf;	/* node: e_leaf's next one ending its samples */
	u32			node;		/* where they end */
};

/*
 * hist_paths.node_end[], by node after collapse: low bits the index in
 * hist_paths.ends (0: no sample ends here), the top two the flags below.
 */

/* e_call does not occur above it: a --children graph's walk starts here */
#define HP_OUTERMOST		(1u << 31)
/* it ends samples in e_leaf, and e_leaf occurs above it as a caller */
#define HP_ENDS_UNDER_CALL	(1u << 30)
#define HP_END_MASK		(HP_ENDS_UNDER_CALL - 1)

/*
 * A node's subtree sums, and its end: a graph build reads the three
 * together, one cache line (its end by hash was two more misses an item).
 */
struct hp_cumul {
	u64			hit;		/* of the samples at it and below */
	u32			count;
	u32			end;		/* index in hist_paths.ends, 0: none */
};

/* What one graph build notes on a trie node (few nodes per build). */
struct hp_scratch {
	union {
		u64		excl;		/* weight below it the graph must leave out */
		u32		out;		/* walks: the graph node made for it */
	};
	u64			whole;		/* of the paths ending in the entry, below it */
	u32			excl_count, whole_count;
	u32			node;		/* whose */
	u32			first;		/* the first of the entry's ends below (hp->ends index) */
};

/* A node's scratch in this build: open addressing by node (0: empty). */
struct hp_scratch_slot {
	u32			node;
	u32			scratch;	/* index in hist_paths.scratch */
};

/* A node's sums in a graph build that sweeps the trie (hp_build__sweep()). */
struct hp_sweep {
	u64			whole;		/* of the paths ending in the entry, below it */
	u32			whole_count;
	u32			first;		/* the first of those ends (hp->ends index) */
};

struct hp_excl {
	u64			hit;		/* weight below it the graph must leave out */
	u32			count;
};

/*
 * The sums by node of builds that sweep, the trie's and its readers':
 * 32 bytes a node, so one build at a time has them (a second thread's
 * own took a 500 MB file's report from 235 to 304 MB).  The arrays are
 * kept for the next sweep and freed by collapse.
 */
struct hp_sweeper {
	pthread_mutex_t		lock;		/* held for a whole build that sweeps */
	struct hp_sweep		*sums;
	struct hp_excl		*excl;
};

/* The sweeper's sums go (collapse, delete); the next sweep makes them again. */
static inline void hp_sweeper__free_sums(struct hp_sweeper *sw)
{
	free(sw->sums);
	free(sw->excl);
	sw->sums = NULL;
	sw->excl = NULL;
}

struct hp_context {
	const char		*comm;		/* NULL when the sort keys ignore it */
	struct thread		*thread;	/* likewise */
	s32			cpu;		/* likewise (--sort cpu; else -1) */
	const struct symbol	*parent;	/* likewise (--sort parent) */
	u32			node;
};

/*
 * A slot of hist_paths.slots, the lookup table: a trie node (0: empty)
 * and the hash of its path (see hp_path_hash()), whose low bits are
 * where its probe starts; only a slot whose hash matches costs a look at
 * the node.  Only nodes not made right after their parent are in it:
 * the first child made right after its parent is found by looking at
 * the next node (hp_child()).  A path new from some level on makes its
 * nodes in a row, so on a profile of many programs one node in fifteen
 * is in the table (at 4 bytes a node in it, the table was a fifth of
 * the report's memory there).
 */
struct hp_slot {
	u32			node;
	u32			hash;
};

/* One level of a sample's path, outermost first. */
struct hp_step {
	u32			frame;
	u32			hash;
	u32			node;
};

struct hp_steps {
	struct hp_step		*v;
	size_t			nr, alloc;
};

struct hist_paths {
	struct hp_node		*nodes;
	u32			nr, alloc;
	struct hp_links		*links;		/* by node, made by the first graph */
	struct hp_end		*ends;		/* [0]: none, all zero */
	size_t			nr_ends, alloc_ends;
	/* open addressing by node of the ends' indexes (0: empty), at most half full */
	u32			*end_slots;
	u32			nr_end_slots;	/* a power of two, or 0 */
	/*
	 * Bitmaps by node, made by collapse.  outermost: its caller entry
	 * does not occur above it (a --children graph's walk starts there);
	 * under_call: it ends samples of an entry that occurs above it as a
	 * caller.
	 */
	u64			*outermost, *under_call;
	/*
	 * Only while paths are added (freed by collapse, remade by the next
	 * add): the lookup table, at most 3/4 full.
	 */
	struct hp_slot		*slots;		/* see above */
	u32			nr_slots;	/* a power of two; 0: not made */
	u32			nr_slotted;	/* nodes in it */
	/*
	 * After collapse, made by the first graph (hist_paths__cumul()), by
	 * node: hit + all below, the samples, and the node's end.  A report
	 * that prints no graph never has them.
	 */
	struct hp_cumul		*cumul;
	/*
	 * Likewise, each entry's occurrences as a caller (in caller order
	 * only the outermost, where walks start), in the order they got it:
	 * listed by the first graph, not linked as they come (a write a
	 * cache miss away per new node).
	 */
	u32			*call_head;	/* by hist_entry.index */
	u32			*next_call;	/* by node */
	struct hp_late		*late;
	size_t			nr_late, alloc_late;
	struct hp_frame		*frames;	/* [0]: none (contexts) */
	size_t			nr_frames, alloc_frames;
	/* by frame: the entry of its caller nodes */
	struct hp_frame_call	*frame_call;
	size_t			alloc_frame_call;
	/*
	 * By node, allocated as nodes: the caller entries, once a frame's
	 * nodes differ in theirs (a new one unlike its frame's); NULL until
	 * then, when frame_call tells every node's.
	 */
	u32			*node_call;
	u32			*frame_slots;	/* open addressing: frame indexes */
	size_t			nr_frame_slots;
	struct hp_context	*ctx;
	size_t			nr_ctx, alloc_ctx, last_ctx;
	/* this sample's path and the previous one's (under last_ctx_node) */
	struct hp_steps		path, last;
	u32			last_ctx_node;
	u32			*stack;		/* scratch for graph builds */
	size_t			alloc_stack;
	size_t			max_depth;	/* frames of the longest path */
	enum callchain_key	key;
	bool			caller;		/* graphs outermost caller first */
	bool			collapsed;
	bool			reader;		/* hist_paths__reader_new()'s: the trie is not its own */
	struct hp_scratch	*scratch;	/* this build's */
	size_t			nr_scratch, alloc_scratch;
	struct hp_scratch_slot	*scratch_slots;	/* which node has which, this build */
	size_t			nr_scratch_slots;	/* a power of two, or 0 */
	/*
	 * Instead, once a build noted HP_SCRATCH_DENSE nodes (a graph of a
	 * function most paths go through): by node, the scratch's index + 1,
	 * 0 none; cleared by the nodes noted, freed by collapse.
	 */
	u32			*node_scratch;
	/* builds sweep when an entry's samples times this reach nr */
	u32			sweep_depth;
	/* for builds that sweep (hp_build__sweep()), one at a time; shared with readers */
	struct hp_sweeper	*sweeper;
};

/* Fill hp->links if not yet.  0 or -ENOMEM. */
int hist_paths__links(struct hist_paths *hp);
/* What graphs read besides the trie (links, cumul, calls), if not yet.  0 or -ENOMEM. */
int hist_paths__graph_prepare(struct hist_paths *hp, const struct hists *hists);
/* hp->sweeper, made if not yet (not while a reader exists).  0 or -ENOMEM. */
int hist_paths__sweeper(struct hist_paths *hp);
/* Fill hp->cumul if not yet.  0 or -ENOMEM. */
int hist_paths__cumul(struct hist_paths *hp);
/* Fill hp->call_head and hp->next_call if not yet.  0 or -ENOMEM. */
int hist_paths__calls(struct hist_paths *hp, const struct hists *hists);

static inline int hp_reserve(void **p, size_t *alloc, size_t nr, size_t size)
{
	size_t n = *alloc ? *alloc : 16;
	void *q;

	if (nr <= *alloc)
		return 0;
	while (n < nr)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*alloc = n;
	return 0;
}

static inline /* What frames merge by: the function (its start), the address when unknown or asked. */
u64 hp_key(const struct hist_paths *hp, const struct symbol *sym, u64 ip)
{
	return hp->key == CALLCHAIN_KEY_FUNCTION && sym ? symbol__graph_key(sym) : ip;
}

/* The slot of the end at node @n in hp->end_slots, or the empty one it goes in. */
static inline u32 *hp_end_slot(const struct hist_paths *hp, u32 n)
{
	u32 mask = hp->nr_end_slots - 1, i = (n * 0x9e3779b1u) & mask;

	for (;; i = (i + 1) & mask) {
		u32 *s = &hp->end_slots[i];

		if (!*s || hp->ends[*s].node == n)
			return s;
	}
}

/* The samples that end at node @n (all zero when none do). */
static inline const struct hp_end *hp_end(const struct hist_paths *hp, u32 n)
{
	return &hp->ends[*hp_end_slot(hp, n)];
}

static inline bool hp_bit(const u64 *map, u32 n)
{
	return map[n / 64] >> (n % 64) & 1;
}

static inline void hp_bit__set(u64 *map, u32 n)
{
	map[n / 64] |= 1ull << (n % 64);
}

/* Node @n's entry (hist_entry.index) as a caller; 0: none. */
static inline u32 hp_e_call(const struct hist_paths *hp, u32 n)
{
	const struct hp_node *node = &hp->nodes[n];

	if (!node->caller)
		return 0;
	return hp->node_call ? hp->node_call[n] : hp->frame_call[node->frame].e_call;
}

static inline const struct hp_frame *hp_node__frame(const struct hist_paths *hp, u32 n)
{
	return &hp->frames[hp->nodes[n].frame];
}

/* ---- graph builds: hist-paths-graph.c, hist-paths-prune.c ---- */

/*
 * The samples that end at node @n (all zero when none do).  Graph builds
 * find a node's end with its sums (struct hp_cumul), made before any.
 */
static inline const struct hp_end *hp_end_of(const struct hist_paths *hp, u32 n)
{
	return &hp->ends[hp->cumul[n].end];
}

/*
 * Which samples below a caller occurrence @a belong to the graph of entry
 * @he (hist_entry.index) there.
 * Upstream gives a sample to an entry once, at the first of its
 * occurrences met walking the path in the graph's order: the outermost in
 * caller order (its walk takes the whole subtree, deeper occurrences
 * included), the innermost in callee order (a deeper occurrence takes its
 * own subtree).  Paths that end in @he itself are in the graph whole, not
 * in a walk; a deeper occurrence's own samples, where it is the leaf and
 * not a caller, stay with @a.
 */
static inline bool hp_walk__takes(const struct hist_paths *hp, u32 he, u32 d)
{
	return hp_end_of(hp, d)->count && hp_end_of(hp, d)->e_leaf != he;
}

/* A child of graph node @parent for trie node @n's frame, made if new, into *@child. */
int hp_tree__child(const struct hist_paths *hp, struct callchain_tree *tree, u32 parent,
		   u32 n, u32 *child);
void hp_tree__hit(struct callchain_tree *tree, u32 n, u64 hit, u32 count);
/* Node @n's scratch in this build; NULL if it has none. */
struct hp_scratch *hp_scratch__find(const struct hist_paths *hp, u32 n);
/* Node @n's scratch in this build, made zeroed if new; NULL on -ENOMEM. */
struct hp_scratch *hp_scratch__get(struct hist_paths *hp, u32 n);
/*
 * Where a pruned graph build hides a branch (it becomes one leaf of its
 * weight): under a share of the report's total (graph, flat, folded), or
 * in fractal mode under a share of its parent's children, as the printer
 * hides them (callchain-tree-print.c).
 */
struct hp_threshold {
	u64			min;		/* not fractal */
	double			min_percent;	/* fractal */
	bool			fractal;
};

/*
 * @he's graph into @tree, branches under @th hidden: caller order, or
 * callee order (up); with the walks from its occurrences as a caller if
 * @walks (--children).  0 or -ENOMEM.
 */
int hp_graph__pruned(struct hist_paths *hp, struct callchain_tree *tree,
		     const struct hist_entry *he, const struct hp_threshold *th, bool walks);
int hp_graph__up_pruned(struct hist_paths *hp, struct callchain_tree *tree,
			const struct hist_entry *he, const struct hp_threshold *th, bool walks);

#endif
