// SPDX-License-Identifier: GPL-2.0
/*
 * Call graphs: the -g/--call-graph setting and the merged call-path tree.
 *
 * Adding a sample costs one hash lookup per frame that differs from the
 * previous path added to the same tree (consecutive samples mostly share
 * their callers), and allocates only for frames never seen at that place
 * of the tree: memory follows the distinct paths, not the samples.
 * Counters are only bumped where a path ends; the sums up the tree are
 * computed once, when the tree is printed or walked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/hists/callchain-tree-int.h"
#include "util/base/debug.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

#define CALLCHAIN_DEFAULT_OPT	"graph,0.5,caller,function,percent"

void callchain_param__init(struct callchain_param *param)
{
	memset(param, 0, sizeof(*param));
	param->mode = CALLCHAIN_GRAPH;
	param->min_percent = 0.5;
	/* The report's default is --children, which upstream shows caller first. */
	param->order = CALLCHAIN_ORDER_CALLER;
	param->key = CALLCHAIN_KEY_FUNCTION;
}

enum callchain_order callchain_param__default_order(const struct callchain_param *param,
						    bool children)
{
	/*
	 * Upstream: callers first with --children (each caller's entry
	 * shows what it calls), callees first without, unless the order was
	 * given (-g caller/callee, -G, or a bare -g whose default names it).
	 */
	if (param->order_set)
		return param->order;
	return children ? CALLCHAIN_ORDER_CALLER : CALLCHAIN_ORDER_CALLEE;
}

/* Upstream matches every word as a prefix: "f" is flat, "fo" folded. */
static bool word_is(const char *tok, const char *word)
{
	return strncmp(tok, word, strlen(tok)) == 0;
}

/* One word of the setting; 0 if it named a mode, order, key or value. */
static int callchain_param__word(struct callchain_param *param, const char *tok)
{
	static const struct { const char *word; int mode; } modes[] = {
		{ "graph", CALLCHAIN_GRAPH }, { "flat", CALLCHAIN_FLAT },
		{ "fractal", CALLCHAIN_FRACTAL }, { "folded", CALLCHAIN_FOLDED },
	};
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (word_is(tok, modes[i].word)) {
			param->mode = modes[i].mode;
			return 0;
		}
	}
	if (word_is(tok, "caller") || word_is(tok, "callee")) {
		param->order = word_is(tok, "caller") ? CALLCHAIN_ORDER_CALLER :
							CALLCHAIN_ORDER_CALLEE;
		param->order_set = true;
		return 0;
	}
	if (word_is(tok, "function") || word_is(tok, "address")) {
		param->key = word_is(tok, "function") ? CALLCHAIN_KEY_FUNCTION :
							CALLCHAIN_KEY_ADDRESS;
		return 0;
	}
	if (word_is(tok, "branch")) {
		param->branch = true;
		return 0;
	}
	if (word_is(tok, "percent") || word_is(tok, "period") || word_is(tok, "count")) {
		param->value_period = !word_is(tok, "percent") && word_is(tok, "period");
		param->value_count = !word_is(tok, "percent") && !word_is(tok, "period");
		return 0;
	}
	return -1;
}

/* A number: the threshold first, then the print limit (as upstream). */
static int callchain_param__number(struct callchain_param *param, const char *tok,
				   bool *threshold_set)
{
	char *end;

	if (!*threshold_set) {
		double pct = strtod(tok, &end);

		if (end == tok)
			return -1;
		param->min_percent = pct;
		*threshold_set = true;
		return 0;
	}
	param->print_limit = strtoul(tok, &end, 0);
	return end == tok ? -1 : 0;
}

int callchain_param__parse(struct callchain_param *param, const char *arg)
{
	bool threshold_set = false, none = false;
	char *copy, *tok, *save = NULL;
	int err = 0;

	if (!arg)
		arg = CALLCHAIN_DEFAULT_OPT;
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (word_is(tok, "none")) {
			/* upstream stops at "none", whatever follows */
			param->mode = CALLCHAIN_NONE;
			none = true;
			break;
		}
		if (!callchain_param__word(param, tok))
			continue;
		if (callchain_param__number(param, tok, &threshold_set)) {
			pr_err("  Error: invalid call-graph option '%s'\n", tok);
			err = -EINVAL;
			break;
		}
	}
	free(copy);
	if (!err && !none && param->mode == CALLCHAIN_NONE) {
		/* "-g none" then "-g 1": no mode to print with, as upstream */
		pr_err("Can't register callchain params\n");
		err = -EINVAL;
	}
	return err;
}

/* ---- the tree -------------------------------------------------------- */

