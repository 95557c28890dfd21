// SPDX-License-Identifier: GPL-2.0
/*
 * perf script report flamegraph: upstream's flamegraph.py as a command.
 *
 *   perf script report flamegraph [-i FILE] [-o FILE] [-f html|json|folded]
 *                                 [--colorscheme blue-green|orange]
 *
 * Every sample's call path, resolved by build-id like perf report, counted
 * once (upstream counts samples, not periods) under "comm (pid)" (the
 * kernel's pid 0: comm alone).  html (default, flamegraph.html) is one
 * self-contained file; json (stacks.json) is upstream's tree; folded
 * (standard output) the collapsed stacks other flame graph tools read.
 * "-o -" writes to standard output.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/model/callchain.h"
#include "util/data/data.h"
#include "util/base/debug.h"
#include "script/flamegraph.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/session/session.h"
#include "util/model/thread.h"
#include "util/base/usage.h"

static const char script_report_usage[] =
	"\n Usage: perf script report flamegraph [<options>]\n\n"
	"    -i, --input <file>    input file name (default: perf.data)\n"
	"    -o, --output <file>   output file name (default: flamegraph.html, stacks.json; -: stdout)\n"
	"    -f, --format <fmt>    html, json or folded\n"
	"        --colorscheme <scheme>\n"
	"                          blue-green or orange\n"
	"        --template <file> accepted for upstream compatibility; the page is self-contained\n"
	"    -F, --force           don't complain, do it\n";

enum fg_format { FG_HTML, FG_JSON, FG_FOLDED };

struct script_report {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	struct machine		machine;
	struct callchain_cursor	cursor;
	struct flamegraph	*fg;
	const char		*input;
	const char		*output;
	enum fg_format		format;
	bool			force;
	struct flamegraph_opts	opts;
};

static int script_report__sample(struct perf_tool *tool, struct perf_session *session,
				 const union perf_event *event, const struct perf_sample *sample,
				 struct evsel *evsel)
{
	struct script_report *sr = (struct script_report *)tool;
	struct thread *thread = machine__findnew_thread(&sr->machine, sample->pid, sample->tid);
	char process[256];
	int err;

	if (!thread)
		return -ENOMEM;
	err = machine__resolve_callchain(&sr->machine, thread, sample, &sr->cursor);
	if (err)
		return err;
	if (sample->pid == 0)
		snprintf(process, sizeof(process), "%s", thread__comm_str(thread));
	else
		snprintf(process, sizeof(process), "%s (%d)", thread__comm_str(thread),
			 (int)sample->pid);
	return flamegraph__add(sr->fg, process, &sr->cursor, 1);
}

static int script_report__parse(struct script_report *sr, int argc, const char **argv)
{
	enum { OPT_COLORSCHEME = 256, OPT_TEMPLATE };
	static const struct option longopts[] = {
		{ "input",	 required_argument, NULL, 'i' },
		{ "output",	 required_argument, NULL, 'o' },
		{ "format",	 required_argument, NULL, 'f' },
		{ "force",	 no_argument,	    NULL, 'F' },
		{ "colorscheme", required_argument, NULL, OPT_COLORSCHEME },
		{ "template",	 required_argument, NULL, OPT_TEMPLATE },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, (char *const *)argv, ":i:o:f:F", longopts, NULL)) != -1) {
		switch (c) {
		case 'i': sr->input = optarg; break;
		case 'o': sr->output = optarg; break;
		case 'F': sr->force = true; break;
		case 'f':
			if (!strcmp(optarg, "html"))
				sr->format = FG_HTML;
			else if (!strcmp(optarg, "json"))
				sr->format = FG_JSON;
			else if (!strcmp(optarg, "folded"))
				sr->format = FG_FOLDED;
			else
				goto bad_value;
			break;
		case OPT_COLORSCHEME:
			if (strcmp(optarg, "blue-green") && strcmp(optarg, "orange"))
				goto bad_value;
			sr->opts.orange = !strcmp(optarg, "orange");
			break;
		case OPT_TEMPLATE:
			break;		/* nothing to fetch: the page carries its own code */
		default:
			return usage__getopt_error(c, argv, script_report_usage);
		}
	}
	if (optind < argc)
		return usage__extra_argument(argv[optind], script_report_usage);
	return 0;
bad_value:
	pr_err("  Error: invalid value '%s' for %s\n%s", optarg, argv[optind - 1],
	       script_report_usage);
	return PERF_USAGE_ERROR;
}

static int script_report__write(struct script_report *sr)
{
	const char *out = sr->output;
	FILE *fp = stdout;
	int err;

	if (!out)
		out = sr->format == FG_HTML ? "flamegraph.html" :
		      sr->format == FG_JSON ? "stacks.json" : "-";
	if (strcmp(out, "-")) {
		fp = fopen(out, "w");
		if (!fp) {
			pr_err("perf script report: cannot write %s: %s\n", out, strerror(errno));
			return -errno;
		}
		printf("dumping data to %s\n", out);
	}
	sr->opts.subtitle = sr->input;
	if (sr->format == FG_HTML)
		err = flamegraph__write_html(sr->fg, fp, &sr->opts);
	else if (sr->format == FG_JSON)
		err = flamegraph__write_json(sr->fg, fp);
	else
		err = flamegraph__write_folded(sr->fg, fp);
	if (fp != stdout && fclose(fp) && !err)
		err = -errno;
	if (err)
		pr_err("perf script report: writing %s: %s\n", out, strerror(-err));
	return err;
}

static int script_report__flamegraph(struct script_report *sr)
{
	struct dso_load_opts lopts = { 0 };
	struct perf_session session;
	struct perf_data data;
	int err;

	err = perf_data__open(&data, sr->input, PERF_DATA_READ, sr->force);
	if (err)
		return err;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	err = machine__init(&sr->machine, &lopts);
	if (err)
		goto out_session;
	sr->fg = flamegraph__new();
	if (!sr->fg) {
		err = -ENOMEM;
		goto out_machine;
	}
	callchain_cursor__init(&sr->cursor);
	machine_tool__init(&sr->mt, &sr->machine);
	sr->mt.tool.sample = script_report__sample;
	sr->mt.tool.ordered_events = true;
	err = perf_session__process_events(&session, &sr->mt.tool);
	if (err == -EINVAL && session.stats.truncated)
		err = 0;	/* the session warned; draw what came before the damage */
	if (!err)
		err = script_report__write(sr);
	else if (err == -ENOMEM)
		pr_err("perf script report: %s\n", strerror(-err));
	callchain_cursor__exit(&sr->cursor);
	flamegraph__delete(sr->fg);
out_machine:
	machine__exit(&sr->machine);
out_session:
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	return err;
}

int cmd_script_report(int argc, const char **argv)
{
	struct script_report sr = { .input = "perf.data", .format = FG_HTML };
	int err;

	/* "perf script report flamegraph ...": we may get "report" first */
	if (argc > 0 && !strcmp(argv[0], "report")) {
		argc--;
		argv++;
	}
	if (argc < 1 || strcmp(argv[0], "flamegraph")) {
		pr_err("perf script report: unknown report '%s' (known: flamegraph)\n%s",
		       argc < 1 ? "" : argv[0], script_report_usage);
		return PERF_USAGE_ERROR;
	}
	err = script_report__parse(&sr, argc, argv);
	if (err)
		return err;
	return script_report__flamegraph(&sr) ? 1 : 0;
}
