// SPDX-License-Identifier: GPL-2.0
/*
 * The build-id cache, written defensively.
 *
 * Entry names come from perf.data files, which anyone may hand us, and
 * the cache may hold symlinks someone planted.  So: names are checked
 * (build_id_cache__check_name()), and every directory below the cache
 * root is created with mkdirat() and entered with openat(O_NOFOLLOW |
 * O_DIRECTORY) relative to its parent, never through a path string.  A
 * symlink where a directory should be fails the walk with -ELOOP; a leaf
 * that exists as anything but a regular file is not replaced.  Copies
 * keep their source's mode (kallsyms: 0600), never a wider one.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "util/symbols/kallsyms.h"
#include "util/symbols/vdso.h"
#include "util/cache/vdso-cache.h"

#define MAX_NAME_LEN	(PATH_MAX - 128)	/* room for the id and leaf */

int build_id_cache__dir_of(char *buf, size_t size, const char *dir)
{
	const char *home;
	int n;

	if (!dir || !*dir)
		dir = getenv("PERF_BUILDID_DIR");
	home = getenv("HOME");
	if (dir && *dir)
		n = snprintf(buf, size, "%s", dir);
	else if (home && *home)
		n = snprintf(buf, size, "%s/.debug", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int build_id_cache__dir(char *buf, size_t size)
{
	return build_id_cache__dir_of(buf, size, NULL);
}

int build_id_cache__path(char *buf, size_t size, const char *dir, const char *hex,
			 const char *suffix)
{
	int n;

	if (strnlen(hex, 2) < 2)
		return -EINVAL;
	n = snprintf(buf, size, "%s%s" BUILD_ID_CACHE_LINKS "/%.2s/%s%s", dir ? dir : "",
		     dir ? "/" : "", hex, hex + 2, suffix);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int build_id_cache__check_name(const char *name)
{
	const char *p, *comp;
	size_t len = strnlen(name, MAX_NAME_LEN + 1);

	if (!strcmp(name, BUILD_ID_CACHE_KERNEL) || !strcmp(name, BUILD_ID_CACHE_VDSO))
		return 0;
	if (len > MAX_NAME_LEN || name[0] != '/')
		return -EINVAL;
	for (p = name; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return -EINVAL;
	for (comp = name + 1;; comp = p + 1) {
		size_t n;

		p = strchrnul(comp, '/');
		n = p - comp;
		if (!n || n >= NAME_MAX - 1 || (n == 1 && comp[0] == '.') ||
		    (n == 2 && comp[0] == '.' && comp[1] == '.'))
			return -EINVAL;
		if (!*p)
			return 0;
	}
}

const char *build_id_cache__leaf(const char *name)
{
	if (!strcmp(name, BUILD_ID_CACHE_KERNEL))
		return "kallsyms";
	if (!strcmp(name, BUILD_ID_CACHE_VDSO))
		return "vdso";
	return "elf";
}

/* The cache root, created (as the user configured it) if missing. */
static int cache__open_root(const char *dir)
{
	int fd;

	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* Enter (creating it if @create) one directory below @dfd, no symlinks. */
static int cache__enter(int dfd, const char *comp, bool create)
{
	struct stat st;
	int fd;

	if (create && mkdirat(dfd, comp, 0755) && errno != EEXIST)
		return -errno;
	fd = openat(dfd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0)
		return fd;
	/* O_NOFOLLOW | O_DIRECTORY on a symlink says ENOTDIR: say what it is */
	if (errno == ENOTDIR && !fstatat(dfd, comp, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode))
		return -ELOOP;
	return -errno;
}

/*
 * Walk the '/'-separated relative path @rel from @root, component by
 * component.  Returns a descriptor of the last directory or -errno.
 */
static int cache__walk(int root, const char *rel, bool create)
{
	char comp[NAME_MAX + 1];
	int fd = dup(root);

	if (fd < 0)
		return -errno;
	while (*rel) {
		const char *end = strchrnul(rel, '/');
		size_t n = end - rel;
		int next;

		if (n >= sizeof(comp)) {
			close(fd);
			return -ENAMETOOLONG;
		}
		if (n) {
			memcpy(comp, rel, n);
			comp[n] = '\0';
			next = cache__enter(fd, comp, create);
			close(fd);
			if (next < 0)
				return next;
			fd = next;
		}
		rel = *end ? end + 1 : end;
	}
	return fd;
}

/* "<name without leading '/'>/<hex>": the entry's directory below the root. */
static int entry_rel(char *buf, size_t size, const char *name, const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE];
	int n;

	if (!bid->size || bid->size > BUILD_ID_SIZE_MAX || build_id_cache__check_name(name))
		return -EINVAL;
	build_id__sprintf(bid, hex);
	n = snprintf(buf, size, "%s/%s", name[0] == '/' ? name + 1 : name, hex);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* All of @p, however many writes it takes.  0 or -errno. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0)
			return -errno;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int copy_fd(int in, int out)
{
	char buf[65536];
	ssize_t n;
	int ret;

	while ((n = read(in, buf, sizeof(buf))) > 0) {
		ret = write_all(out, buf, (size_t)n);
		if (ret)
			return ret;
	}
	return n < 0 ? -errno : 0;
}

/* ".<leaf>.tmp.<pid>": the temporary name cache__write_leaf() writes under. */
static bool tmp_name_pid(const char *name, pid_t *pid)
{
	const char *p = strstr(name, ".tmp.");
	char *end;
	long v;

	if (name[0] != '.' || !p || p == name + 1)
		return false;
	errno = 0;
	v = strtol(p + 5, &end, 10);
	if (errno || *end || end == p + 5 || v <= 0 || v > INT_MAX)
		return false;
	*pid = (pid_t)v;
	return true;
}

/*
 * A writer killed between create and rename (a ^C'd --store) leaves its
 * temporary file behind; nothing else would ever remove it.  The next
 * writer into the directory removes those of processes that are gone.
 * (A writer in another PID namespace sharing the cache may look gone:
 * its rename then fails and that entry is simply not stored.)
 */
static void cache__clean_stale_tmp(int dfd)
{
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *de;
	DIR *d;
	pid_t pid;

	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (tmp_name_pid(de->d_name, &pid) && pid != getpid() &&
		    kill(pid, 0) < 0 && errno == ESRCH)
			unlinkat(dfd, de->d_name, 0);
	}
	closedir(d);
}

/*
 * The mode of a cached copy: the source's, never wider (a 0711 binary
 * stays unreadable to others), never writable but by its owner, no
 * set-id bits; kallsyms (real kernel addresses) is the owner's only.
 */
static mode_t cache__leaf_mode(const char *leaf, int fd)
{
	struct stat st;

	if (!strcmp(leaf, "kallsyms") || fstat(fd, &st) < 0)
		return 0600;
	return st.st_mode & 0755;
}

/* Same size, mtime and ctime: nothing wrote to the file in between. */
static bool stat__unchanged(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/*
 * The copy in @out is of the build @bid: the source was not rewritten in
 * place while we read it (a deploy's "cp new app" over the very inode
 * perf record holds), and what we read carries @bid, not the id of what
 * replaced it before we started.  Either would store one build's bytes
 * under another's id: a poisoned cache that every later report trusts.
 * A copy without a readable note (kallsyms text) is taken as it is.
 */
static int cache__check_copy(int out, const struct build_id *bid,
			     const struct stat *before, int fd)
{
	struct build_id have;
	struct stat after;

	if (fstat(fd, &after) < 0)
		return -errno;
	if (!stat__unchanged(before, &after))
		return -ESTALE;
	if (bid && !fd__read_build_id(out, &have) && !build_id__equal(&have, bid))
		return -ESTALE;
	return 0;
}

/*
 * Write @leaf in @dfd from @fd through a temporary name: all or nothing.
 * Created 0600 and given its mode before the rename, so the content is
 * never visible with a wider mode than it ends up with.  -ESTALE: @fd
 * changed while it was copied, or is not of @bid (NULL: not checked).
 */
static int cache__write_leaf(int dfd, const char *leaf, int fd, const struct build_id *bid)
{
	char tmp[64];
	struct stat st, before;
	int out, ret;

	cache__clean_stale_tmp(dfd);
	if (!fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW))
		return S_ISREG(st.st_mode) ? 0 : -EEXIST;
	if (fstat(fd, &before) < 0)
		return -errno;
	snprintf(tmp, sizeof(tmp), ".%s.tmp.%d", leaf, (int)getpid());
	unlinkat(dfd, tmp, 0);
	/* read back by cache__check_copy() */
	out = openat(dfd, tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (out < 0)
		return -errno;
	ret = copy_fd(fd, out);
	if (!ret)
		ret = cache__check_copy(out, bid, &before, fd);
	if (!ret && fchmod(out, cache__leaf_mode(leaf, fd)))
		ret = -errno;
	if (close(out) && !ret)
		ret = -errno;
	if (!ret && renameat(dfd, tmp, dfd, leaf))
		ret = -errno;
	if (ret)
		unlinkat(dfd, tmp, 0);
	return ret;
}

/* .build-id/<2 hex>/<rest> -> ../../<rel>, kept if something is there. */
static int cache__link(int root, const char *rel, const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE], link[64], target[PATH_MAX], *base;
	int dfd, ret;

	build_id__sprintf(bid, hex);
	ret = build_id_cache__path(link, sizeof(link), NULL, hex, "");
	if (ret)
		return ret;
	if ((size_t)snprintf(target, sizeof(target), "../../%s", rel) >= sizeof(target))
		return -ENAMETOOLONG;
	/* the directory of the link, walked (and made) without symlinks */
	base = strrchr(link, '/');
	*base++ = '\0';
	dfd = cache__walk(root, link, true);
	if (dfd < 0)
		return dfd;
	if (symlinkat(target, dfd, base) && errno != EEXIST)
		ret = -errno;
	close(dfd);
	return ret;
}

int build_id_cache__store_fd(const char *dir, const char *name, const struct build_id *bid,
			     int fd, const char *leaf)
{
	char rel[PATH_MAX];
	int root, dfd, ret;

	ret = entry_rel(rel, sizeof(rel), name, bid);
	if (ret)
		return ret;
	root = cache__open_root(dir);
	if (root < 0)
		return root;
	dfd = cache__walk(root, rel, true);
	if (dfd < 0) {
		ret = dfd;
		goto out;
	}
	leaf = leaf ? leaf : build_id_cache__leaf(name);
	ret = cache__write_leaf(dfd, leaf, fd, strcmp(leaf, "kallsyms") ? bid : NULL);
	close(dfd);
	if (!ret)
		ret = cache__link(root, rel, bid);
out:
	close(root);
	return ret;
}

int build_id_cache__add_file(const char *dir, const char *path, const char *name,
			     struct build_id *bid, const char *leaf)
{
	struct build_id have;
	struct stat st;
	int fd, ret;

	/* O_NONBLOCK: a FIFO planted at a recorded path must not hang us */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ret = -EINVAL;
		goto out;
	}
	ret = fd__read_build_id(fd, &have);
	if (ret || (bid->size && !build_id__equal(&have, bid))) {
		ret = -ESTALE;
		goto out;
	}
	*bid = have;
	ret = build_id_cache__store_fd(dir, name ? name : path, bid, fd, leaf);
out:
	close(fd);
	return ret;
}

/* @text as the kernel's entry: copied from a file, like any other entry. */
static int build_id_cache__store_text(const char *dir, const struct build_id *bid,
				      const char *text, size_t len)
{
	int fd, ret;

	fd = memfd_create("kallsyms", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = write_all(fd, text, len);
	if (!ret && lseek(fd, 0, SEEK_SET) < 0)
		ret = -errno;
	if (!ret)
		ret = build_id_cache__store_fd(dir, BUILD_ID_CACHE_KERNEL, bid, fd, NULL);
	close(fd);
	return ret;
}

int build_id_cache__add_kallsyms(const char *dir, struct build_id *bid)
{
	int ret = kernel__read_build_id(bid);
	size_t len;
	char *text;

	if (ret)
		return ret;
	/* kept as read, even with hidden addresses: the caller asked for this copy */
	ret = kallsyms__read(KALLSYMS_PROC_PATH, &text, &len, true);
	if (ret)
		return ret;
	ret = build_id_cache__store_text(dir, bid, text, len);
	free(text);
	return ret;
}

int build_id_cache__add_kallsyms_text(const char *dir, const struct build_id *bid,
				      const char *text, size_t len)
{
	if (build_id_cache__cached(dir, bid))
		return 0;
	return build_id_cache__store_text(dir, bid, text, len);
}

bool build_id_cache__cached(const char *dir, const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE], path[PATH_MAX];

	if (!bid->size)
		return false;
	build_id__sprintf(bid, hex);
	if (build_id_cache__path(path, sizeof(path), dir, hex, ""))
		return false;
	return !access(path, F_OK);
}

const char *build_id_cache__strerror(const char *name, int err)
{
	if (err != -ESTALE)
		return strerror(-err);
	if (!strcmp(name, BUILD_ID_CACHE_KERNEL))
		return "the running kernel is not the recorded one";
	return "the file there does not carry the recorded build-id (rebuilt or replaced since?)";
}

int build_id_cache__add(const char *dir, const char *path, const u8 *bid, u8 size)
{
	struct build_id want;

	if (!size || size > BUILD_ID_SIZE_MAX)
		return -EINVAL;
	build_id__init(&want, bid, size);
	if (!strcmp(path, BUILD_ID_CACHE_KERNEL)) {
		struct build_id running = { .size = 0 };
		int ret = build_id_cache__add_kallsyms(dir, &running);

		return ret ? ret : build_id__equal(&running, &want) ? 0 : -ESTALE;
	}
	if (!strcmp(path, BUILD_ID_CACHE_VDSO))
		return vdso__cache(dir, &want);
	/* "[vdso]" and its kind name no file: never open one in the cwd */
	if (path[0] != '/')
		return -EINVAL;
	return build_id_cache__add_file(dir, path, NULL, &want, NULL);
}

void build_id_cache__add_table(const struct buildid_table *t, bool kernel_done, int verbose)
{
	char dir[PATH_MAX];
	u32 i;
	int ret;

	if (build_id_cache__dir(dir, sizeof(dir)))
		return;
	for (i = 0; i < t->nr; i++) {
		const struct buildid_entry *e = &t->entries[i];
		struct build_id bid;

		if (!e->size || (kernel_done && !strcmp(e->path, BUILD_ID_CACHE_KERNEL)))
			continue;
		/* Secured at first sight (or by an earlier run): no open, no parse. */
		build_id__init(&bid, e->build_id, e->size);
		if (build_id_cache__cached(dir, &bid))
			continue;
		ret = build_id_cache__add(dir, e->path, e->build_id, e->size);
		if (ret)
			pr_debug(verbose, 1, "build-id cache: %s not added: %s\n", e->path,
				 build_id_cache__strerror(e->path, ret));
	}
}
