// SPDX-License-Identifier: GPL-2.0
/*
 * DSOs and where their symbols come from.
 *
 * dso__load() walks the sources in the order of
 * Documentation/symbol-resolution.txt.  Every candidate file must carry
 * the DSO's build-id: a cache entry or a debug file with another id is
 * warned about and skipped, and a different file at the recorded path is
 * never used (the DSO is marked build_id_mismatch instead).  A file with a
 * .symtab ends the search; one with only .dynsym is kept as the fallback
 * and as the "runtime image" that debuglink and MiniDebugInfo hang off.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/model/dso.h"
#include "util/cache/build-id-cache.h"
#include "util/symbols/kallsyms.h"
#include "util/symbols/kmodules.h"
#include "util/base/debug.h"
#include "util/symbols/vdso.h"
#include "util/symbols/srcline.h"
#include "util/model/dso-inline.h"

#define DSO_DEBUG_DIR		"/usr/lib/debug"

static bool str_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

bool dso__name_is_kernel(const char *name)
{
	size_t len = strlen(DSO_KERNEL_NAME);

	/*
	 * Not any suffix: a build-id table may name "[kernel.kallsyms]/.."
	 * and that is listed (and refused by the cache) under its own name.
	 */
	return !strncmp(name, DSO_KERNEL_NAME, len) && (!name[len] || name[len] == '_');
}

bool dso__name_is_anon(const char *name)
{
	return !strcmp(name, "//anon") || !strncmp(name, "/dev/zero", 9) ||
	       !strncmp(name, "/anon_hugepage", 14) || !strncmp(name, "[stack", 6) ||
	       !strncmp(name, "/SYSV", 5) || !strcmp(name, "[heap]");
}

char *dso__anon_map_name(char *buf, size_t size, pid_t pid)
{
	snprintf(buf, size, "/tmp/perf-%d.map", (int)pid);
	return buf;
}

bool dso__name_is_kmod(const char *name)
{
	return str_ends_with(name, ".ko") || str_ends_with(name, ".ko.gz") ||
	       str_ends_with(name, ".ko.xz") || str_ends_with(name, ".ko.zst");
}

/* "@path\0[name]\0" in one block: a module's long and short names. */
static char *dso__kmod_names(const char *path)
{
	char name[KMODULE_NAME_MAX];
	const char *base = strrchr(path, '/');
	size_t len = strlen(path);
	char *buf = malloc(2 * len + 4);

	if (!buf)
		return NULL;
	memcpy(buf, path, len + 1);
	/* A name too long for the kernel: the file's name then. */
	if (kmodule__name_of_file(path, name, sizeof(name)))
		sprintf(buf + len + 1, "[%s]", name);
	else
		sprintf(buf + len + 1, "[%s]", base ? base + 1 : path);
	return buf;
}

struct dso *dso__new(const char *name, const struct dso_id *id)
{
	struct dso *dso = calloc(1, sizeof(*dso));
	const char *slash;

	if (!dso)
		return NULL;
	/* "[kernel.kallsyms]_text" and friends are all the one kernel DSO */
	dso->kernel = dso__name_is_kernel(name);
	dso->kmod = dso__name_is_kmod(name);
	if (dso->kmod) {
		dso->long_name = dso__kmod_names(name);
		if (!dso->long_name) {
			free(dso);
			return NULL;
		}
		/* Upstream's column: "[name]", stored after the path. */
		dso->short_name = dso->long_name + strlen(dso->long_name) + 1;
	} else {
		dso->long_name = strdup(dso->kernel ? DSO_KERNEL_NAME : name);
		if (!dso->long_name) {
			free(dso);
			return NULL;
		}
		slash = strrchr(dso->long_name, '/');
		dso->short_name = slash && dso->long_name[0] != '[' ? slash + 1 :
				  dso->long_name;
	}
	dso->long_name_len = strlen(dso->long_name);
	if (id)
		dso->id = *id;
	symbols__init(&dso->symbols);
	dso->refcnt = 1;
	return dso;
}

