// SPDX-License-Identifier: GPL-2.0
/*
 * perf report's histogram mode.  Per sample: the thread, the resolved
 * frames (the whole call path only when --children or a call graph needs
 * it: a flat report resolves the ip alone), then one hash lookup per
 * distinct entry.  Nothing here allocates per sample.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <regex.h>
#include "report/report.h"
#include "util/hists/hist.h"
#include "report/stdio.h"
#include "util/session/header-print.h"
#include "report/hierarchy.h"
#include "report/tasks.h"
#include "report/pipeline.h"
#include "util/hists/columns.h"
#include "util/symbols/symbol.h"
#include "util/model/callchain.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/model/thread.h"
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"
#include "util/model/debuginfod-dso.h"
#include "util/model/dso-srcline.h"
#include "util/base/debug.h"
#include "util/model/unresolved.h"
#include "util/model/sample-filter.h"

/* Files smaller than this finish before a progress line would help. */
#define PROGRESS_MIN_SIZE	(64ULL << 20)

struct report_hists {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	int			(*mt_header_done)(struct perf_tool *tool,
						  struct perf_session *session);
	const struct report_hists_opts *opts;
	struct machine		machine;
	struct callchain_param	callchain;	/* order fixed for this file */
	bool			has_callchain;	/* the file's samples carry one */
	bool			children;
	bool			graph;		/* keep call graphs */
	bool			need_chain;	/* resolve whole call paths */
	struct hist_columns	columns;	/* -F/--sort for this file */
	bool			want_cpu;	/* --sort cpu */
	bool			want_parent;	/* --sort parent */
	regex_t			parent_re;
	bool			parent_re_ok;
	struct thread_counts	*thread_counts;	/* -T */
	struct hists		**hists;	/* by evsel->idx, made on first sample */
	int			nr_hists;
	struct callchain_cursor	cursor;
	struct callchain_frame	leaf;		/* the cursor of a flat report */
	struct report_pipeline	*pipeline;	/* --num-threads 2: adds on a second thread */
	/* progress on a terminal, for big files */
	bool			progress;
	u64			file_size;
	int			last_percent;
};

