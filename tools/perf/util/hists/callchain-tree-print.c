// SPDX-License-Identifier: GPL-2.0
/*
 * Printing call graphs byte for byte as upstream perf 6.1's --stdio does.
 *
 * Upstream's tree nodes hold runs of frames; a run ends where a path ends
 * or the tree branches (see callchain-tree-int.h).  What is printed:
 *
 *  graph/fractal  runs as a tree: "|--12.34%--name" for the first frame
 *                 of a run, the run's other frames below it, "|" columns
 *                 for levels that have more children to come.  A lone top
 *                 run weighing the whole entry is printed as "---name"
 *                 without a percentage.  graph: percentages of the
 *                 report's total, branches under the threshold percent of
 *                 it hidden; fractal: of the parent, threshold per level,
 *                 hidden weight shown as "[...]".
 *  flat/folded    one block/line per place where paths end, heaviest
 *                 first, with the whole path from the top.
 */
#include <math.h>
#include <stdlib.h>
#include "util/hists/callchain-tree-int.h"
#include "util/symbols/symbol.h"

struct cc_print {
	FILE				*fp;
	struct callchain_tree		*tree;
	const struct callchain_param	*param;
	u64				min_hit;	/* graph, flat, folded */
	size_t				lines;
};

/* Upstream keeps the "|" columns in an int: bit (depth % 32) on x86. */
static u32 cc_bit(int depth)
{
	return 1u << (depth & 31);
}

static void cc_print__value(struct cc_print *p, u64 period, u32 count, u64 total)
{
	if (p->param->value_period)
		fprintf(p->fp, "%llu", (unsigned long long)period);
	else if (p->param->value_count)
		fprintf(p->fp, "%u", count);
	else
		fprintf(p->fp, "%.2f%%", total ? period * 100.0 / total : 0.0);
}

static void cc_print__name(struct cc_print *p, const struct cc_node *node)
{
	if (node->sym) {
		fputs(node->sym->name, p->fp);
		/* upstream: "name file.c:12 (inlined)" */
		if (p->param->key == CALLCHAIN_KEY_ADDRESS && node->srcline)
			fprintf(p->fp, " %s", node->srcline);
		if (node->sym->inlined)
			fputs(" (inlined)", p->fp);
	} else
		fprintf(p->fp, "%#llx", (unsigned long long)node->ip);
}

static void cc_print__margin(struct cc_print *p, int margin)
{
	fprintf(p->fp, "%*s", 12 + margin, "");
}

/* The last node of the run that starts at @n. */
static u32 cc_run__end(const struct callchain_tree *tree, u32 n)
{
	while (!tree->nodes[n].count && tree->nodes[n].nr_children == 1)
		n = tree->nodes[n].first_child;
	return n;
}

/* Children of run end @n that upstream keeps at this threshold. */
static u32 *cc_print__children(struct cc_print *p, u32 n, size_t *nr)
{
	const struct cc_node *node = &p->tree->nodes[n];
	u64 min = p->min_hit;

	if (p->param->mode == CALLCHAIN_FRACTAL)
		min = (u64)ceil((node->cumul - node->hit) * (p->param->min_percent / 100.0));
	return cc_tree__sorted_children(p->tree, n, min, nr);
}

static void cc_print__graph_line(struct cc_print *p, int depth, u32 mask, int margin)
{
	int i;

	cc_print__margin(p, margin);
	for (i = 0; i < depth; i++)
		fputs(mask & cc_bit(i) ? "|          " : "           ", p->fp);
	fputc('\n', p->fp);
	p->lines++;
}

/* One frame of a run; the run's first (@idx 0) carries its value. */
static void cc_print__graph_frame(struct cc_print *p, const struct cc_node *frame,
				  const char *name, u64 period, u32 count, int depth,
				  u32 mask, int idx, u64 total, int margin)
{
	int i;

	cc_print__margin(p, margin);
	for (i = 0; i < depth; i++) {
		fputc(mask & cc_bit(i) ? '|' : ' ', p->fp);
		if (!idx && i == depth - 1) {
			fputs("--", p->fp);
			cc_print__value(p, period, count, total);
			fputs("--", p->fp);
		} else {
			fputs("          ", p->fp);
		}
	}
	if (frame)
		cc_print__name(p, frame);
	else
		fputs(name, p->fp);
	fputc('\n', p->fp);
	p->lines++;
}