struct dso *dso__get(struct dso *dso)
{
	if (dso)
		__atomic_add_fetch(&dso->refcnt, 1, __ATOMIC_RELAXED);
	return dso;
}

void dso__put(struct dso *dso)
{
	if (!dso || __atomic_sub_fetch(&dso->refcnt, 1, __ATOMIC_ACQ_REL) > 0)
		return;
	symbols__exit(&dso->symbols);
	dso_inline_cache__delete(dso->inlines);
	srcline_file__delete(dso->srcline);
	free(dso->symsrc_path);
	free(dso->long_name);
	free(dso);
}

const struct symbol *dso__find_symbol(const struct dso *dso, u64 addr)
{
	return symbols__find(&dso->symbols, addr);
}

u64 dso__offset_to_addr(const struct dso *dso, u64 offset)
{
	int i;

	for (i = 0; i < dso->nr_segs; i++) {
		const struct symsrc_seg *seg = &dso->segs[i];

		if (offset >= seg->off && offset - seg->off < seg->filesz)
			return offset - seg->off + seg->vaddr;
	}
	/* no segment known: offsets and addresses coincide (ET_DYN text) */
	return offset;
}

const char *dso_binary_type__name(enum dso_binary_type type)
{
	switch (type) {
	case DSO_BINARY_TYPE__BUILDID_CACHE:		return "build-id cache";
	case DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG:	return "build-id cache debug";
	case DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS:	return "build-id cache kallsyms";
	case DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID:	return "system debug";
	case DSO_BINARY_TYPE__DEBUGLINK:		return "debuglink";
	case DSO_BINARY_TYPE__MINIDEBUGINFO:		return "minidebuginfo";
	case DSO_BINARY_TYPE__ORIGINAL:			return "original path";
	case DSO_BINARY_TYPE__KALLSYMS:			return "kallsyms";
	case DSO_BINARY_TYPE__DEBUGINFOD:		return "debuginfod";
	case DSO_BINARY_TYPE__VMLINUX:			return "vmlinux";
	default:					return "not found";
	}
}

/* ---- loading ------------------------------------------------------------ */

struct dso_loader {
	struct dso			*dso;
	const struct dso_load_opts	*opts;
	/*
	 * The id files must carry: the recorded one, or for a DSO recorded
	 * without any, the id of the file at its path (upstream does the same).
	 */
	struct build_id			want;
	char				hex[BUILD_ID_SIZE_MAX * 2 + 1];
	char				cache_dir[PATH_MAX];
	/* The first verified image with only .dynsym: fallback + runtime. */
	struct symsrc			runtime;
	bool				have_runtime;
	enum dso_binary_type		runtime_type;
	bool				done;
	bool				plt_done;
	int				err;	/* -ENOMEM and the like: stop */
};

static const char *loader__cache_dir(struct dso_loader *ld)
{
	if (build_id_cache__dir_of(ld->cache_dir, sizeof(ld->cache_dir), ld->opts->buildid_dir))
		return NULL;
	return ld->cache_dir;
}

static bool loader__verify(struct dso_loader *ld, struct symsrc *ss, bool warn)
{
	struct build_id bid = { .size = 0 };
	int ret = symsrc__read_build_id(ss, bid.data, sizeof(bid.data));

	if (ret > 0)
		bid.size = ret;
	if (build_id__equal(&bid, &ld->want))
		return true;
	if (warn) {
		char have[BUILD_ID_SIZE_MAX * 2 + 1] = "none";

		if (bid.size)
			build_id__sprintf(&bid, have);
		pr_warning("%s: build-id %s, expected %s: not used\n", ss->name, have, ld->hex);
	}
	return false;
}

static void loader__set_source(struct dso_loader *ld, const char *path,
			       enum dso_binary_type type)
{
	free(ld->dso->symsrc_path);
	ld->dso->symsrc_path = strdup(path);
	ld->dso->symtab_type = type;
}

