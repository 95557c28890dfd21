// SPDX-License-Identifier: GPL-2.0
/*
 * util/base/parse-options: clustered and attached short options, long values,
 * unique prefixes, --no-NAME, the words left over, and every usage error.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "util/base/parse-options.h"

struct ctx {
	bool force, header, header_only;
	int verbose;
	const char *input;
	const char *graph;
	int graph_calls;
	bool graph_unset;
};

static int cb(void *data, int key, const char *arg, bool unset)
{
	struct ctx *c = data;

	if (key == 'g') {
		c->graph = arg;
		c->graph_calls++;
		c->graph_unset = unset;
	}
	return arg && !strcmp(arg, "fail") ? 7 : 0;
}

static const char * const usage[] = { "perf t [<options>]", NULL };

static int parse(struct ctx *c, unsigned int flags, const char **argv)
{
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'f', "force", &c->force, NULL, "force" },
		{ PARSE_OPT_INCR, 'v', "verbose", &c->verbose, NULL, "verbose" },
		{ PARSE_OPT_STRING, 'i', "input", &c->input, "file", "input" },
		{ PARSE_OPT_BOOL, 0, "header", &c->header, NULL, "header" },
		{ PARSE_OPT_BOOL, 0, "header-only", &c->header_only, NULL, "header only" },
		{ PARSE_OPT_CALLBACK, 'g', "call-graph", NULL, "mode", "graph",
		  PARSE_OPT_OPTARG | PARSE_OPT_OPTARG_NEXT | PARSE_OPT_CANNEG, 'g' },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "t", .usage = usage, .opts = opts, .cb = cb, .ctx = c, .flags = flags,
	};
	int argc = 0;

	while (argv[argc])
		argc++;
	memset(c, 0, sizeof(*c));
	return parse_opts__parse(&p, argc, argv);
}

static void test_short(void **state)
{
	struct ctx c;
	const char *a1[] = { "t", "-fvv", "-ifile", NULL };
	const char *a2[] = { "t", "-vi", "file", "-g", "caller", NULL };
	const char *a3[] = { "t", "-g", "-f", NULL };
	const char *a4[] = { "t", "-gflat", NULL };

	assert_int_equal(parse(&c, 0, a1), 0);
	assert_true(c.force);
	assert_int_equal(c.verbose, 2);
	assert_string_equal(c.input, "file");
	assert_int_equal(parse(&c, 0, a2), 0);
	assert_string_equal(c.input, "file");
	assert_string_equal(c.graph, "caller");
	assert_int_equal(parse(&c, 0, a3), 0);
	assert_null(c.graph);
	assert_int_equal(c.graph_calls, 1);
	assert_true(c.force);
	assert_int_equal(parse(&c, 0, a4), 0);
	assert_string_equal(c.graph, "flat");
}

static void test_long(void **state)
{
	struct ctx c;
	const char *a1[] = { "t", "--input=x", "--header", "--verb", "--force", "--no-force", NULL };
	const char *a2[] = { "t", "--input", "y", "--header-o", "--call-graph=fractal", NULL };
	const char *a3[] = { "t", "--no-call-graph", "--no-input", NULL };

	assert_int_equal(parse(&c, 0, a1), 0);
	assert_string_equal(c.input, "x");
	assert_true(c.header);
	assert_false(c.header_only);
	assert_int_equal(c.verbose, 1);
	assert_false(c.force);
	assert_int_equal(parse(&c, 0, a2), 0);
	assert_string_equal(c.input, "y");
	assert_true(c.header_only);
	assert_string_equal(c.graph, "fractal");
	assert_int_equal(parse(&c, 0, a3), 0);
	assert_true(c.graph_unset);
	assert_null(c.input);
}

static void test_rest(void **state)
{
	struct ctx c;
	const char *a1[] = { "t", "a", "-f", "b", "--", "-v", NULL };
	const char *a2[] = { "t", "-f", "cmd", "-v", NULL };

	assert_int_equal(parse(&c, 0, a1), 3);
	assert_string_equal(a1[0], "a");
	assert_string_equal(a1[1], "b");
	assert_string_equal(a1[2], "-v");
	assert_true(c.force);
	assert_int_equal(c.verbose, 0);
	/* stopping: argv as given, the rest at its end */
	assert_int_equal(parse(&c, PARSE_OPTS_STOP_AT_NON_OPTION, a2), 2);
	assert_string_equal(a2[2], "cmd");
	assert_int_equal(c.verbose, 0);
}

static void test_errors(void **state)
{
	struct ctx c;
	const char *unknown[] = { "t", "--bogus", NULL };
	const char *unknown_short[] = { "t", "-Z", NULL };
	const char *missing[] = { "t", "-i", NULL };
	const char *missing_long[] = { "t", "--input", NULL };
	const char *ambiguous[] = { "t", "--he", NULL };
	const char *flag_value[] = { "t", "--force=1", NULL };
	const char *help[] = { "t", "-h", NULL };
	const char *cb_fail[] = { "t", "-gfail", NULL };
	const char *list[] = { "t", "--list-opts", NULL };
	FILE *saved = stderr;

	/* the messages are checked by t0600; here the statuses */
	stderr = fopen("/dev/null", "w");
	assert_int_equal(parse(&c, 0, unknown), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, unknown_short), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, missing), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, missing_long), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, ambiguous), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, flag_value), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, help), -PERF_USAGE_ERROR);
	assert_int_equal(parse(&c, 0, cb_fail), -7);
	fclose(stderr);
	stderr = saved;
	assert_int_equal(parse(&c, 0, list), -130);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_rest),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