static bool evlist__has_callchain(const struct evlist *evlist)
{
	int i;

	for (i = 0; i < evlist->nr; i++)
		if (evlist->entries[i]->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			return true;
	return false;
}

/* What the options mean for this file: decided once its attrs are known. */
static int report_hists__setup(struct report_hists *rh, struct perf_session *session)
{
	const struct report_hists_opts *opts = rh->opts;

	rh->has_callchain = evlist__has_callchain(&session->evlist);
	if (opts->callchain_given && !rh->has_callchain) {
		pr_err("Error: Selected -g or --branch-history, but no callchain or branch data. "
		       "Did you call 'perf record' without -g or -b?\n");
		return -EINVAL;
	}
	/* upstream's --hierarchy turns --children off */
	rh->children = rh->has_callchain && opts->children != 0 && !opts->hierarchy;
	rh->graph = rh->has_callchain && opts->callchain.mode != CALLCHAIN_NONE &&
		    !opts->hierarchy;
	if (opts->hierarchy && opts->callchain_given && !opts->quiet)
		pr_warning("perf report: --hierarchy shows no call graphs here (upstream's "
			   "graphs under its rows are not implemented)\n");
	hist_columns__setup(&rh->columns, opts->sort_given ? &opts->sort : NULL,
			    opts->fields_given ? &opts->fields : NULL, rh->children);
	if (opts->show_nr_samples)
		hist_columns__show_samples(&rh->columns);
	if (opts->show_total_period)
		hist_columns__show_period(&rh->columns);
	/*
	 * The path trie keeps one frame per function (or address) of a
	 * path, not per source line: its graphs would merge the lines of a
	 * function into one entry.  Source-line keys get exact entries and
	 * no graphs (a one-line note says so).
	 */
	if (rh->graph && (sort_keys__has(&rh->columns.identity, SORT_SRCLINE) ||
			  sort_keys__has(&rh->columns.identity, SORT_SRCFILE))) {
		rh->graph = false;
		if (!opts->quiet)
			pr_warning("perf report: no call graphs under srcline/srcfile rows "
				   "(not implemented)\n");
	}
	rh->want_cpu = sort_keys__has(&rh->columns.identity, SORT_CPU);
	rh->want_parent = sort_keys__has(&rh->columns.identity, SORT_PARENT);
	if (rh->want_parent && !rh->has_callchain) {
		pr_err("Error: Selected --sort parent, but no callchain data. "
		       "Did you call 'perf record' without -g?\n");
		return -EINVAL;
	}
	if (rh->want_parent && !rh->parent_re_ok) {
		/* upstream's default --parent pattern */
		if (regcomp(&rh->parent_re, "^sys_|^do_page_fault", REG_EXTENDED | REG_NOSUB))
			return -ENOMEM;
		rh->parent_re_ok = true;
	}
	rh->need_chain = rh->children || rh->graph || rh->want_parent;
	/* chains are resolved for what shows them: their inline frames too, as upstream's */
	if (rh->need_chain && opts->inline_frames)
		rh->cursor.inline_opts = &rh->machine.load_opts;
	/* graphs by address show each frame's source line, as upstream's */
	if (rh->graph && opts->callchain.key == CALLCHAIN_KEY_ADDRESS)
		rh->cursor.srcline_opts = &rh->machine.load_opts;
	/*
	 * A second thread adds what this one resolves, where adding is the
	 * bigger half: call paths.  Not with source-line keys, whose entries
	 * read the DWARF the resolver reads too.
	 */
	if (opts->num_threads > 1 && !rh->pipeline) {
		const char *why = NULL;

		if (!rh->need_chain || opts->tasks || opts->mmaps)
			why = "no call paths to add";
		else if (sort_keys__has(&rh->columns.identity, SORT_SRCLINE) ||
			 sort_keys__has(&rh->columns.identity, SORT_SRCFILE))
			why = "source-line rows";
		/* no thread to be had (a process limit): the same report, on one */
		else if (!(rh->pipeline = report_pipeline__new()))
			why = "no second thread could start";
		if (why)
			pr_debug(opts->verbose, 1, "perf report: one thread (%s)\n", why);
		else
			pr_debug(opts->verbose, 1, "perf report: samples resolved on one "
				 "thread, added on another\n");
	}
	rh->callchain = opts->callchain;
	/* upstream folds -g folded lines with the column separator */
	rh->callchain.field_sep = opts->field_sep;
	/* a --sort string starting with "sym" (without -F): see callchain_param */
	rh->callchain.sort_by_sym = opts->sort_given && !opts->fields_given && opts->sort.nr &&
				    opts->sort.keys[0] == SORT_SYM;
	/* upstream shows --children graphs from the callers down unless told */
	if (!rh->callchain.order_set)
		rh->callchain.order = rh->children ? CALLCHAIN_ORDER_CALLER : CALLCHAIN_ORDER_CALLEE;
	/* and cuts chains past --max-stack on the side it walks from */
	rh->cursor.outermost = rh->callchain.order == CALLCHAIN_ORDER_CALLER;
	return 0;
}

static int report_hists__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct report_hists *rh = (struct report_hists *)tool;
	int err;

	/* A stream's features arrive as records: listed once all are in. */
	if (rh->opts->stream_header && session->header.is_pipe)
		perf_session__fprintf_features(session, stdout, rh->opts->show_info);
	if (rh->opts->name_events) {
		err = rh->opts->name_events(session, rh->opts->quiet);
		if (err)
			return err;
	}
	err = report_hists__setup(rh, session);
	if (err)
		return err;
	return rh->mt_header_done(tool, session);
}

static struct hists *report_hists__hists(struct report_hists *rh, const struct evsel *evsel)
{
	struct hists **v;
	int n;