static bool type_is_debug_only(enum dso_binary_type type)
{
	return type == DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG ||
	       type == DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID ||
	       type == DSO_BINARY_TYPE__DEBUGLINK;
}

/* Segments come from an image that is loaded at run time, never a .debug. */
static void loader__take_segments(struct dso_loader *ld, struct symsrc *ss,
				  enum dso_binary_type type)
{
	if (ld->dso->nr_segs || type_is_debug_only(type))
		return;
	ld->dso->nr_segs = symsrc__load_segments(ss, ld->dso->segs, DSO_MAX_SEGS);
}

/* "<name>@plt" symbols come from a runtime image: a .debug has no PLT. */
static void loader__plt(struct dso_loader *ld, struct symsrc *ss, enum dso_binary_type type)
{
	int ret;

	if (ld->plt_done || type_is_debug_only(type) || ld->dso->kernel || ld->dso->kmod)
		return;
	ret = symsrc__load_plt_symbols(ss, &ld->dso->symbols, ld->opts->demangle);
	if (ret == -ENOMEM)
		ld->err = ret;
	ld->plt_done = true;
}

/*
 * Use an opened, verified image.  With a .symtab it is the answer; else
 * it becomes the runtime image if there is none yet.  Consumes @ss.
 */
static void loader__use(struct dso_loader *ld, struct symsrc *ss, enum dso_binary_type type)
{
	int ret;

	loader__take_segments(ld, ss, type);
	if (symsrc__has_symtab(ss)) {
		loader__plt(ld, ss, type);
		ret = symsrc__load_symbols(ss, &ld->dso->symbols, false,
					   ld->opts->demangle);
		if (ret >= 0) {
			loader__set_source(ld, ss->name, type);
			ld->done = true;
		} else if (ret == -ENOMEM) {
			ld->err = ret;
		}
		symsrc__close(ss);
		return;
	}
	if (!ld->have_runtime && !type_is_debug_only(type)) {
		ld->runtime = *ss;
		ld->runtime_type = type;
		ld->have_runtime = true;
		return;
	}
	symsrc__close(ss);
}

/* Try one candidate file that must carry the DSO's build-id. */
static void loader__try(struct dso_loader *ld, const char *path, enum dso_binary_type type)
{
	struct symsrc ss;

	if (ld->done || ld->err)
		return;
	if (symsrc__open(&ss, path))
		return;
	if (!loader__verify(ld, &ss, true)) {
		symsrc__close(&ss);
		return;
	}
	loader__use(ld, &ss, type);
}

static void loader__tryf(struct dso_loader *ld, enum dso_binary_type type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void loader__tryf(struct dso_loader *ld, enum dso_binary_type type, const char *fmt, ...)
{
	char path[PATH_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(path))
		loader__try(ld, path, type);
}

/* 1. The build-id cache: .build-id/xx/rest is a dir (elf, debug) or a file. */
static void loader__buildid_cache(struct dso_loader *ld)
{
	const char *dir = loader__cache_dir(ld);
	char link[PATH_MAX];
	struct stat st;

	if (!dir)
		return;
	if (build_id_cache__path(link, sizeof(link), dir, ld->hex, ""))
		return;
	if (stat(link, &st) < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			pr_warning("%s: %s\n", link, strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE, "%s/elf", link);
		loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG, "%s/debug", link);
		if (!strcmp(ld->dso->long_name, "[vdso]"))
			loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE, "%s/vdso", link);
		return;
	} else {
		/* older layout: the link points at the binary itself */
		loader__try(ld, link, DSO_BINARY_TYPE__BUILDID_CACHE);
		return;
	}
	/*
	 * No .build-id link: the <path>/<id>/ directory may still be there
	 * (perf record saves [vdso]/<id>/vdso without a link).
	 */
	if (ld->dso->long_name[0] == '/' || ld->dso->long_name[0] == '[') {
		const char *sep = ld->dso->long_name[0] == '/' ? "" : "/";

		loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE, "%s%s%s/%s/elf", dir, sep,
			     ld->dso->long_name, ld->hex);
		loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG, "%s%s%s/%s/debug", dir, sep,
			     ld->dso->long_name, ld->hex);
		if (!strcmp(ld->dso->long_name, "[vdso]"))
			loader__tryf(ld, DSO_BINARY_TYPE__BUILDID_CACHE, "%s/[vdso]/%s/vdso", dir,
				     ld->hex);
	}
}

