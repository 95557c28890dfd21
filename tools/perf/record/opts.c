// SPDX-License-Identifier: GPL-2.0
/* perf record option parsing: upstream's flags, one table (util/base/parse-options.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "record/opts.h"
#include "util/base/parse-options.h"
#include "util/base/config.h"
#include "util/base/array.h"

static const char * const record_usage[] = {
	"perf record [<options>] [<command>]",
	"perf record [<options>] -- <command> [<options>]",
	NULL,
};

enum {
	OPT_CALL_GRAPH = 256,
	OPT_BUILDID_MMAP,
	OPT_SWITCH_OUTPUT,
	OPT_SWITCH_MAX_FILES,
	OPT_SWITCH_OUTPUT_EVENT,
	OPT_OVERWRITE,
	OPT_STRICT_FREQ,
	OPT_BUILDID_ALL,
	OPT_TIMESTAMP_FILENAME,
};

#define OPT(s, l, a, h, f) { PARSE_OPT_CALLBACK, s, l, NULL, a, h, f, s }
#define LOPT(k, l, a, h, f) { PARSE_OPT_CALLBACK, 0, l, NULL, a, h, f, k }
#define NOARG PARSE_OPT_NOARG
#define NOPE(s, l, f, why) \
	{ PARSE_OPT_CALLBACK, s, l, NULL, "opts", why, (f) | PARSE_OPT_UNSUPPORTED, 0 }

/* One switch in record_opts__option() handles them all, keyed by short name or OPT_*. */
static const struct parse_opt record_options[] = {
	OPT('e', "event", "event", "event selector. use 'perf list' to list available events", 0),
	OPT('F', "freq", "freq or 'max'", "profile at this frequency", 0),
	OPT('c', "count", "n", "event period to sample", 0),
	OPT('g', NULL, NULL, "enables call-graph recording", NOARG),
	LOPT(OPT_CALL_GRAPH, "call-graph", "record_mode[,record_size]",
	     "setup and enables call-graph (stack chain/backtrace): fp, dwarf[,stack dump size]", 0),
	OPT('a', "all-cpus", NULL, "system-wide collection from all CPUs", NOARG),
	OPT('C', "cpu", "cpu", "list of cpus to monitor", 0),
	OPT('p', "pid", "pid", "record events on existing process id", 0),
	OPT('t', "tid", "tid", "record events on existing thread id", 0),
	OPT('o', "output", "file", "output file name", 0),
	OPT('m', "mmap-pages", "pages", "number of mmap data pages", 0),
	OPT('q', "quiet", NULL, "don't print any warnings or messages", NOARG),
	OPT('v', "verbose", NULL, "be more verbose (show counter open errors, etc)", NOARG),
	OPT('B', "no-buildid", NULL, "do not collect buildids in perf.data", NOARG),
	OPT('N', "no-buildid-cache", NULL, "do not update the buildid cache", NOARG),
	LOPT(OPT_BUILDID_MMAP, "buildid-mmap", NULL, "Record build-id in map events", NOARG),
	LOPT(OPT_SWITCH_OUTPUT, "switch-output", "signal or size[BKMG] or time[smhd]",
	     "Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold",
	     PARSE_OPT_OPTARG),
	LOPT(OPT_SWITCH_MAX_FILES, "switch-max-files", "n",
	     "Limit number of switch output generated files", 0),
	LOPT(OPT_SWITCH_OUTPUT_EVENT, "switch-output-event", "switch output event",
	     "switch output event selector. use 'perf list' to list available events", 0),
	LOPT(OPT_OVERWRITE, "overwrite", NULL, "use overwrite mode", NOARG),
	LOPT(OPT_STRICT_FREQ, "strict-freq", NULL,
	     "Fail if the specified frequency can't be used", NOARG),
	OPT('f', "force", NULL, "don't complain, do it", NOARG),
	OPT('z', "compression-level", "n", "Compress records using specified level "
	    "(default: 1 - fastest compression, 22 - greatest compression)", PARSE_OPT_OPTARG),
	LOPT(OPT_BUILDID_ALL, "buildid-all", NULL,
	     "Record build-id of all DSOs regardless of hits", NOARG),
	LOPT(OPT_TIMESTAMP_FILENAME, "timestamp-filename", NULL,
	     "append timestamp to output filename", NOARG),
	RECORD_SAMPLE_OPTIONS,
	RECORD_CONTROL_OPTIONS,
	/* upstream's, impossible here: one line each, exit 129 */
	NOPE('b', "branch-any", NOARG, "branch stacks need a hardware PMU (LBR)"),
	NOPE('j', "branch-filter", 0, "branch stacks need a hardware PMU (LBR)"),
	NOPE('W', "weight", NOARG, "sample weights come from hardware PMU events"),
	NOPE(0, "transaction", NOARG, "transaction flags come from hardware PMU events"),
	NOPE('S', "snapshot", PARSE_OPT_OPTARG, "AUX area tracing needs a hardware PMU"),
	NOPE(0, "aux-sample", PARSE_OPT_OPTARG, "AUX area tracing needs a hardware PMU"),
	NOPE(0, "off-cpu", NOARG, "off-cpu analysis needs BPF, not built here"),
	NOPE(0, "clang-path", 0, "BPF scriptlets are not built here"),
	NOPE(0, "clang-opt", 0, "BPF scriptlets are not built here"),
	NOPE(0, "kcore", NOARG, "kernel core copies are not kept by this perf"),
	NOPE(0, "phys-data", NOARG, "physical addresses come from hardware PMU memory events"),
	{ PARSE_OPT_END },
};