	if (evsel->idx >= rh->nr_hists) {
		n = evsel->idx + 8;
		v = realloc(rh->hists, n * sizeof(*v));
		if (!v)
			return NULL;
		memset(v + rh->nr_hists, 0, (n - rh->nr_hists) * sizeof(*v));
		rh->hists = v;
		rh->nr_hists = n;
	}
	if (!rh->hists[evsel->idx]) {
		struct hists *h = malloc(sizeof(*h));

		if (!h || hists__init(h, &rh->columns.identity, rh->children,
				      rh->graph ? &rh->callchain : NULL,
				      rh->callchain.order == CALLCHAIN_ORDER_CALLER)) {
			free(h);
			return NULL;
		}
		if (rh->columns.order.nr)
			hists__set_order(h, &rh->columns.order);
		h->relative = rh->opts->relative;
		h->srcline_opts = &rh->machine.load_opts;
		/* the path trie's sums after the last add: on as many threads */
		h->nr_threads = rh->opts->num_threads;
		rh->hists[evsel->idx] = h;
	}
	return rh->hists[evsel->idx];
}

/* A flat report needs the leaf only: resolve the ip, skip the chain. */
static int report_hists__resolve_leaf(struct report_hists *rh, const struct perf_sample *sample,
				      struct thread **thread)
{
	struct addr_location al;
	int err;

	err = machine__resolve(&rh->machine, sample->pid, sample->tid, sample->cpumode,
			       sample->ip, &al);
	if (err)
		return err;
	rh->leaf = (struct callchain_frame){
		.ip = sample->ip, .addr = al.addr, .map = al.map, .dso = al.dso,
		.sym = al.sym, .cpumode = sample->cpumode,
	};
	rh->cursor.frames = &rh->leaf;
	rh->cursor.nr = 1;
	*thread = al.thread;
	return 0;
}

/* --sort parent: the first frame from the leaf up whose symbol matches */
static const struct symbol *report_hists__parent(struct report_hists *rh)
{
	size_t i;

	if (!rh->want_parent)
		return NULL;
	for (i = 0; i < rh->cursor.nr; i++) {
		const struct symbol *sym = rh->cursor.frames[i].sym;

		if (sym && !regexec(&rh->parent_re, sym->name, 0, NULL, 0))
			return sym;
	}
	return NULL;
}

/*
 * -U: a sample whose own frame has no symbol is not counted at all (the
 * totals are those of the samples shown, as upstream's); of the others'
 * chains, the frames without a symbol are left out.  True: skip it.
 */
static bool report_hists__hide_unresolved(struct callchain_cursor *cursor)
{
	size_t i, n;

	if (!callchain_cursor__leaf(cursor)->sym)
		return true;
	for (i = n = 1; i < cursor->nr; i++)
		if (cursor->frames[i].sym)
			cursor->frames[n++] = cursor->frames[i];
	cursor->nr = n;
	return false;
}

static int report_hists__sample(struct perf_tool *tool, struct perf_session *session,
				const union perf_event *event, const struct perf_sample *sample,
				struct evsel *evsel)
{
	struct report_hists *rh = (struct report_hists *)tool;
	const struct sample_filter *filter = rh->opts->filter;
	struct hists *hists;
	struct thread *thread;
	const struct symbol *parent;
	bool set_sample;
	u8 filtered = 0;
	s32 cpu;
	int err;

