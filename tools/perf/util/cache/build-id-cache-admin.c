// SPDX-License-Identifier: GPL-2.0
/*
 * Listing and removing build-id cache entries (perf buildid-cache -l, -r,
 * -p, -P).  Like the writers in build-id-cache.c, everything is relative
 * to descriptors walked down from the cache root with O_NOFOLLOW: a
 * symlink in the cache is removed as a link, never followed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/base/array.h"
#include "util/cache/build-id-cache.h"

/* A directory below @dfd; a symlink there is -ELOOP, never followed. */
static int open_dir(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (fd >= 0)
		return fd;
	if (errno == ENOTDIR && !fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode))
		return -ELOOP;
	return -errno;
}

/* rm -r of @name in @dfd; a symlink is unlinked, not followed. */
static int remove_tree(int dfd, const char *name, int depth)
{
	struct dirent *de;
	struct stat st;
	DIR *d;
	int fd, ret = 0;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dfd, name, 0) ? -errno : 0;
	if (depth > 64)
		return -ELOOP;
	fd = open_dir(dfd, name);
	if (fd < 0)
		return fd;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -errno;
	}
	while (!ret && (de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		ret = remove_tree(fd, de->d_name, depth + 1);
	}
	closedir(d);
	if (!ret && unlinkat(dfd, name, AT_REMOVEDIR))
		ret = -errno;
	return ret;
}

/* Descend @rel (no creation, no symlinks); a descriptor or -errno. */
static int walk(int root, const char *rel)
{
	char comp[NAME_MAX + 1];
	int fd = dup(root);

	if (fd < 0)
		return -errno;
	while (*rel) {
		const char *end = strchrnul(rel, '/');
		size_t n = end - rel;
		int next;

		if (n && n < sizeof(comp)) {
			memcpy(comp, rel, n);
			comp[n] = '\0';
			next = open_dir(fd, comp);
			close(fd);
			if (next < 0)
				return next;
			fd = next;
		} else if (n) {
			close(fd);
			return -ENAMETOOLONG;
		}
		rel = *end ? end + 1 : end;
	}
	return fd;
}

static int open_root(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

/* The .build-id link of @hex, removed if it points at @rel. */
static void unlink_link(int root, const char *hex, const char *rel)
{
	char link[64], target[PATH_MAX], want[PATH_MAX + 8], *base;
	ssize_t n;
	int fd;

	if (build_id_cache__path(link, sizeof(link), NULL, hex, ""))
		return;
	base = strrchr(link, '/');
	*base++ = '\0';
	fd = walk(root, link);
	if (fd < 0)
		return;
	n = readlinkat(fd, base, target, sizeof(target) - 1);
	if (n > 0) {
		target[n] = '\0';
		if ((size_t)snprintf(want, sizeof(want), "../../%s", rel) < sizeof(want) &&
		    !strcmp(target, want))
			unlinkat(fd, base, 0);
	}
	close(fd);
}

static int remove_at(int root, const char *name, const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE], rel[PATH_MAX];
	const char *n = name[0] == '/' ? name + 1 : name;
	int dfd, ret;

	if (!bid->size || build_id_cache__check_name(name))
		return -EINVAL;
	build_id__sprintf(bid, hex);
	if ((size_t)snprintf(rel, sizeof(rel), "%s/%s", n, hex) >= sizeof(rel))
		return -ENAMETOOLONG;
	dfd = walk(root, n);
	if (dfd < 0)
		return dfd;
	ret = remove_tree(dfd, hex, 0);
	close(dfd);
	if (!ret)
		unlink_link(root, hex, rel);
	return ret;
}

int build_id_cache__remove(const char *dir, const char *name, const struct build_id *bid)
{
	int root = open_root(dir), ret;

	if (root < 0)
		return root;
	ret = remove_at(root, name, bid);
	close(root);
	return ret;
}

int build_id_cache__purge(const char *dir, const char *name)
{
	struct build_id bid;
	struct dirent *de;
	int root, fd, nr = 0, ret = 0;
	DIR *d;

	if (build_id_cache__check_name(name))
		return -EINVAL;
	root = open_root(dir);
	if (root < 0)
		return root;
	fd = walk(root, name[0] == '/' ? name + 1 : name);
	if (fd < 0) {
		close(root);
		return fd;
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		close(root);
		return -errno;
	}
	while (!ret && (de = readdir(d)) != NULL) {
		if (build_id__from_hex(&bid, de->d_name))
			continue;
		ret = remove_at(root, name, &bid);
		nr += !ret;
	}
	closedir(d);
	close(root);
	return ret ? ret : nr;
}

