// SPDX-License-Identifier: GPL-2.0
/*
 * perf diff [OLD] [NEW]: the profile of NEW against the baseline OLD,
 * entry by entry, in upstream perf 6.1's --stdio layout ("Baseline",
 * "Delta Abs"/"Delta", then the sort keys).  Each file is read into its
 * own machine and histograms (the model report uses: machine-tool, hist,
 * sort); util/hists/hist-diff.h pairs the entries and orders them.  Because
 * each file resolves through the build-ids it recorded, a binary rebuilt
 * between the recordings is compared function by function, each
 * version's own.  See Documentation/perf-diff.txt.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/model/callchain.h"
#include "util/data/data.h"
#include "util/base/debug.h"
#include "util/model/debuginfod-dso.h"
#include "util/hists/hist.h"
#include "util/hists/hist-diff.h"
#include "util/model/machine-sideband.h"
#include "util/base/parse-options.h"
#include "util/session/session.h"
#include "util/hists/sort.h"
#include "util/model/thread.h"
#include "util/model/unresolved.h"

static const char * const diff_usage[] = {
	"perf diff [<options>] [old_file] [new_file]", NULL
};

struct diff_opts {
	const char		*files[2];
	struct hist_diff_how	how;		/* -c, -o */
	struct sort_keys	sort;
	bool			force, quiet, sort_given;
	bool			period, formula;	/* -p, -F: more columns */
	int			verbose;
	const struct parse_opts	*p;	/* for the usage after a bad value */
};

/* One file: its session, its machine, its histograms by evsel->idx. */
struct diff_file {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	int			(*mt_header_done)(struct perf_tool *tool,
						  struct perf_session *session);
	const struct diff_opts	*opts;
	struct perf_data	data;
	struct perf_session	session;
	bool			data_open, session_open;
	bool			damaged;	/* read up to damage (exit 1) */
	struct machine		machine;
	struct dso_load_opts	lopts;
	struct debuginfod_fetcher *fetcher;
	struct hists		**hists;
	int			nr_hists;
	struct callchain_cursor	cursor;
	struct callchain_frame	leaf;
};

enum { OPT_COMPUTE, OPT_SORT, OPT_ORDER, OPT_PERCENTAGE };

/* wdiff:W1,W2: two positive weights, as upstream takes them */
static int diff__weights(struct diff_opts *o, const char *arg)
{
	char *end;
	long long w1, w2;

	if (arg[0] != ':')
		goto bad;
	w1 = strtoll(arg + 1, &end, 10);
	if (end == arg + 1 || *end != ',' || w1 <= 0)
		goto bad;
	arg = end + 1;
	w2 = strtoll(arg, &end, 10);
	if (end == arg || *end || w2 <= 0)
		goto bad;
	o->how.w1 = w1;
	o->how.w2 = w2;
	return 0;
bad:
	fprintf(stderr, "Failed: wrong weight data, use 'wdiff:w1,w2'\n");
	parse_opts__usage(o->p, stderr);
	return PERF_USAGE_ERROR;
}

static int diff__compute(struct diff_opts *o, const char *arg)
{
	static const struct { const char *name; enum hist_diff_compute c; } methods[] = {
		{ "delta-abs", HIST_DIFF_DELTA_ABS }, { "delta", HIST_DIFF_DELTA },
		{ "ratio", HIST_DIFF_RATIO }, { "wdiff", HIST_DIFF_WDIFF },
	};
	size_t i, len;

	if (!strcmp(arg, "cycles")) {
		fprintf(stderr, "perf diff: -c cycles is not supported: "
			"cycle counts come from hardware branch stacks (LBR)\n");
		return PERF_USAGE_ERROR;
	}
	for (i = 0; i < sizeof(methods) / sizeof(methods[0]); i++) {
		len = strlen(methods[i].name);
		if (strncmp(arg, methods[i].name, len) || (arg[len] && arg[len] != ':'))
			continue;
		o->how.compute = methods[i].c;
		if (methods[i].c == HIST_DIFF_WDIFF)
			return diff__weights(o, arg + len);
		if (arg[len]) {
			fprintf(stderr, "Failed: extra option specified '%s'\n", arg + len + 1);
			parse_opts__usage(o->p, stderr);
			return PERF_USAGE_ERROR;
		}
		return 0;
	}
	fprintf(stderr, "Failed: '%s' is not computation method "
		"(use 'delta','ratio' or 'wdiff')\n\n", arg);
	parse_opts__usage(o->p, stderr);
	return PERF_USAGE_ERROR;
}