static const struct parse_opts record_parse_opts = {
	.cmd = "record", .usage = record_usage, .opts = record_options,
	.flags = PARSE_OPTS_STOP_AT_NON_OPTION,
};

int record_opts__usage(void)
{
	parse_opts__usage(&record_parse_opts, stderr);
	return PERF_USAGE_ERROR;
}

/*
 * --call-graph fp | dwarf[,SIZE]: upstream's words and limits (the stack
 * copy is whole u64s, at most 65528 bytes: what fits a sample's u16 size
 * with the rest of it), its error lines, exit 129.
 */
/* A dwarf stack size: upstream's rounding up to u64s and its limits; 0 if bad. */
static u32 call_graph__stack_size(const char *arg)
{
	unsigned long size;
	char *end;

	errno = 0;
	size = strtoul(arg, &end, 0);
	if (end == arg || *end || errno || arg[0] == '-' || size > UINT32_MAX)
		return 0;
	size = (size + 7) & ~7UL;
	return size <= RECORD_MAX_STACK_DUMP ? size : 0;
}

/*
 * "fp" or "dwarf[,SIZE]" into *@size (0: fp).  Returns 0, or 129 after
 * upstream's line.
 */
static int call_graph__parse(const char *arg, u32 *size)
{
	const char *comma = strchr(arg, ',');
	size_t len = comma ? (size_t)(comma - arg) : strlen(arg);

	if (len == 2 && !strncmp(arg, "fp", 2) && !comma) {
		*size = 0;
		return 0;
	}
	if (len != 5 || strncmp(arg, "dwarf", 5)) {
		fprintf(stderr, "callchain: Unknown --call-graph option value: %s\n", arg);
		return PERF_USAGE_ERROR;
	}
	*size = RECORD_DEFAULT_STACK_DUMP;
	if (comma) {
		*size = call_graph__stack_size(comma + 1);
		if (!*size) {
			fprintf(stderr, "callchain: Incorrect stack dump size (max %d): %s\n",
				RECORD_MAX_STACK_DUMP, comma + 1);
			return PERF_USAGE_ERROR;
		}
	}
	return 0;
}


/*
 * --call-graph fp | dwarf[,SIZE]: upstream's words and limits (the stack
 * copy is whole u64s, at most 65528 bytes: what fits a sample's u16 size
 * with the rest of it), its error lines, exit 129.
 */
