// SPDX-License-Identifier: GPL-2.0
/*
 * perf: build-id first.  Dispatches "perf [OPTIONS] COMMAND [ARGS]" to the
 * builtin-*.c commands, with upstream's command names and global options.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "builtin.h"
#include "util/base/config.h"
#include "util/base/pager.h"
#include "util/base/parse-options.h"

/* What the options before the command ask for. */
struct perf_main {
	int paginate;		/* 1 -p, 0 -P/--no-pager, -1 the command's default */
	int verbose;		/* --debug verbose[=N]: given to the command as -v's */
	bool buildid_dir;	/* --buildid-dir was given: it beats buildid.dir */
	bool version, build_options;
};

static int main__usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "%s%s\n", what, arg);
	fprintf(stderr, "\n Usage: %s\n", PERF_MAIN_USAGE);
	return PERF_USAGE_ERROR;
}

/* --debug verbose[=N]; upstream's other variables change nothing here. */
static int main__debug(struct perf_main *m, const char *spec)
{
	static const char * const ignored[] = {
		"ordered-events", "data-convert", "stderr", "perf-event-open",
	};
	const char *eq = strchr(spec, '=');
	size_t len = eq ? (size_t)(eq - spec) : strlen(spec);
	size_t i;

	if (len == 7 && !strncmp(spec, "verbose", 7)) {
		char *end;
		long v = eq ? strtol(eq + 1, &end, 10) : 1;

		if (eq && (!eq[1] || *end || v < 0 || v > 10))
			return main__usage_error("Invalid value for --debug: ", spec);
		m->verbose = (int)v;
		return 0;
	}
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) {
		if (strlen(ignored[i]) == len && !strncmp(spec, ignored[i], len)) {
			fprintf(stderr, "perf: --debug %.*s has no effect in this perf\n",
				(int)len, spec);
			return 0;
		}
	}
	return main__usage_error("Unknown option name for --debug: ", spec);
}

/* A value given as --opt=VALUE or --opt VALUE; NULL when there is none. */
static const char *main__value(const char *opt, int *argc, const char ***argv)
{
	const char *a = (*argv)[0];
	size_t len = strlen(opt);

	if (a[len] == '=')
		return a + len + 1;
	if (*argc < 2)
		return NULL;
	(*argc)--;
	(*argv)++;
	return (*argv)[0];
}

static bool main__is(const char *a, const char *opt)
{
	size_t len = strlen(opt);

	return !strncmp(a, opt, len) && (a[len] == '\0' || a[len] == '=');
}

/*
 * The options before the command, as upstream's handle_options(): returns
 * -1 to go on with the command at (*argv)[0], else the exit status.
 */
static int main__options(struct perf_main *m, int *argc, const char ***argv)
{
	const struct cmd_struct *c;
	const char *v;

	while (*argc > 0 && (*argv)[0][0] == '-') {
		const char *a = (*argv)[0];

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			perf__usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version") || !strcmp(a, "-v")) {
			m->version = true;
		} else if (!strcmp(a, "-vv") || !strcmp(a, "--build-options")) {
			m->version = m->build_options = true;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--paginate")) {
			m->paginate = 1;
		} else if (!strcmp(a, "-P") || !strcmp(a, "--no-pager")) {
			m->paginate = 0;
		} else if (main__is(a, "--buildid-dir")) {
			v = main__value("--buildid-dir", argc, argv);
			if (!v || !*v)
				return main__usage_error("No directory given for --buildid-dir.", "");
			/* every cache-dir resolver honours it (util/cache/build-id-cache.c) */
			setenv("PERF_BUILDID_DIR", v, 1);
			m->buildid_dir = true;
		} else if (main__is(a, "--debug")) {
			int err;

			v = main__value("--debug", argc, argv);
			if (!v)
				return main__usage_error("No variable specified for --debug.", "");
			err = main__debug(m, v);
			if (err)
				return err;
		} else if (!strcmp(a, "--list-cmds")) {
			for (c = perf__commands(); c->name; c++)
				printf("%s ", c->name);
			putchar('\n');
			return 0;
		} else if (!strcmp(a, "--list-opts")) {
			printf("--buildid-dir --debug --help --list-cmds --list-opts --no-pager "
			       "--paginate --version\n");
			return 0;
		} else {
			return main__usage_error("Unknown option: ", a);
		}
		(*argc)--;
		(*argv)++;
	}
	return -1;
}

