// SPDX-License-Identifier: GPL-2.0
/*
 * perf report.  Two modes share the option parsing and the session walk:
 * --stats (how many records of each type a perf.data holds, laid out like
 * upstream perf 6.1) and the histogram report (report-hists.c): samples
 * resolved through the machine model into histogram entries, printed like
 * upstream's --stdio.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/usage.h"
#include "util/debug.h"
#include "util/session.h"
#include "util/report-hists.h"
#include "util/report-header.h"
#include "util/callchain.h"

struct report_evsel_stats {
	u64 nr_samples;
	u64 nr_lost_samples;
};

struct report {
	struct perf_tool tool;
	const char *input;
	bool stats_mode;
	bool header, header_only;
	struct report_hists_opts hists;
	bool force;
	bool quiet;
	bool skip_empty;
	int verbose;
	/* --stats: indexed by evsel->idx (pipe mode adds events as it goes) */
	struct report_evsel_stats *evsel_stats;
	int nr_evsel_stats;
	struct callchain_stats chain_stats;	/* --stats: what chains would lose */
};

static const char report_usage[] =
	"\n Usage: perf report [<options>]\n\n"
	"    -f, --force           don't complain, do it\n"
	"    -G, --inverted        alias for inverted call graph\n"
	"    -g, --call-graph <print_type,threshold[,print_limit],order,sort_key[,branch],value>\n"
	"                          Display call graph (stack chain/backtrace):\n"
	"                          print_type: graph|flat|fractal|folded|none\n"
	"    -i, --input <file>    input file name\n"
	"    -q, --quiet           Do not show any warnings or messages\n"
	"    -s, --sort <key[,key2...]>\n"
	"                          sort by key(s): pid comm dso symbol\n"
	"    -v, --verbose         be more verbose (show symbol address, etc)\n"
	"        --children        Accumulate callchains of children and show total overhead as well\n"
	"        --debuginfod[=<debuginfod urls>]\n"
	"                          Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls\n"
	"        --header          Show data header.\n"
	"        --header-only     Show only data header.\n"
	"        --kallsyms <file>\n"
	"                          kallsyms pathname\n"
	"        --max-stack <n>   Set the maximum stack depth when parsing the callchain, "
	"anything beyond the specified depth will be ignored. "
	"Default: kernel.perf_event_max_stack or 127\n"
	"        --percent-limit <percent>\n"
	"                          Don't show entries under that percent\n"
	"        --skip-empty      Do not display empty (or dummy) events in the output\n"
	"        --stats           Display event stats\n"
	"        --stdio           Use the stdio interface\n\n";

static struct report_evsel_stats *report__evsel_stats(struct report *rep, const struct evsel *evsel)
{
	struct report_evsel_stats *v;
	int n;

	if (evsel->idx < rep->nr_evsel_stats)
		return &rep->evsel_stats[evsel->idx];
	n = evsel->idx + 8;
	v = realloc(rep->evsel_stats, n * sizeof(*v));
	if (!v)
		return NULL;
	memset(v + rep->nr_evsel_stats, 0, (n - rep->nr_evsel_stats) * sizeof(*v));
	rep->evsel_stats = v;
	rep->nr_evsel_stats = n;
	return &v[evsel->idx];
}

static int report__stats_sample(struct perf_tool *tool, struct perf_session *session,
				const union perf_event *event, const struct perf_sample *sample,
				struct evsel *evsel)
{
	struct report *rep = (struct report *)tool;
	struct report_evsel_stats *st = report__evsel_stats(rep, evsel);

	if (!st)
		return -ENOMEM;
	st->nr_samples++;
	callchain_stats__scan(&rep->chain_stats, sample, rep->hists.max_stack);
	return 0;
}

/* LOST_SAMPLES count against the event their sample id names. */
static int report__stats_other(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *event, const struct perf_sample *sample)
{
	struct report *rep = (struct report *)tool;
	struct report_evsel_stats *st;
	struct evsel *evsel;

	if (event->header.type != PERF_RECORD_LOST_SAMPLES)
		return 0;
	evsel = evlist__id2evsel(&session->evlist, sample->id);
	if (!evsel && session->evlist.nr == 1)
		evsel = session->evlist.entries[0];
	if (!evsel)
		return 0;
	st = report__evsel_stats(rep, evsel);
	if (!st)
		return -ENOMEM;
	st->nr_lost_samples += event->lost_samples.lost;
	return 0;
}

/*
 * Upstream's layout: the TOTAL line, then every named type (in type
 * order) with its share of TOTAL; types without a name are counted in
 * TOTAL only.
 */