static int record_opts__call_graph(struct record_opts *opts, const char *arg)
{
	u32 size;

	if (call_graph__parse(arg, &size))
		return record_opts__usage();
	opts->callgraph = true;
	opts->stack_dump_size = size;
	/* upstream samples data addresses with --call-graph dwarf (as -d), and keeps them */
	if (size)
		opts->sample.data = true;
	return 0;
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

/*
 * Split "a,b" into @list (-e's or --switch-output-event's); a copy, so
 * argv stays as given (CMDLINE).  Commas inside a group "{a,b}" or terms
 * "/a=1,b=2/" do not split.
 */
static int parse_event_list(struct record_opts *opts, const char *arg, const char **list,
			    int *nr)
{
	char *copy, *p, *start;
	int depth = 0;
	bool terms = false;

	if (opts->nr_copies == MAX_EVENTS)
		return -E2BIG;
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	opts->copies[opts->nr_copies++] = copy;
	for (p = start = copy;; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}')
			depth--;
		else if (*p == '/')
			terms = !terms;
		if (*p && (*p != ',' || depth > 0 || terms))
			continue;
		if (p > start) {
			if (*nr == MAX_EVENTS)
				return -E2BIG;
			list[(*nr)++] = start;
		}
		if (!*p)
			break;
		*p = '\0';
		start = p + 1;
	}
	return 0;
}

void record_opts__exit(struct record_opts *opts)
{
	int i;

	for (i = 0; i < opts->nr_copies; i++)
		free(opts->copies[i]);
	switch_output__exit(&opts->switch_output);
	record_control__exit(&opts->control);
	opts->nr_copies = 0;
	free(opts->pids);
	free(opts->tids);
	opts->pids = opts->tids = NULL;
	opts->nr_pids = opts->alloc_pids = opts->nr_tids = opts->alloc_tids = 0;
}



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

/*
 * -p/-t "1,2,3" (upstream's list; a blank separates too): replaces an
 * earlier -p/-t list, as upstream's last option wins.  Duplicates once.
 */
