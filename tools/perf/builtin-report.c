// SPDX-License-Identifier: GPL-2.0
/*
 * perf report.  Two modes share the option parsing and the session walk:
 * --stats (how many records of each type a perf.data holds, laid out like
 * upstream perf 6.1) and the histogram report (report/report.c): samples
 * resolved through the machine model into histogram entries, printed like
 * upstream's --stdio.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/base/parse-options.h"
#include "util/base/config.h"
#include "util/base/debug.h"
#include "util/session/session.h"
#include "report/report.h"
#include "util/session/header-print.h"
#include "util/model/callchain.h"
#include "util/model/sample-filter.h"
#include "util/model/dso.h"

struct report_evsel_stats {
	u64 nr_samples;
	u64 nr_lost_samples;
};

struct report {
	struct perf_tool tool;
	const char *input;
	bool stats_mode;
	bool header, header_only;
	bool show_info;		/* -I: the topologies and caches in the header */
	struct report_hists_opts hists;
	struct sample_filter_opts filter_opts;	/* --comms, --pid, --time, -C... */
	struct sample_filter filter;
	bool force;
	bool quiet;
	bool skip_empty;
	int verbose;
	/* --stats: indexed by evsel->idx (pipe mode adds events as it goes) */
	struct report_evsel_stats *evsel_stats;
	int nr_evsel_stats;
	struct callchain_stats chain_stats;	/* --stats: what chains would lose */
};

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
		/* type 23 is MMAP3 only if asked for; else nameless, like upstream's */
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

	if ((rep->header || rep->header_only) && session->header.is_pipe)
		perf_session__fprintf_features(session, stdout, rep->show_info);
	/* --header-only: a stream is read as far as its header records */
	if (rep->header_only)
		return -ECANCELED;
	return report__name_events(session, rep->quiet);
}

/* A file's header is all read at open; a stream's, as its first records. */
static int report__header_only(struct report *rep, struct perf_session *session)
{
	int err;

	if (!session->header.is_pipe)
		return 0;
	rep->tool.header_done = report__header_done;
	err = perf_session__process_events(session, &rep->tool);
	return err == -ECANCELED ? 0 : err;
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
	/* --stats is asked to tell: every reason, --max-stack cuts too */
	if (!rep->quiet)
		callchain_stats__print(&rep->chain_stats, "perf report", 1);
	return err;
}

enum {
	OPT_CALL_GRAPH = 256, OPT_INVERTED, OPT_CHILDREN, OPT_PERCENT_LIMIT, OPT_DEBUGINFOD,
	OPT_MAX_STACK, OPT_NUM_THREADS, OPT_SORT, OPT_FIELDS, OPT_PERCENTAGE,
};

static int report__parse_callchain(struct report *rep, const char *arg, bool unset)
{
	if (unset) {
		rep->hists.callchain.mode = CALLCHAIN_NONE;
		rep->hists.callchain_given = false;
		return 0;
	}
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
	/* upstream prunes call graph branches at the same percentage (a later -g
	 * threshold wins) */
	rep->hists.callchain.min_percent = v;
	return 0;
}

/* --num-threads, report.num-threads: 1 up to a sane bound, nothing else */
static int report__parse_num_threads(struct report *rep, const char *arg, const char *what)
{
	char *end;
	unsigned long v = strtoul(arg, &end, 10);

	if (end == arg || *end || *arg == '-' || v < 1 || v > REPORT_MAX_THREADS) {
		fprintf(stderr, "  Error: invalid %s `%s' (1 to %d)\n", what, arg,
			REPORT_MAX_THREADS);
		return PERF_USAGE_ERROR;
	}
	rep->hists.num_threads = v;
	return 0;
}

static int report__parse_percentage(struct report *rep, const char *arg)
{
	if (!strcmp(arg, "relative")) {
		rep->hists.relative = true;
	} else if (!strcmp(arg, "absolute")) {
		rep->hists.relative = false;
	} else {
		fprintf(stderr, "  Error: --percentage takes relative or absolute, not `%s'\n", arg);
		return PERF_USAGE_ERROR;
	}
	return 0;
}