/* -o N: the column to order by, 0 the baseline, 1 the compared file */
static int diff__order(struct diff_opts *o, const char *arg)
{
	char *end;
	long long n = strtoll(arg, &end, 0);

	if (end == arg || *end)
		return parse_opts__error(o->p, "switch `o' expects a numerical value");
	if (n < 0)
		return parse_opts__error(o->p, "switch `o' expects an unsigned numerical value");
	if (n > 1) {
		/* upstream's wording and status (-1): there are two files */
		fprintf(stderr, "Order option out of limit.\n");
		return 255;
	}
	o->how.by_baseline = n == 0;
	return 0;
}

static int diff__option(void *ctx, int key, const char *arg, bool unset)
{
	struct diff_opts *o = ctx;

	switch (key) {
	case OPT_COMPUTE:
		return diff__compute(o, arg);
	case OPT_ORDER:
		return diff__order(o, arg);
	case OPT_PERCENTAGE:
		/* relative and absolute differ only for filtered entries: diff has no filters */
		if (strcmp(arg, "relative") && strcmp(arg, "absolute"))
			return parse_opts__error(o->p, "--percentage takes relative or absolute, "
						 "not '%s'", arg);
		return 0;
	case OPT_SORT:
		/* the first -s replaces the default keys; more add to it */
		if (!o->sort_given)
			memset(&o->sort, 0, sizeof(o->sort));
		o->sort_given = true;
		return sort_keys__parse(&o->sort, arg) ? PERF_USAGE_ERROR : 0;
	default:
		return 0;
	}
}

/* upstream 6.1's options this diff does not implement: one line each, exit 129 */
#define NOPE(s, l, f, why) \
	{ PARSE_OPT_CALLBACK, s, l, NULL, "opts", why, (f) | PARSE_OPT_UNSUPPORTED, 0 }
#define NOPE_FILTER(s, l) \
	NOPE(s, l, 0, "diff compares whole files " \
	     "(record only the tasks to compare)")
#define NOPE_OUT(s, l, f) \
	NOPE(s, l, f, "the columns are aligned with spaces only")

static int diff__parse(struct diff_opts *o, int argc, const char **argv)
{
	const struct parse_opt opts[] = {
		{ PARSE_OPT_CALLBACK, 'c', "compute", NULL,
		  "delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs)",
		  "Entries differential computation selection", 0, OPT_COMPUTE },
		{ PARSE_OPT_BOOL, 'f', "force", &o->force, NULL, "don't complain, do it" },
		{ PARSE_OPT_BOOL, 'F', "formula", &o->formula, NULL, "Show formula." },
		{ PARSE_OPT_CALLBACK, 'o', "order", NULL, "n", "Specify compute sorting.",
		  0, OPT_ORDER },
		{ PARSE_OPT_BOOL, 'p', "period", &o->period, NULL, "Show period values." },
		{ PARSE_OPT_BOOL, 'q', "quiet", &o->quiet, NULL,
		  "Do not show any warnings or messages" },
		{ PARSE_OPT_CALLBACK, 's', "sort", NULL, "key[,key2...]",
		  "sort by key(s): pid, comm, dso, symbol", 0, OPT_SORT },
		{ PARSE_OPT_INCR, 'v', "verbose", &o->verbose, NULL,
		  "be more verbose (show symbol address, etc)" },
		NOPE('b', "baseline-only", PARSE_OPT_NOARG,
		     "every entry of both files is shown (a blank Baseline: new)"),
		NOPE_FILTER('C', "comms"),
		NOPE_FILTER('d', "dsos"),
		NOPE('D', "dump-raw-trace", PARSE_OPT_NOARG,
		     "perf script -D dumps each file"),
		NOPE('m', "modules", PARSE_OPT_NOARG,
		     "modules resolve through their recorded build-ids"),
		NOPE_FILTER('S', "symbols"),
		NOPE_OUT('t', "field-separator", 0),
		NOPE_FILTER(0, "cpu"),
		NOPE(0, "cycles-hist", PARSE_OPT_NOARG,
		     "cycle counts come from hardware LBR (and -c cycles is not supported)"),
		NOPE(0, "kallsyms", 0,
		     "the kernel resolves through its recorded build-id"),
		{ PARSE_OPT_CALLBACK, 0, "percentage", NULL, "relative|absolute",
		  "How to display percentage of filtered entries", 0, OPT_PERCENTAGE },
		NOPE_FILTER(0, "pid"),
		NOPE(0, "stream", PARSE_OPT_NOARG,
		     "hot stream comparison is not implemented here"),
		NOPE(0, "symfs", 0,
		     "binaries resolve through the build-id cache "
		     "(perf archive --unpack)"),
		NOPE_FILTER(0, "tid"),
		NOPE(0, "time", 0, "record the spans to compare separately"),
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "diff", .usage = diff_usage, .opts = opts,
		.cb = diff__option, .ctx = o,
	};
	int n;

	o->p = &p;
	n = parse_opts__parse(&p, argc, argv);
	o->p = NULL;
	if (n < 0)
		return -n;
	/* upstream: none, perf.data.old and perf.data; one, it against perf.data.old */
	o->files[0] = "perf.data.old";
	o->files[1] = "perf.data";
	if (n == 1) {
		o->files[1] = argv[0];
	} else if (n == 2) {
		o->files[0] = argv[0];
		o->files[1] = argv[1];
	} else if (n > 2) {
		fprintf(stderr, "  Error: perf diff compares two files here, not %d: "
			"run it once per pair against the baseline\n", n);
		return PERF_USAGE_ERROR;
	}
	return 0;
}

