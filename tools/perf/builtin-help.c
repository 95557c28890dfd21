// SPDX-License-Identifier: GPL-2.0
/*
 * perf help, perf version and the command table they list: upstream's
 * command names and one-line descriptions, our man pages.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "builtin.h"
#include "util/base/pager.h"
#include "util/base/parse-options.h"
#include "util/base/version.h"

static const struct cmd_struct commands[] = {
	{ "annotate",		cmd_annotate,		"Read perf.data (created by perf record) and display annotated code" },
	{ "archive",		cmd_archive,		"Create archive with object files with build-ids found in perf.data file" },
	{ "buildid-cache",	cmd_buildid_cache,	"Manage build-id cache." },
	{ "buildid-list",	cmd_buildid_list,	"List the buildids in a perf.data file" },
	{ "config",		cmd_config,		"Get and set variables in a configuration file." },
	{ "data",		cmd_data,		"Data file related processing" },
	{ "diff",		cmd_diff,		"Read perf.data files and display the differential profile" },
	{ "help",		cmd_help,		"Display help information about perf" },
	{ "inject",		cmd_inject,		"Filter to augment the events stream with additional information" },
	{ "list",		cmd_list,		"List all symbolic event types" },
	{ "record",		cmd_record,		"Run a command and record its profile into perf.data" },
	{ "report",		cmd_report,		"Read perf.data (created by perf record) and display the profile" },
	{ "script",		cmd_script,		"Read perf.data (created by perf record) and display trace output" },
	{ "version",		cmd_version,		"display the version of perf binary" },
	{ NULL },
};

const struct cmd_struct *perf__commands(void)
{
	return commands;
}

void perf__usage(FILE *fp)
{
	const struct cmd_struct *c;

	fprintf(fp, "\n usage: %s\n\n The most commonly used perf commands are:\n",
		PERF_MAIN_USAGE);
	for (c = commands; c->name; c++)
		fprintf(fp, "   %-15s %s\n", c->name, c->help);
	fprintf(fp, "\n See 'perf help COMMAND' for more information on a specific command.\n\n");
}

/* What this perf was built with, laid out like upstream's --build-options. */
static void version__build_options(void)
{
	static const char * const opts[][2] = {
		{ "dwarf", "HAVE_DWARF_SUPPORT" },
		{ "libelf", "HAVE_LIBELF_SUPPORT" },
		{ "zlib", "HAVE_ZLIB_SUPPORT" },
		{ "lzma", "HAVE_LZMA_SUPPORT" },
		{ "zstd", "HAVE_ZSTD_SUPPORT" },
		{ "debuginfod", "HAVE_DEBUGINFOD_SUPPORT" },
		{ "libiberty-demangle", "HAVE_CPLUS_DEMANGLE_SUPPORT" },
	};
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		printf("%22s: [ on  ]  # %s\n", opts[i][0], opts[i][1]);
}

int cmd_version(int argc, const char **argv)
{
	static const char * const usage[] = { "perf version [<options>]", NULL };
	bool build_options = false;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 0, "build-options", &build_options, NULL,
		  "display the build options" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "version", .usage = usage, .opts = opts };
	int n = parse_opts__parse(&p, argc, argv);

	if (n < 0)
		return -n;
	printf("perf version %s\n", PERF_VERSION);
	if (build_options)
		version__build_options();
	return 0;
}

/*
 * The directory @rel away from the binary's own (tools/perf/perf and
 * build/asan/perf both sit two levels below the top; an installed perf
 * in PREFIX/bin) when it holds @sub.
 */
static int help__beside_exe(const char *rel, const char *sub, char *path, size_t size)
{
	char exe[PATH_MAX], file[PATH_MAX + 64];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (len <= 0)
		return -errno;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	if (snprintf(path, size, "%s/%s", exe, rel) >= (int)size ||
	    snprintf(file, sizeof(file), "%s/%s", path, sub) >= (int)sizeof(file))
		return -ENAMETOOLONG;
	return access(file, R_OK) ? -errno : 0;
}

/* "perf-record", or "perf" for "perf help perf" (the main page) */
static void help__page_name(const char *cmd, char *page, size_t size)
{
	snprintf(page, size, "perf%s%s", strcmp(cmd, "perf") ? "-" : "",
		 strcmp(cmd, "perf") ? cmd : "");
}

/*
 * man(1) with our pages first, as upstream's perf help puts its own
 * man path ahead of MANPATH: build/man/ in the tree ("make man"),
 * PREFIX/share/man installed ("make install").  A trailing ':' keeps the
 * system's pages after ours.  Returns man's exit status, or -1 when there
 * is no page of ours or no man to show it.
 */
static int help__man(const char *cmd)
{
	static const char * const dirs[] = { "../share/man", "../../build/man" };
	char page[256], sub[300], dir[PATH_MAX], *manpath = NULL;
	const char *old = getenv("MANPATH");
	int status;
	size_t i;
	pid_t pid;

	help__page_name(cmd, page, sizeof(page));
	snprintf(sub, sizeof(sub), "man1/%s.1", page);
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (!help__beside_exe(dirs[i], sub, dir, sizeof(dir)))
			break;
	}
	if (i == sizeof(dirs) / sizeof(dirs[0]) ||
	    asprintf(&manpath, "%s:%s", dir, old ? old : "") < 0)
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("MANPATH", manpath, 1);
		execlp("man", "man", page, (char *)NULL);
		_exit(127);
	}
	free(manpath);
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) == 127)
		return -1;
	return WEXITSTATUS(status);
}

/* No rendered page or no man(1): the page's text, through the pager. */
static int help__show_text(const char *cmd, const char *pager_program)
{
	char path[PATH_MAX], page[256], sub[300], buf[8192];
	struct pager pg;
	FILE *f;
	size_t n;

	help__page_name(cmd, page, sizeof(page));
	snprintf(sub, sizeof(sub), "%s.txt", page);
	if (help__beside_exe("../../Documentation", sub, path, sizeof(path)) ||
	    strlen(path) + strlen(sub) + 2 > sizeof(path) ||
	    !strcat(strcat(path, "/"), sub) || !(f = fopen(path, "re"))) {
		fprintf(stderr, "No manual entry for perf-%s\n", cmd);
		return 1;
	}
	pager__start(&pg, pager_program);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
	pager__finish(&pg);
	return 0;
}

static int help__show_page(const char *cmd, const char *pager_program)
{
	int ret = help__man(cmd);

	return ret >= 0 ? ret : help__show_text(cmd, pager_program);
}

int cmd_help(int argc, const char **argv)
{
	static const char * const usage[] = { "perf help [--all] [COMMAND]", NULL };
	bool all = false;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'a', "all", &all, NULL, "print all available commands" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "help", .usage = usage, .opts = opts };
	int n = parse_opts__parse(&p, argc, argv);

	if (n < 0)
		return -n;
	if (!n || all) {
		perf__usage(stdout);
		return 0;
	}
	/* "perf help perf-record" names the page itself */
	if (!strncmp(argv[0], "perf-", 5))
		argv[0] += 5;
	return help__show_page(argv[0], NULL);
}