static int report__option(void *ctx, int key, const char *arg, bool unset)
{
	struct report *rep = ctx;

	switch (key) {
	case OPT_SORT:
		rep->hists.sort_given = true;
		return sort_keys__parse_report(&rep->hists.sort, arg, "--sort") ?
		       PERF_USAGE_ERROR : 0;
	case OPT_FIELDS:
		rep->hists.fields_given = true;
		return sort_keys__parse_report(&rep->hists.fields, arg, "--fields") ?
		       PERF_USAGE_ERROR : 0;
	case OPT_PERCENTAGE:
		return report__parse_percentage(rep, arg);
	case OPT_CALL_GRAPH:
		return report__parse_callchain(rep, arg, unset);
	case OPT_INVERTED:
		rep->hists.callchain.order = CALLCHAIN_ORDER_CALLER;
		rep->hists.callchain.order_set = true;
		return 0;
	case OPT_CHILDREN:
		rep->hists.children = !unset;
		return 0;
	case OPT_PERCENT_LIMIT:
		return report__parse_percent(rep, arg);
	case OPT_DEBUGINFOD:
		rep->hists.debuginfod = arg ? arg : "";
		return 0;
	case OPT_NUM_THREADS:
		return report__parse_num_threads(rep, arg, "--num-threads");
	case OPT_MAX_STACK:
		if (callchain__parse_max_stack(arg, &rep->hists.max_stack)) {
			fprintf(stderr, "  Error: invalid --max-stack `%s'\n", arg);
			return PERF_USAGE_ERROR;
		}
		return 0;
	default:
		return 0;
	}
}

/*
 * perfconfig's report.children, report.percent-limit and call-graph.*
 * (print-type, threshold, print-limit, order, sort-key): defaults the
 * command line overrides.
 */
static int report__config(struct report *rep)
{
	struct perf_config cfg = { .quiet = true };	/* perf.c named bad files once */
	static const char * const cg[] = {
		"call-graph.print-type", "call-graph.order", "call-graph.sort-key",
	};
	const char *v, *t, *l;
	char chain[128];
	size_t i;
	bool b;
	int err = 0;

	if (perf_config__load(&cfg, PERF_CONFIG_ALL))
		return 0;
	v = perf_config__get(&cfg, "report.children");
	if (v) {
		if (perf_config__bool(v, &b)) {
			fprintf(stderr, "perf report: report.children '%s' in perfconfig is no "
				"boolean\n", v);
			err = 1;
		} else {
			rep->hists.children = b;
		}
	}
	v = perf_config__get(&cfg, "report.num-threads");
	if (!err && v)
		err = report__parse_num_threads(rep, v, "report.num-threads in perfconfig") ? 1 : 0;
	v = perf_config__get(&cfg, "report.percent-limit");
	if (!err && v)
		err = report__parse_percent(rep, v) ? 1 : 0;
	t = perf_config__get(&cfg, "call-graph.threshold");
	l = perf_config__get(&cfg, "call-graph.print-limit");
	/* the threshold and limit are positional: they follow a print type */
	if (!err && (t || l)) {
		snprintf(chain, sizeof(chain), "graph,%s%s%s", t ? t : "0.5", l ? "," : "",
			 l ? l : "");
		err = callchain_param__parse(&rep->hists.callchain, chain) ? 1 : 0;
	}
	for (i = 0; !err && i < sizeof(cg) / sizeof(cg[0]); i++) {
		v = perf_config__get(&cfg, cg[i]);
		if (v && callchain_param__parse(&rep->hists.callchain, v)) {
			fprintf(stderr, "perf report: %s '%s' in perfconfig\n", cg[i], v);
			err = 1;
		}
	}
	perf_config__exit(&cfg);
	return err;
}

static const char * const report_usage[] = { "perf report [<options>]", NULL };

#define NOPE(s, l, f, why) \
	{ PARSE_OPT_CALLBACK, s, l, NULL, "opts", why, (f) | PARSE_OPT_UNSUPPORTED, 0 }
#define CB(s, l, k, a, h, f) \
	{ PARSE_OPT_CALLBACK, s, l, NULL, a, h, f, k }