/*
 * One .build-id link: its id is the directory's 2 digits plus the link's
 * name; its name is the target minus "../../" and the trailing "/<id>".
 * Returns 0 and fills @name (with its leading '/') or -EINVAL.
 */
static int parse_link(int fd, const char *sub, const char *ent, char *hex, char *name,
		      size_t size)
{
	char target[PATH_MAX];
	struct build_id bid;
	size_t len;
	ssize_t n;

	if (strlen(sub) != 2 || snprintf(hex, SBUILD_ID_SIZE, "%s%s", sub, ent) >= SBUILD_ID_SIZE ||
	    build_id__from_hex(&bid, hex))
		return -EINVAL;
	n = readlinkat(fd, ent, target, sizeof(target) - 1);
	if (n <= 0)
		return -EINVAL;
	target[n] = '\0';
	len = strlen(hex);
	if (strncmp(target, "../../", 6) || (size_t)n < 6 + len + 1 ||
	    strcmp(target + n - len, hex) || target[n - len - 1] != '/')
		return -EINVAL;
	target[n - len - 1] = '\0';
	if (snprintf(name, size, "%s%s", target[6] == '[' ? "" : "/", target + 6) >= (int)size)
		return -EINVAL;
	return build_id_cache__check_name(name);
}

/* Call @fn for every well-formed .build-id link. */
static int for_each_link(int root, int (*fn)(int root, const char *hex, const char *name,
					      void *priv), void *priv)
{
	char hex[SBUILD_ID_SIZE + 8], name[PATH_MAX];
	struct dirent *top, *de;
	int bfd, fd, ret = 0;
	DIR *td, *d;

	bfd = walk(root, BUILD_ID_CACHE_LINKS);
	if (bfd < 0)
		return bfd == -ENOENT ? 0 : bfd;
	td = fdopendir(bfd);
	if (!td) {
		close(bfd);
		return -errno;
	}
	while (!ret && (top = readdir(td)) != NULL) {
		if (top->d_name[0] == '.' || (fd = open_dir(bfd, top->d_name)) < 0)
			continue;
		d = fdopendir(fd);
		if (!d) {
			close(fd);
			continue;
		}
		while (!ret && (de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.' ||
			    parse_link(fd, top->d_name, de->d_name, hex, name, sizeof(name)))
				continue;
			ret = fn(root, hex, name, priv);
		}
		closedir(d);
	}
	closedir(td);
	return ret;
}

struct lines {
	char **v;
	size_t nr, alloc;
};

static int collect(int root, const char *hex, const char *name, void *priv)
{
	struct lines *l = priv;

	if (ARRAY_GROW(l->v, l->alloc, l->nr + 1))
		return -ENOMEM;
	if (asprintf(&l->v[l->nr], "%s %s", hex, name) < 0)
		return -ENOMEM;
	l->nr++;
	return 0;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

int build_id_cache__list(const char *dir, FILE *out)
{
	struct lines l = { .nr = 0 };
	int root = open_root(dir), ret;
	size_t i;

	if (root < 0)
		return root == -ENOENT ? 0 : root;
	ret = for_each_link(root, collect, &l);
	close(root);
	if (l.nr)
		qsort(l.v, l.nr, sizeof(*l.v), str_cmp);
	for (i = 0; i < l.nr; i++) {
		if (!ret)
			fprintf(out, "%s\n", l.v[i]);
		free(l.v[i]);
	}
	free(l.v);
	return ret;
}

int build_id_cache__purge_all(const char *dir)
{
	struct lines l = { .nr = 0 };
	int root = open_root(dir), ret, nr = 0;
	size_t i;

	if (root < 0)
		return root == -ENOENT ? 0 : root;
	/* collect first: removing while readdir() walks is unspecified */
	ret = for_each_link(root, collect, &l);
	for (i = 0; i < l.nr; i++) {
		struct build_id bid;
		char *sp = strchr(l.v[i], ' ');

		*sp = '\0';
		if (!ret && !build_id__from_hex(&bid, l.v[i]) &&
		    !remove_at(root, sp + 1, &bid))
			nr++;
		free(l.v[i]);
	}
	free(l.v);
	close(root);
	return ret ? ret : nr;
}
