// SPDX-License-Identifier: GPL-2.0
/*
 * perf data convert: a perf.data in another format, upstream's command
 * shape.  One option table; each converter lives in its own file of
 * data/ and is called from here with the parsed options.
 *
 *   perf data convert [-i FILE] [-f] [-v] --to-json FILE
 *   perf data convert [-i FILE] [-f] [-v] --to-pprof FILE [--no-symbolize]
 *
 * Upstream's --to-ctf needs libbabeltrace's CTF writer: refused by name.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "data/convert.h"
#include "data/convert-json.h"
#include "util/base/parse-options.h"

static const char * const data_usage[] = { "perf data convert [<options>]", NULL };

struct data_cmd {
	struct data_convert_opts opts;
	const char *to_json;
	const char *to_pprof;
	bool all;
	bool tod;
};

static int data__convert_json(const struct data_cmd *d)
{
	struct convert_json_opts json = {
		.input = d->opts.input, .output = d->to_json,
		.force = d->opts.force, .verbose = d->opts.verbose,
	};

	/* upstream's checks and words, its exit status (-1) */
	if (d->all) {
		fprintf(stderr, "--all is currently unsupported for JSON output.\n");
		return 255;
	}
	if (d->tod) {
		fprintf(stderr, "--tod is currently unsupported for JSON output.\n");
		return 255;
	}
	return data_convert__json(&json) ? 255 : 0;
}

static int data__convert(int argc, const char **argv)
{
	struct data_cmd d = { .opts.symbolize = true };
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'f', "force", &d.opts.force, NULL, "don't complain, do it" },
		{ PARSE_OPT_STRING, 'i', "input", &d.opts.input, "file", "input file name" },
		{ PARSE_OPT_INCR, 'v', "verbose", &d.opts.verbose, NULL, "be more verbose" },
		{ PARSE_OPT_BOOL, 0, "all", &d.all, NULL, "Convert all events" },
		{ PARSE_OPT_CALLBACK, 0, "to-ctf", NULL, "dir",
		  "CTF output needs libbabeltrace's CTF writer, not built in",
		  PARSE_OPT_UNSUPPORTED },
		{ PARSE_OPT_STRING, 0, "to-json", &d.to_json, "...", "Convert to JSON format" },
		{ PARSE_OPT_STRING, 0, "to-pprof", &d.to_pprof, "file",
		  "Convert to pprof format (gzipped profile.proto)" },
		{ PARSE_OPT_BOOL, 0, "symbolize", &d.opts.symbolize, NULL,
		  "with --to-pprof: function names from our symbols (default); "
		  "--no-symbolize: addresses and build-ids only" },
		{ PARSE_OPT_BOOL, 0, "tod", &d.tod, NULL, "Convert time to wall clock time" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "data convert", .usage = data_usage, .opts = opts };
	int err = parse_opts__parse_no_args(&p, argc, argv);

	if (err)
		return err;
	/* upstream's words and status (-1) when no format or two are named */
	if (!d.to_json && !d.to_pprof) {
		fprintf(stderr, "You must specify one of --to-ctf, --to-json or --to-pprof.\n");
		return 255;
	}
	if (d.to_json && d.to_pprof) {
		fprintf(stderr, "You cannot specify both --to-json and --to-pprof.\n");
		return 255;
	}
	if (d.to_json)
		return data__convert_json(&d);
	if (!*d.to_pprof)
		return parse_opts__error(&p, "option `to-pprof' requires a file name");
	err = data_convert__pprof(d.to_pprof, &d.opts);
	return err ? 1 : 0;
}

/* "perf data" alone or with another word: upstream shows convert's usage */
int cmd_data(int argc, const char **argv)
{
	const char *help[] = { "convert", "-h", NULL };

	if (argc > 1 && !strcmp(argv[1], "convert"))
		return data__convert(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "-h") && strcmp(argv[1], "--help"))
		fprintf(stderr, "Unknown command: %s\n", argv[1]);
	data__convert(2, help);
	return PERF_USAGE_ERROR;
}