static void report__print_aggregated(const struct perf_stats *stats, bool skip_empty,
				     bool mmap3, FILE *fp)
{
	u64 total = 0;
	u32 type;

	for (type = 1; type < PERF_RECORD_HEADER_MAX; type++)
		total += stats->nr_events[type];

	fprintf(fp, "\nAggregated stats:\n");
	fprintf(fp, "%16s events: %10llu\n", "TOTAL", (unsigned long long)total);
	for (type = 1; type < PERF_RECORD_HEADER_MAX; type++) {
		u64 n = stats->nr_events[type];

		if (!strcmp(perf_event__name(type), "UNKNOWN"))
			continue;
		/* type 22 is MMAP3 only if asked for; else nameless, like upstream's */
		if (type == PERF_RECORD_MMAP3 && !mmap3)
			continue;
		if (skip_empty && !n)
			continue;
		fprintf(fp, "%16s events: %10llu  (%4.1f%%)\n", perf_event__name(type),
			(unsigned long long)n, total ? 100.0 * n / total : 0.0);
	}
}

static void report__print_evsels(struct report *rep, struct evlist *evlist, FILE *fp)
{
	static const struct report_evsel_stats none;
	int i;

	for (i = 0; i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];
		const struct report_evsel_stats *st = evsel->idx < rep->nr_evsel_stats ?
						      &rep->evsel_stats[evsel->idx] : &none;

		if (rep->skip_empty && !st->nr_samples && !st->nr_lost_samples)
			continue;
		fprintf(fp, "%s stats:\n", evsel__name(evsel));
		if (st->nr_samples)
			fprintf(fp, "%16s events: %10llu\n", "SAMPLE",
				(unsigned long long)st->nr_samples);
		if (st->nr_lost_samples)
			fprintf(fp, "%16s events: %10llu\n", "LOST_SAMPLES",
				(unsigned long long)st->nr_lost_samples);
	}
}

/*
 * Upstream's report names a stream's events from their attrs, with the
 * modifiers ("cpu-clock:uH"), even where the stream carries EVENT_DESC.
 */
static int report__name_events(struct perf_session *session, bool quiet)
{
	return perf_session__name_events(session, quiet, false);
}

static int report__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct report *rep = (struct report *)tool;

	return report__name_events(session, rep->quiet);
}

static int report__stats(struct report *rep, struct perf_session *session)
{
	int err;

	rep->tool.header_done = report__header_done;
	rep->tool.sample = report__stats_sample;
	rep->tool.other = report__stats_other;
	err = perf_session__process_events(session, &rep->tool);
	/* damage inside the data: the counts up to it, and exit 1 */
	if (err && !(err == -EINVAL && session->stats.truncated))
		return err;
	report__print_aggregated(&session->stats, rep->skip_empty,
				 evlist__wants_mmap3(&session->evlist), stdout);
	report__print_evsels(rep, &session->evlist, stdout);
	if (!rep->quiet && session->stats.nr_unknown_events)
		pr_warning("%llu records of unknown type were skipped\n",
			   (unsigned long long)session->stats.nr_unknown_events);
	if (!rep->quiet && session->stats.nr_bad_records)
		pr_warning("%llu malformed records were skipped\n",
			   (unsigned long long)session->stats.nr_bad_records);
	if (!rep->quiet && evlist__has_user_stack(&session->evlist))
		callchain__warn_user_stack("perf report", session->data->path);
	/* --stats is asked to tell: every reason, --max-stack cuts too */
	if (!rep->quiet)
		callchain_stats__print(&rep->chain_stats, "perf report", 1);
	return err;
}

enum {
	OPT_STATS = 256, OPT_SKIP_EMPTY, OPT_NO_SKIP_EMPTY, OPT_STDIO, OPT_CHILDREN,
	OPT_NO_CHILDREN, OPT_NO_CALL_GRAPH, OPT_PERCENT_LIMIT, OPT_HEADER, OPT_HEADER_ONLY,
	OPT_KALLSYMS, OPT_DEBUGINFOD, OPT_MAX_STACK,
};

/*
 * -g takes an optional value, given attached (-gcaller, --call-graph=caller)
 * or, as upstream accepts it, as the next word when that is no option.
 */
static int report__parse_callchain(struct report *rep, int argc, const char **argv)
{
	const char *arg = optarg;

	if (!arg && optind < argc && argv[optind][0] != '-')
		arg = argv[optind++];
	/* a bare -g: callchain_param__parse() applies upstream's default string */
	if (callchain_param__parse(&rep->hists.callchain, arg))
		return PERF_USAGE_ERROR;
	rep->hists.callchain_given = rep->hists.callchain.mode != CALLCHAIN_NONE;
	return 0;
}

static int report__parse_percent(struct report *rep, const char *arg)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || v < 0 || v > 100) {
		fprintf(stderr, "  Error: invalid --percent-limit `%s'\n", arg);
		return PERF_USAGE_ERROR;
	}
	rep->hists.percent_limit = v;
	return 0;
}

