// SPDX-License-Identifier: GPL-2.0
/* perf record option parsing (getopt_long, upstream's flags). */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record-opts.h"

static const char * const record_usage =
	" Usage: perf record [<options>] [<command>]\n"
	"    or: perf record [<options>] -- <command> [<options>]\n";

int record_opts__usage(void)
{
	fprintf(stderr, "\n%s\n", record_usage);
	return 129;
}

int record_opts__usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "  Error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	return record_opts__usage();
}

/* Split "a,b" into opts->events; a copy, so argv stays as given (CMDLINE). */
static int parse_event_list(struct record_opts *opts, const char *arg)
{
	char *copy, *tok, *save = NULL;

	if (opts->nr_copies == MAX_EVENTS)
		return -E2BIG;
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	opts->copies[opts->nr_copies++] = copy;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (opts->nr_events == MAX_EVENTS)
			return -E2BIG;
		opts->events[opts->nr_events++] = tok;
	}
	return 0;
}

void record_opts__exit(struct record_opts *opts)
{
	int i;

	for (i = 0; i < opts->nr_copies; i++)
		free(opts->copies[i]);
	opts->nr_copies = 0;
}

enum {
	OPT_CALL_GRAPH = 256,
	OPT_BUILDID_MMAP,
	OPT_SWITCH_OUTPUT,
};

static const struct option record_options[] = {
	{ "event",		required_argument,	NULL, 'e' },
	{ "freq",		required_argument,	NULL, 'F' },
	{ "count",		required_argument,	NULL, 'c' },
	{ "call-graph",		required_argument,	NULL, OPT_CALL_GRAPH },
	{ "all-cpus",		no_argument,		NULL, 'a' },
	{ "cpu",		required_argument,	NULL, 'C' },
	{ "pid",		required_argument,	NULL, 'p' },
	{ "tid",		required_argument,	NULL, 't' },
	{ "output",		required_argument,	NULL, 'o' },
	{ "mmap-pages",		required_argument,	NULL, 'm' },
	{ "quiet",		no_argument,		NULL, 'q' },
	{ "verbose",		no_argument,		NULL, 'v' },
	{ "no-buildid",		no_argument,		NULL, 'B' },
	{ "no-buildid-cache",	no_argument,		NULL, 'N' },
	{ "buildid-mmap",	no_argument,		NULL, OPT_BUILDID_MMAP },
	{ "switch-output",	optional_argument,	NULL, OPT_SWITCH_OUTPUT },
	{ "force",		no_argument,		NULL, 'f' },
	{ NULL, 0, NULL, 0 },
};

static int parse_u64(const char *s, u64 *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || end == s || *end || *s == '-')
		return -EINVAL;
	*v = x;
	return 0;
}

static int parse_max_freq(u64 *v)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_sample_rate", "re");
	unsigned long long x;
	int ok;

	if (!f)
		return -errno;
	ok = fscanf(f, "%llu", &x) == 1;
	fclose(f);
	if (!ok)
		return -EINVAL;
	*v = x;
	return 0;
}

/* -m: pages ("128") or a size ("512K", "4M"); rounded up to a power of 2. */
static int parse_mmap_pages(const char *s, size_t *pages)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), n;
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -EINVAL;
	switch (*end) {
	case '\0':
		break;
	case 'K': case 'k': x = x * 1024 / page; end++; break;
	case 'M': case 'm': x = x * 1024 * 1024 / page; end++; break;
	case 'G': case 'g': x = x * 1024 * 1024 * 1024 / page; end++; break;
	default:
		return -EINVAL;
	}
	if ((*end == 'B' || *end == 'b') && end[-1] != *s)
		end++;
	if (*end || !x || x > (1ULL << 24))
		return -EINVAL;
	for (n = 1; n < x; n <<= 1)
		;
	*pages = n;
	return 0;
}

static int parse_pid(const char *s, pid_t *pid)
{
	u64 v;

	/* Upstream takes a list; one process or thread is what we support. */
	if (parse_u64(s, &v) || !v || v > 0x7fffffff)
		return -EINVAL;
	*pid = (pid_t)v;
	return 0;
}

int record_opts__parse(struct record_opts *opts, int argc, char **argv, int *cmd_idx)
{
	int c;

	opts->freq = DEFAULT_FREQ;
	opts->mmap_pages = DEFAULT_MMAP_PAGES;
	optind = 1;
	opterr = 0;
	/* '+': the first non-option starts the workload's own arguments. */
	while ((c = getopt_long(argc, argv, "+:e:F:c:gaC:p:t:o:m:qvBNf",
				record_options, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (parse_event_list(opts, optarg))
				return record_opts__usage_error("too many events (at most %d)", MAX_EVENTS);
			break;
		case 'F':
			if (!strcmp(optarg, "max")) {
				if (parse_max_freq(&opts->freq))
					return record_opts__usage_error("cannot read the maximum sample rate");
			} else if (parse_u64(optarg, &opts->freq) || !opts->freq) {
				return record_opts__usage_error("invalid frequency: '%s'", optarg);
			}
			opts->period = 0;
			break;
		case 'c':
			if (parse_u64(optarg, &opts->period) || !opts->period)
				return record_opts__usage_error("invalid sample period: '%s'", optarg);
			opts->freq = 0;
			break;
		case 'g':
			opts->callgraph = true;
			break;
		case OPT_CALL_GRAPH:
			if (strcmp(optarg, "fp"))
				return record_opts__usage_error("call graph mode '%s' is not supported (only fp)",
						   optarg);
			opts->callgraph = true;
			break;
		case 'a':
			opts->system_wide = true;
			break;
		case 'C':
			opts->cpu_list = optarg;
			break;
		case 'p':
			if (parse_pid(optarg, &opts->pid))
				return record_opts__usage_error("invalid pid: '%s'", optarg);
			break;
		case 't':
			if (parse_pid(optarg, &opts->tid))
				return record_opts__usage_error("invalid tid: '%s'", optarg);
			break;
		case 'o':
			opts->output = optarg;
			break;
		case 'm':
			if (parse_mmap_pages(optarg, &opts->mmap_pages))
				return record_opts__usage_error("invalid number of mmap data pages: '%s'", optarg);
			break;
		case 'q':
			opts->quiet = true;
			break;
		case 'v':
			opts->verbose++;
			break;
		case 'B':
			opts->no_buildid = true;
			break;
		case 'N':
			opts->no_buildid_cache = true;
			break;
		case OPT_SWITCH_OUTPUT:
			/* Only the signal form: SIZE and TIME rotation are not done. */
			if (optarg && strcmp(optarg, "signal"))
				return record_opts__usage_error("--switch-output=%s is not supported "
								"(only signal)", optarg);
			opts->switch_output = true;
			break;
		case OPT_BUILDID_MMAP:
			/* Kernel build-ids are already the default when available. */
			break;
		case 'f':
			opts->force = true;
			break;
		case ':':
			return record_opts__usage_error("switch `%s' requires a value", argv[optind - 1]);
		default:
			return record_opts__usage_error("unknown option `%s'", argv[optind - 1]);
		}
	}
	*cmd_idx = optind;
	if ((opts->pid || opts->tid) && optind < argc)
		return record_opts__usage_error("a workload and -p/-t exclude each other");
	if (opts->pid && opts->tid)
		return record_opts__usage_error("-p and -t exclude each other");
	if (!opts->output)
		opts->output = "perf.data";
	if (opts->switch_output && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--switch-output needs an output file, not a pipe");
	return 0;
}