/* The runs below run end @n, at @depth; returns how many lines it printed. */
static size_t cc_print__graph_level(struct cc_print *p, u32 n, u64 total, int depth,
				    u32 mask, int margin)
{
	const struct callchain_tree *tree = p->tree;
	const struct cc_node *parent = &tree->nodes[n];
	size_t nr, k, start = p->lines;
	u64 remaining = total;
	u32 new_mask = mask, *kids = cc_print__children(p, n, &nr);
	long long cumul_count = 0;
	bool fractal = p->param->mode == CALLCHAIN_FRACTAL;

	for (k = 0; k < nr; k++) {
		const struct cc_node *c = &tree->nodes[kids[k]];
		u32 f = kids[k], end = cc_run__end(tree, f);
		int idx = 0;

		remaining -= c->cumul;
		cumul_count += c->cumul_count;
		/* the last child closes its level's column, unless "[...]" follows */
		if (k + 1 == nr && (!fractal || !remaining))
			new_mask &= ~cc_bit(depth - 1);
		cc_print__graph_line(p, depth, mask, margin);
		for (;; f = tree->nodes[f].first_child) {
			cc_print__graph_frame(p, &tree->nodes[f], NULL, c->cumul, c->cumul_count,
					      depth, new_mask, idx++, total, margin);
			if (f == end)
				break;
		}
		cc_print__graph_level(p, end, fractal ? tree->nodes[end].cumul - tree->nodes[end].hit :
					      total, depth + 1, new_mask | cc_bit(depth), margin);
		if (k + 1 == p->param->print_limit)
			break;
	}
	if (fractal && remaining && remaining != total) {
		long long rem_count = 0;

		if (p->param->value_count && nr) {
			rem_count = (long long)(parent->cumul_count - parent->count) - cumul_count;
			if (rem_count <= 0)
				goto out;
		}
		new_mask &= ~cc_bit(depth - 1);
		cc_print__graph_frame(p, NULL, "[...]", remaining, (u32)rem_count, depth, new_mask,
				      0, total, margin);
	}
out:
	free(kids);
	return p->lines - start;
}

static void cc_print__graph(struct cc_print *p, u64 entry_period, u64 total)
{
	const struct callchain_tree *tree = p->tree;
	size_t nr, start = p->lines;
	u32 *kids = cc_print__children(p, 0, &nr), top = 0;
	int margin = 0;

	/* a lone top run as heavy as the entry: no percentage, one column less */
	if (nr == 1 && tree->nodes[kids[0]].cumul == entry_period) {
		u32 f = kids[0], end = cc_run__end(tree, f);
		bool printed = false;
		u32 i = 0, shown = 0;

		for (;; f = tree->nodes[f].first_child) {
			/* --sort sym: the entry line already names the first frame */
			if (!(i++ == 0 && p->param->sort_by_sym)) {
				if (!printed) {
					cc_print__margin(p, margin);
					fputs("|\n", p->fp);
					cc_print__margin(p, margin);
					fputs("---", p->fp);
					margin += 3;
					printed = true;
					p->lines++;
				} else {
					cc_print__margin(p, margin);
				}
				cc_print__name(p, &tree->nodes[f]);
				fputc('\n', p->fp);
				p->lines++;
				if (++shown == p->param->print_limit)
					break;
			}
			if (f == end)
				break;
		}
		top = end;
	}
	free(kids);
	if (p->param->mode == CALLCHAIN_FRACTAL)
		total = entry_period;
	cc_print__graph_level(p, top, total, 1, 1, margin);
	if (p->lines != start) {
		fputc('\n', p->fp);
		p->lines++;
	}
}

/* Post-order (upstream's flat sort inserts after the children) of the run ends kept. */
static void cc_print__collect(struct cc_print *p, u32 n, u32 *out, size_t *nr)
{
	const struct cc_node *node = &p->tree->nodes[n];
	u32 c;

	for (c = node->first_child; c; c = p->tree->nodes[c].next_sibling)
		cc_print__collect(p, c, out, nr);
	if (node->hit && node->hit >= p->min_hit)
		out[(*nr)++] = n;
}

