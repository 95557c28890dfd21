// SPDX-License-Identifier: GPL-2.0
/*
 * --hierarchy output, upstream 6.1's layout (found by running it):
 *
 *   #    Overhead  Shared Object / Symbol        one title, the keys joined
 *       92.38%     demo                          level 0
 *          46.67%     [.] hot_loop_b             level 1, 3 columns in
 *
 * The overhead column is 3 columns wider per level below the first; a
 * row's value sits 3 columns further in per level.  The entries (made by
 * all the keys) are sorted by the keys so that each group of every level
 * is one run of them; a level's groups print by their summed period,
 * largest first, ties by the key.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "report/hierarchy.h"
#include "util/symbols/symbol.h"

#define HIERARCHY_INDENT	3

/* upstream's width of the -n column */
#define SAMPLES_WIDTH	12

struct hier_ctx {
	const struct hists		*hists;
	const struct hists_print_opts	*opts;
	const struct sort_keys		*levels;
	struct sort_widths		sw;
	struct hist_entry		**v;	/* the entries, by the keys in turn */
	FILE				*fp;
	bool				samples;	/* -n: the Samples column */
};

struct hier_group {
	size_t	start, end;			/* [start, end) of ctx->v */
	u64	period;
	u64	nr_samples;
};

/*
 * One level's key.  sort_keys__cmp() tells symbols apart by name, but a
 * level of its own must not merge two symbols of one name from different
 * DSOs (the kernel's strcmp and libc's): upstream's sym key compares the
 * DSO first, then the symbol.
 */
static int level_cmp(enum sort_key key, const struct hist_entry *a, const struct hist_entry *b,
		     bool verbose)
{
	struct sort_keys one = { .nr = 1 };
	int ret;

	one.keys[0] = key;
	ret = sort_keys__cmp(&one, a, b, verbose);
	if (ret || key != SORT_SYM || !a->sym || !b->sym || a->sym == b->sym)
		return ret;
	one.keys[0] = SORT_DSO;
	ret = sort_keys__cmp(&one, a, b, verbose);
	if (ret)
		return ret;
	return a->sym->start < b->sym->start ? -1 : a->sym->start > b->sym->start;
}

static int cmp_levels(const void *pa, const void *pb, void *priv)
{
	const struct hier_ctx *ctx = priv;
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;
	int i, ret = 0;

	for (i = 0; !ret && i < ctx->levels->nr; i++)
		ret = level_cmp(ctx->levels->keys[i], a, b, ctx->opts->verbose);
	return ret;
}

static int key_cmp(const struct hier_ctx *ctx, int level, const struct hist_entry *a,
		   const struct hist_entry *b)
{
	return level_cmp(ctx->levels->keys[level], a, b, ctx->opts->verbose);
}

static int cmp_groups(const void *pa, const void *pb, void *priv)
{
	const struct hier_ctx *ctx = ((const struct hier_ctx **)priv)[0];
	int level = *((int **)priv)[1];
	const struct hier_group *a = pa, *b = pb;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	return key_cmp(ctx, level, ctx->v[a->start], ctx->v[b->start]);
}

static double percent(u64 period, u64 total)
{
	return total ? 100.0 * period / total : 0.0;
}

static void spaces(FILE *fp, int n)
{
	while (n-- > 0)
		fputc(' ', fp);
}