/*
 * Where the recorded path is looked for: the path itself, or under the
 * --symfs root.  Returns @buf, or NULL for a path that is not a file's
 * (no leading '/') or too long.
 */
static const char *dso__file_path(const struct dso *dso, const struct dso_load_opts *opts,
				  char *buf, size_t size)
{
	const char *root = opts->symfs ? opts->symfs : "";

	if (dso->long_name[0] != '/' ||
	    (size_t)snprintf(buf, size, "%s%s", root, dso->long_name) >= size)
		return NULL;
	return buf;
}

/* The recorded path, used only when its build-id is the DSO's. */
static void loader__original(struct dso_loader *ld)
{
	char buf[PATH_MAX];
	const char *path = dso__file_path(ld->dso, ld->opts, buf, sizeof(buf));
	struct build_id bid = { .size = 0 };
	struct symsrc ss;

	if (ld->done || ld->err || ld->runtime_type == DSO_BINARY_TYPE__ORIGINAL || !path)
		return;
	if (filename__read_build_id(path, &bid) < 0)
		return;		/* missing or not ELF: nothing to use, nothing to say */
	if (!build_id__equal(&bid, &ld->want)) {
		/*
		 * Files under --symfs were put there for this report: one
		 * that is not the recorded binary is worth a line (once, as
		 * the DSO is loaded once).
		 */
		if (ld->opts->symfs && !ld->dso->build_id_mismatch) {
			char have[BUILD_ID_SIZE_MAX * 2 + 1];

			build_id__sprintf(&bid, have);
			pr_warning("%s: build-id %s, expected %s: not used\n", path, have,
				   ld->hex);
		}
		ld->dso->build_id_mismatch = true;
		return;
	}
	if (symsrc__open(&ss, path))
		return;
	/* re-check through libelf: the file may have been replaced meanwhile */
	if (!loader__verify(ld, &ss, false)) {
		ld->dso->build_id_mismatch = true;
		symsrc__close(&ss);
		return;
	}
	loader__use(ld, &ss, DSO_BINARY_TYPE__ORIGINAL);
}

/* 2b. .gnu_debuglink of the runtime image: next to the binary, .debug/, debug dir. */
static void loader__debuglink(struct dso_loader *ld, const char *debug_dir)
{
	char link[NAME_MAX + 1], dir[PATH_MAX];
	char *slash;

	if (ld->done || !ld->have_runtime ||
	    symsrc__debuglink(&ld->runtime, link, sizeof(link)))
		return;
	if (!dso__file_path(ld->dso, ld->opts, dir, sizeof(dir)))
		return;
	slash = strrchr(dir, '/');
	if (!slash)
		return;
	*slash = '\0';
	loader__tryf(ld, DSO_BINARY_TYPE__DEBUGLINK, "%s/%s", dir, link);
	loader__tryf(ld, DSO_BINARY_TYPE__DEBUGLINK, "%s/.debug/%s", dir, link);
	loader__tryf(ld, DSO_BINARY_TYPE__DEBUGLINK, "%s%s/%s", debug_dir, dir, link);
}

/* 2c. MiniDebugInfo: the runtime image's .dynsym plus its .gnu_debugdata. */
static void loader__minidebuginfo(struct dso_loader *ld)
{
	struct symsrc mini;
	int ret;

	if (ld->done || !ld->have_runtime || symsrc__open_debugdata(&ld->runtime, &mini))
		return;
	ret = symsrc__load_symbols(&mini, &ld->dso->symbols, false, ld->opts->demangle);
	symsrc__close(&mini);
	if (ret < 0)
		return;
	ret = symsrc__load_symbols(&ld->runtime, &ld->dso->symbols, true,
				   ld->opts->demangle);
	if (ret == -ENOMEM)
		ld->err = ret;
	loader__set_source(ld, ld->runtime.name, DSO_BINARY_TYPE__MINIDEBUGINFO);
	ld->done = true;
}

