// SPDX-License-Identifier: GPL-2.0
/*
 * perf data convert: a perf.data into the formats other viewers read,
 * with upstream's command shape (perf data convert --to-json FILE [-f]
 * [-i IN]).  Each format's writer lives in data/.
 */
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "data/convert-json.h"
#include "util/base/parse-options.h"

struct data_convert {
	const char	*input;
	const char	*to_json;
	bool		force;
	bool		all;
	bool		tod;
	int		verbose;
};

static const char * const data_usage[] = {
	"perf data convert [<options>]",
	NULL,
};

static int data__convert(int argc, const char **argv)
{
	struct data_convert dc = { .input = NULL };
	const struct parse_opt table[] = {
		{ PARSE_OPT_BOOL, 'f', "force", &dc.force, NULL, "don't complain, do it" },
		{ PARSE_OPT_STRING, 'i', "input", &dc.input, "file", "input file name" },
		{ PARSE_OPT_INCR, 'v', "verbose", &dc.verbose, NULL, "be more verbose" },
		{ PARSE_OPT_BOOL, 0, "all", &dc.all, NULL, "Convert all events" },
		{ PARSE_OPT_CALLBACK, 0, "to-ctf", NULL, "...",
		  "CTF output needs libbabeltrace, which this perf is not built with",
		  PARSE_OPT_UNSUPPORTED },
		{ PARSE_OPT_STRING, 0, "to-json", &dc.to_json, "...", "Convert to JSON format" },
		{ PARSE_OPT_BOOL, 0, "tod", &dc.tod, NULL, "Convert time to wall clock time" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "data convert", .usage = data_usage, .opts = table,
	};
	struct convert_json_opts json;
	int err = parse_opts__parse_no_args(&p, argc, argv);

	if (err)
		return err;
	/* upstream's checks and words, its exit status (-1) */
	if (!dc.to_json) {
		fprintf(stderr, "You must specify one of --to-ctf or --to-json.\n");
		return 255;
	}
	if (dc.all) {
		fprintf(stderr, "--all is currently unsupported for JSON output.\n");
		return 255;
	}
	if (dc.tod) {
		fprintf(stderr, "--tod is currently unsupported for JSON output.\n");
		return 255;
	}
	json = (struct convert_json_opts){
		.input = dc.input, .output = dc.to_json, .force = dc.force, .verbose = dc.verbose,
	};
	return data_convert__json(&json) ? 255 : 0;
}

int cmd_data(int argc, const char **argv)
{
	const struct parse_opt table[] = { { PARSE_OPT_END } };
	const struct parse_opts p = { .cmd = "data", .usage = data_usage, .opts = table };

	if (argc < 2) {
		parse_opts__usage(&p, stderr);
		return PERF_USAGE_ERROR;
	}
	if (!strcmp(argv[1], "convert"))
		return data__convert(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		parse_opts__usage(&p, stderr);
		return PERF_USAGE_ERROR;
	}
	fprintf(stderr, "Unknown command: %s\n", argv[1]);
	parse_opts__usage(&p, stderr);
	return PERF_USAGE_ERROR;
}
