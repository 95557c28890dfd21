// SPDX-License-Identifier: GPL-2.0
/*
 * perf: build-id first.  Dispatches "perf COMMAND [ARGS]" to the
 * builtin-*.c commands, with upstream's command names.
 */
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include "builtin.h"
#include "util/version.h"

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *help;
};

static int cmd_version(int argc, const char **argv)
{
	printf("perf version %s\n", PERF_VERSION);
	return 0;
}

static const struct cmd_struct commands[] = {
	{ "archive",		cmd_archive,		"Create archive with object files with build-ids found in perf.data file" },
	{ "buildid-cache",	cmd_buildid_cache,	"Manage build-id cache." },
	{ "buildid-list",	cmd_buildid_list,	"List the buildids in a perf.data file" },
	{ "diff",		cmd_diff,		"Read perf.data files and display the differential profile" },
	{ "inject",		cmd_inject,		"Filter to augment the events stream with additional information" },
	{ "record",		cmd_record,		"Run a command and record its profile into perf.data" },
	{ "report",		cmd_report,		"Read perf.data (created by perf record) and display the profile" },
	{ "script",		cmd_script,		"Read perf.data (created by perf record) and display trace output" },
	{ "version",		cmd_version,		"display the version of perf binary" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "\n usage: perf [--version] [--help] COMMAND [ARGS]\n\n"
		   " The most commonly used perf commands are:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "   %-14s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n");
}

/*
 * perf.data is read through file mappings (util/session.c), as libelf
 * reads ELF files: a file cut short by someone else while it is being
 * read faults where read(2) would have come up short.  Say so in one line
 * and exit, instead of dying of the signal.
 */
static void perf__sigbus(int sig)
{
	static const char msg[] = "perf: a file being read was truncated meanwhile (SIGBUS)\n";
	ssize_t r = write(STDERR_FILENO, msg, sizeof(msg) - 1);

	(void)r;
	(void)sig;
	_exit(1);
}

int main(int argc, const char **argv)
{
	struct sigaction sa = { .sa_handler = perf__sigbus };
	const char *cmd;
	size_t i;

	/* A closed reader (perf script | head) ends us quietly, like upstream. */
	signal(SIGPIPE, SIG_DFL);
	sigaction(SIGBUS, &sa, NULL);

	if (argc < 2) {
		usage(stdout);
		return 1;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-v"))
		cmd = "version";
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (!strcmp(cmd, commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	}
	fprintf(stderr, "perf: '%s' is not a perf-command. See 'perf --help'.\n", cmd);
	return 1;
}