	/* --time and --cpu: as if the sample were not in the file */
	if (filter && sample_filter__skip(filter, sample,
					  evsel->attr.sample_type & PERF_SAMPLE_CPU))
		return 0;
	hists = report_hists__hists(rh, evsel);
	if (!hists)
		return -ENOMEM;
	if (rh->need_chain) {
		thread = machine__findnew_thread(&rh->machine, sample->pid, sample->tid);
		if (!thread)
			return -ENOMEM;
		err = machine__resolve_callchain(&rh->machine, thread, sample, &rh->cursor);
	} else {
		err = report_hists__resolve_leaf(rh, sample, &thread);
	}
	if (err)
		return err;
	if (rh->opts->hide_unresolved && report_hists__hide_unresolved(&rh->cursor))
		return 0;
	if (filter && sample_filter__judges(filter)) {
		struct addr_location al;
		bool leaf = sample_filter__needs_leaf(filter);

		if (leaf)
			machine__resolve_thread(&rh->machine, thread, sample->cpumode, sample->ip,
						&al);
		filtered = sample_filter__verdict(filter, thread, leaf ? &al : NULL);
	}
	set_sample = rh->want_cpu || rh->want_parent;
	cpu = rh->want_cpu && (evsel->attr.sample_type & PERF_SAMPLE_CPU) ? (s32)sample->cpu : -1;
	parent = report_hists__parent(rh);
	if (rh->pipeline)
		return report_pipeline__add(rh->pipeline, hists, thread, thread__comm_str(thread),
					    sample->cpumode, &rh->cursor, sample->period, filtered,
					    set_sample, cpu, parent);
	if (set_sample)
		hists__set_sample(hists, cpu, parent);
	return hists__add_filtered_sample(hists, thread, thread__comm_str(thread),
					  sample->cpumode, &rh->cursor, sample->period, filtered);
}

static int report_hists__no_sample(struct perf_tool *tool, struct perf_session *session,
				   const union perf_event *event, const struct perf_sample *sample,
				   struct evsel *evsel)
{
	return 0;
}

static int report_hists__other(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *event, const struct perf_sample *sample)
{
	struct report_hists *rh = (struct report_hists *)tool;

	if (event->header.type != PERF_RECORD_READ)
		return 0;
	return thread_counts__add(rh->thread_counts, &session->evlist, event, sample);
}

static int report_hists__event(struct perf_tool *tool, struct perf_session *session,
			       const union perf_event *event, u64 file_offset)
{
	struct report_hists *rh = (struct report_hists *)tool;
	int percent = rh->file_size ? (int)(100 * file_offset / rh->file_size) : 0;

	if (percent != rh->last_percent) {
		rh->last_percent = percent;
		fprintf(stderr, "\r[ perf report: Processing %3d%% ]", percent);
	}
	return 0;
}

/* Upstream's "1K", "12M": a count divided by 1000 while above 1000. */
static unsigned long convert_unit(u64 n, char *unit)
{
	static const char units[] = " KMG";
	int i = 0;

	while (n > 1000 && i < 3) {
		n /= 1000;
		i++;
	}
	*unit = units[i];
	return n;
}

/*
 * A filter naming one value makes its column say nothing: upstream names
 * the value in a comment line instead ("# comm: demo") and drops the
 * column from those shown (hist_columns__elide()).
 */
static void report_hists__elide(struct report_hists *rh, FILE *fp)
{
	const struct sample_filter *f = rh->opts->filter;
	const struct sort_keys *out = &rh->columns.out;
	u32 elide = 0;
	int i;

	if (!f)
		return;
	for (i = 0; i < out->nr; i++) {
		enum sort_key key = out->keys[i];
		const struct str_list *sl = NULL;
		static const char * const what[] = {
			[SORT_COMM] = "comm", [SORT_DSO] = "dso", [SORT_SYM] = "symbol",
		};

		if (key == SORT_COMM && f->opts->comms)
			sl = &f->comms;
		else if (key == SORT_DSO && f->opts->dsos)
			sl = &f->dsos;
		else if (key == SORT_SYM && f->opts->syms)
			sl = &f->syms;
		if (!sl || sl->nr != 1)
			continue;
		fprintf(fp, "# %s: %s\n", what[key], sl->entries[0]);
		elide |= 1u << key;
	}
	hist_columns__elide(&rh->columns, elide);
}

/*
 * --symbol-filter, as upstream applies it: to the first event's entries,
 * when the sort keys make it merge entries by comm (upstream's collapse
 * step, where its filter runs); said once where it does not apply.
 */
