// SPDX-License-Identifier: GPL-2.0
/*
 * perf archive [FILE]: FILE.tar.bz2 holding exactly the build-id cache
 * entries FILE needs on another box, in the cache's own layout
 * (.build-id/xx/rest links and <path>/<build-id>/ directories), so
 * upstream's "tar xvf FILE.tar.bz2 -C ~/.debug" installs it.  Which
 * entries: the DSOs samples hit and their call chains' frames, as
 * buildid-list --store decides (util/model/dso-hits.h).
 *
 * perf archive --unpack [TARBALL]: the reverse, for archives from anyone.
 * tar(1) would create whatever the archive says (links pointing out,
 * files of any size, any content under any build-id); here the archive
 * is only read (util/base/tar-reader.h) and each regular file that is a cache
 * entry is checked (its name, its size, the build-id of its content) and
 * written by the cache's own writer, which never leaves the cache.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "builtin.h"
#include "util/symbols/build-id.h"
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "util/model/dso-hits.h"
#include "archive/unpack.h"
#include "util/base/parse-options.h"

static const char * const archive_usage[] = {
	"perf archive [<options>] [<file>]",
	"perf archive --unpack [<options>] [<file>.tar.bz2]",
	NULL
};

struct archive {
	const char	*file;
	bool		unpack, all;
	int		verbose;
	u64		max_member;
	char		dir[PATH_MAX];	/* the build-id cache */
	/* packing */
	char		*manifest;	/* NUL-separated names for tar -T */
	size_t		manifest_len;
	FILE		*mf;
	size_t		nr_entries, nr_missing;
};

enum { OPT_MAX_MEMBER };

static int archive__option(void *ctx, int key, const char *arg, bool unset)
{
	struct archive *a = ctx;
	char *end;

	switch (key) {
	case OPT_MAX_MEMBER:
		errno = 0;
		a->max_member = strtoull(arg, &end, 0);
		if (errno || end == arg || *end || arg[0] == '-' || !a->max_member) {
			fprintf(stderr, "  Error: --max-member-size expects a positive "
				"number of bytes, not `%s'\n", arg);
			return PERF_USAGE_ERROR;
		}
		return 0;
	default:
		return 0;
	}
}

/* upstream's perf-archive gained this after 6.1: one line, exit 129 */
#define NOPE(l, why) \
	{ PARSE_OPT_CALLBACK, 0, l, NULL, NULL, why, \
	  PARSE_OPT_NOARG | PARSE_OPT_UNSUPPORTED, 0 }

static int archive__parse(struct archive *a, int argc, const char **argv)
{
	const struct parse_opt opts[] = {
		{ PARSE_OPT_INCR, 'v', "verbose", &a->verbose, NULL, "be more verbose" },
		{ PARSE_OPT_CALLBACK, 0, "max-member-size", NULL, "bytes",
		  "with --unpack: refuse cached files bigger than this (default 4G)",
		  0, OPT_MAX_MEMBER },
		{ PARSE_OPT_BOOL, 0, "unpack", &a->unpack, NULL,
		  "install an archive into the build-id cache" },
		{ PARSE_OPT_BOOL, 0, "all", &a->all, NULL,
		  "pack the perf.data and its cache entries together" },
		NOPE("exclude-buildids", "copy the perf.data alone"),
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "archive", .usage = archive_usage, .opts = opts,
		.cb = archive__option, .ctx = a,
	};
	int n = parse_opts__parse(&p, argc, argv);

	if (n < 0)
		return -n;
	if (n > 0)
		a->file = argv[0];
	if (n > 1)
		return parse_opts__error(&p, "unexpected argument `%s'", argv[1]);
	if (a->all && a->unpack)
		return parse_opts__error(&p, "--all packs, --unpack installs: one at a time");
	return 0;
}

/*
 * Run @argv with @in as its stdin and @out as its stdout (-1: ours).
 * Returns its pid or -errno; a program that cannot be run says so itself
 * and exits 127.
 */