static struct hists *diff_file__hists(struct diff_file *f, const struct evsel *evsel)
{
	if (evsel->idx >= f->nr_hists) {
		int n = evsel->idx + 8;
		struct hists **v = realloc(f->hists, n * sizeof(*v));

		if (!v)
			return NULL;
		memset(v + f->nr_hists, 0, (n - f->nr_hists) * sizeof(*v));
		f->hists = v;
		f->nr_hists = n;
	}
	if (!f->hists[evsel->idx]) {
		struct hists *h = malloc(sizeof(*h));

		if (!h || hists__init(h, &f->opts->sort, false, NULL, false)) {
			free(h);
			return NULL;
		}
		f->hists[evsel->idx] = h;
	}
	return f->hists[evsel->idx];
}

/* The flat profile: each sample's ip, resolved through this file's machine. */
static int diff_file__sample(struct perf_tool *tool, struct perf_session *session,
			     const union perf_event *event, const struct perf_sample *sample,
			     struct evsel *evsel)
{
	struct diff_file *f = (struct diff_file *)tool;
	struct hists *hists = diff_file__hists(f, evsel);
	struct addr_location al;
	int err;

	if (!hists)
		return -ENOMEM;
	err = machine__resolve(&f->machine, sample->pid, sample->tid, sample->cpumode,
			       sample->ip, &al);
	if (err)
		return err;
	f->leaf = (struct callchain_frame){
		.ip = sample->ip, .addr = al.addr, .map = al.map, .dso = al.dso,
		.sym = al.sym, .cpumode = sample->cpumode,
	};
	f->cursor.frames = &f->leaf;
	f->cursor.nr = 1;
	return hists__add_sample(hists, al.thread, thread__comm_str(al.thread), sample->cpumode,
				 &f->cursor, sample->period);
}

static int diff_file__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct diff_file *f = (struct diff_file *)tool;
	int err = perf_session__name_events(session, f->opts->quiet, false);

	return err ? err : f->mt_header_done(tool, session);
}

static int diff_file__read(struct diff_file *f, const char *path)
{
	int err;

	err = perf_data__open(&f->data, path, PERF_DATA_READ, f->opts->force);
	if (err)
		return err;
	f->data_open = true;
	err = perf_session__open(&f->session, &f->data);
	if (err)
		return err;
	f->session_open = true;
	f->session.verbose = f->opts->verbose;
	f->lopts.verbose = f->opts->verbose;
	err = debuginfod__setup_dso_hook(&f->lopts, NULL, f->opts->verbose, &f->fetcher);
	if (err) {
		pr_err("perf diff: debuginfod: %s\n", strerror(-err));
		return err;
	}
	err = machine__init(&f->machine, &f->lopts);
	if (err)
		return err;
	debuginfod__dso_hook_watch(&f->machine.load_opts, &f->machine.dsos);
	machine_tool__init(&f->mt, &f->machine);
	f->mt_header_done = f->mt.tool.header_done;
	f->mt.tool.header_done = diff_file__header_done;
	f->mt.tool.sample = diff_file__sample;
	f->mt.tool.ordered_events = true;
	err = perf_session__process_events(&f->session, &f->mt.tool);
	/* damage was reported by the session: compare what came before it */
	if (err == -EINVAL && f->session.stats.truncated) {
		f->damaged = true;
		err = 0;
	}
	if (!err && !f->opts->quiet)
		unresolved__print(&f->machine, "perf diff", stderr);
	return err;
}

