// SPDX-License-Identifier: GPL-2.0
/*
 * debuginfod-fetch: util/cache/debuginfod from the command line, for the shell
 * tests and bench/debuginfod until the commands use it.  Not installed,
 * not a perf command.
 *
 *   debuginfod-fetch [-j N] [-t SECS] [-T SECS] [--debuginfo] [--progress]
 *                    [--rounds N] [--stats] BUILD_ID...
 *
 * Prints one line per id and round:  OK <id> <path>  or  FAIL <id> <ERRNO>
 * (ENOENT, ETIME, EBADMSG...).  Exit 0 if every id was found, 1 if not,
 * 129 on a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"

struct fetch_args {
	struct debuginfod_opts opts;
	enum debuginfod_kind kind;
	unsigned int rounds;
	bool stats;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: debuginfod-fetch [-j N] [-t SECS] [-T SECS] [--debuginfo] [--progress]\n"
		"                        [--rounds N] [--stats] BUILD_ID...\n");
}

static int parse_uint(const char *s, unsigned int max, unsigned int *val)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v > max || *s == '-')
		return -EINVAL;
	*val = v;
	return 0;
}

static int parse_args(int argc, char **argv, struct fetch_args *args)
{
	static const struct option longopts[] = {
		{ "jobs",	required_argument,	NULL, 'j' },
		{ "timeout",	required_argument,	NULL, 't' },
		{ "deadline",	required_argument,	NULL, 'T' },
		{ "debuginfo",	no_argument,		NULL, 'd' },
		{ "progress",	no_argument,		NULL, 'p' },
		{ "rounds",	required_argument,	NULL, 'r' },
		{ "stats",	no_argument,		NULL, 's' },
		{ "verbose",	no_argument,		NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	args->rounds = 1;
	while ((c = getopt_long(argc, argv, "j:t:T:r:v", longopts, NULL)) != -1) {
		int err = 0;

		switch (c) {
		case 'j':
			err = parse_uint(optarg, DEBUGINFOD_MAX_THREADS, &args->opts.nr_threads);
			break;
		case 't':
			err = parse_uint(optarg, 3600, &args->opts.timeout_s);
			break;
		case 'T':
			err = parse_uint(optarg, 3600, &args->opts.deadline_s);
			break;
		case 'r':
			err = parse_uint(optarg, 100, &args->rounds);
			break;
		case 'd':
			args->kind = DEBUGINFOD_KIND_DEBUGINFO;
			break;
		case 'p':
			args->opts.progress = true;
			break;
		case 's':
			args->stats = true;
			break;
		case 'v':
			args->opts.verbose++;
			break;
		default:
			return -EINVAL;
		}
		if (err) {
			fprintf(stderr, "debuginfod-fetch: bad value for -%c: %s\n", c, optarg);
			return err;
		}
	}
	if (optind >= argc)
		return -EINVAL;
	return optind;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void print_results(const struct build_id *ids, const struct debuginfod_result *r,
			  size_t n)
{
	char hex[SBUILD_ID_SIZE];
	size_t i;

	for (i = 0; i < n; i++) {
		build_id__sprintf(&ids[i], hex);
		if (!r[i].err)
			printf("OK %s %s\n", hex, r[i].path);
		else
			printf("FAIL %s %s\n", hex, strerrorname_np(-r[i].err) ?: "?");
	}
}

int main(int argc, char **argv)
{
	struct fetch_args args = { .kind = DEBUGINFOD_KIND_EXECUTABLE };
	struct debuginfod_fetcher *f = NULL;
	struct debuginfod_result *r = NULL;
	struct build_id *ids = NULL;
	size_t i, n;
	int first, ret = 1, found = 0;
	unsigned int round;
	double t0;

	first = parse_args(argc, argv, &args);
	if (first < 0) {
		usage();
		return 129;
	}
	n = argc - first;
	ids = calloc(n, sizeof(*ids));
	r = calloc(n, sizeof(*r));
	if (!ids || !r) {
		fprintf(stderr, "debuginfod-fetch: out of memory\n");
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (build_id__from_hex(&ids[i], argv[first + i]) < 0) {
			fprintf(stderr, "debuginfod-fetch: not a build-id: %s\n", argv[first + i]);
			ret = 129;
			goto out;
		}
	}
	f = debuginfod_fetcher__new(&args.opts);
	if (!f) {
		fprintf(stderr, "debuginfod-fetch: cannot create a fetcher: %s\n", strerror(errno));
		goto out;
	}
	t0 = now();
	for (round = 0; round < args.rounds; round++) {
		int err = debuginfod_fetcher__fetch_many(f, ids, n, args.kind, r);

		if (err < 0) {
			fprintf(stderr, "debuginfod-fetch: %s\n", strerror(-err));
			goto out;
		}
		found = err;
		print_results(ids, r, n);
		for (i = 0; i < n; i++)
			debuginfod_result__exit(&r[i]);
	}
	if (args.stats)
		fprintf(stderr, "requests %lu, found %d/%zu, %.3f s\n",
			debuginfod_fetcher__nr_requests(f), found, n, now() - t0);
	ret = (size_t)found == n ? 0 : 1;
out:
	debuginfod_fetcher__delete(f);
	free(ids);
	free(r);
	return ret;
}
