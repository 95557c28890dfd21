// SPDX-License-Identifier: GPL-2.0
#include <getopt.h>
#include <stdio.h>
#include "util/base/usage.h"

int usage__getopt_error(int c, const char **argv, const char *usage)
{
	if (c == ':')
		fprintf(stderr, "  Error: switch `%c' requires a value\n", optopt);
	else if (optopt)
		fprintf(stderr, "  Error: unknown switch `%c'\n", optopt);
	else	/* a long option: getopt leaves it at argv[optind - 1] */
		fprintf(stderr, "  Error: unknown option `%s'\n", argv[optind - 1] + 2);
	fputs(usage, stderr);
	return PERF_USAGE_ERROR;
}

int usage__extra_argument(const char *arg, const char *usage)
{
	fprintf(stderr, "  Error: unexpected argument `%s'\n", arg);
	fputs(usage, stderr);
	return PERF_USAGE_ERROR;
}
