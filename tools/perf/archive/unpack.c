// SPDX-License-Identifier: GPL-2.0
/*
 * perf archive --unpack: a tar stream (bzip2 -dc's output, or a plain
 * tar) walked member by member; see archive/unpack.h for what is taken.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "archive/unpack.h"
#include "util/symbols/build-id.h"
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "util/base/tar-reader.h"

struct unpack {
	const char	*tarball;
	const char	*dir;
	u64		max_member;
	int		verbose;
	size_t		nr_ok, nr_skipped;
};

static void unpack__skip(struct unpack *u, const char *member, const char *why)
{
	pr_err("perf archive: %s: skipping '%s': %s\n", u->tarball, member, why);
	u->nr_skipped++;
}

/*
 * "<path>/<build-id>/<leaf>" (no leading "/", maybe "./"): the entry's
 * name ("/<path>", or "[kernel.kallsyms]", "[vdso]"), id and leaf.
 * -EINVAL for anything else.
 */
static int unpack__parse_name(const char *member, char *name, size_t size,
			      struct build_id *bid, const char **leaf)
{
	char buf[PATH_MAX], *slash_leaf, *slash_id;

	while (!strncmp(member, "./", 2))
		member += 2;
	if (strlen(member) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, member);
	slash_leaf = strrchr(buf, '/');
	if (!slash_leaf)
		return -EINVAL;
	*slash_leaf = '\0';
	slash_id = strrchr(buf, '/');
	if (!slash_id || build_id__from_hex(bid, slash_id + 1))
		return -EINVAL;
	*slash_id = '\0';
	*leaf = member + (slash_leaf + 1 - buf);
	if ((size_t)snprintf(name, size, "%s%s", buf[0] == '[' ? "" : "/", buf) >= size ||
	    build_id_cache__check_name(name))
		return -EINVAL;
	/* the leaves perf reads: each name's own, or separate debuginfo */
	if (strcmp(*leaf, build_id_cache__leaf(name)) &&
	    !(strcmp(*leaf, "debug") == 0 && name[0] == '/'))
		return -EINVAL;
	return 0;
}

/* The member's data into an unnamed file in the cache's file system. */
static int unpack__spool(struct unpack *u, struct tar_reader *tr)
{
	char buf[65536];
	ssize_t n;
	int fd = open(u->dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd < 0) {
		FILE *f = tmpfile();	/* a file system without O_TMPFILE */

		if (!f)
			return -errno;
		fd = dup(fileno(f));
		fclose(f);
		if (fd < 0)
			return -errno;
	}
	while ((n = tar_reader__read(tr, buf, sizeof(buf))) > 0) {
		if (write(fd, buf, (size_t)n) != n) {
			n = errno ? -errno : -ENOSPC;
			break;
		}
	}
	if (n < 0 || lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return n < 0 ? (int)n : -errno;
	}
	return fd;
}

static int unpack__file(struct unpack *u, struct tar_reader *tr, const struct tar_member *m)
{
	char name[PATH_MAX], hex[SBUILD_ID_SIZE], why[PATH_MAX], have_hex[SBUILD_ID_SIZE];
	struct build_id bid, have;
	const char *leaf;
	int fd, err;

	if (unpack__parse_name(m->name, name, sizeof(name), &bid, &leaf)) {
		unpack__skip(u, m->name, "not a build-id cache entry");
		return 0;
	}
	if (m->size > u->max_member) {
		snprintf(why, sizeof(why), "%llu bytes, more than --max-member-size %llu",
			 (unsigned long long)m->size, (unsigned long long)u->max_member);
		unpack__skip(u, m->name, why);
		return 0;
	}
	fd = unpack__spool(u, tr);
	if (fd < 0) {
		pr_err("perf archive: %s: '%s': %s\n", u->tarball, m->name, strerror(-fd));
		return fd == -EIO || fd == -EINVAL ? fd : (u->nr_skipped++, 0);
	}
	build_id__sprintf(&bid, hex);
	/* kallsyms is text: its name is all it has; every other leaf is an ELF */
	if (strcmp(leaf, "kallsyms")) {
		err = fd__read_build_id(fd, &have);
		if (err || !build_id__equal(&have, &bid)) {
			if (err) {
				snprintf(why, sizeof(why), "its content has no build-id (%s)",
					 strerror(-err));
			} else {
				build_id__sprintf(&have, have_hex);
				snprintf(why, sizeof(why), "its content is build-id %s, not %s",
					 have_hex, hex);
			}
			unpack__skip(u, m->name, why);
			close(fd);
			return 0;
		}
	}
	err = build_id_cache__store_fd(u->dir, name, &bid, fd, leaf);
	close(fd);
	if (err) {
		printf("FAIL %s %s\n", hex, name);
		pr_err("perf archive: %s %s: %s\n", hex, name, build_id_cache__strerror(name, err));
		u->nr_skipped++;
		return 0;
	}
	printf("OK %s %s\n", hex, name);
	u->nr_ok++;
	return 0;
}

/* What a member that is not a regular file means. */
static void unpack__other(struct unpack *u, const struct tar_member *m)
{
	const char *name = m->name;
	char why[64];

	while (!strncmp(name, "./", 2))
		name += 2;
	if (m->type == TAR_DIR)
		return;		/* the cache makes its own */
	/* the store makes the .build-id/ link of each entry it writes */
	if (m->type == TAR_SYMLINK && !strncmp(name, ".build-id/", 10))
		return;
	if (m->type == TAR_SYMLINK) {
		unpack__skip(u, m->name, "a symbolic link outside .build-id/");
		return;
	}
	snprintf(why, sizeof(why), "not a regular file (tar type '%c')",
		 m->typeflag ? m->typeflag : '0');
	unpack__skip(u, m->name, why);
}