/* 4. debuginfod: debuginfo, then the executable. */
static void loader__debuginfod(struct dso_loader *ld)
{
	static const bool kinds[] = { true, false };
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && ld->opts->debuginfod; i++) {
		char *path = NULL;

		if (ld->done || ld->err)
			return;
		if (ld->opts->debuginfod(ld->opts->debuginfod_priv, &ld->want, kinds[i],
					 &path) || !path) {
			free(path);
			continue;
		}
		loader__try(ld, path, DSO_BINARY_TYPE__DEBUGINFOD);
		free(path);
	}
}

/*
 * The [vdso] of our own process (as upstream does; vdso.h): the one
 * carrying the recorded id, or for a [vdso] recorded without build-id,
 * ours unless the recording kernel is known to differ.  The image is
 * copied so libelf owns its memory.
 */
static void loader__own_vdso(struct dso_loader *ld)
{
	struct build_id running = ld->opts->running_kernel;
	struct vdso_image img;
	struct symsrc ss;
	void *copy;

	if (ld->done || ld->err)
		return;
	if (!ld->want.size && ld->opts->recording_kernel.size) {
		if (!running.size && kernel__read_build_id(&running) < 0)
			return;
		if (!build_id__equal(&running, &ld->opts->recording_kernel))
			return;
	}
	if (vdso__self(&img))
		return;
	copy = malloc(img.len);
	if (!copy)
		return;
	memcpy(copy, img.start, img.len);
	if (symsrc__open_mem(&ss, copy, img.len, VDSO_NAME))
		return;
	if (ld->want.size && !loader__verify(ld, &ss, false)) {
		symsrc__close(&ss);
		return;
	}
	loader__use(ld, &ss, DSO_BINARY_TYPE__ORIGINAL);
}

/* A DSO without build-id: the path is all there is (upstream does the same). */
static void loader__path_only(struct dso_loader *ld)
{
	char buf[PATH_MAX];
	const char *path = dso__file_path(ld->dso, ld->opts, buf, sizeof(buf));
	struct symsrc ss;

	/* --symfs: the files of another box, whose vDSO is not ours */
	if (!strcmp(ld->dso->long_name, VDSO_NAME)) {
		if (!ld->opts->symfs)
			loader__own_vdso(ld);
		return;
	}
	if (!path || symsrc__open(&ss, path))
		return;
	loader__use(ld, &ss, DSO_BINARY_TYPE__ORIGINAL);
	if (!ld->done)
		loader__minidebuginfo(ld);
}

/*
 * A system file's path (/usr/lib/debug, /proc/kallsyms), under --symfs
 * when one is given (upstream looks for those there too); @given, when
 * set, is the user's own choice and taken as it is.
 */
static const char *loader__system_path(struct dso_loader *ld, const char *given,
				       const char *dflt, char *buf, size_t size)
{
	if (given)
		return given;
	if (!ld->opts->symfs)
		return dflt;
	if ((size_t)snprintf(buf, size, "%s%s", ld->opts->symfs, dflt) >= size)
		return NULL;
	return buf;
}

static void loader__user(struct dso_loader *ld)
{
	char dbuf[PATH_MAX];
	const char *debug_dir = loader__system_path(ld, ld->opts->debug_dir, DSO_DEBUG_DIR,
						    dbuf, sizeof(dbuf));
	char path[PATH_MAX];

	if (!debug_dir)
		return;

	if (!ld->want.size) {
		loader__path_only(ld);
		return;
	}
	loader__buildid_cache(ld);
	/* a vDSO has no file at its path: ours, if it is the recorded one */
	if (!strcmp(ld->dso->long_name, VDSO_NAME) && !ld->opts->symfs)
		loader__own_vdso(ld);
	if (!build_id_cache__path(path, sizeof(path), debug_dir, ld->hex, ".debug"))
		loader__try(ld, path, DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID);
	/* debuglink and MiniDebugInfo need a runtime image: the matching binary */
	if (!ld->done && !ld->have_runtime)
		loader__original(ld);
	loader__debuglink(ld, debug_dir);
	loader__minidebuginfo(ld);
	loader__original(ld);
	loader__debuginfod(ld);
}