struct callchain_tree *callchain_tree__new(const struct callchain_param *param)
{
	struct callchain_tree *tree = calloc(1, sizeof(*tree));

	if (!tree)
		return NULL;
	tree->alloc = 4;
	tree->nodes = calloc(tree->alloc, sizeof(*tree->nodes));
	tree->nr_slots = 8;
	tree->slots = calloc(tree->nr_slots, sizeof(*tree->slots));
	if (!tree->nodes || !tree->slots) {
		callchain_tree__delete(tree);
		return NULL;
	}
	tree->nr = 1;		/* the root */
	tree->order = param->order;
	tree->key = param->key;
	return tree;
}

void callchain_tree__delete(struct callchain_tree *tree)
{
	if (!tree)
		return;
	free(tree->nodes);
	free(tree->slots);
	free(tree->last.node);
	free(tree);
}

static u32 cc_hash(u32 parent, const struct dso *dso, u64 key)
{
	u64 h = key * 0x9e3779b97f4a7c15ULL;

	h ^= (u64)(uintptr_t)dso * 0xff51afd7ed558ccdULL;
	h ^= (u64)parent * 0xc4ceb9fe1a85ec53ULL;
	return (u32)(h ^ (h >> 29) ^ (h >> 47));
}

/* Where the node (parent, dso, key) is, or the empty slot it would take. */
static u32 *cc_tree__slot(struct callchain_tree *tree, u32 parent, const struct dso *dso,
			  u64 key)
{
	u32 mask = tree->nr_slots - 1;
	u32 i = cc_hash(parent, dso, key) & mask;

	for (;; i = (i + 1) & mask) {
		u32 n = tree->slots[i];
		const struct cc_node *node = &tree->nodes[n];

		if (!n || (node->parent == parent && node->key == key && node->dso == dso))
			return &tree->slots[i];
	}
}

