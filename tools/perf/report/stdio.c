// SPDX-License-Identifier: GPL-2.0
/*
 * perf report --stdio: one section per event, laid out like upstream perf
 * 6.1 (column header, dots line, rows, call graphs under the rows).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "report/stdio.h"
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

/* The Samples column of -n: upstream's width. */
#define SAMPLES_WIDTH	12

static bool shown(const struct hists_print_opts *opts, enum sort_key key)
{
	return !(opts->elide & (1u << key));
}

/* The sort key printed last: a trailing Symbol is left unpadded. */
static int last_shown(const struct hists *hists, const struct hists_print_opts *opts)
{
	int i;

	for (i = hists->sort.nr - 1; i > 0 && !shown(opts, hists->sort.keys[i]); i--)
		;
	return i;
}

static void hists__fprintf_header(const struct hists *hists, const struct sort_widths *sw,
				  const struct hists_print_opts *opts, FILE *fp)
{
	int i;

	fputs("# ", fp);
	fputs(hists->children ? "Children      Self" : "Overhead", fp);
	if (opts->show_nr_samples)
		fprintf(fp, "  %*s", SAMPLES_WIDTH, "Samples");
	for (i = 0; i < hists->sort.nr; i++) {
		enum sort_key key = hists->sort.keys[i];

		if (!shown(opts, key))
			continue;
		/* upstream aligns "Pid:Command" on the colon of its rows */
		if (key == SORT_PID)
			fprintf(fp, "  %7s:%-*s", "Pid", sw->w[key] - 8, "Command");
		else
			fprintf(fp, "  %-*s", sw->w[key], sort_key__header(key));
	}
	fputs("\n# ", fp);
	dots(fp, 8);
	if (hists->children) {
		fputs("  ", fp);
		dots(fp, 8);
	}
	if (opts->show_nr_samples) {
		fputs("  ", fp);
		dots(fp, SAMPLES_WIDTH);
	}
	for (i = 0; i < hists->sort.nr; i++) {
		if (!shown(opts, hists->sort.keys[i]))
			continue;
		fputs("  ", fp);
		dots(fp, sw->w[hists->sort.keys[i]]);
	}
	fputs("\n#\n", fp);
}

static void hist_entry__fprintf(const struct hist_entry *he, const struct hists *hists,
				const struct sort_widths *sw, const struct hists_print_opts *opts,
				FILE *fp)
{
	int i, last = last_shown(hists, opts);
	char buf[1024];

	fputs("  ", fp);
	if (hists->children)
		fprintf(fp, "%7.2f%%  ", percent(he->period_children, hists->total_period));
	fprintf(fp, "%7.2f%%", percent(he->period, hists->total_period));
	if (opts->show_nr_samples)
		fprintf(fp, "  %*llu", SAMPLES_WIDTH, (unsigned long long)he->nr_samples);
	for (i = 0; i < hists->sort.nr; i++) {
		if (!shown(opts, hists->sort.keys[i]))
			continue;
		sort_key__snprintf(hists->sort.keys[i], he, buf, sizeof(buf), sw, i == last);
		fprintf(fp, "  %s", buf);
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
	u64 min = (u64)(hists->total_period * (param->min_percent / 100));
	u64 weight = (hists->children ? he->period_children : he->period) - he->period_ip_only;

	return param->mode == CALLCHAIN_GRAPH && weight < min;
}

int hists__fprintf(const struct hists *hists, const struct hists_print_opts *opts, FILE *fp)
{
	struct sort_widths sw;
	size_t i;

	/* the widths of what is shown: hidden entries do not count */
	sort_widths__init(&sw, opts->verbose);
	for (i = 0; i < hists->nr_entries; i++)
		if (!hists->sorted[i]->filtered)
			sort_widths__update(&sw, hists->sorted[i]);
	if (opts->show_header)
		hists__fprintf_header(hists, &sw, opts, fp);

	for (i = 0; i < hists->nr_entries; i++) {
		const struct hist_entry *he = hists->sorted[i];
		u64 period = hists->children ? he->period_children : he->period;

		if (he->filtered)
			continue;
		if (percent(period, hists->total_period) < opts->percent_limit)
			continue;
		hist_entry__fprintf(he, hists, &sw, opts, fp);
		/* the graph printer ends a graph with upstream's blank line */
		if (opts->callchain && hists->paths &&
		    !hist_entry__graph_empty(he, hists, opts->callchain)) {
			/* built for printing and dropped: only one graph is held at a time */
			struct callchain_tree *graph = hists__entry_graph(hists, he);

			/* an entry without its graph would be a wrong report */
			if (!graph)
				return -ENOMEM;
			callchain_tree__fprintf(fp, graph, period, hists->total_period,
						opts->callchain);
			callchain_tree__delete(graph);
		}
	}
	return 0;
}
