// SPDX-License-Identifier: GPL-2.0
/*
 * perf report --stdio: one section per event, laid out like upstream perf
 * 6.1 (column header, dots line, rows, call graphs under the rows).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "report/stdio.h"
#include "report/graphs.h"
#include "util/hists/callchain-tree.h"

static double percent(u64 period, u64 total)
{
	return total ? 100.0 * period / total : 0.0;
}

static void dots(FILE *fp, int n)
{
	while (n-- > 0)
		fputc('.', fp);
}

static void hists__fprintf_header(const struct sort_keys *out, const struct sort_widths *sw,
				  bool self_header, const char *sep, FILE *fp)
{
	int i;

	fputs("# ", fp);
	for (i = 0; i < out->nr; i++) {
		enum sort_key key = out->keys[i];

		if (i)
			fputs(sep ?: "  ", fp);
		/* upstream aligns "Pid:Command" on the colon of its rows */
		if (key == SORT_PID)
			fprintf(fp, "%7s:%-*s", "Pid", sw->w[key] - 8, "Command");
		else if (key == SORT_HPP_OVERHEAD && self_header)
			fprintf(fp, "%*s", sw->w[key], "Self");
		else if (sort_key__is_hpp(key))
			fprintf(fp, "%*s", sw->w[key], sort_key__header(key));
		else
			fprintf(fp, "%-*s", sw->w[key], sort_key__header(key));
	}
	/* upstream: with a separator the rows follow at once */
	if (sep) {
		fputc('\n', fp);
		return;
	}
	fputs("\n# ", fp);
	for (i = 0; i < out->nr; i++) {
		if (i)
			fputs("  ", fp);
		dots(fp, sw->w[out->keys[i]]);
	}
	fputs("\n#\n", fp);
}

/*
 * A value column.  With a field separator upstream prints the number at
 * its narrowest after one space (" 5.00%"); the caller pads it like any
 * column but the last.  N/A keeps its width either way.
 */
static int hpp_snprintf(enum sort_key key, const struct hist_entry *he,
			const struct hists *hists, u64 total, int w, bool sep,
			char *buf, size_t size)
{
	u64 v = hist_entry__hpp_value(he, key);

	switch (key) {
	case SORT_HPP_SAMPLE:
	case SORT_HPP_PERIOD:
		if (sep)
			return snprintf(buf, size, " %llu", (unsigned long long)v);
		return snprintf(buf, size, "%*llu", w, (unsigned long long)v);
	case SORT_HPP_OVERHEAD_CHILDREN:
		if (!hists->children)
			return snprintf(buf, size, "%*s", w, "N/A");
		/* fall through */
	default:
		if (sep)
			return snprintf(buf, size, " %.2f%%", percent(v, total));
		return snprintf(buf, size, "%*.2f%%", w - 1, percent(v, total));
	}
}

/*
 * A field must not hold the separator: upstream makes its first
 * character a '.', in the padding too but for the symbol and source
 * columns, whose padding it adds after.  @buf is the padded field.
 */
static void field_sep__replace(char *buf, enum sort_key key, const struct hist_entry *he,
			       const struct sort_widths *sw, const char *sep)
{
	char text[1024];
	size_t len = strlen(buf), i;

	if (key == SORT_SYM || key == SORT_SRCLINE || key == SORT_SRCFILE) {
		size_t n = sort_key__snprintf(key, he, text, sizeof(text), sw, true);

		if (n < len)
			len = n;
	}
	for (i = 0; i < len; i++)
		if (buf[i] == *sep)
			buf[i] = '.';
}

static void hist_entry__fprintf(const struct hist_entry *he, const struct hists *hists,
				const struct hists_print_opts *opts,
				const struct sort_widths *sw, FILE *fp)
{
	const struct sort_keys *out = opts->out;
	const char *sep = opts->field_sep;
	char buf[1024];
	int i;

	if (!sep)
		fputs("  ", fp);
	for (i = 0; i < out->nr; i++) {
		enum sort_key key = out->keys[i];
		bool last = i == out->nr - 1;

		if (i)
			fputs(sep ?: "  ", fp);
		if (!sort_key__is_hpp(key)) {
			sort_key__snprintf(key, he, buf, sizeof(buf), sw, last);
			if (sep)
				field_sep__replace(buf, key, he, sw, sep);
			fputs(buf, fp);
			continue;
		}
		hpp_snprintf(key, he, hists, opts->total, sw->w[key], sep, buf, sizeof(buf));
		/* every column but the last keeps its width (upstream pads after the value) */
		fprintf(fp, "%-*s", last ? 0 : sw->w[key], buf);
	}
	fputc('\n', fp);
}

