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
	switch_output__exit(&opts->switch_output);
	opts->nr_copies = 0;
}

enum {
	OPT_CALL_GRAPH = 256,
	OPT_BUILDID_MMAP,
	OPT_SWITCH_OUTPUT,
	OPT_SWITCH_MAX_FILES,
	OPT_OVERWRITE,
	OPT_STRICT_FREQ,
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
	{ "switch-max-files",	required_argument,	NULL, OPT_SWITCH_MAX_FILES },
	{ "overwrite",		no_argument,		NULL, OPT_OVERWRITE },
	{ "strict-freq",	no_argument,		NULL, OPT_STRICT_FREQ },
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

static int read_max_freq(u64 *v)
{
	FILE *f = fopen(MAX_SAMPLE_RATE_PATH, "re");
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

/*
 * Buffers are read when the kernel wakes us, at half a buffer: a smaller
 * size threshold is only checked that often (upstream's warning).
 */
static void record_opts__warn_switch_size(const struct record_opts *opts)
{
	static const char * const units[] = { "", "K", "M", "G" };
	u64 wakeup = (opts->mmap_pages + 1) * (u64)sysconf(_SC_PAGESIZE) / 2;
	u64 v = wakeup;
	int u = 0;

	if (opts->quiet || !opts->switch_output.size || opts->switch_output.size >= wakeup)
		return;
	while (v >= 1024 && u < 3) {
		v /= 1024;
		u++;
	}
	fprintf(stderr, "WARNING: switch-output data size lower than wakeup kernel buffer size "
		"(%llu%s) expect bigger perf.data sizes\n", (unsigned long long)v, units[u]);
}

/*
 * The kernel refuses a frequency above its limit with EINVAL.  Like
 * upstream: lower it to the limit and say so, or refuse with
 * --strict-freq.  An unreadable limit leaves the kernel to judge.
 */
static int record_opts__config_freq(struct record_opts *opts, bool max, bool strict)
{
	u64 limit;

	if (!opts->freq || read_max_freq(&limit))
		return 0;
	if (max) {
		opts->freq = limit;
		if (!opts->quiet)
			fprintf(stderr, "info: Using a maximum frequency rate of %llu Hz\n",
				(unsigned long long)limit);
		return 0;
	}
	if (opts->freq <= limit)
		return 0;
	if (strict) {
		fprintf(stderr, "error: Maximum frequency rate (%llu Hz) exceeded.\n"
			"       Please use -F freq option with a lower value or consider\n"
			"       tweaking " MAX_SAMPLE_RATE_PATH ".\n",
			(unsigned long long)limit);
		return RECORD_OPTS_EINVAL;
	}
	if (!opts->quiet)
		fprintf(stderr, "warning: Maximum frequency rate (%llu Hz) exceeded, throttling "
			"from %llu Hz to %llu Hz.\n"
			"         The limit can be raised via " MAX_SAMPLE_RATE_PATH ".\n"
			"         The kernel will lower it when perf's interrupts take too long.\n"
			"         Use --strict-freq to disable this throttling, refusing to record.\n",
			(unsigned long long)limit, (unsigned long long)opts->freq,
			(unsigned long long)limit);
	opts->freq = limit;
	return 0;
}

int record_opts__parse(struct record_opts *opts, int argc, char **argv, int *cmd_idx)
{
	int c, ret, max_files = 0;
	bool user_freq = false, user_period = false, max_freq = false, strict_freq = false;
	u64 v;

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
			max_freq = !strcmp(optarg, "max");
			if (max_freq) {
				if (read_max_freq(&opts->freq))
					return record_opts__usage_error("cannot read the maximum sample rate");
			} else if (parse_u64(optarg, &opts->freq) || !opts->freq) {
				return record_opts__usage_error("invalid frequency: '%s'", optarg);
			}
			user_freq = true;
			break;
		case 'c':
			if (parse_u64(optarg, &opts->period) || !opts->period)
				return record_opts__usage_error("invalid sample period: '%s'", optarg);
			user_period = true;
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
			if (switch_output__parse(&opts->switch_output, optarg))
				return record_opts__usage_error("invalid --switch-output value '%s': "
								"signal, size[BKMG] or time[smhd]",
								optarg);
			break;
		case OPT_SWITCH_MAX_FILES:
			if (parse_u64(optarg, &v) || v > 0x7fffffff)
				return record_opts__usage_error("invalid --switch-max-files: '%s'",
								optarg);
			max_files = (int)v;
			break;
		case OPT_OVERWRITE:
			opts->overwrite = true;
			break;
		case OPT_STRICT_FREQ:
			strict_freq = true;
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
	/* Either may come last: taking the last one would ignore the other in silence. */
	if (user_freq && user_period) {
		fprintf(stderr, "cannot set frequency and period at the same time\n");
		return RECORD_OPTS_EINVAL;
	}
	if (user_period)
		opts->freq = 0;
	ret = record_opts__config_freq(opts, max_freq, strict_freq);
	if (ret)
		return ret;
	if ((opts->pid || opts->tid) && optind < argc)
		return record_opts__usage_error("a workload and -p/-t exclude each other");
	if (opts->pid && opts->tid)
		return record_opts__usage_error("-p and -t exclude each other");
	if (!opts->output)
		opts->output = "perf.data";
	if (opts->switch_output.enabled && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--switch-output needs an output file, not a pipe");
	if (opts->overwrite && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--overwrite needs an output file, not a pipe");
	if (switch_output__init(&opts->switch_output, max_files))
		return record_opts__usage_error("out of memory");
	record_opts__warn_switch_size(opts);
	return 0;
}

