// SPDX-License-Identifier: GPL-2.0
/*
 * Which file has a DSO's instructions.  The symbols may come from a
 * .debug file (its .text is SHT_NOBITS): code needs the binary itself,
 * with the same build-id.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "util/model/dso-image.h"
#include "util/cache/build-id-cache.h"
#include "util/symbols/build-id.h"
#include "util/base/debug.h"

/* An executable section with contents in @path's image? */
static bool image__has_code(const char *path)
{
	struct symsrc ss;
	Elf_Scn *scn = NULL;
	bool code = false;

	if (symsrc__open(&ss, path))
		return false;
	while (!code && (scn = elf_nextscn(ss.elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR) &&
		    sh.sh_type != SHT_NOBITS && sh.sh_size)
			code = true;
	}
	symsrc__close(&ss);
	return code;
}

/* @path is a regular file with @dso's build-id (if it has one) and code. */
static bool dso__image_fits(const struct dso *dso, const char *path)
{
	struct build_id bid = { .size = 0 };
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	if (dso__has_build_id(dso) && (filename__read_build_id(path, &bid) < 0 ||
				       !build_id__equal(&bid, &dso->id.bid)))
		return false;
	return image__has_code(path);
}

static int dso__image_try(const struct dso *dso, const char *path, char *buf, size_t size)
{
	if (!dso__image_fits(dso, path) || (size_t)snprintf(buf, size, "%s", path) >= size)
		return -ENOENT;
	return 0;
}

static int dso__image_cache(const struct dso *dso, const struct dso_load_opts *opts,
			    char *buf, size_t size)
{
	static const char * const leaves[] = { "/elf", "/vdso", "" };
	char dir[PATH_MAX], hex[BUILD_ID_SIZE_MAX * 2 + 1], path[PATH_MAX];
	size_t i;

	if (build_id_cache__dir_of(dir, sizeof(dir), opts->buildid_dir))
		return -ENOENT;
	build_id__sprintf(&dso->id.bid, hex);
	for (i = 0; i < sizeof(leaves) / sizeof(leaves[0]); i++) {
		if (!build_id_cache__path(path, sizeof(path), dir, hex, leaves[i]) &&
		    !dso__image_try(dso, path, buf, size))
			return 0;
	}
	return -ENOENT;
}

static int dso__image_debuginfod(const struct dso *dso, const struct dso_load_opts *opts,
				 char *buf, size_t size)
{
	char *path = NULL;
	int err = -ENOENT;

	if (!opts->debuginfod ||
	    opts->debuginfod(opts->debuginfod_priv, &dso->id.bid, false, &path) || !path)
		return -ENOENT;
	err = dso__image_try(dso, path, buf, size);
	free(path);
	return err;
}

int dso__image_path(struct dso *dso, const struct dso_load_opts *opts, char *buf, size_t size)
{
	const char *root = opts->symfs ? opts->symfs : "";
	char path[PATH_MAX];

	if (dso->kernel)
		return opts->vmlinux ? dso__image_try(dso, opts->vmlinux, buf, size) : -ENOENT;
	if (dso__has_build_id(dso) && !dso__image_cache(dso, opts, buf, size))
		return 0;
	if (dso->long_name[0] == '/' &&
	    (size_t)snprintf(path, sizeof(path), "%s%s", root, dso->long_name) < sizeof(path) &&
	    !dso__image_try(dso, path, buf, size))
		return 0;
	if (dso__has_build_id(dso) && !dso__image_debuginfod(dso, opts, buf, size))
		return 0;
	return -ENOENT;
}