static int print_level(struct hier_ctx *ctx, int level, size_t start, size_t end)
{
	int nr_levels = ctx->levels->nr;
	struct hier_group *g = NULL;
	size_t i, nr = 0, alloc = 0, shown = 0;
	void *priv[2] = { ctx, &level };
	char buf[1024];
	int err = 0;

	for (i = start; i < end; i++) {
		if (!nr || key_cmp(ctx, level, ctx->v[g[nr - 1].start], ctx->v[i])) {
			if (nr == alloc) {
				struct hier_group *ng;

				alloc = alloc ? alloc * 2 : 16;
				ng = realloc(g, alloc * sizeof(*g));
				if (!ng) {
					free(g);
					return -ENOMEM;
				}
				g = ng;
			}
			g[nr++] = (struct hier_group){ .start = i, .end = i };
		}
		g[nr - 1].end = i + 1;
		g[nr - 1].period += ctx->v[i]->period;
		g[nr - 1].nr_samples += ctx->v[i]->nr_samples;
	}
	qsort_r(g, nr, sizeof(*g), cmp_groups, priv);
	for (i = 0; i < nr && !err; i++) {
		enum sort_key key = ctx->levels->keys[level];

		if (percent(g[i].period, ctx->opts->total) < ctx->opts->percent_limit)
			continue;
		shown++;
		fputs("  ", ctx->fp);
		spaces(ctx->fp, HIERARCHY_INDENT * level);
		fprintf(ctx->fp, "%7.2f%%", percent(g[i].period, ctx->opts->total));
		if (ctx->samples)
			fprintf(ctx->fp, "  %*llu", SAMPLES_WIDTH,
				(unsigned long long)g[i].nr_samples);
		spaces(ctx->fp, HIERARCHY_INDENT * (nr_levels - 1 - level) + 2 +
			HIERARCHY_INDENT * level);
		sort_key__snprintf(key, ctx->v[g[i].start], buf, sizeof(buf), &ctx->sw,
				   level == nr_levels - 1);
		/* upstream trims a value's left padding here ("%7d:" of a pid) */
		fprintf(ctx->fp, "%s\n", buf + strspn(buf, " "));
		if (level + 1 < nr_levels)
			err = print_level(ctx, level + 1, g[i].start, g[i].end);
	}
	/* upstream says so where a shown row's rows are all under the limit */
	if (!err && nr && !shown && level) {
		spaces(ctx->fp, 2 + 8 + HIERARCHY_INDENT * (nr_levels - 1) + 2 +
			HIERARCHY_INDENT * level + (ctx->samples ? 2 + SAMPLES_WIDTH : 0));
		fprintf(ctx->fp, "no entry >= %.2f%%\n", ctx->opts->percent_limit);
	}
	free(g);
	return err;
}

static void print_header(struct hier_ctx *ctx)
{
	int nr_levels = ctx->levels->nr, wo = 8 + HIERARCHY_INDENT * (nr_levels - 1);
	int i, w, title;
	FILE *fp = ctx->fp;

	fprintf(fp, "# %*s  ", wo, "Overhead");
	/* upstream's -n column, its dots run on from Overhead's */
	if (ctx->samples) {
		fprintf(fp, "%*s  ", SAMPLES_WIDTH, "Samples");
		wo += 2 + SAMPLES_WIDTH;
	}
	for (i = 0; i < nr_levels; i++)
		fprintf(fp, "%s%s", i ? " / " : "", sort_key__header(ctx->levels->keys[i]));
	/* the dots run as wide as the title or the widest level's values */
	w = 0;
	for (i = 0; i < nr_levels; i++)
		if (ctx->sw.w[ctx->levels->keys[i]] + HIERARCHY_INDENT * i > w)
			w = ctx->sw.w[ctx->levels->keys[i]] + HIERARCHY_INDENT * i;
	for (i = 0, title = 0; i < nr_levels; i++)
		title += strlen(sort_key__header(ctx->levels->keys[i])) + (i ? 3 : 0);
	if (title > w)
		w = title;
	fputs("\n# ", fp);
	for (i = 0; i < wo; i++)
		fputc('.', fp);
	fputs("  ", fp);
	for (i = 0; i < w; i++)
		fputc('.', fp);
	fputs("\n#\n", fp);
}

int hists__fprintf_hierarchy(const struct hists *hists, const struct hists_print_opts *opts,
			     FILE *fp)
{
	struct sort_keys levels = { .nr = 0 };
	struct hier_ctx ctx = { .hists = hists, .opts = opts, .levels = &levels, .fp = fp };
	size_t i, nr = 0;
	int err;

	ctx.samples = opts->out && sort_keys__has(opts->out, SORT_HPP_SAMPLE);
	/* the levels: the entry keys, in the order given */
	for (i = 0; i < (size_t)hists->sort.nr; i++)
		sort_keys__add(&levels, hists->sort.keys[i]);
	/* the entries a filter left shown, and their widths */
	ctx.v = malloc((hists->nr_entries + 1) * sizeof(*ctx.v));
	if (!ctx.v)
		return -ENOMEM;
	sort_widths__init(&ctx.sw, opts->verbose);
	for (i = 0; i < hists->nr_entries; i++) {
		if (hists->sorted[i]->filtered)
			continue;
		ctx.v[nr++] = hists->sorted[i];
		sort_widths__update(&ctx.sw, hists->sorted[i]);
	}
	if (opts->show_header)
		print_header(&ctx);
	err = 0;
	if (nr && levels.nr) {
		qsort_r(ctx.v, nr, sizeof(*ctx.v), cmp_levels, &ctx);
		err = print_level(&ctx, 0, 0, nr);
	}
	free(ctx.v);
	return err;
}