static void report_hists__symbol_filter(struct report_hists *rh, struct perf_session *session)
{
	const struct report_hists_opts *opts = rh->opts;

	if (!opts->symbol_filter)
		return;
	if (!sort_keys__has(&rh->columns.identity, SORT_COMM)) {
		if (!opts->quiet)
			pr_warning("--symbol-filter is ignored without the comm sort "
				   "key, as upstream perf ignores it\n");
		return;
	}
	if (session->evlist.nr > 1 && !opts->quiet)
		pr_warning("--symbol-filter applies to the first event only, as in "
			   "upstream perf\n");
	if (rh->nr_hists && rh->hists[0])
		hists__filter_by_symbol(rh->hists[0], opts->symbol_filter);
}

static bool report_hists__empty(const struct report_hists *rh)
{
	int i;

	for (i = 0; i < rh->nr_hists; i++)
		if (rh->hists[i] && rh->hists[i]->nr_entries)
			return false;
	return true;
}

static int report_hists__print(struct report_hists *rh, struct perf_session *session)
{
	int err;
	const struct report_hists_opts *opts = rh->opts;
	struct hists_print_opts popts = {
		.show_header	= !opts->quiet,
		.verbose	= opts->verbose > 0,
		.percent_limit	= opts->percent_limit,
		.callchain	= rh->graph ? &rh->callchain : NULL,
		.out		= &rh->columns.out,
		.self_header	= rh->columns.self_header,
		.field_sep	= opts->field_sep,
	};
	int i;

	if (!opts->quiet && opts->header_hint)
		printf("# To display the perf.data header info, please use "
		       "--header/--header-only options.\n#\n");
	report_hists__elide(rh, stdout);
	/* upstream: no entry at all (none recorded, or --time/--cpu kept none) */
	if (report_hists__empty(rh)) {
		fflush(stdout);
		pr_err("Error: The %s data has no samples!\n",
		       session->header.is_pipe ? "pipe" : session->data->path);
		return 0;
	}
	report_hists__symbol_filter(rh, session);
	if (!opts->quiet)
		printf("#\n# Total Lost Samples: %llu\n#\n",
		       (unsigned long long)session->stats.total_lost_samples);
	for (i = 0; i < session->evlist.nr; i++) {
		struct evsel *evsel = session->evlist.entries[i];
		struct hists *hists = evsel->idx < rh->nr_hists ? rh->hists[evsel->idx] : NULL;
		struct hists empty = { .nr_entries = 0 };
		unsigned long n;
		char unit;

		if (!hists || !hists->nr_samples) {
			if (opts->skip_empty)
				continue;
			empty.sort = rh->columns.identity;
			hists = &empty;
		}
		if (hists->nr_entries && hists__output_resort(hists, popts.verbose))
			return -ENOMEM;
		if (!opts->quiet) {
			n = convert_unit(hists__nr_samples(hists, opts->relative), &unit);
			printf("# Samples: %lu%c of event '%s'", n, unit, evsel__name(evsel));
			if (opts->filter && opts->filter->opts->time)
				printf(" (time slices: %s)", opts->filter->opts->time);
			putchar('\n');
			printf("# Event count (approx.): %llu\n#\n",
			       (unsigned long long)hists__total(hists, opts->relative));
		}
		popts.total = hists__total(hists, opts->relative);
		if (opts->hierarchy)
			err = hists__fprintf_hierarchy(hists, &popts, stdout);
		else
			err = hists__fprintf(hists, &popts, stdout);
		if (err)
			return err;
		printf("\n\n");
	}
	return 0;
}

static void report_hists__exit(struct report_hists *rh)
{
	int i;

	/* first: the adder may still hold the histograms, and references into the machine */
	report_pipeline__delete(rh->pipeline);
	for (i = 0; i < rh->nr_hists; i++) {
		if (rh->hists[i])
			hists__exit(rh->hists[i]);
		free(rh->hists[i]);
	}
	free(rh->hists);
	if (rh->parent_re_ok)
		regfree(&rh->parent_re);
	if (rh->cursor.frames != &rh->leaf)
		callchain_cursor__exit(&rh->cursor);
	machine__exit(&rh->machine);
}