/* With no name given: the one perf*.tar.bz2 here, as upstream looks for it. */
static int unpack__find(char *buf, size_t size)
{
	glob_t g;
	int ret = -1;

	if (glob("perf*.tar.bz2", 0, NULL, &g) || g.gl_pathc != 1) {
		pr_err("perf archive: %zu files perf*.tar.bz2 found here: "
		       "name the one to unpack (perf archive --unpack FILE)\n",
		       (size_t)(g.gl_pathc));
	} else {
		snprintf(buf, size, "%s", g.gl_pathv[0]);
		printf("Found target file for unpacking: ./%s\n", buf);
		ret = 0;
	}
	globfree(&g);
	return ret;
}

/* The tar stream of @fd: bzip2's output when it is bzip2 (*pid set), else @fd. */
static int unpack__open_stream(int fd, pid_t *pid)
{
	const char *argv[] = { "bzip2", "-dc", NULL };
	char magic[3];
	int pfd[2];

	*pid = -1;
	if (pread(fd, magic, 3, 0) != 3 || memcmp(magic, "BZh", 3))
		return dup(fd);
	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	*pid = fork();
	if (*pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -errno;
	}
	if (*pid == 0) {
		/* bzip2's many lines on a damaged stream: ours say it in one */
		int err_fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
		int null_fd = open("/dev/null", O_WRONLY);

		if (dup2(fd, STDIN_FILENO) < 0 || dup2(pfd[1], STDOUT_FILENO) < 0 ||
		    err_fd < 0 || null_fd < 0 || dup2(null_fd, STDERR_FILENO) < 0)
			_exit(127);
		execvp(argv[0], (char * const *)argv);
		dprintf(err_fd, "perf archive: cannot run bzip2: %s "
			"(install it: apt-get install bzip2)\n", strerror(errno));
		_exit(127);
	}
	close(pfd[1]);
	return pfd[0];
}

static int unpack__drain(int fd)
{
	char buf[16384];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno != EINTR)
			return -errno;
	}
	return 0;
}

/*
 * How bzip2 ended: 0 fine (or no bzip2), 1 it found the stream damaged,
 * 2 it could not run (it said so), 3 it stopped because we did.
 */
static int unpack__wait(pid_t pid)
{
	int status;

	if (pid < 0)
		return 0;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	if (WIFEXITED(status))
		return !WEXITSTATUS(status) ? 0 : WEXITSTATUS(status) == 127 ? 2 : 1;
	return WTERMSIG(status) == SIGPIPE ? 3 : 1;
}

int build_id_unpack__run(const char *tarball, const char *dir, u64 max_member, int verbose)
{
	struct unpack u = { .tarball = tarball, .dir = dir, .max_member = max_member,
			    .verbose = verbose };
	char found[PATH_MAX];
	struct tar_reader tr;
	struct tar_member *m;
	int fd, in, ret = -1, err, bz;
	pid_t pid;

	if (!tarball) {
		if (unpack__find(found, sizeof(found)))
			return -1;
		u.tarball = found;
	}
	fd = open(u.tarball, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		pr_err("perf archive: cannot open %s: %s\n", u.tarball, strerror(errno));
		return -1;
	}
	if (mkdir(dir, 0755) && errno != EEXIST) {
		pr_err("perf archive: cannot create the build-id cache %s: %s\n", dir,
		       strerror(errno));
		close(fd);
		return -1;
	}
	m = malloc(sizeof(*m));
	in = m ? unpack__open_stream(fd, &pid) : -ENOMEM;
	close(fd);
	if (in < 0) {
		pr_err("perf archive: %s: %s\n", u.tarball, strerror(-in));
		free(m);
		return -1;
	}
	tar_reader__init(&tr, in);
	while ((err = tar_reader__next(&tr, m)) > 0) {
		if (m->type != TAR_FILE) {
			unpack__other(&u, m);
			continue;
		}
		err = unpack__file(&u, &tr, m);
		if (err)
			break;
	}
	/*
	 * After the end-of-archive blocks: read bzip2's output to its end, so
	 * that it checks the whole stream (and does not die writing to a
	 * closed pipe).  A reader that stopped on an error closes at once:
	 * bzip2 then ends on SIGPIPE, never hangs.
	 */
	if (!err)
		err = unpack__drain(in);
	close(in);
	bz = unpack__wait(pid);
	if (bz == 2)
		;	/* bzip2 said why it cannot run */
	else if (bz == 1)
		pr_err("perf archive: %s: bzip2 cannot decompress it: a damaged archive; "
		       "%zu entries installed before the damage\n", u.tarball, u.nr_ok);
	else if (err < 0)
		pr_err("perf archive: %s: %s at byte %llu of the tar stream: "
		       "not a tar archive, or damaged; %zu entries installed before it\n",
		       u.tarball, err == -EINVAL ? "a malformed tar header" : strerror(-err),
		       (unsigned long long)tr.offset, u.nr_ok);
	else if (!u.nr_ok && !u.nr_skipped)
		pr_err("perf archive: %s: no build-id cache entries in it\n", u.tarball);
	else
		ret = u.nr_skipped ? 1 : 0;
	free(m);
	return ret;
}
