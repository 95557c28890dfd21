/* SPDX-License-Identifier: GPL-2.0 */
/* The inside of a flame graph, shared by flamegraph.c and flamegraph-html.c. */
#ifndef __PERF_FLAMEGRAPH_INT_H
#define __PERF_FLAMEGRAPH_INT_H

#include "script/flamegraph.h"

struct fg_node {
	u64	self;		/* samples whose path ends here */
	u64	total;		/* self + all below; valid after fg__sum() */
	u32	parent;
	u32	name;		/* in fg->names */
	u32	first_child;
	u32	next_sibling;
	bool	kernel;
};

struct fg_names {
	char	**str;		/* str[0]: the root's, not owned */
	u32	nr, alloc;
	u32	*slots;		/* open addressing by string hash; 0: empty */
	u32	nr_slots;
};

struct flamegraph {
	struct fg_node	*nodes;		/* node 0: the root */
	u32		nr_nodes, nodes_alloc;
	u32		*slots;		/* (parent, name) -> node; 0: empty */
	u32		nr_slots;
	struct fg_names	names;
	bool		summed;
};

void fg__sum(struct flamegraph *fg);
/* Children of @n sorted by name (malloc'ed, *@nr of them; NULL if none). */
u32 *fg__children(const struct flamegraph *fg, u32 n, size_t *nr);
void fg__json_string(FILE *fp, const char *s);

#endif