int report_hists__run(const struct report_hists_opts *opts, struct perf_session *session)
{
	struct report_hists rh = { .opts = opts, .last_percent = -1 };
	struct dso_load_opts lopts = { .kallsyms = opts->kallsyms, .verbose = opts->verbose,
				       .symfs = opts->symfs, .vmlinux = opts->vmlinux,
				       .demangle = demangle_mode__of(opts->demangle, opts->verbose) };
	struct debuginfod_fetcher *fetcher = NULL;
	bool damaged;
	int err;

	err = debuginfod__setup_dso_hook(&lopts, opts->debuginfod, opts->verbose, &fetcher);
	if (err) {
		pr_err("perf report: debuginfod: %s\n", strerror(-err));
		return err;
	}
	err = machine__init(&rh.machine, &lopts);
	if (err)
		goto out_fetcher;
	/* the first missing DSO fetches all those known by then, at once */
	debuginfod__dso_hook_watch(&rh.machine.load_opts, &rh.machine.dsos);
	callchain_cursor__init(&rh.cursor);
	rh.cursor.max_stack = opts->max_stack;
	machine_tool__init(&rh.mt, &rh.machine);
	rh.mt_header_done = rh.mt.tool.header_done;
	rh.mt.tool.header_done = report_hists__header_done;
	rh.mt.tool.sample = report_hists__sample;
	/* --tasks, --mmaps: the side-band alone */
	if (opts->tasks || opts->mmaps)
		rh.mt.tool.sample = report_hists__no_sample;
	if (opts->threads) {
		rh.thread_counts = thread_counts__new();
		if (!rh.thread_counts) {
			err = -ENOMEM;
			goto out_machine;
		}
		rh.mt.tool.other = report_hists__other;
	}
	/* side-band and samples in time order, as upstream delivers them */
	rh.mt.tool.ordered_events = true;
	if (!session->header.is_pipe && session->data->file_size >= PROGRESS_MIN_SIZE &&
	    isatty(STDERR_FILENO)) {
		rh.file_size = session->data->file_size;
		rh.mt.tool.event = report_hists__event;
	}

	err = perf_session__process_events(session, &rh.mt.tool);
	/* the histograms are this thread's again once the adder has all */
	if (rh.pipeline) {
		int perr = report_pipeline__finish(rh.pipeline);

		if (!err)
			err = perr;
	}
	if (rh.mt.tool.event)
		fputs("\r\033[K", stderr);
	/*
	 * Damage inside the data was reported by the session: the report
	 * shows what came before it, and the exit status says it is partial
	 * (as script's and inject's do).
	 */
	damaged = err == -EINVAL && session->stats.truncated;
	if (damaged)
		err = 0;
	if (!err && (opts->tasks || opts->mmaps))
		err = machine__fprintf_tasks(&rh.machine, opts->mmaps, stdout);
	else if (!err)
		err = report_hists__print(&rh, session);
	/* upstream prints the table after its report, empty without READ records */
	if (!err && opts->threads && !opts->tasks && !opts->mmaps)
		thread_counts__fprintf(rh.thread_counts, &session->evlist, stdout);
	if (!err && !opts->quiet) {
		if (session->header.is_pipe)
			unresolved__check_stream_ids(&rh.machine, &session->header,
						     "perf report", stderr);
		unresolved__print_recorded(&rh.machine, &session->header, "perf report", stderr);
		dsos__print_srcline_missing(&rh.machine.dsos, &rh.machine.load_opts,
					    "perf report", stderr);
		callchain_stats__print(&rh.cursor.stats, "perf report", opts->verbose);
	}
	if (!err && damaged)
		err = -EINVAL;
	if (err == -ENOMEM)
		pr_err("perf report: %s\n", strerror(-err));
out_machine:
	thread_counts__delete(rh.thread_counts);
	report_hists__exit(&rh);
out_fetcher:
	debuginfod__dso_hook_exit(&lopts);
	return err;
}
