// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate's walk: the session's side-band keeps the shared machine
 * model current (machine_tool), each sample's ip is resolved through it
 * (thread -> map -> DSO -> symbol, the DSO's file chosen by build-id) and
 * counted at its address in its symbol (hists.c).  Then stdio.c prints.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/annotate.h"
#include "annotate/hists.h"
#include "annotate/stdio.h"
#include "util/base/debug.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/model/sample-filter.h"
#include "util/model/unresolved.h"
#include "util/model/debuginfod-dso.h"

struct annotate {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	const struct annotate_opts *opts;
	struct machine		machine;
	struct annotate_hists	*hists;		/* by evsel->idx */
	int			nr_hists;
};

static const char * const percent_type_names[] = {
	[PERCENT_PERIOD_LOCAL]	= "local period",
	[PERCENT_HITS_LOCAL]	= "local hits",
	[PERCENT_PERIOD_GLOBAL]	= "global period",
	[PERCENT_HITS_GLOBAL]	= "global hits",
};

const char *annotate_percent_type__name(enum annotate_percent_type type)
{
	return percent_type_names[type];
}

/* Upstream takes "local-period" and "period-local" alike. */
int annotate_percent_type__parse(const char *str, enum annotate_percent_type *type)
{
	static const struct { const char *a, *b; enum annotate_percent_type t; } v[] = {
		{ "local-period", "period-local", PERCENT_PERIOD_LOCAL },
		{ "local-hits", "hits-local", PERCENT_HITS_LOCAL },
		{ "global-period", "period-global", PERCENT_PERIOD_GLOBAL },
		{ "global-hits", "hits-global", PERCENT_HITS_GLOBAL },
	};
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		if (!strcmp(str, v[i].a) || !strcmp(str, v[i].b)) {
			*type = v[i].t;
			return 0;
		}
	}
	return -EINVAL;
}

static struct annotate_hists *annotate__hists(struct annotate *ann, const struct evsel *evsel)
{
	struct annotate_hists *v;
	int i, n;

	if (evsel->idx >= ann->nr_hists) {
		n = evsel->idx + 8;
		v = realloc(ann->hists, n * sizeof(*v));
		if (!v)
			return NULL;
		for (i = ann->nr_hists; i < n; i++)
			annotate_hists__init(&v[i]);
		ann->hists = v;
		ann->nr_hists = n;
	}
	return &ann->hists[evsel->idx];
}

/* SYMBOL / -s: upstream counts no other symbol at all, totals included. */
static bool annotate__wanted(const struct annotate_opts *opts, const struct symbol *sym)
{
	int i;

	if (!opts->nr_syms)
		return true;
	for (i = 0; sym && i < opts->nr_syms; i++)
		if (!strcmp(sym->name, opts->syms[i]))
			return true;
	return false;
}

static int annotate__sample(struct perf_tool *tool, struct perf_session *session,
			    const union perf_event *event, const struct perf_sample *sample,
			    struct evsel *evsel)
{
	struct annotate *ann = (struct annotate *)tool;
	const struct sample_filter *filter = ann->opts->filter;
	struct annotate_hists *h = annotate__hists(ann, evsel);
	struct addr_location al;
	int err;

	if (!h)
		return -ENOMEM;
	err = machine__resolve(&ann->machine, sample->pid, sample->tid, sample->cpumode,
			       sample->ip, &al);
	if (err)
		return err;
	if (filter && sample_filter__judges(filter) &&
	    sample_filter__verdict(filter, al.thread, &al))
		return 0;
	if (!annotate__wanted(ann->opts, al.sym))
		return 0;
	return annotate_hists__add(h, al.dso, al.sym, al.addr, sample->period);
}

static void annotate__exit(struct annotate *ann)
{
	int i;

	for (i = 0; i < ann->nr_hists; i++)
		annotate_hists__exit(&ann->hists[i]);
	free(ann->hists);
	machine__exit(&ann->machine);
}

int annotate__run(const struct annotate_opts *opts, struct perf_session *session)
{
	struct annotate ann = { .opts = opts };
	struct dso_load_opts lopts = { .verbose = opts->verbose, .symfs = opts->symfs,
				       .vmlinux = opts->vmlinux };
	struct annotate_stdio out = { .opts = opts, .session = session };
	struct debuginfod_fetcher *fetcher = NULL;
	bool damaged;
	int i, err;

	hashmap__init(&out.warned);
	/* DEBUGINFOD_URLS: symbols and the binary to disassemble, by build-id */
	err = debuginfod__setup_dso_hook(&lopts, NULL, opts->verbose, &fetcher);
	if (err) {
		pr_err("perf annotate: debuginfod: %s\n", strerror(-err));
		return err;
	}
	err = machine__init(&ann.machine, &lopts);
	if (err)
		goto out_fetcher;
	debuginfod__dso_hook_watch(&ann.machine.load_opts, &ann.machine.dsos);
	machine_tool__init(&ann.mt, &ann.machine);
	ann.mt.tool.sample = annotate__sample;
	ann.mt.tool.ordered_events = true;
	err = perf_session__process_events(session, &ann.mt.tool);
	/* damage inside the data: what came before it, and a failing status */
	damaged = err == -EINVAL && session->stats.truncated;
	if (err && !damaged)
		goto out;
	out.machine = &ann.machine;
	for (i = 0; i < session->evlist.nr; i++) {
		struct evsel *evsel = session->evlist.entries[i];

		if (evsel->idx >= ann.nr_hists || !ann.hists[evsel->idx].nr_samples)
			continue;
		annotate_hists__sort(&ann.hists[evsel->idx]);
		out.nr_samples += ann.hists[evsel->idx].nr_samples;
		err = annotate_stdio__print(&out, evsel, &ann.hists[evsel->idx]);
		if (err)
			goto out;
	}
	if (!out.nr_samples) {
		fflush(stdout);
		/* upstream's words and status, a named symbol unseen included */
		pr_err("Error: The %s data has no samples!\n",
		       session->header.is_pipe ? "pipe" : session->data->path);
		goto out;
	}
	if (!opts->quiet)
		unresolved__print_recorded(&ann.machine, &session->header, "perf annotate",
					   stderr);
	if (damaged)
		err = -EINVAL;
out:
	annotate__exit(&ann);
out_fetcher:
	debuginfod__dso_hook_exit(&lopts);
	hashmap__exit(&out.warned);
	return err;
}
