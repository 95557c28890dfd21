// SPDX-License-Identifier: GPL-2.0
/*
 * perf script.  Implemented: -D / --dump-raw-trace, every record with its
 * offset, size, type, raw bytes and decoded fields (util/dump.c), in file
 * order.  The per-sample output (upstream's default mode) needs symbol
 * resolution and is not implemented: asking for it is a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "util/usage.h"
#include "util/debug.h"
#include "util/dump.h"
#include "util/session.h"

struct script {
	struct perf_tool tool;
	const char *input;
	bool dump_raw;
	bool force;
	bool quiet;
	int verbose;
	const char *path;		/* as dumped: the input, or "pipe" */
	bool is_pipe;
};

static const char script_usage[] =
	"\n Usage: perf script [<options>]\n\n"
	"    -D, --dump-raw-trace  dump raw trace in ASCII\n"
	"    -f, --force           don't complain, do it\n"
	"    -i, --input <file>    input file name\n"
	"    -q, --quiet           be quiet\n"
	"    -v, --verbose         be more verbose\n\n"
	" Only -D (--dump-raw-trace) is implemented; the per-sample output\n"
	" and scripting are not yet.\n\n";

static int script__dump_event(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, u64 offset)
{
	struct script *s = (struct script *)tool;

	/*
	 * A COMPRESSED record is a container: upstream dumps the records
	 * inside it (at its offset), not the container itself.
	 */
	if (event->header.type == PERF_RECORD_COMPRESSED)
		return 0;
	/* upstream counts stream offsets from the end of the pipe header */
	if (s->is_pipe && offset >= sizeof(struct perf_pipe_file_header))
		offset -= sizeof(struct perf_pipe_file_header);
	perf_event__dump(stdout, &session->evlist, event, offset, s->path);
	return 0;
}

int cmd_script(int argc, const char **argv)
{
	static const struct option longopts[] = {
		{ "dump-raw-trace",	no_argument,		NULL, 'D' },
		{ "force",		no_argument,		NULL, 'f' },
		{ "input",		required_argument,	NULL, 'i' },
		{ "quiet",		no_argument,		NULL, 'q' },
		{ "verbose",		no_argument,		NULL, 'v' },
		{ "help",		no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct script scr = { .tool = { .event = script__dump_event } };
	struct perf_session session;
	struct perf_data data;
	int c, err;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, (char * const *)argv, ":Dfi:qvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'D': scr.dump_raw = true; break;
		case 'f': scr.force = true; break;
		case 'i': scr.input = optarg; break;
		case 'q': scr.quiet = true; break;
		case 'v': scr.verbose++; break;
		case 'h':
			fputs(script_usage, stdout);
			return 129;
		default:
			return usage__getopt_error(c, argv, script_usage);
		}
	}
	if (optind < argc)
		return usage__extra_argument(argv[optind], script_usage);
	if (!scr.dump_raw) {
		fprintf(stderr, "  Error: perf script: only -D (--dump-raw-trace) is implemented\n");
		fputs(script_usage, stderr);
		return 129;
	}

	err = perf_data__open(&data, scr.input ? scr.input : "perf.data", PERF_DATA_READ,
			      scr.force);
	if (err)
		return 1;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	/* stdin redirected from a file is seekable but still the stream format */
	scr.is_pipe = session.header.is_pipe;
	scr.path = scr.is_pipe ? "pipe" : data.path;
	session.verbose = scr.verbose;
	err = perf_session__process_events(&session, &scr.tool);
	if (err && err != -EINVAL)
		pr_err("perf script: %s\n", strerror(-err));
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	return err ? 1 : 0;
}