static void diff_file__exit(struct diff_file *f)
{
	int i;

	for (i = 0; i < f->nr_hists; i++) {
		if (f->hists[i])
			hists__exit(f->hists[i]);
		free(f->hists[i]);
	}
	free(f->hists);
	if (f->mt.machine)
		machine__exit(&f->machine);
	debuginfod__dso_hook_exit(&f->lopts);
	if (f->session_open)
		perf_session__close(&f->session);
	if (f->data_open)
		perf_data__close(&f->data);
}

/* The event of @other's file that @evsel is compared with: same type and config. */
static struct evsel *diff__match_evsel(const struct evlist *evlist, const struct evsel *evsel)
{
	int i;

	for (i = 0; i < evlist->nr; i++) {
		struct evsel *e = evlist->entries[i];

		if (e->attr.type == evsel->attr.type && e->attr.config == evsel->attr.config)
			return e;
	}
	return NULL;
}

#define DIFF_BASELINE_W	8
#define DIFF_PERIOD_W	14	/* -p's columns, ratio and wdiff */
#define DIFF_FORMULA_W	70

static int diff__value_width(const struct diff_opts *o)
{
	switch (o->how.compute) {
	case HIST_DIFF_DELTA_ABS:
		return 9;
	case HIST_DIFF_DELTA:
		return 7;
	default:
		return DIFF_PERIOD_W;
	}
}

static const char *diff__value_header(const struct diff_opts *o)
{
	static const char * const names[] = {
		[HIST_DIFF_DELTA] = "Delta", [HIST_DIFF_DELTA_ABS] = "Delta Abs",
		[HIST_DIFF_RATIO] = "Ratio", [HIST_DIFF_WDIFF] = "Weighted diff",
	};

	return names[o->how.compute];
}

static void diff__dots(int n)
{
	printf("  ");
	while (n-- > 0)
		putchar('.');
}

/* Upstream's columns: Baseline [Base period] value [Formula] [Period] keys */
static void diff__print_header(const struct diff_opts *o, const struct sort_widths *sw)
{
	int i;

	printf("# %-*s", DIFF_BASELINE_W, "Baseline");
	if (o->period)
		printf("  %*s", DIFF_PERIOD_W, "Base period");
	printf("  %*s", diff__value_width(o), diff__value_header(o));
	if (o->formula)
		printf("  %*s", DIFF_FORMULA_W, "Formula");
	if (o->period)
		printf("  %*s", DIFF_PERIOD_W, "Period");
	for (i = 0; i < o->sort.nr; i++) {
		enum sort_key key = o->sort.keys[i];

		/* "Pid:Command" on the colon of its rows, as report's header */
		if (key == SORT_PID)
			printf("  %7s:%-*s", "Pid", sw->w[key] - 8, "Command");
		else
			printf("  %-*s", sw->w[key], sort_key__header(key));
	}
	printf("\n# %.*s", DIFF_BASELINE_W, "........");
	if (o->period)
		diff__dots(DIFF_PERIOD_W);
	diff__dots(diff__value_width(o));
	if (o->formula)
		diff__dots(DIFF_FORMULA_W);
	if (o->period)
		diff__dots(DIFF_PERIOD_W);
	for (i = 0; i < o->sort.nr; i++)
		diff__dots(sw->w[o->sort.keys[i]]);
	printf("\n#\n");
}

/* The computed value; blank for the baseline's own, N/A where one file lacks it. */
static void diff__value(const struct diff_opts *o, const struct hist_diff_entry *e,
			char *buf, size_t size)
{
	buf[0] = '\0';
	if (!e->other)
		return;
	switch (o->how.compute) {
	case HIST_DIFF_DELTA:
	case HIST_DIFF_DELTA_ABS:
		snprintf(buf, size, "%+4.2f%%", e->delta);
		break;
	case HIST_DIFF_RATIO:
		snprintf(buf, size, e->base ? "%.6f" : "N/A", e->ratio);
		break;
	case HIST_DIFF_WDIFF:
		if (e->base)
			snprintf(buf, size, "%lld", (long long)e->wdiff);
		else
			snprintf(buf, size, "N/A");
		break;
	}
}

/* -F: how the value was computed, from the periods and totals */
static void diff__formula(const struct diff_opts *o, const struct hist_diff_entry *e,
			  u64 base_total, u64 other_total, char *buf, size_t size)
{
	unsigned long long bp = e->base_period, op = e->other_period;

	buf[0] = '\0';
	if (!e->other)
		return;
	switch (o->how.compute) {
	case HIST_DIFF_DELTA:
	case HIST_DIFF_DELTA_ABS:
		snprintf(buf, size, "(%llu * 100 / %llu) - (%llu * 100 / %llu)", op,
			 (unsigned long long)other_total, bp, (unsigned long long)base_total);
		break;
	case HIST_DIFF_RATIO:
		snprintf(buf, size, "%llu / %llu", op, bp);
		break;
	case HIST_DIFF_WDIFF:
		snprintf(buf, size, "(%llu * %lld) - (%llu * %lld)", op,
			 (long long)o->how.w2, bp, (long long)o->how.w1);
		break;
	}
}

