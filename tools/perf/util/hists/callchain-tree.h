/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Call graphs for perf report: the call paths of one histogram entry
 * merged into a tree (a path is stored once, with the sum of the periods
 * that took it), then printed the way upstream perf's --stdio prints them
 * (graph, folded, flat, fractal) or walked (flame graphs).
 *
 * Memory grows with the number of distinct call paths, never with the
 * number of samples: adding a path that is already in the tree only adds
 * to counters.
 */
#ifndef __PERF_CALLCHAIN_TREE_H
#define __PERF_CALLCHAIN_TREE_H

#include <linux/types.h>
#include <stdbool.h>
#include <stdio.h>
#include "util/model/callchain.h"

enum callchain_mode {
	CALLCHAIN_NONE,			/* -g none: no call graphs printed */
	CALLCHAIN_GRAPH,		/* upstream's default */
	CALLCHAIN_FRACTAL,
	CALLCHAIN_FLAT,
	CALLCHAIN_FOLDED,
};

enum callchain_order {
	CALLCHAIN_ORDER_CALLEE,		/* from the sampled function to its callers */
	CALLCHAIN_ORDER_CALLER,		/* from the outermost caller down */
};

enum callchain_key {
	CALLCHAIN_KEY_FUNCTION,		/* frames merge by symbol (by address if unknown) */
	CALLCHAIN_KEY_ADDRESS,		/* frames merge by address */
};

/*
 * The report's -g/--call-graph setting:
 * "<mode>[,<threshold>[,<print_limit>][,<order>[,<key>[,<branch>[,<value>]]]]]"
 * as upstream parses it ("graph,0.5,caller,function,percent"), plus the
 * standalone words (-g caller, -g folded...).
 */
struct callchain_param {
	enum callchain_mode	mode;
	double			min_percent;	/* threshold, percent */
	u32			print_limit;	/* 0: no limit */
	enum callchain_order	order;
	bool			order_set;	/* given by the user (else the report picks) */
	enum callchain_key	key;
	bool			value_count;	/* "count" rather than "percent" */
	bool			value_period;	/* "period" */
	bool			branch;		/* "branch": accepted, as upstream without LBR */
	/*
	 * Set by the report: the sort keys start with "sym" (--sort sym...),
	 * so a lone root's first frame, the entry's own symbol, is not
	 * printed twice (upstream's rule).
	 */
	bool			sort_by_sym;
	const char		*field_sep;	/* -t: folded separator; NULL: ";" */
};

/* Upstream's default: graph,0.5,caller,function,percent (order not set). */
void callchain_param__init(struct callchain_param *param);

/*
 * The order to use when the user gave none (param->order_set false):
 * callers first with --children, callees first without (upstream's rule).
 * The report sets param->order to this before creating trees.
 */
enum callchain_order callchain_param__default_order(const struct callchain_param *param,
						    bool children);

/*
 * Parse @arg into @param (on top of what it holds); NULL: a bare -g,
 * upstream's default string "graph,0.5,caller,function,percent" (which
 * does set the order).  "none" sets mode CALLCHAIN_NONE.
 * 0 or -EINVAL with a one-line message (-ENOMEM).
 */
int callchain_param__parse(struct callchain_param *param, const char *arg);

struct callchain_tree;

struct callchain_tree *callchain_tree__new(const struct callchain_param *param);
void callchain_tree__delete(struct callchain_tree *tree);

/*
 * Add what one sample contributes to the graph of the histogram entry
 * that sits at @cursor->frames[@pos] (0: the sample's own entry, the only
 * one without --children; with --children the callers' entries get
 * pos > 0).  Which part of the path is stored, and in which direction,
 * follows the param's order and upstream's --children rules.
 * Returns 0 or -ENOMEM.
 */
int callchain_tree__add_sample(struct callchain_tree *tree, const struct callchain_cursor *cursor,
			       size_t pos, u64 period);

/*
 * Print the graph under an entry line, upstream's --stdio layout.
 * @entry_period: the entry's period (children or self, as the report
 * shows); @total_period: the report's total, for absolute percentages.
 * Returns the number of lines printed.
 */
size_t callchain_tree__fprintf(FILE *fp, const struct callchain_tree *tree, u64 entry_period,
			       u64 total_period, const struct callchain_param *param);
/* The same, its threshold (param->min_percent) a percentage of @min_total. */
size_t callchain_tree__fprintf_min(FILE *fp, const struct callchain_tree *tree,
				   u64 entry_period, u64 total_period, u64 min_total,
				   const struct callchain_param *param);

/* Periods of the paths stored (the sum the graph percentages are of). */
u64 callchain_tree__total(const struct callchain_tree *tree);

#endif