static int cc_tree__rehash(struct callchain_tree *tree)
{
	u32 n, *slots = calloc((size_t)tree->nr_slots * 2, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	free(tree->slots);
	tree->slots = slots;
	tree->nr_slots *= 2;
	for (n = 1; n < tree->nr; n++) {
		const struct cc_node *node = &tree->nodes[n];

		*cc_tree__slot(tree, node->parent, node->dso, node->key) = n;
	}
	return 0;
}

/* The frame's place in the tree: by symbol, by address when unknown or asked. */
static u64 cc_frame_key(const struct callchain_tree *tree, const struct callchain_frame *f)
{
	if (tree->key == CALLCHAIN_KEY_FUNCTION && f->sym)
		return symbol__graph_key(f->sym);
	return f->ip;
}

int cc_tree__child(struct callchain_tree *tree, u32 parent, const struct callchain_frame *f,
		   u32 *child)
{
	u64 key = cc_frame_key(tree, f);
	struct cc_node *node;
	u32 *slot;

	/* keep the table at most half full, so probes stay short */
	if ((tree->nr + 1) * 2 > tree->nr_slots && cc_tree__rehash(tree))
		return -ENOMEM;
	slot = cc_tree__slot(tree, parent, f->dso, key);
	if (*slot) {
		*child = *slot;
		return 0;
	}
	if (tree->nr == tree->alloc) {
		u32 alloc = tree->alloc * 2;
		struct cc_node *nodes;

		if (alloc < tree->alloc)	/* 2^32 nodes: indexes are u32 */
			return -ENOMEM;
		nodes = realloc(tree->nodes, (size_t)alloc * sizeof(*nodes));
		if (!nodes)
			return -ENOMEM;
		tree->nodes = nodes;
		tree->alloc = alloc;
	}
	*child = tree->nr++;
	*slot = *child;
	node = &tree->nodes[*child];
	memset(node, 0, sizeof(*node));
	node->dso = f->dso;
	node->sym = f->sym;
	node->srcline = f->srcline;
	node->key = key;
	node->ip = f->ip;
	node->parent = parent;
	/* children in insertion order: upstream's order among equal weights is arbitrary */
	if (tree->nodes[parent].last_child)
		tree->nodes[tree->nodes[parent].last_child].next_sibling = *child;
	else
		tree->nodes[parent].first_child = *child;
	tree->nodes[parent].last_child = *child;
	tree->nodes[parent].nr_children++;
	return 0;
}

static int cc_path_cache__reserve(struct cc_path_cache *last, size_t nr)
{
	u32 *node;

	if (nr <= last->alloc)
		return 0;
	node = realloc(last->node, nr * sizeof(*node));
	if (!node)
		return -ENOMEM;
	last->node = node;
	last->alloc = nr;
	return 0;
}

/* Does the node stand for this frame (same place, same key)? */
static bool cc_node__is(const struct callchain_tree *tree, u32 n,
			const struct callchain_frame *f)
{
	const struct cc_node *node = &tree->nodes[n];

	return node->dso == f->dso && node->key == cc_frame_key(tree, f);
}

int callchain_tree__add_sample(struct callchain_tree *tree, const struct callchain_cursor *cursor,
			       size_t pos, u64 period)
{
	size_t i, len, first;
	bool caller = tree->order == CALLCHAIN_ORDER_CALLER;
	u32 n = 0;
	int err;

	if (pos >= cursor->nr && (pos || cursor->nr))
		return -EINVAL;
	/*
	 * The sample's own entry shows the whole path; a caller's entry
	 * (--children) the part from that caller on: down to the sample's
	 * function in caller order, out to the outermost caller in callee
	 * order.  As upstream.
	 */
	if (caller) {
		first = pos ? pos : (cursor->nr ? cursor->nr - 1 : 0);
		len = cursor->nr ? first + 1 : 0;
	} else {
		first = pos;
		len = cursor->nr - pos;
	}
	err = cc_path_cache__reserve(&tree->last, len);
	if (err)
		return err;
	for (i = 0; i < len; i++) {
		const struct callchain_frame *f = &cursor->frames[caller ? first - i : first + i];

		/* the previous path's prefix needs no lookup */
		if (i < tree->last.nr && tree->last.node[i] &&
		    tree->nodes[tree->last.node[i]].parent == n && cc_node__is(tree, tree->last.node[i], f)) {
			n = tree->last.node[i];
			continue;
		}
		err = cc_tree__child(tree, n, f, &n);
		if (err) {
			tree->last.nr = 0;
			return err;
		}
		tree->last.node[i] = n;
	}
	tree->last.nr = len;
	tree->nodes[n].hit += period;
	tree->nodes[n].count++;
	tree->summed = false;
	return 0;
}

void cc_tree__sum(struct callchain_tree *tree)
{
	u32 n;

	if (tree->summed)
		return;
	for (n = 0; n < tree->nr; n++) {
		tree->nodes[n].cumul = tree->nodes[n].hit;
		tree->nodes[n].cumul_count = tree->nodes[n].count;
	}
	/* a child is always created after its parent: sum from the last node back */
	for (n = tree->nr - 1; n > 0; n--) {
		struct cc_node *p = &tree->nodes[tree->nodes[n].parent];

		p->cumul += tree->nodes[n].cumul;
		p->cumul_count += tree->nodes[n].cumul_count;
	}
	tree->summed = true;
}

u64 callchain_tree__total(const struct callchain_tree *tree)
{
	u64 total = 0;
	u32 n;

	for (n = 0; n < tree->nr; n++)
		total += tree->nodes[n].hit;
	return total;
}

struct cc_sort_item {
	u64		weight;
	const void	*dso;
	u64		ip;	/* by address: ties in one DSO, higher address first */
	u32		node;
};

/*
 * Equal weights keep upstream's order of a node's children, where it
 * does not depend on pointers: by address, the higher first within a DSO
 * (its lookup tree's order); otherwise the order they came in.
 */
static int cc_sort_item__cmp(const void *a, const void *b)
{
	const struct cc_sort_item *l = a, *r = b;

	if (l->weight != r->weight)
		return l->weight > r->weight ? -1 : 1;
	if (l->dso == r->dso && l->ip != r->ip)
		return l->ip > r->ip ? -1 : 1;
	return l->node < r->node ? -1 : l->node > r->node;
}

u32 *cc_tree__sorted_children(const struct callchain_tree *tree, u32 node, u64 min_cumul,
			      size_t *nr)
{
	const struct cc_node *parent = &tree->nodes[node];
	struct cc_sort_item *items;
	u32 c, *out;
	size_t i = 0, k;

	*nr = 0;
	if (!parent->nr_children)
		return NULL;
	items = calloc(parent->nr_children, sizeof(*items));
	out = calloc(parent->nr_children, sizeof(*out));
	if (!items || !out) {
		free(items);
		free(out);
		return NULL;
	}
	for (c = parent->first_child; c; c = tree->nodes[c].next_sibling) {
		if (tree->nodes[c].cumul < min_cumul)
			continue;
		items[i].weight = tree->nodes[c].cumul;
		if (tree->key == CALLCHAIN_KEY_ADDRESS) {
			items[i].dso = tree->nodes[c].dso;
			items[i].ip = tree->nodes[c].ip;
		}
		items[i++].node = c;
	}
	qsort(items, i, sizeof(*items), cc_sort_item__cmp);
	for (k = 0; k < i; k++)
		out[k] = items[k].node;
	free(items);
	*nr = i;
	return out;
}