static int report__parse_args(struct report *rep, int argc, const char **argv)
{
	static const struct option longopts[] = {
		{ "force",		no_argument,		NULL, 'f' },
		{ "input",		required_argument,	NULL, 'i' },
		{ "quiet",		no_argument,		NULL, 'q' },
		{ "verbose",		no_argument,		NULL, 'v' },
		{ "sort",		required_argument,	NULL, 's' },
		{ "call-graph",		optional_argument,	NULL, 'g' },
		{ "inverted",		no_argument,		NULL, 'G' },
		{ "no-call-graph",	no_argument,		NULL, OPT_NO_CALL_GRAPH },
		{ "children",		no_argument,		NULL, OPT_CHILDREN },
		{ "no-children",	no_argument,		NULL, OPT_NO_CHILDREN },
		{ "percent-limit",	required_argument,	NULL, OPT_PERCENT_LIMIT },
		{ "header",		no_argument,		NULL, OPT_HEADER },
		{ "header-only",	no_argument,		NULL, OPT_HEADER_ONLY },
		{ "kallsyms",		required_argument,	NULL, OPT_KALLSYMS },
		{ "debuginfod",		optional_argument,	NULL, OPT_DEBUGINFOD },
		{ "max-stack",		required_argument,	NULL, OPT_MAX_STACK },
		{ "stdio",		no_argument,		NULL, OPT_STDIO },
		{ "stats",		no_argument,		NULL, OPT_STATS },
		{ "skip-empty",		no_argument,		NULL, OPT_SKIP_EMPTY },
		{ "no-skip-empty",	no_argument,		NULL, OPT_NO_SKIP_EMPTY },
		{ "help",		no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, err;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, (char * const *)argv, ":fi:qvs:g::Gh", longopts, NULL)) != -1) {
		err = 0;
		switch (c) {
		case 'f': rep->force = true; break;
		case 'i': rep->input = optarg; break;
		case 'q': rep->quiet = true; break;
		case 'v': rep->verbose++; break;
		case 's':
			if (sort_keys__parse(&rep->hists.sort, optarg))
				return PERF_USAGE_ERROR;
			break;
		case 'g': err = report__parse_callchain(rep, argc, argv); break;
		case 'G':
			rep->hists.callchain.order = CALLCHAIN_ORDER_CALLER;
			rep->hists.callchain.order_set = true;
			break;
		case OPT_NO_CALL_GRAPH:
			rep->hists.callchain.mode = CALLCHAIN_NONE;
			rep->hists.callchain_given = false;
			break;
		case OPT_CHILDREN: rep->hists.children = 1; break;
		case OPT_NO_CHILDREN: rep->hists.children = 0; break;
		case OPT_PERCENT_LIMIT: err = report__parse_percent(rep, optarg); break;
		case OPT_HEADER: rep->header = true; break;
		case OPT_HEADER_ONLY: rep->header_only = true; break;
		case OPT_KALLSYMS: rep->hists.kallsyms = optarg; break;
		case OPT_DEBUGINFOD: rep->hists.debuginfod = optarg ? optarg : ""; break;
		case OPT_MAX_STACK:
			if (callchain__parse_max_stack(optarg, &rep->hists.max_stack)) {
				fprintf(stderr, "  Error: invalid --max-stack `%s'\n", optarg);
				return PERF_USAGE_ERROR;
			}
			break;
		case OPT_STDIO: break;		/* the only interface */
		case OPT_STATS: rep->stats_mode = true; break;
		case OPT_SKIP_EMPTY: rep->skip_empty = true; break;
		case OPT_NO_SKIP_EMPTY: rep->skip_empty = false; break;
		case 'h':
			fputs(report_usage, stdout);
			return PERF_USAGE_ERROR;
		default:
			return usage__getopt_error(c, argv, report_usage);
		}
		if (err)
			return err;
	}
	if (optind < argc)
		return usage__extra_argument(argv[optind], report_usage);
	return 0;
}

static int report__hists(struct report *rep, struct perf_session *session)
{
	struct report_hists_opts *opts = &rep->hists;

	opts->quiet = rep->quiet;
	opts->verbose = rep->verbose;
	opts->skip_empty = rep->skip_empty;
	opts->header_hint = !rep->header;
	opts->name_events = report__name_events;
	/* --debuginfod without URLs: DEBUGINFOD_URLS */
	if (opts->debuginfod && !*opts->debuginfod)
		opts->debuginfod = NULL;
	return report_hists__run(opts, session);
}

int cmd_report(int argc, const char **argv)
{
	struct report rep = { .skip_empty = true, .hists.children = -1 };
	struct perf_session session;
	struct perf_data data;
	int err;

	sort_keys__init_default(&rep.hists.sort);
	callchain_param__init(&rep.hists.callchain);
	rep.hists.max_stack = callchain__default_max_stack();
	err = report__parse_args(&rep, argc, argv);
	if (err)
		return err;

	err = perf_data__open(&data, rep.input ? rep.input : "perf.data", PERF_DATA_READ,
			      rep.force);
	if (err)
		return 1;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	session.verbose = rep.verbose;
	if (rep.header || rep.header_only)
		report__print_header(&session, stdout);
	if (rep.header_only)
		err = 0;
	else if (rep.stats_mode)
		err = report__stats(&rep, &session);
	else
		err = report__hists(&rep, &session);
	if (err && err != -EINVAL && err != -ENOMEM)
		pr_err("perf report: %s\n", strerror(-err));
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	free(rep.evsel_stats);
	return err ? 1 : 0;
}