static void diff__print_entry(const struct diff_opts *o, const struct sort_widths *sw,
			      const struct hist_diff_entry *e, u64 base_total, u64 other_total)
{
	const struct hist_entry *he = e->base ? e->base : e->other;
	char base[32] = "", value[64], formula[160], col[1024];
	int i;

	if (e->base)
		snprintf(base, sizeof(base), "%.2f%%", e->base_pct);
	printf("  %*s", DIFF_BASELINE_W, base);
	if (o->period)
		printf("  %*llu", DIFF_PERIOD_W, (unsigned long long)e->base_period);
	diff__value(o, e, value, sizeof(value));
	printf("  %*s", diff__value_width(o), value);
	if (o->formula) {
		diff__formula(o, e, base_total, other_total, formula, sizeof(formula));
		printf("  %*s", DIFF_FORMULA_W, formula);
	}
	if (o->period) {
		if (e->other)
			printf("  %*llu", DIFF_PERIOD_W, (unsigned long long)e->other_period);
		else
			printf("  %*s", DIFF_PERIOD_W, "");
	}
	for (i = 0; i < o->sort.nr; i++) {
		sort_key__snprintf(o->sort.keys[i], he, col, sizeof(col), sw, i == o->sort.nr - 1);
		printf("  %s", col);
	}
	putchar('\n');
}

static int diff__print(const struct diff_opts *o, struct diff_file *base, struct diff_file *other)
{
	const struct evlist *evlist = &base->session.evlist;
	bool first = true;
	int i, err;

	for (i = 0; i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct evsel *pair = diff__match_evsel(&other->session.evlist, evsel);
		struct hists *hb = evsel->idx < base->nr_hists ? base->hists[evsel->idx] : NULL;
		struct hists *ho = NULL;
		struct sort_widths sw;
		struct hist_diff d;
		size_t j;

		if (!pair) {
			if (!o->quiet)
				pr_err("perf diff: event '%s' of %s is not in %s: not compared\n",
				       evsel__name(evsel), o->files[0], o->files[1]);
			continue;
		}
		if (pair->idx < other->nr_hists)
			ho = other->hists[pair->idx];
		err = hist_diff__init_how(&d, hb, ho, &o->sort, o->verbose > 0, &o->how);
		if (err)
			return err;
		sort_widths__init(&sw, o->verbose > 0);
		for (j = 0; j < d.nr; j++)
			sort_widths__update(&sw, d.entries[j].base ? d.entries[j].base :
					    d.entries[j].other);
		if (!first)
			printf("\n");
		first = false;
		if (!o->quiet) {
			printf("# Event '%s'\n#\n", evsel__name(evsel));
			diff__print_header(o, &sw);
		}
		for (j = 0; j < d.nr; j++)
			diff__print_entry(o, &sw, &d.entries[j], hb ? hb->total_period : 0,
					  ho ? ho->total_period : 0);
		hist_diff__exit(&d);
	}
	return 0;
}

int cmd_diff(int argc, const char **argv)
{
	struct diff_opts o = { .how = { .compute = HIST_DIFF_DELTA_ABS, .w1 = 1, .w2 = 1 } };
	struct diff_file files[2];
	int i, err;

	/* upstream's default keys for diff: dso,sym */
	if (sort_keys__parse(&o.sort, "dso,sym"))
		return 1;
	err = diff__parse(&o, argc, argv);
	if (err)
		return err;
	memset(files, 0, sizeof(files));
	for (i = 0; i < 2; i++) {
		files[i].opts = &o;
		callchain_cursor__init(&files[i].cursor);
		err = diff_file__read(&files[i], o.files[i]);
		if (err)
			goto out;
	}
	err = diff__print(&o, &files[0], &files[1]);
	/* a partial comparison is printed, and the status says so */
	if (!err && (files[0].damaged || files[1].damaged))
		err = -EINVAL;
out:
	if (err == -ENOMEM)
		pr_err("perf diff: %s\n", strerror(-err));
	for (i = 0; i < 2; i++)
		diff_file__exit(&files[i]);
	return err ? 1 : 0;
}