static int report__parse_args(struct report *rep, int argc, const char **argv)
{
	bool stdio = false;
	struct sample_filter_opts *fo = &rep->filter_opts;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_STRING, 'c', "comms", &fo->comms, "comm[,comm...]",
		  "only consider symbols in these comms" },
		{ PARSE_OPT_STRING, 'C', "cpu", &fo->cpus, "cpu", "list of cpus to profile" },
		{ PARSE_OPT_STRING, 'd', "dsos", &fo->dsos, "dso[,dso...]",
		  "only consider symbols in these dsos" },
		{ PARSE_OPT_BOOL, 'f', "force", &rep->force, NULL, "don't complain, do it" },
		CB('G', "inverted", OPT_INVERTED, NULL, "alias for inverted call graph",
		   PARSE_OPT_NOARG),
		/* -g takes its value attached or, as upstream accepts it, as the next word */
		{ PARSE_OPT_CALLBACK, 'g', "call-graph", NULL,
		  "print_type,threshold[,print_limit],order,sort_key[,branch],value",
		  "Display call graph (stack chain/backtrace):\n"
		  "                          print_type: graph|flat|fractal|folded|none",
		  PARSE_OPT_OPTARG | PARSE_OPT_OPTARG_NEXT | PARSE_OPT_CANNEG, OPT_CALL_GRAPH },
		{ PARSE_OPT_BOOL, 'I', "show-info", &rep->show_info, NULL,
		  "Display extended information about perf.data file" },
		{ PARSE_OPT_STRING, 'i', "input", &rep->input, "file", "input file name" },
		{ PARSE_OPT_STRING, 'k', "vmlinux", &rep->hists.vmlinux, "file",
		  "vmlinux pathname" },
		{ PARSE_OPT_BOOL, 'n', "show-nr-samples", &rep->hists.show_nr_samples, NULL,
		  "Show a column with the number of samples" },
		{ PARSE_OPT_BOOL, 'q', "quiet", &rep->quiet, NULL,
		  "Do not show any warnings or messages" },
		CB('s', "sort", OPT_SORT, "key[,key2...]",
		   "sort by key(s): pid comm dso symbol parent cpu dso_size srcline srcfile\n"
		   "                          overhead overhead_sys overhead_us overhead_guest_sys\n"
		   "                          overhead_guest_us overhead_children sample period", 0),
		CB('F', "fields", OPT_FIELDS, "key[,keys...]",
		   "output field(s): overhead period sample  overhead overhead_sys\n"
		   "                          overhead_us overhead_guest_sys overhead_guest_us\n"
		   "                          overhead_children sample period pid comm dso symbol\n"
		   "                          parent cpu dso_size srcline srcfile", 0),
		{ PARSE_OPT_STRING, 'S', "symbols", &fo->syms, "symbol[,symbol...]",
		  "only consider these symbols" },
		{ PARSE_OPT_STRING, 't', "field-separator", &rep->hists.field_sep, "separator",
		  "separator for columns, no spaces will be added between columns '.' is "
		  "reserved." },
		{ PARSE_OPT_BOOL, 'T', "threads", &rep->hists.threads, NULL,
		  "Show per-thread event counters" },
		{ PARSE_OPT_BOOL, 'U', "hide-unresolved", &rep->hists.hide_unresolved, NULL,
		  "Only display entries resolved to a symbol" },
		{ PARSE_OPT_INCR, 'v', "verbose", &rep->verbose, NULL,
		  "be more verbose (show symbol address, etc)" },
		CB(0, "children", OPT_CHILDREN, NULL,
		   "Accumulate callchains of children and show total overhead as well",
		   PARSE_OPT_NOARG | PARSE_OPT_CANNEG),
		CB(0, "debuginfod", OPT_DEBUGINFOD, "debuginfod urls",
		   "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls",
		   PARSE_OPT_OPTARG),
		{ PARSE_OPT_BOOL, 0, "demangle", &rep->hists.demangle, NULL,
		  "Demangle C++ and Rust symbol names (the default)" },
		{ PARSE_OPT_BOOL, 0, "header", &rep->header, NULL, "Show data header." },
		{ PARSE_OPT_BOOL, 0, "header-only", &rep->header_only, NULL,
		  "Show only data header." },
		{ PARSE_OPT_BOOL, 0, "hierarchy", &rep->hists.hierarchy, NULL,
		  "Show entries in a hierarchy" },
		{ PARSE_OPT_BOOL, 0, "inline", &rep->hists.inline_frames, NULL,
		  "Show inline function" },
		{ PARSE_OPT_STRING, 0, "kallsyms", &rep->hists.kallsyms, "file",
		  "kallsyms pathname" },
		{ PARSE_OPT_BOOL, 0, "mmaps", &rep->hists.mmaps, NULL,
		  "Display recorded tasks memory maps" },
		CB(0, "max-stack", OPT_MAX_STACK, "n",
		   "Set the maximum stack depth when parsing the callchain, anything beyond "
		   "the specified depth will be ignored. Default: kernel.perf_event_max_stack or 127",
		   0),
		CB(0, "num-threads", OPT_NUM_THREADS, "n",
		   "Threads for reading and adding samples (2: resolve on one, add on the "
		   "other; more are not used yet). Default: 2 with 2 usable CPUs, else 1", 0),
		CB(0, "percent-limit", OPT_PERCENT_LIMIT, "percent",
		   "Don't show entries under that percent", 0),
		CB(0, "percentage", OPT_PERCENTAGE, "relative|absolute",
		   "how to display percentage of filtered entries", 0),
		{ PARSE_OPT_STRING, 0, "pid", &fo->pids, "pid[,pid...]",
		  "only consider symbols in these pids" },
		{ PARSE_OPT_BOOL, 0, "show-total-period", &rep->hists.show_total_period, NULL,
		  "Show a column with the sum of periods" },
		{ PARSE_OPT_BOOL, 0, "skip-empty", &rep->skip_empty, NULL,
		  "Do not display empty (or dummy) events in the output" },
		{ PARSE_OPT_BOOL, 0, "stats", &rep->stats_mode, NULL, "Display event stats" },
		/* the only interface */
		{ PARSE_OPT_BOOL, 0, "stdio", &stdio, NULL, "Use the stdio interface" },
		{ PARSE_OPT_STRING, 0, "symfs", &rep->hists.symfs, "directory",
		  "Look for files with symbols relative to this directory" },
		{ PARSE_OPT_STRING, 0, "symbol-filter", &rep->hists.symbol_filter, "filter",
		  "only show symbols that (partially) match with this filter" },
		{ PARSE_OPT_BOOL, 0, "tasks", &rep->hists.tasks, NULL,
		  "Display recorded tasks" },
		{ PARSE_OPT_STRING, 0, "tid", &fo->tids, "tid[,tid...]",
		  "only consider symbols in these tids" },
		{ PARSE_OPT_STRING, 0, "time", &fo->time, "str",
		  "Time span of interest (start,stop)" },
		/* upstream's, impossible here: one line each, exit 129 */
		NOPE('b', "branch-stack", PARSE_OPT_NOARG,
		     "branch stacks need a hardware PMU (LBR) at record time"),
		NOPE(0, "branch-history", PARSE_OPT_NOARG,
		     "branch stacks need a hardware PMU (LBR) at record time"),
		NOPE(0, "stitch-lbr", PARSE_OPT_NOARG, "LBR call stacks need a hardware PMU"),
		NOPE(0, "mem-mode", PARSE_OPT_NOARG,
		     "memory access samples need hardware PMU events"),
		NOPE(0, "itrace", PARSE_OPT_OPTARG, "instruction traces need a hardware PMU"),
		NOPE(0, "total-cycles", PARSE_OPT_NOARG, "cycle counts come from hardware LBR"),
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "report", .usage = report_usage, .opts = opts,
		.cb = report__option, .ctx = rep,
	};
	int err = parse_opts__parse_no_args(&p, argc, argv);

	if (!err && rep->hists.hierarchy && rep->hists.fields_given) {
		fprintf(stderr, "  Error: --hierarchy and --fields options cannot be used "
				"together\n");
		err = PERF_USAGE_ERROR;
	}
	/* upstream takes an empty separator for none */
	if (!err && rep->hists.field_sep && !*rep->hists.field_sep)
		rep->hists.field_sep = NULL;
	/* a '.' stands for the separator inside fields: as one it would split nothing */
	if (!err && rep->hists.field_sep && *rep->hists.field_sep == '.') {
		fprintf(stderr, "  Error: '.' cannot start the --field-separator: it replaces "
				"the separator inside fields\n");
		err = PERF_USAGE_ERROR;
	}
	if (!err && rep->hists.field_sep && rep->hists.hierarchy) {
		fprintf(stderr, "  Error: --hierarchy and --field-separator options cannot be "
				"used together\n");
		err = PERF_USAGE_ERROR;
	}
	return err;
}

