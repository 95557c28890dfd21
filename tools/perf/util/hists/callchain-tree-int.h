/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of a callchain_tree, shared by the builder (callchain-tree.c)
 * the printers (callchain-tree-print.c) and the report's graph builder
 * (hist-paths.c).  Nobody else includes this.
 *
 * The tree is a trie with one node per frame.  Upstream perf stores the
 * same paths as a radix tree whose nodes hold runs of frames, split where
 * paths branch or end; printing reproduces those runs: a run goes on while
 * no path ends at a node and the node has exactly one child.  Nodes live
 * in one array (indexes, not pointers, so it can grow by realloc); node 0
 * is the root and holds no frame.
 */
#ifndef __PERF_CALLCHAIN_TREE_INT_H
#define __PERF_CALLCHAIN_TREE_INT_H

#include "util/hists/callchain-tree.h"

struct cc_node {
	const struct dso	*dso;
	const struct symbol	*sym;	/* NULL: [unknown], printed as ip */
	u64			key;	/* what frames merge by: sym->start or ip */
	u64			ip;
	const char		*srcline;	/* -g ...,address: the frame's line; NULL: none */
	u64			hit;	/* period of the paths that end here */
	u64			cumul;	/* hit + all below; valid after cc_tree__sum() */
	u32			count;	/* samples that end here */
	u32			cumul_count;
	u32			parent;
	u32			first_child;	/* 0: none (the root is nobody's child) */
	u32			last_child;
	u32			next_sibling;
	u32			nr_children;
};

/* The last path added, frame by frame: the next one usually shares a prefix. */
struct cc_path_cache {
	u32			*node;	/* node[i]: the node of the path's frame i */
	size_t			nr;
	size_t			alloc;
};

struct callchain_tree {
	struct cc_node		*nodes;
	u32			nr;
	u32			alloc;
	u32			*slots;		/* open addressing, node indexes; 0: empty */
	u32			nr_slots;	/* power of two */
	enum callchain_order	order;
	enum callchain_key	key;
	bool			summed;		/* cumul fields up to date */
	struct cc_path_cache	last;
};

/*
 * The child of @parent for frame @f, made if new (what adding a path does
 * per frame; hist-paths.c builds report graphs with it).  0 or -ENOMEM.
 */
int cc_tree__child(struct callchain_tree *tree, u32 parent, const struct callchain_frame *f,
		   u32 *child);

/* Fill the cumul fields (once after the last add; adds only touch the ends). */
void cc_tree__sum(struct callchain_tree *tree);

/*
 * Children of @node that pass @keep, sorted as upstream prints them
 * (heaviest first by @by_hit ? hit : cumul; equal ones in insertion order).
 * Returns a malloc'ed array of *@nr indexes, or NULL (*@nr 0 or -ENOMEM).
 */
u32 *cc_tree__sorted_children(const struct callchain_tree *tree, u32 node, u64 min_cumul,
			      size_t *nr);

#endif