/*
 * Would the entry's call graph print nothing?  In graph mode a branch
 * lighter than the threshold (a share of the report's total) is not
 * shown, and no top branch weighs more than the whole graph: the samples
 * the entry holds through the path trie, all but those whose chain could
 * not be used.  In a profile of many programs most entries are that
 * light, and building their graphs was most of a report's time.
 */
static bool hist_entry__graph_empty(const struct hist_entry *he, const struct hists *hists,
				    const struct callchain_param *param)
{
	u64 min = (u64)(hists__callchain_total(hists) * (param->min_percent / 100));
	u64 weight = (hists->children ? he->period_children : he->period) - he->period_ip_only;

	return param->mode == CALLCHAIN_GRAPH && weight < min;
}

/* Is @he printed, and with a call graph under it? */
static bool hist_entry__shown(const struct hist_entry *he, const struct hists *hists,
			      const struct hists_print_opts *opts)
{
	u64 period = hists->children ? he->period_children : he->period;

	return !he->filtered && percent(period, opts->total) >= opts->percent_limit;
}

static bool hist_entry__has_graph(const struct hist_entry *he, const struct hists *hists,
				  const struct hists_print_opts *opts)
{
	return opts->callchain && hists->paths && !hist_entry__graph_empty(he, hists, opts->callchain);
}

/*
 * With a second thread (--num-threads): the graphs to print, in order,
 * and their builder; else NULL (this thread builds each in turn).
 */
static struct report_graphs *hists__graphs(const struct hists *hists,
					   const struct hists_print_opts *opts,
					   const struct hist_entry ***entries)
{
	struct report_graphs *rg;
	size_t i, nr = 0;

	*entries = NULL;
	if (hists->nr_threads < 2 || !opts->callchain || !hists->paths)
		return NULL;
	*entries = malloc(hists->nr_entries * sizeof(**entries));
	if (!*entries)
		return NULL;
	for (i = 0; i < hists->nr_entries; i++) {
		const struct hist_entry *he = hists->sorted[i];

		if (hist_entry__shown(he, hists, opts) && hist_entry__has_graph(he, hists, opts))
			(*entries)[nr++] = he;
	}
	/* one graph or none: nothing to build beside it */
	rg = nr > 1 ? report_graphs__new(hists, *entries, nr) : NULL;
	if (!rg) {
		free(*entries);
		*entries = NULL;
	}
	return rg;
}

int hists__fprintf(const struct hists *hists, const struct hists_print_opts *opts, FILE *fp)
{
	const struct hist_entry **entries;
	struct report_graphs *rg;
	struct sort_widths sw;
	size_t i, k = 0;
	int err = 0;

	/* the widths of what is shown: hidden entries do not count */
	sort_widths__init(&sw, opts->verbose);
	for (i = 0; i < hists->nr_entries; i++)
		if (!hists->sorted[i]->filtered)
			sort_widths__update(&sw, hists->sorted[i]);
	if (opts->show_header)
		hists__fprintf_header(opts->out, &sw, opts->self_header, opts->field_sep, fp);

	rg = hists__graphs(hists, opts, &entries);
	for (i = 0; i < hists->nr_entries; i++) {
		const struct hist_entry *he = hists->sorted[i];
		u64 period = hists->children ? he->period_children : he->period;
		struct callchain_tree *graph;

		if (!hist_entry__shown(he, hists, opts))
			continue;
		hist_entry__fprintf(he, hists, opts, &sw, fp);
		/* the graph printer ends a graph with upstream's blank line */
		if (!hist_entry__has_graph(he, hists, opts))
			continue;
		/* built for printing and dropped: a few graphs are held at a time */
		graph = rg ? report_graphs__take(rg, k++) : hists__entry_graph(hists, he);
		/* an entry without its graph would be a wrong report */
		if (!graph) {
			err = -ENOMEM;
			break;
		}
		callchain_tree__fprintf_min(fp, graph, period, hists->total_period,
					    hists__callchain_total(hists), opts->callchain);
		callchain_tree__delete(graph);
	}
	report_graphs__delete(rg);
	free(entries);
	return err;
}
