/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BUILTIN_H
#define __PERF_BUILTIN_H

/*
 * Each command: argv[0] is the command name.  Returns the process exit
 * status (0 ok, 1 error, 129 usage error like upstream's parse-options).
 */
#include <stdio.h>

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *help;
};

#define PERF_MAIN_USAGE "perf [--version] [--help] [OPTIONS] COMMAND [ARGS]"

/* builtin-help.c: the commands, ending with a NULL name; `perf help`'s list. */
const struct cmd_struct *perf__commands(void);
void perf__usage(FILE *fp);

/* Commands, one line each, kept sorted. */
int cmd_annotate(int argc, const char **argv);
int cmd_archive(int argc, const char **argv);
int cmd_buildid_cache(int argc, const char **argv);
int cmd_buildid_list(int argc, const char **argv);
int cmd_config(int argc, const char **argv);
int cmd_data(int argc, const char **argv);
int cmd_diff(int argc, const char **argv);
int cmd_help(int argc, const char **argv);
int cmd_inject(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_version(int argc, const char **argv);
/* `perf script report <name> [args]`: argv[0] is "report". */
int cmd_script_report(int argc, const char **argv);

#endif