static int report__hists(struct report *rep, struct perf_session *session)
{
	struct report_hists_opts *opts = &rep->hists;

	opts->quiet = rep->quiet;
	opts->verbose = rep->verbose;
	opts->skip_empty = rep->skip_empty;
	opts->header_hint = !rep->header;
	opts->stream_header = rep->header;
	opts->show_info = rep->show_info;
	opts->name_events = report__name_events;
	opts->filter = &rep->filter;
	/* --debuginfod without URLs: DEBUGINFOD_URLS */
	if (opts->debuginfod && !*opts->debuginfod)
		opts->debuginfod = NULL;
	return report_hists__run(opts, session);
}

/*
 * --time or --cpu did not fit the file: upstream has printed its header
 * hint by then.  Its statuses: -EINVAL for --time; for --cpu (where its
 * report exits 0 after the error) its script's -1.
 */
static int report__filter_failed(const struct report *rep, int status)
{
	if (!rep->quiet && !rep->header)
		printf("# To display the perf.data header info, please use "
		       "--header/--header-only options.\n#\n");
	return status;
}

/* --symfs and -k name files: a typo is one line before the recording is read */
static int report__check_files(const struct report *rep)
{
	struct dso_load_opts lo = { .symfs = rep->hists.symfs, .vmlinux = rep->hists.vmlinux };

	return dso_load_opts__check(&lo, "perf report");
}