/* A kallsyms file; refused when every address is 0 (kptr_restrict). */
static void loader__kallsyms(struct dso_loader *ld, const char *path, enum dso_binary_type type)
{
	struct symbols *syms = &ld->dso->symbols;
	struct stat st;
	int ret;

	if (ld->done || ld->err || stat(path, &st) < 0)
		return;
	ret = symbols__load_kallsyms(syms, path);
	if (ret == -ENOMEM)
		ld->err = ret;
	if (ret <= 0)
		return;
	if (syms->nr == 1 && syms->starts[0] == 0) {
		pr_warning("%s: all addresses are 0 (kptr_restrict?): not used\n", path);
		symbols__exit(syms);
		return;
	}
	loader__set_source(ld, path, type);
	ld->done = true;
}

/*
 * -k FILE: a vmlinux ELF, whose symbol values are the kernel's addresses.
 * Used only with the recorded kernel build-id; a recording without one
 * takes it as it is (as upstream does), saying so with -v.
 */
static void loader__vmlinux(struct dso_loader *ld)
{
	struct symsrc ss;

	if (symsrc__open(&ss, ld->opts->vmlinux)) {
		pr_warning("%s: not an ELF file: not used\n", ld->opts->vmlinux);
		return;
	}
	if (dso__has_build_id(ld->dso)) {
		if (!loader__verify(ld, &ss, true)) {
			ld->dso->build_id_mismatch = true;
			symsrc__close(&ss);
			return;
		}
	} else if (ld->opts->verbose) {
		pr_err("%s: the recording has no kernel build-id: used unchecked\n",
			ld->opts->vmlinux);
	}
	loader__use(ld, &ss, DSO_BINARY_TYPE__VMLINUX);
	if (!ld->done && ld->have_runtime) {
		symsrc__close(&ld->runtime);
		ld->have_runtime = false;
	}
}

static void loader__kernel(struct dso_loader *ld)
{
	const char *dir = loader__cache_dir(ld);
	char kbuf[PATH_MAX];
	const char *kallsyms = loader__system_path(ld, ld->opts->kallsyms, KALLSYMS_PROC_PATH,
						   kbuf, sizeof(kbuf));
	struct build_id running = ld->opts->running_kernel;
	char path[PATH_MAX];

	if (ld->opts->vmlinux) {
		loader__vmlinux(ld);
		if (ld->done || ld->err)
			return;
	}
	if (dso__has_build_id(ld->dso) && dir) {	/* the link's target is tried once */
		if (!build_id_cache__path(path, sizeof(path), dir, ld->hex, "/kallsyms") &&
		    !access(path, F_OK))
			loader__kallsyms(ld, path, DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS);
		else if ((size_t)snprintf(path, sizeof(path), "%s/" DSO_KERNEL_NAME "/%s/kallsyms",
					  dir, ld->hex) < sizeof(path))
			loader__kallsyms(ld, path, DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS);
	}
	if (ld->done)
		return;
	/* this machine's kallsyms only if it is the recording kernel */
	if (dso__has_build_id(ld->dso)) {
		if (!running.size && kernel__read_build_id(&running) < 0)
			return;
		if (!build_id__equal(&running, &ld->dso->id.bid)) {
			ld->dso->build_id_mismatch = true;
			return;
		}
	}
	if (kallsyms)
		loader__kallsyms(ld, kallsyms, DSO_BINARY_TYPE__KALLSYMS);
}

