// SPDX-License-Identifier: GPL-2.0
/* Loaded kernel modules: place, build-id and file.  See kmodules.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include "util/symbols/kmodules.h"

/* Deeper than any distribution's tree; bounds a hostile one. */
#define KMODULES_MAX_DEPTH	16

static const char * const kmod_suffixes[] = { ".ko", ".ko.gz", ".ko.xz", ".ko.zst" };

bool kmodule__name_of_file(const char *file, char *name, size_t size)
{
	const char *base = strrchr(file, '/');
	size_t len, i, sl;

	base = base ? base + 1 : file;
	len = strlen(base);
	for (i = 0; i < sizeof(kmod_suffixes) / sizeof(kmod_suffixes[0]); i++) {
		sl = strlen(kmod_suffixes[i]);
		if (len > sl && !strcmp(base + len - sl, kmod_suffixes[i]))
			break;
	}
	if (i == sizeof(kmod_suffixes) / sizeof(kmod_suffixes[0]) || len - sl >= size)
		return false;
	for (len -= sl, i = 0; i < len; i++)
		name[i] = base[i] == '-' ? '_' : base[i];
	name[len] = '\0';
	return true;
}

static int kmodules__push(struct kmodules *km, const char *name, u64 start, u64 size)
{
	struct kmodule *mods, *m;

	/* Grows by one: a kernel has at most a few hundred modules. */
	mods = realloc(km->mods, (km->nr + 1) * sizeof(*mods));
	if (!mods)
		return -ENOMEM;
	km->mods = mods;
	m = &mods[km->nr++];
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	m->start = start;
	m->size = size;
	return 0;
}

int kmodules__parse(struct kmodules *km, FILE *f)
{
	char *line = NULL, name[KMODULE_NAME_MAX], state[16];
	unsigned long long size, addr;
	size_t cap = 0;
	int ret = 0;

	/* getline: a module used by many others has a long line */
	while (!ret && getline(&line, &cap, f) > 0) {
		/* name size refcount deps state address [taint] */
		if (sscanf(line, "%63s %llu %*s %*s %15s %llx", name, &size, state, &addr) != 4)
			continue;
		/* A module still loading or going away has no stable text. */
		if (strcmp(state, "Live") || !addr || !size || addr + size < addr)
			continue;
		ret = kmodules__push(km, name, addr, size);
	}
	free(line);
	return ret;
}

static struct kmodule *kmodules__by_name(struct kmodules *km, const char *name)
{
	size_t i;

	for (i = 0; i < km->nr; i++)
		if (!strcmp(km->mods[i].name, name))
			return &km->mods[i];
	return NULL;
}

struct kmodules_walk {
	struct kmodules *km;
	size_t unresolved;
	char path[PATH_MAX];
};

static int kmodules__consider(struct kmodules_walk *w, const char *file)
{
	char name[KMODULE_NAME_MAX];
	struct build_id bid;
	struct kmodule *m;

	if (!kmodule__name_of_file(file, name, sizeof(name)))
		return 0;
	m = kmodules__by_name(w->km, name);
	if (!m || m->path)
		return 0;
	/* The name only says which module; the id says which build of it. */
	if (m->bid.size && (filename__read_build_id(w->path, &bid) ||
			    !build_id__equal(&bid, &m->bid)))
		return 0;
	m->path = strdup(w->path);
	if (!m->path)
		return -ENOMEM;
	w->unresolved--;
	return 0;
}

static int kmodules__walk(struct kmodules_walk *w, int depth)
{
	size_t len = strlen(w->path);
	struct dirent *d;
	struct stat st;
	DIR *dir;
	int ret = 0;

	if (depth > KMODULES_MAX_DEPTH)
		return 0;
	dir = opendir(w->path);
	if (!dir)
		return 0;	/* unreadable parts of the tree hide nothing we need */
	while (!ret && w->unresolved && (d = readdir(dir)) != NULL) {
		unsigned char type = d->d_type;

		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (len + 1 + strlen(d->d_name) >= sizeof(w->path))
			continue;
		w->path[len] = '/';
		strcpy(w->path + len + 1, d->d_name);
		if (type == DT_UNKNOWN) {
			/* Some file systems leave d_type out; never follow links. */
			type = lstat(w->path, &st) ? DT_UNKNOWN :
			       S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		}
		if (type == DT_DIR)
			ret = kmodules__walk(w, depth + 1);
		else if (type == DT_REG)
			ret = kmodules__consider(w, d->d_name);
		w->path[len] = '\0';
	}
	closedir(dir);
	return ret;
}

int kmodules__find_files(struct kmodules *km, const char *dir)
{
	struct kmodules_walk *w;
	size_t i;
	int ret = 0;

	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->km = km;
	for (i = 0; i < km->nr; i++)
		w->unresolved += !km->mods[i].path;
	if (w->unresolved && strlen(dir) < sizeof(w->path)) {
		strcpy(w->path, dir);
		ret = kmodules__walk(w, 0);
	}
	free(w);
	for (i = 0; !ret && i < km->nr; i++) {
		struct kmodule *m = &km->mods[i];

		if (!m->path && asprintf(&m->path, "[%s]", m->name) < 0) {
			m->path = NULL;
			ret = -ENOMEM;
		}
	}
	return ret;
}

int kmodules__read(struct kmodules *km)
{
	char dir[PATH_MAX];
	struct utsname uts;
	size_t i;
	FILE *f;
	int ret;

	km->mods = NULL;
	km->nr = 0;
	f = fopen("/proc/modules", "re");
	if (!f)
		return 0;	/* CONFIG_MODULES=n */
	ret = kmodules__parse(km, f);
	fclose(f);
	if (ret || !km->nr)
		return ret;
	/* No id is not an error: the map still names the module. */
	for (i = 0; i < km->nr; i++)
		module__read_build_id(km->mods[i].name, &km->mods[i].bid);
	if (uname(&uts))
		uts.release[0] = '\0';
	snprintf(dir, sizeof(dir), "/lib/modules/%s", uts.release);
	return kmodules__find_files(km, dir);
}

void kmodules__exit(struct kmodules *km)
{
	size_t i;

	for (i = 0; i < km->nr; i++)
		free(km->mods[i].path);
	free(km->mods);
	km->mods = NULL;
	km->nr = 0;
}
