// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate --stdio [SYMBOL]: where in a function the samples fell,
 * instruction by instruction, with the source lines objdump interleaves.
 * The walk and the printing are annotate/'s; the DSO's file to
 * disassemble is the one its build-id names (util/model/dso-image.h).
 * Only the stdio interface exists here: --tui and --gtk say so.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "annotate/annotate.h"
#include "util/base/debug.h"
#include "util/base/parse-options.h"
#include "util/data/data.h"
#include "util/model/dso.h"
#include "util/model/sample-filter.h"
#include "util/session/session.h"

struct annotate_cmd {
	struct annotate_opts	opts;
	struct sample_filter_opts filter_opts;	/* -d/--dsos */
	struct sample_filter	filter;
	const char		*input;
	const char		*symbol;	/* -s/--symbol */
	bool			force;
	bool			no_source;
};

enum { OPT_TUI = 256, OPT_GTK, OPT_PERCENT_TYPE };

static const char * const annotate_usage[] = { "perf annotate [<options>]", NULL };

static int annotate_cmd__option(void *ctx, int key, const char *arg, bool unset)
{
	struct annotate_cmd *a = ctx;

	switch (key) {
	case OPT_TUI:
	case OPT_GTK:
		if (unset)
			return 0;
		fprintf(stderr, "perf annotate: only --stdio is implemented here, not --%s\n",
			key == OPT_TUI ? "tui" : "gtk");
		return 1;
	case OPT_PERCENT_TYPE:
		if (annotate_percent_type__parse(arg, &a->opts.percent_type)) {
			fprintf(stderr, "  Error: invalid --percent-type `%s' (local-period, "
				"local-hits, global-period, global-hits)\n", arg);
			return PERF_USAGE_ERROR;
		}
		return 0;
	default:
		return 0;
	}
}

static int annotate_cmd__parse(struct annotate_cmd *a, int argc, const char **argv)
{
	bool stdio = false;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_STRING, 'd', "dsos", &a->filter_opts.dsos, "dso[,dso...]",
		  "only consider symbols in these dsos" },
		{ PARSE_OPT_BOOL, 'f', "force", &a->force, NULL, "don't complain, do it" },
		{ PARSE_OPT_STRING, 'i', "input", &a->input, "file", "input file name" },
		{ PARSE_OPT_STRING, 'k', "vmlinux", &a->opts.vmlinux, "file",
		  "vmlinux pathname" },
		{ PARSE_OPT_BOOL, 'n', "show-nr-samples", &a->opts.show_nr_samples, NULL,
		  "Show a column with the number of samples" },
		{ PARSE_OPT_BOOL, 'P', "full-paths", &a->opts.full_paths, NULL,
		  "Don't shorten the displayed pathnames" },
		{ PARSE_OPT_BOOL, 'q', "quiet", &a->opts.quiet, NULL,
		  "do now show any message" },
		{ PARSE_OPT_STRING, 's', "symbol", &a->symbol, "symbol",
		  "symbol to annotate" },
		{ PARSE_OPT_INCR, 'v', "verbose", &a->opts.verbose, NULL,
		  "be more verbose (show symbol address, etc)" },
		{ PARSE_OPT_CALLBACK, 0, "gtk", NULL, NULL, "Use the GTK interface",
		  PARSE_OPT_NOARG | PARSE_OPT_CANNEG, OPT_GTK },
		{ PARSE_OPT_STRING, 0, "objdump", &a->opts.objdump, "path",
		  "objdump binary to use for disassembly and annotations" },
		{ PARSE_OPT_CALLBACK, 0, "percent-type", NULL, "local-period",
		  "Set percent type local/global-period/hits", 0, OPT_PERCENT_TYPE },
		{ PARSE_OPT_BOOL, 0, "show-total-period", &a->opts.show_total_period, NULL,
		  "Show a column with the sum of periods" },
		{ PARSE_OPT_BOOL, 0, "source", &a->opts.source, NULL,
		  "Interleave source code with assembly code (default)" },
		{ PARSE_OPT_BOOL, 0, "stdio", &stdio, NULL, "Use the stdio interface" },
		{ PARSE_OPT_STRING, 0, "symfs", &a->opts.symfs, "directory",
		  "Look for files with symbols relative to this directory" },
		{ PARSE_OPT_CALLBACK, 0, "tui", NULL, NULL, "Use the TUI interface",
		  PARSE_OPT_NOARG | PARSE_OPT_CANNEG, OPT_TUI },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "annotate", .usage = annotate_usage, .opts = opts,
		.cb = annotate_cmd__option, .ctx = a,
	};
	int n = parse_opts__parse(&p, argc, argv);

	if (n < 0)
		return -n;
	/* upstream: one SYMBOL word at most, the last of -s and it wins */
	if (n > 1)
		return parse_opts__error(&p, "only one symbol can be annotated at a time");
	if (n == 1)
		a->symbol = argv[0];
	if (a->symbol) {
		a->opts.syms = &a->symbol;
		a->opts.nr_syms = 1;
	}
	return 0;
}

int cmd_annotate(int argc, const char **argv)
{
	struct annotate_cmd a = { .opts.source = true };
	struct perf_session session;
	struct perf_data data;
	struct dso_load_opts lo;
	int err;

	err = annotate_cmd__parse(&a, argc, argv);
	if (err)
		return err;
	lo = (struct dso_load_opts){ .symfs = a.opts.symfs, .vmlinux = a.opts.vmlinux };
	if (dso_load_opts__check(&lo, "perf annotate"))
		return PERF_USAGE_ERROR;
	if (sample_filter__init(&a.filter, &a.filter_opts, "perf annotate")) {
		sample_filter__exit(&a.filter);
		return PERF_USAGE_ERROR;
	}
	a.opts.filter = &a.filter;
	err = perf_data__open(&data, a.input ? a.input : "perf.data", PERF_DATA_READ, a.force);
	if (err) {
		sample_filter__exit(&a.filter);
		return 1;
	}
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	session.verbose = a.opts.verbose;
	err = perf_session__name_events(&session, true, false);
	if (!err)
		err = annotate__run(&a.opts, &session);
	if (err && err != -EINVAL && err != -ENODATA && err != -ENOENT && err != -EIO)
		pr_err("perf annotate: %s\n", strerror(-err));
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	sample_filter__exit(&a.filter);
	return err ? 1 : 0;
}