static int parse_pid_list(const char *s, pid_t **list, size_t *nr, size_t *alloc)
{
	const char *p = s;

	*nr = 0;
	while (*p) {
		char buf[16];
		size_t len = strcspn(p, ", "), i;
		u64 v;

		if (!len || len >= sizeof(buf))
			return -EINVAL;
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (parse_u64(buf, &v) || !v || v > 0x7fffffff)
			return -EINVAL;
		for (i = 0; i < *nr && (*list)[i] != (pid_t)v; i++)
			;
		if (i == *nr) {
			if (ARRAY_GROW(*list, *alloc, *nr + 1))
				return -ENOMEM;
			(*list)[(*nr)++] = (pid_t)v;
		}
		p += len;
		if (*p && !*++p)
			return -EINVAL;	/* a trailing separator */
	}
	return *nr ? 0 : -EINVAL;
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

/* The struct the callback fills, and what is judged once all options are read. */
struct record_parse {
	struct record_opts *opts;
	bool user_freq, user_period, max_freq, strict_freq;
	int max_files;
};

static int record_opts__option(void *ctx, int key, const char *arg, bool unset)
{
	struct record_parse *rp = ctx;
	struct record_opts *opts = rp->opts;
	u64 v;

	switch (key) {
	case 'e':
		if (parse_event_list(opts, arg, opts->events, &opts->nr_events))
			return record_opts__usage_error("too many events (at most %d)", MAX_EVENTS);
		return 0;
	case 'F':
		rp->max_freq = !strcmp(arg, "max");
		if (rp->max_freq) {
			if (read_max_freq(&opts->freq))
				return record_opts__usage_error("cannot read the maximum sample rate");
		} else if (parse_u64(arg, &opts->freq) || !opts->freq) {
			return record_opts__usage_error("invalid frequency: '%s'", arg);
		}
		rp->user_freq = true;
		return 0;
	case 'c':
		if (parse_u64(arg, &opts->period) || !opts->period)
			return record_opts__usage_error("invalid sample period: '%s'", arg);
		rp->user_period = true;
		return 0;
	case 'g':
		/*
		 * perfconfig's call-graph.record-mode, fp unless it says
		 * dwarf, unless --call-graph came first; upstream's -g
		 * samples no data addresses even with dwarf
		 */
		if (!opts->callgraph)
			opts->stack_dump_size = opts->config_dump_size;
		opts->callgraph = true;
		return 0;
	case OPT_CALL_GRAPH:
		return record_opts__call_graph(opts, arg);
	case 'a':
		opts->system_wide = true;
		return 0;
	case 'C':
		opts->cpu_list = arg;
		return 0;
	case 'p':
		if (parse_pid_list(arg, &opts->pids, &opts->nr_pids, &opts->alloc_pids))
			return record_opts__usage_error("invalid pid: '%s'", arg);
		opts->pid = opts->pids[0];
		return 0;
	case 't':
		if (parse_pid_list(arg, &opts->tids, &opts->nr_tids, &opts->alloc_tids))
			return record_opts__usage_error("invalid tid: '%s'", arg);
		opts->tid = opts->tids[0];
		return 0;
	case 'o':
		opts->output = arg;
		return 0;
	case 'm':
		if (parse_mmap_pages(arg, &opts->mmap_pages))
			return record_opts__usage_error("invalid number of mmap data pages: '%s'", arg);
		return 0;
	case 'q':
		opts->quiet = true;
		return 0;
	case 'v':
		opts->verbose++;
		return 0;
	case 'B':
		opts->no_buildid = true;
		return 0;
	case 'N':
		opts->no_buildid_cache = true;
		return 0;
	case OPT_SWITCH_OUTPUT:
		if (switch_output__parse(&opts->switch_output, arg))
			return record_opts__usage_error("invalid --switch-output value '%s': "
							"signal, size[BKMG] or time[smhd]",
							arg);
		return 0;
	case OPT_SWITCH_OUTPUT_EVENT:
		if (parse_event_list(opts, arg, opts->switch_events, &opts->nr_switch_events))
			return record_opts__usage_error("too many switch output events (at most %d)",
							MAX_EVENTS);
		/* upstream's: the events rotate the file as SIGUSR2 does */
		if (!opts->switch_output.enabled)
			switch_output__parse(&opts->switch_output, "signal");
		return 0;
	case OPT_SWITCH_MAX_FILES:
		if (parse_u64(arg, &v) || v > 0x7fffffff)
			return record_opts__usage_error("invalid --switch-max-files: '%s'",
							arg);
		rp->max_files = (int)v;
		return 0;
	case OPT_OVERWRITE:
		opts->overwrite = true;
		return 0;
	case OPT_STRICT_FREQ:
		rp->strict_freq = true;
		return 0;
	case OPT_BUILDID_MMAP:
		/* Kernel build-ids are already the default when available. */
		return 0;
	case 'f':
		opts->force = true;
		return 0;
	case 'z':
		/* Upstream clamps 23 and up to 22 and takes junk for 1: we say so. */
		if (!arg)
			v = COMPRESS_LEVEL_DEFAULT;
		else if (parse_u64(arg, &v) || !v || v > COMPRESS_LEVEL_MAX)
			return record_opts__usage_error("invalid compression level '%s': "
							"1 (fastest) to %d (smallest)",
							arg, COMPRESS_LEVEL_MAX);
		opts->comp_level = (int)v;
		return 0;
	case OPT_BUILDID_ALL:
		/* Every mapped DSO's id is recorded already, hit or not. */
		return 0;
	case OPT_TIMESTAMP_FILENAME:
		opts->timestamp_filename = true;
		return 0;
	default: {
		/* The options of record/sample-opts.c and record/control.c. */
		int ret = sample_opts__option(&opts->sample, key, arg);

		if (ret == RECORD_OPT_OTHER)
			ret = record_control__option(&opts->control, key, arg);
		return ret == RECORD_OPT_OTHER ? 0 : ret;
	}
	}
}

/* upstream's exit status for a perfconfig value it cannot take */
#define RECORD_CONFIG_ERROR	255

/*
 * perfconfig's record.build-id (cache, no-cache, skip, mmap) and
 * call-graph.record-mode, under the command line's options.
 */
int record_opts__config(struct record_opts *opts)
{
	struct perf_config cfg = { .quiet = true };	/* perf.c named bad files once */
	const char *v;
	int ret = 0, i;

	if (perf_config__load(&cfg, PERF_CONFIG_ALL))
		return 0;
	v = perf_config__get(&cfg, "record.build-id");
	if (!v || !strcmp(v, "cache") || !strcmp(v, "mmap")) {
		/* mmap: kernel build-ids are already the default when available */
	} else if (!strcmp(v, "no-cache")) {
		opts->no_buildid_cache = true;
	} else if (!strcmp(v, "skip")) {
		opts->no_buildid = opts->no_buildid_cache = true;
	} else {
		fprintf(stderr, "perf record: record.build-id '%s' in perfconfig: "
			"use cache, no-cache, skip or mmap\n", v);
		ret = RECORD_OPTS_EINVAL;
	}
	/* in the file's order, as upstream: record-mode dwarf resets the size */
	for (i = 0; i < cfg.nr && !ret; i++) {
		const struct perf_config_item *it = &cfg.items[i];
		u32 size;

		if (!strcasecmp(it->key, "call-graph.record-mode")) {
			if (call_graph__parse(it->value, &size))
				ret = RECORD_CONFIG_ERROR;
			else
				opts->config_dump_size = size;
		} else if (!strcasecmp(it->key, "call-graph.dump-size")) {
			size = call_graph__stack_size(it->value);
			if (!size) {
				fprintf(stderr, "callchain: Incorrect stack dump size (max %d): %s\n",
					RECORD_MAX_STACK_DUMP, it->value);
				ret = RECORD_CONFIG_ERROR;
			} else if (opts->config_dump_size) {
				opts->config_dump_size = size;
			}
		}
		/* upstream's second line, and its exit status (-1) */
		if (ret)
			fprintf(stderr, "Error in the given config file: wrong config key-value "
				"pair %s=%s\n", it->key, it->value);
	}
	perf_config__exit(&cfg);
	return ret;
}

int record_opts__parse(struct record_opts *opts, int argc, char **argv, int *cmd_idx)
{
	struct record_parse parse = { .opts = opts }, *rp = &parse;
	struct parse_opts p = record_parse_opts;
	int n, ret, max_files;
	bool user_freq, user_period;

	opts->freq = DEFAULT_FREQ;
	opts->mmap_pages = DEFAULT_MMAP_PAGES;
	p.cb = record_opts__option;
	p.ctx = rp;
	/* the first non-option starts the workload's own arguments */
	n = parse_opts__parse(&p, argc, (const char **)argv);
	if (n < 0)
		return -n;
	*cmd_idx = argc - n;
	user_freq = rp->user_freq;
	user_period = rp->user_period;
	max_files = rp->max_files;
	/* Either may come last: taking the last one would ignore the other in silence. */
	if (user_freq && user_period) {
		fprintf(stderr, "cannot set frequency and period at the same time\n");
		return RECORD_OPTS_EINVAL;
	}
	if (user_period)
		opts->freq = 0;
	ret = record_opts__config_freq(opts, rp->max_freq, rp->strict_freq);
	if (ret)
		return ret;
	if ((opts->pid || opts->tid) && n)
		return record_opts__usage_error("a workload and -p/-t exclude each other");
	if (opts->pid && opts->tid)
		return record_opts__usage_error("-p and -t exclude each other");
	if (!opts->output)
		opts->output = "perf.data";
	if (opts->switch_output.enabled && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--switch-output needs an output file, not a pipe");
	if (opts->timestamp_filename && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--timestamp-filename needs an output file, "
						"not a pipe");
	if (opts->overwrite && !strcmp(opts->output, "-"))
		return record_opts__usage_error("--overwrite needs an output file, not a pipe");
	if (switch_output__init(&opts->switch_output, max_files))
		return record_opts__usage_error("out of memory");
	record_opts__warn_switch_size(opts);
	return sample_opts__check(&opts->sample, opts->system_wide || opts->cpu_list, opts->quiet) ?:
	       record_control__check(&opts->control, opts);
}