static pid_t archive__spawn(const char *const *argv, int in, int out, int close_in_child)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		if (in >= 0 && dup2(in, STDIN_FILENO) < 0)
			_exit(127);
		if (out >= 0 && dup2(out, STDOUT_FILENO) < 0)
			_exit(127);
		if (close_in_child >= 0)
			close(close_in_child);
		execvp(argv[0], (char * const *)argv);
		fprintf(stderr, "perf archive: cannot run %s: %s (install it: apt-get install %s)\n",
			argv[0], strerror(errno), argv[0]);
		_exit(127);
	}
	return pid;
}

/* 0 when @pid exited 0; else says how it ended and returns -1. */
static int archive__wait(pid_t pid, const char *what)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			pr_err("perf archive: %s: %s\n", what, strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		return -1;	/* it said why */
	if (WIFEXITED(status))
		pr_err("perf archive: %s failed (exit status %d)\n", what, WEXITSTATUS(status));
	else
		pr_err("perf archive: %s killed by signal %d\n", what, WTERMSIG(status));
	return -1;
}

/* ---- perf archive [FILE] ------------------------------------------------ */

/* One DSO with a build-id: its entry directory and its .build-id link. */
static int archive__add(void *priv, const struct build_id *bid, const char *name)
{
	struct archive *a = priv;
	char hex[SBUILD_ID_SIZE], rel[PATH_MAX], link[64], path[PATH_MAX * 2];
	struct stat st;

	build_id__sprintf(bid, hex);
	if (build_id_cache__check_name(name)) {
		pr_err("perf archive: %s: not a name the build-id cache can hold, skipped\n", name);
		a->nr_missing++;
		return 0;
	}
	snprintf(rel, sizeof(rel), "%s/%s", name[0] == '/' ? name + 1 : name, hex);
	if (build_id_cache__path(link, sizeof(link), NULL, hex, ""))
		return -ENAMETOOLONG;
	snprintf(path, sizeof(path), "%s/%s", a->dir, rel);
	if (lstat(path, &st) || !S_ISDIR(st.st_mode)) {
		pr_err("perf archive: %s %s is not in the build-id cache %s: "
		       "run 'perf buildid-list --store -i %s' first\n", hex, name, a->dir, a->file);
		a->nr_missing++;
		return 0;
	}
	fwrite(link, 1, strlen(link) + 1, a->mf);
	fwrite(rel, 1, strlen(rel) + 1, a->mf);
	a->nr_entries++;
	if (a->verbose)
		fprintf(stderr, "%s %s\n", hex, name);
	return 0;
}

/* Pack the cache entries a->file needs into @out; 0, or 1 with the reason said. */
static int archive__pack_to(struct archive *a, const char *out)
{
	struct dso_hits_opts hopts = {
		.input = a->file, .hits = true, .callchain = true, .verbose = a->verbose,
	};
	const char *argv[] = {
		"tar", "-cjf", out, "-C", a->dir, "--null", "--verbatim-files-from", "-T", "-", NULL,
	};
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_pipe;
	int pfd[2], ret = 1, err;
	pid_t pid;

	a->mf = open_memstream(&a->manifest, &a->manifest_len);
	if (!a->mf)
		return 1;
	err = dso_hits__for_each_build_id(&hopts, archive__add, a);
	if (fclose(a->mf) || err) {
		if (err != -EIO)	/* -EIO: the reader said why */
			pr_err("perf archive: %s: %s\n", a->file, strerror(err ? -err : ENOMEM));
		goto out;
	}
	if (!a->nr_entries) {
		/* upstream's words when nothing is found */
		if (!a->nr_missing)
			printf("perf archive: no build-ids found\n");
		else
			pr_err("perf archive: none of the %zu build-ids of %s is in the cache: "
			       "nothing archived\n", a->nr_missing, a->file);
		goto out;
	}
	if (pipe2(pfd, O_CLOEXEC))
		goto out;
	pid = archive__spawn(argv, pfd[0], -1, pfd[1]);
	close(pfd[0]);
	if (pid < 0) {
		close(pfd[1]);
		goto out;
	}
	/*
	 * tar reads the names as we write them: no deadlock on a big
	 * manifest.  A tar that died early must not kill us with SIGPIPE
	 * before we can say so.
	 */
	sigaction(SIGPIPE, &ign, &old_pipe);
	err = write(pfd[1], a->manifest, a->manifest_len) == (ssize_t)a->manifest_len ? 0 : -1;
	close(pfd[1]);
	sigaction(SIGPIPE, &old_pipe, NULL);
	if (archive__wait(pid, "tar") || err) {
		unlink(out);
		goto out;
	}
	ret = 0;
out:
	free(a->manifest);
	return ret;
}