/*
 * Two threads when two CPUs are ours to use: measured faster, the same
 * output (alternating runs, idle: the 100 MB callpaths report 0.88-0.98
 * s against 1.12-1.18 s, the random-chain file 3.4-4.1 s against 4.4-4.8
 * s; bench/README, sixth round).  The affinity mask, not the machine: a
 * container pinned to one CPU would only make the two threads take turns.
 */
static unsigned int report__default_threads(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return CPU_COUNT(&set) >= 2 ? 2 : 1;
}

int cmd_report(int argc, const char **argv)
{
	struct report rep = { .skip_empty = true, .hists.children = -1 };
	struct perf_session session;
	struct perf_data data;
	int err, status = 0;

	sort_keys__init_default(&rep.hists.sort);
	callchain_param__init(&rep.hists.callchain);
	rep.hists.max_stack = callchain__default_max_stack();
	rep.hists.inline_frames = true;
	rep.hists.demangle = true;
	rep.hists.num_threads = report__default_threads();
	err = report__config(&rep) ?: report__parse_args(&rep, argc, argv);
	if (err)
		return err;
	err = report__check_files(&rep);
	if (err)
		return err;
	/* a list that does not parse is a usage error (upstream says so and goes on) */
	if (sample_filter__init(&rep.filter, &rep.filter_opts, "perf report")) {
		sample_filter__exit(&rep.filter);
		return PERF_USAGE_ERROR;
	}

	err = perf_data__open(&data, rep.input ? rep.input : "perf.data", PERF_DATA_READ,
			      rep.force);
	if (err) {
		sample_filter__exit(&rep.filter);
		return 1;
	}
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	session.verbose = rep.verbose;
	if (rep.header || rep.header_only)
		perf_session__fprintf_header(&session, stdout, rep.show_info);
	if (rep.header_only)
		err = report__header_only(&rep, &session);
	else if (rep.stats_mode)
		err = report__stats(&rep, &session);
	else if (sample_filter__setup_time(&rep.filter, &session, "perf report"))
		status = report__filter_failed(&rep, 234);
	else if (sample_filter__setup_cpus(&rep.filter, &session, "perf report"))
		status = report__filter_failed(&rep, 255);
	else
		err = report__hists(&rep, &session);
	if (err && err != -EINVAL && err != -ENOMEM)
		pr_err("perf report: %s\n", strerror(-err));
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	free(rep.evsel_stats);
	sample_filter__exit(&rep.filter);
	return status ? status : err ? 1 : 0;
}
