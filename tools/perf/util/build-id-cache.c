// SPDX-License-Identifier: GPL-2.0
/* Filling the build-id cache from perf record's DSO table. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "build-id-cache.h"
#include "debug.h"

#define KALLSYMS_NAME	"[kernel.kallsyms]"

int build_id_cache__dir(char *buf, size_t size)
{
	const char *env = getenv("PERF_BUILDID_DIR");
	const char *home = getenv("HOME");
	int n;

	if (env && *env)
		n = snprintf(buf, size, "%s", env);
	else if (home && *home)
		n = snprintf(buf, size, "%s/.debug", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* mkdir -p, tolerating what exists. */
static int mkdir_p(char *path)
{
	char *p;

	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536], tmp[PATH_MAX];
	int in, out, ret = 0;
	ssize_t n;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", to, (int)getpid()) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -errno;
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		ret = -errno;
		goto out_in;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		char *p = buf;

		while (n > 0) {
			ssize_t w = write(out, p, n);

			if (w < 0) {
				ret = -errno;
				goto out_out;
			}
			p += w;
			n -= w;
		}
	}
	if (n < 0)
		ret = -errno;
out_out:
	if (close(out) && !ret)
		ret = -errno;
	/* Publish atomically: a reader never sees half a file. */
	if (!ret && rename(tmp, to))
		ret = -errno;
	if (ret)
		unlink(tmp);
out_in:
	close(in);
	return ret;
}

static void sprint_id(char *out, const u8 *bid, u8 size)
{
	u8 i;

	for (i = 0; i < size; i++)
		sprintf(out + 2 * i, "%02x", bid[i]);
	out[2 * size] = '\0';
}

int build_id_cache__add(const char *dir, const char *path, const u8 *bid, u8 size)
{
	char sbid[2 * PERF_BUILD_ID_MAX + 1], d[PATH_MAX], f[PATH_MAX], l[PATH_MAX];
	char target[PATH_MAX];
	bool kernel = !strcmp(path, KALLSYMS_NAME);
	u8 now[PERF_BUILD_ID_MAX];
	int ret, n;

	if (!size || size > PERF_BUILD_ID_MAX || (!kernel && path[0] != '/'))
		return -EINVAL;
	sprint_id(sbid, bid, size);
	/* "/usr/bin/x" -> "<dir>/usr/bin/x/<id>"; the kernel under its name. */
	n = snprintf(d, sizeof(d), "%s%s%s/%s", dir, kernel ? "/" : "", path, sbid);
	if (n < 0 || (size_t)n >= sizeof(d))
		return -ENAMETOOLONG;
	n = snprintf(f, sizeof(f), "%s/%s", d, kernel ? "kallsyms" : "elf");
	if (n < 0 || (size_t)n >= sizeof(f))
		return -ENAMETOOLONG;
	if (access(f, F_OK)) {
		if (!kernel) {
			/* The file may have been replaced since it was mapped. */
			ret = buildid__read_file(path, now);
			if (ret != size || memcmp(now, bid, size))
				return -ESTALE;
		}
		ret = mkdir_p(d);
		if (ret)
			return ret;
		if (kernel)
			ret = copy_file("/proc/kallsyms", f);
		else if (link(path, f))
			ret = copy_file(path, f);
		if (ret)
			return ret;
	}
	n = snprintf(l, sizeof(l), "%s/.build-id/%.2s", dir, sbid);
	if (n < 0 || (size_t)n >= sizeof(l))
		return -ENAMETOOLONG;
	ret = mkdir_p(l);
	if (ret)
		return ret;
	n = snprintf(l, sizeof(l), "%s/.build-id/%.2s/%s", dir, sbid, sbid + 2);
	if (n < 0 || (size_t)n >= sizeof(l))
		return -ENAMETOOLONG;
	n = snprintf(target, sizeof(target), "../..%s%s/%s", kernel ? "/" : "", path, sbid);
	if (n < 0 || (size_t)n >= sizeof(target))
		return -ENAMETOOLONG;
	if (symlink(target, l) && errno != EEXIST)
		return -errno;
	return 0;
}

void build_id_cache__add_table(const struct buildid_table *t, int verbose)
{
	char dir[PATH_MAX];
	u32 i;
	int ret;

	if (build_id_cache__dir(dir, sizeof(dir)))
		return;
	for (i = 0; i < t->nr; i++) {
		const struct buildid_entry *e = &t->entries[i];

		if (!e->size)
			continue;
		ret = build_id_cache__add(dir, e->path, e->build_id, e->size);
		if (ret)
			pr_debug(verbose, 1, "build-id cache: %s not added: %s\n", e->path,
				 strerror(-ret));
	}
}