static void archive__say_missing(const struct archive *a)
{
	if (a->nr_missing)
		pr_err("perf archive: %zu of %zu build-ids were not in the cache: "
		       "their symbols will be missing on the other box\n",
		       a->nr_missing, a->nr_missing + a->nr_entries);
}

static int archive__pack(struct archive *a)
{
	char out[PATH_MAX];

	if ((size_t)snprintf(out, sizeof(out), "%s.tar.bz2", a->file) >= sizeof(out)) {
		pr_err("perf archive: %s: name too long\n", a->file);
		return 1;
	}
	if (archive__pack_to(a, out))
		return 1;
	printf("Now please run:\n\n$ tar xvf %s -C ~/.debug\n\n"
	       "wherever you need to run 'perf report' on.\n", out);
	printf("(or: perf archive --unpack %s, which checks every file)\n", out);
	archive__say_missing(a);
	return a->nr_missing ? 1 : 0;
}

/*
 * --all, as upstream's perf-archive has it since 6.2: the cache entries
 * as perf.symbols.tar.bz2, packed with the perf.data itself into
 * perf.all-<host>-<date>.tar.bz2 in the current directory.
 */
static int archive__pack_all(struct archive *a)
{
	static const char symbols[] = "perf.symbols.tar.bz2";
	char host[256] = "", date[32], all[PATH_MAX];
	const char *argv[] = { "tar", "-cjf", all, "--", a->file, symbols, NULL };
	time_t now = time(NULL);
	struct stat st;
	pid_t pid;
	int ret;

	/* the perf.data first: without it there is nothing to pack it with */
	if (stat(a->file, &st)) {
		pr_err("perf archive: %s: %s\n", a->file, strerror(errno));
		return 1;
	}
	if (gethostname(host, sizeof(host) - 1))
		snprintf(host, sizeof(host), "localhost");
	strftime(date, sizeof(date), "%Y%m%d-%H%M%S", localtime(&now));
	snprintf(all, sizeof(all), "perf.all-%s-%s.tar.bz2", host, date);
	if (archive__pack_to(a, symbols))
		return 1;
	pid = archive__spawn(argv, -1, -1, -1);
	ret = pid < 0 ? -1 : archive__wait(pid, "tar");
	unlink(symbols);
	if (ret) {
		unlink(all);
		return 1;
	}
	printf("Now please run:\n\n$ tar xvf %s && tar xvf %s -C ~/.debug\n\n"
	       "wherever you need to run 'perf report' on.\n", all, symbols);
	printf("(or: tar xvf %s %s && perf archive --unpack %s, which checks every file)\n",
	       all, symbols, symbols);
	archive__say_missing(a);
	return a->nr_missing ? 1 : 0;
}

int cmd_archive(int argc, const char **argv)
{
	struct archive a = { .file = NULL, .max_member = BUILD_ID_UNPACK_MEMBER_MAX };
	int err = archive__parse(&a, argc, argv);

	if (err)
		return err;
	err = build_id_cache__dir(a.dir, sizeof(a.dir));
	if (err) {
		pr_err("perf archive: no build-id cache: set HOME or PERF_BUILDID_DIR\n");
		return 1;
	}
	if (a.unpack)
		return build_id_unpack__run(a.file, a.dir, a.max_member, a.verbose) ? 1 : 0;
	if (!a.file)
		a.file = "perf.data";
	return a.all ? archive__pack_all(&a) : archive__pack(&a);
}
