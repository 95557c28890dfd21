/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One option table per command: it drives the parsing, `-h` (upstream's
 * layout: short, long, argument, help, sorted as upstream sorts them),
 * `--list-opts` (for shell completion) and the usage errors, worded like
 * upstream's parse-options with its exit status 129.
 *
 * Simple options store straight into the command's struct (BOOL, INCR,
 * STRING); the rest reach the command's callback with their key, so a
 * command keeps one switch over its own keys.
 */
#ifndef __PERF_PARSE_OPTIONS_H
#define __PERF_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#ifndef PERF_USAGE_ERROR
#define PERF_USAGE_ERROR	129
#endif

enum parse_opt_type {
	PARSE_OPT_END,
	PARSE_OPT_BOOL,		/* bool *value: true, --no-NAME false */
	PARSE_OPT_INCR,		/* int *value: +1 each time, --no-NAME 0 */
	PARSE_OPT_STRING,	/* const char **value: the argument */
	PARSE_OPT_CALLBACK,	/* the table's callback gets ->key and the argument */
};

/* ->flags */
#define PARSE_OPT_OPTARG	0x01	/* the value is optional: attached only (-gx, --x=v) */
#define PARSE_OPT_OPTARG_NEXT	0x02	/* ... or the next word, unless it looks like an option */
#define PARSE_OPT_NOARG		0x04	/* a CALLBACK that takes no value */
#define PARSE_OPT_NONEG		0x08	/* no --no-NAME form (BOOL, INCR, STRING) */
#define PARSE_OPT_HIDDEN	0x10	/* parsed, not shown by -h */
#define PARSE_OPT_UNSUPPORTED	0x20	/* upstream's, impossible here: ->help says why */
#define PARSE_OPT_CANNEG	0x40	/* a CALLBACK that takes --no-NAME (unset) */

struct parse_opt {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;	/* "file" prints as <file> */
	const char *help;
	int flags;
	int key;		/* CALLBACK: passed back to the callback */
};

/*
 * @arg is NULL for a value-less use; @unset for the --no-NAME form.
 * Returns 0, or the exit status the command should end with.
 */
typedef int (*parse_opt_cb)(void *ctx, int key, const char *arg, bool unset);

/* parse_opts.flags */
#define PARSE_OPTS_STOP_AT_NON_OPTION	0x1	/* the first non-option ends the options */

struct parse_opts {
	const char *cmd;			/* "report": for one-line errors */
	const char * const *usage;		/* NULL-terminated: "perf report [<options>]" */
	const struct parse_opt *opts;		/* ends with a PARSE_OPT_END entry */
	parse_opt_cb cb;
	void *ctx;
	unsigned int flags;
};

/*
 * Parse argv[1..argc-1] (argv[0] is the command).  The words that are no
 * options are moved, in order, to argv[0..n-1] and n is returned; with
 * PARSE_OPTS_STOP_AT_NON_OPTION argv is left as given and the n words
 * left are argv[argc - n ..].  A usage
 * error, -h or a callback's failure returns minus the exit status (-129
 * for usage).  -h, --help-short and --help print the usage on stderr,
 * as upstream's do.
 */
int parse_opts__parse(const struct parse_opts *p, int argc, const char **argv);

/*
 * parse_opts__parse() for a command that takes no arguments: a word left
 * over is a usage error.  0, or the exit status the command ends with.
 */
int parse_opts__parse_no_args(const struct parse_opts *p, int argc, const char **argv);

/* The usage lines and the whole table, as -h prints them. */
void parse_opts__usage(const struct parse_opts *p, FILE *fp);

/* "  Error: <fmt>" and the usage, on stderr; returns PERF_USAGE_ERROR. */
int parse_opts__error(const struct parse_opts *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Long names of every shown option, one line, as upstream's --list-opts. */
void parse_opts__list(const struct parse_opts *p, FILE *fp);

#endif