struct cc_end {
	u64	hit;
	u32	node;
	u32	post;		/* post-order rank: equal hits keep it */
};

static int cc_end__cmp(const void *a, const void *b)
{
	const struct cc_end *l = a, *r = b;

	if (l->hit != r->hit)
		return l->hit > r->hit ? -1 : 1;
	return l->post < r->post ? -1 : l->post > r->post;
}

/* The frames from the top down to @n. */
static size_t cc_print__path(struct cc_print *p, u32 n, const char *before, const char *sep,
			     const char *after)
{
	const struct callchain_tree *tree = p->tree;
	u32 depth = 0, m, *stack;
	bool first = true;
	size_t lines = 0;

	for (m = n; m; m = tree->nodes[m].parent)
		depth++;
	stack = malloc((depth + 1) * sizeof(*stack));
	if (!stack)
		return 0;
	for (m = n, depth = 0; m; m = tree->nodes[m].parent)
		stack[depth++] = m;
	while (depth--) {
		fputs(first ? before : sep, p->fp);
		cc_print__name(p, &tree->nodes[stack[depth]]);
		fputs(after, p->fp);
		first = false;
		lines++;
	}
	free(stack);
	return lines;
}

static void cc_print__flat(struct cc_print *p, u64 total)
{
	const struct callchain_tree *tree = p->tree;
	bool folded = p->param->mode == CALLCHAIN_FOLDED;
	const char *sep = p->param->field_sep ? p->param->field_sep : ";";
	size_t nr = 0, k;
	u32 *post = malloc((size_t)tree->nr * sizeof(*post));
	struct cc_end *ends = calloc(tree->nr, sizeof(*ends));

	if (!post || !ends)
		goto out;
	cc_print__collect(p, 0, post, &nr);
	for (k = 0; k < nr; k++) {
		ends[k].hit = tree->nodes[post[k]].hit;
		ends[k].node = post[k];
		ends[k].post = k;
	}
	qsort(ends, nr, sizeof(*ends), cc_end__cmp);
	for (k = 0; k < nr; k++) {
		const struct cc_node *node = &tree->nodes[ends[k].node];

		if (folded) {
			cc_print__value(p, node->hit, node->count, total);
			fputc(' ', p->fp);
			cc_print__path(p, ends[k].node, "", sep, "");
			fputc('\n', p->fp);
			p->lines++;
		} else {
			fputs("           ", p->fp);
			cc_print__value(p, node->cumul, node->cumul_count, total);
			fputc('\n', p->fp);
			p->lines += cc_print__path(p, ends[k].node, "                ",
						   "                ", "\n");
			fputc('\n', p->fp);
			p->lines += 2;
		}
		if (k + 1 == p->param->print_limit)
			break;
	}
out:
	free(post);
	free(ends);
}

size_t callchain_tree__fprintf(FILE *fp, const struct callchain_tree *ctree, u64 entry_period,
			       u64 total_period, const struct callchain_param *param)
{
	return callchain_tree__fprintf_min(fp, ctree, entry_period, total_period, total_period,
					   param);
}

size_t callchain_tree__fprintf_min(FILE *fp, const struct callchain_tree *ctree,
				   u64 entry_period, u64 total_period, u64 min_total,
				   const struct callchain_param *param)
{
	/* printing only fills in the sums, a cache of what the tree holds */
	struct callchain_tree *tree = (struct callchain_tree *)ctree;
	struct cc_print p = { .fp = fp, .tree = tree, .param = param };

	if (!tree || param->mode == CALLCHAIN_NONE)
		return 0;
	cc_tree__sum(tree);
	p.min_hit = (u64)(min_total * (param->min_percent / 100));
	if (param->mode == CALLCHAIN_GRAPH || param->mode == CALLCHAIN_FRACTAL)
		cc_print__graph(&p, entry_period, total_period);
	else
		cc_print__flat(&p, total_period);
	return p.lines;
}