/* upstream pages the --stdio output of these */
static bool main__pages_by_default(const char *cmd)
{
	return !strcmp(cmd, "report") || !strcmp(cmd, "annotate") || !strcmp(cmd, "script") || !strcmp(cmd, "list");
}

/* argv with @n "-v" after the command name; NULL when none are wanted. */
static const char **main__add_verbose(int *argc, const char **argv, int n)
{
	const char **v;
	int i;

	if (n <= 0)
		return NULL;
	v = calloc(*argc + n + 1, sizeof(*v));
	if (!v)
		return NULL;
	v[0] = argv[0];
	for (i = 0; i < n; i++)
		v[1 + i] = "-v";
	for (i = 1; i < *argc; i++)
		v[n + i] = argv[i];
	*argc += n;
	return v;
}

/*
 * What perfconfig says to the dispatcher: buildid.dir (below --buildid-dir
 * and PERF_BUILDID_DIR), pager.<cmd>.  Keys no part of this perf uses are
 * named once; perf config itself lists and sets any key.
 */
static void main__config(struct perf_main *m, const char *cmd)
{
	struct perf_config cfg = { .quiet = !strcmp(cmd, "config") };
	char key[64];
	const char *v;
	bool b;

	if (perf_config__load(&cfg, PERF_CONFIG_ALL))
		goto out;
	if (strcmp(cmd, "config"))
		perf_config__warn_unknown(&cfg);
	v = perf_config__get(&cfg, "buildid.dir");
	if (v && *v && !m->buildid_dir && !getenv("PERF_BUILDID_DIR"))
		setenv("PERF_BUILDID_DIR", v, 1);
	snprintf(key, sizeof(key), "pager.%s", cmd);
	v = perf_config__get(&cfg, key);
	if (v && m->paginate < 0) {
		if (perf_config__bool(v, &b))
			fprintf(stderr, "perf: %s: bad boolean '%s'; ignored\n", key, v);
		else
			m->paginate = b;
	}
out:
	perf_config__exit(&cfg);
}

static int main__run(struct perf_main *m, const struct cmd_struct *c, int argc,
		     const char **argv)
{
	const char **vargv = NULL;
	struct pager pg = { .pid = 0 };
	int ret;

	main__config(m, c->name);
	if (m->paginate == 1 || (m->paginate < 0 && main__pages_by_default(c->name)))
		pager__start(&pg, NULL);
	/* the commands that have -v take --debug verbose=N as N of them */
	if (strcmp(c->name, "help") && strcmp(c->name, "version"))
		vargv = main__add_verbose(&argc, argv, m->verbose);
	ret = c->fn(argc, vargv ? vargv : argv);
	free(vargv);
	pager__finish(&pg);
	return ret;
}

/*
 * perf.data is read through file mappings (util/session/session.c), as libelf
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
	struct perf_main m = { .paginate = -1 };
	const struct cmd_struct *c;
	const char *cmd;
	int ret;

	/* A closed reader (perf script | head) ends us quietly, like upstream. */
	signal(SIGPIPE, SIG_DFL);
	sigaction(SIGBUS, &sa, NULL);

	argc--;
	argv++;
	ret = main__options(&m, &argc, &argv);
	if (ret >= 0)
		return ret;
	if (m.version) {
		const char *vargv[] = { "version", "--build-options", NULL };

		return cmd_version(m.build_options ? 2 : 1, vargv);
	}
	if (argc < 1) {
		perf__usage(stdout);
		return 1;
	}
	cmd = argv[0];
	/* "perf record --help" is "perf help record", as upstream */
	if (argc > 1 && !strcmp(argv[1], "--help")) {
		argv[1] = cmd;
		argv[0] = cmd = "help";
		argc = 2;
	}
	for (c = perf__commands(); c->name; c++) {
		if (!strcmp(cmd, c->name))
			return main__run(&m, c, argc, argv);
	}
	fprintf(stderr, "perf: '%s' is not a perf-command. See 'perf --help'.\n", cmd);
	return 1;
}