/*
 * Symbols came from a .debug: open the runtime image (cached elf or the
 * matching original) for the PLT and the segments.
 */
static void loader__find_runtime(struct dso_loader *ld)
{
	static const enum dso_binary_type types[] = {
		DSO_BINARY_TYPE__BUILDID_CACHE, DSO_BINARY_TYPE__ORIGINAL,
	};
	const char *dir = loader__cache_dir(ld);
	struct build_id bid = { .size = 0 };
	char path[PATH_MAX];
	struct symsrc ss;
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (types[i] == DSO_BINARY_TYPE__BUILDID_CACHE) {
			if (!dir || build_id_cache__path(path, sizeof(path), dir, ld->hex, "/elf"))
				continue;
		} else {
			if (!dso__file_path(ld->dso, ld->opts, path, sizeof(path)) ||
			    filename__read_build_id(path, &bid) < 0 ||
			    !build_id__equal(&bid, &ld->want))
				continue;
		}
		if (symsrc__open(&ss, path))
			continue;
		if (!loader__verify(ld, &ss, false)) {
			symsrc__close(&ss);
			continue;
		}
		loader__take_segments(ld, &ss, types[i]);
		ld->runtime = ss;
		ld->runtime_type = types[i];
		ld->have_runtime = true;
		return;
	}
}

int dso__load(struct dso *dso, const struct dso_load_opts *opts)
{
	struct dso_loader ld = { .dso = dso, .opts = opts };
	char path[PATH_MAX];

	if (dso->load_state != DSO_LOAD__NOT_TRIED)
		return dso->load_state == DSO_LOAD__LOADED ? 0 : -ENOENT;
	ld.want = dso->id.bid;
	/* nothing recorded: the file at the path says which debug files fit */
	if (!ld.want.size && !dso->kernel &&
	    dso__file_path(dso, opts, path, sizeof(path)) &&
	    filename__read_build_id(path, &ld.want) < 0)
		ld.want.size = 0;
	if (ld.want.size)
		build_id__sprintf(&ld.want, ld.hex);
	if (dso->kernel)
		loader__kernel(&ld);
	else
		loader__user(&ld);

	/* nothing with a .symtab: the runtime image's .dynsym */
	if (!ld.done && !ld.err && ld.have_runtime) {
		int ret = symsrc__load_symbols(&ld.runtime, &dso->symbols, true,
					       opts->demangle);

		if (ret >= 0) {
			loader__set_source(&ld, ld.runtime.name, ld.runtime_type);
			ld.done = true;
		} else if (ret == -ENOMEM) {
			ld.err = ret;
		}
	}
	if (ld.done && !ld.plt_done && !ld.have_runtime && ld.want.size &&
	    !dso->kernel && !dso->kmod)
		loader__find_runtime(&ld);
	if (ld.done && ld.have_runtime)
		loader__plt(&ld, &ld.runtime, ld.runtime_type);
	if (ld.have_runtime)
		symsrc__close(&ld.runtime);
	symbols__fixup(&dso->symbols);
	dso->load_state = ld.done && !ld.err ? DSO_LOAD__LOADED : DSO_LOAD__FAILED;
	if (ld.err)
		return ld.err;
	return ld.done ? 0 : -ENOENT;
}

int dso_load_opts__check(const struct dso_load_opts *opts, const char *cmd)
{
	struct stat st;

	if (opts->symfs && (stat(opts->symfs, &st) < 0 || !S_ISDIR(st.st_mode))) {
		fprintf(stderr, "%s: --symfs %s: %s\n", cmd, opts->symfs,
			access(opts->symfs, F_OK) ? strerror(errno) : "not a directory");
		return 129;
	}
	if (opts->vmlinux && (stat(opts->vmlinux, &st) < 0 || !S_ISREG(st.st_mode))) {
		fprintf(stderr, "%s: --vmlinux %s: %s\n", cmd, opts->vmlinux,
			access(opts->vmlinux, F_OK) ? strerror(errno) : "not a regular file");
		return 234;
	}
	return 0;
}
