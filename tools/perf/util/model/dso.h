/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DSOs: the things mapped into address spaces (executables, libraries,
 * the kernel, kernel modules), identified by their build-id first.
 *
 * Identity: the build-id when the recording has one; else device, inode
 * and generation together with the path; else the path alone.  So one
 * path with two build-ids (a binary rebuilt during a recording) is two
 * DSOs, and their symbols are loaded from two different files.
 *
 * Symbols are loaded lazily (dso__load()), from the sources listed in
 * Documentation/symbol-resolution.txt, in that order.  A file is used
 * only if its build-id is the DSO's.
 */
#ifndef __PERF_DSO_H
#define __PERF_DSO_H

#include <linux/types.h>
#include <stdbool.h>
#include <sys/types.h>
#include "util/symbols/build-id.h"
#include "util/symbols/symbol.h"

enum dso_binary_type {
	DSO_BINARY_TYPE__NOT_FOUND = 0,
	DSO_BINARY_TYPE__BUILDID_CACHE,		/* <cache>/.build-id/xx/rest(/elf) */
	DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG,	/* <cache>/.build-id/xx/rest/debug */
	DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS, /* [kernel.kallsyms]/<id>/kallsyms */
	DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID,	/* /usr/lib/debug/.build-id/xx/rest.debug */
	DSO_BINARY_TYPE__DEBUGLINK,		/* .gnu_debuglink target */
	DSO_BINARY_TYPE__MINIDEBUGINFO,		/* .gnu_debugdata (+ .dynsym) */
	DSO_BINARY_TYPE__ORIGINAL,		/* the recorded path, build-id checked */
	DSO_BINARY_TYPE__KALLSYMS,		/* /proc/kallsyms of this kernel */
	DSO_BINARY_TYPE__DEBUGINFOD,		/* the debuginfod hook */
	DSO_BINARY_TYPE__VMLINUX,		/* -k/--vmlinux FILE */
};

enum dso_load_state {
	DSO_LOAD__NOT_TRIED = 0,
	DSO_LOAD__LOADED,			/* symbols (maybe zero of them) */
	DSO_LOAD__FAILED,			/* no usable source */
};

/* What an MMAP record says about the file: build-id and/or inode. */
struct dso_id {
	struct build_id	bid;			/* size 0: none */
	bool		has_inode;
	u32		maj, min;
	u64		ino, ino_generation;
};

/*
 * The debuginfod hook (source 4): fetch the debuginfo (@debuginfo) or the
 * executable of @bid and return a malloc'ed path to it in *@path.
 * Returns 0 or -errno.  util/cache/debuginfod.c provides a fetcher to plug here.
 */
typedef int (*dso_debuginfod_fn)(void *priv, const struct build_id *bid, bool debuginfo,
				 char **path);

struct dso_load_opts {
	const char	*buildid_dir;	/* NULL: $PERF_BUILDID_DIR, else ~/.debug */
	const char	*debug_dir;	/* NULL: /usr/lib/debug */
	const char	*kallsyms;	/* NULL: /proc/kallsyms */
	/*
	 * --symfs: a recorded path P is looked for at @symfs/P instead of P
	 * (another box's files copied here); NULL: the paths as recorded.
	 */
	const char	*symfs;
	/* -k/--vmlinux: the kernel's symbols from this ELF, build-id checked */
	const char	*vmlinux;
	/*
	 * The running kernel's build-id (to decide whether @kallsyms may be
	 * used); size 0: read it from /sys/kernel/notes.
	 */
	struct build_id	running_kernel;
	/*
	 * The recording kernel's build-id, when known (machine__resolve()
	 * fills it in): a [vdso] recorded without build-id is taken from our
	 * own process only if the running kernel is not known to differ.
	 */
	struct build_id	recording_kernel;
	enum demangle_mode demangle;	/* names, with parameters, or raw */
	dso_debuginfod_fn debuginfod;
	void		*debuginfod_priv;
	int		verbose;
};

#define DSO_MAX_SEGS	SYMSRC_MAX_SEGS

struct dso {
	char			*long_name;	/* the recorded path or [name] */
	const char		*short_name;	/* basename, points into long_name */
	size_t			long_name_len;
	struct dso_id		id;
	bool			kernel;		/* [kernel.kallsyms] */
	bool			kmod;		/* a kernel module */
	/* The file at the original path has another build-id: never used. */
	bool			build_id_mismatch;
	/* debuginfod named its failure, with the next step, on stderr */
	bool			debuginfod_said;
	enum dso_load_state	load_state;
	enum dso_binary_type	symtab_type;	/* where the symbols came from */
	char			*symsrc_path;	/* that file, for -v and tests */
	struct symbols		symbols;
	/* PT_LOAD segments of the runtime image: file offset -> address */
	struct symsrc_seg	segs[DSO_MAX_SEGS];
	int			nr_segs;
	/* A sample (or, when asked, a call-chain frame) fell in it. */
	bool			hit;
	/* Source lines (dso-srcline.h): the DWARF, opened on first use */
	struct srcline_file	*srcline;
	bool			srcline_tried;
	/* Inline frames by address (dso-inline.h), made on first use */
	struct dso_inline_cache	*inlines;
	/* atomic: perf report's adder thread takes references too (report/pipeline.c) */
	int			refcnt;
};

struct srcline_file;
struct dso_inline_cache;

struct dso *dso__new(const char *name, const struct dso_id *id);
struct dso *dso__get(struct dso *dso);
void dso__put(struct dso *dso);

static inline bool dso__has_build_id(const struct dso *dso)
{
	return dso->id.bid.size > 0;
}

/*
 * Is @name the kernel's ("[kernel.kallsyms]", or with the "_text" style
 * suffix of its mmap records)?  A module?
 */
bool dso__name_is_kernel(const char *name);
bool dso__name_is_kmod(const char *name);

/*
 * Memory with no file behind it ("//anon", "[heap]", "/dev/zero"...).
 * Executable such memory is JIT code: upstream names it after the file a
 * JIT writes its symbols to, "/tmp/perf-<pid>.map" (dso__anon_map_name()
 * writes that into @buf; returns @buf).
 */
bool dso__name_is_anon(const char *name);
#define DSO_ANON_MAP_NAME_MAX	32
char *dso__anon_map_name(char *buf, size_t size, pid_t pid);

/*
 * Load symbols once (later calls return the first result).  Returns 0 if
 * a source was found, -ENOENT if none was (see build_id_mismatch), other
 * -errno on allocation failure.  Warns about broken files on the way.
 */
int dso__load(struct dso *dso, const struct dso_load_opts *opts);

/*
 * --symfs must be a directory, -k an existing regular file: checked before
 * reading the recording, one line on stderr naming @cmd.  Returns 0, or
 * the exit status: 129 (usage) for --symfs, 234 (upstream's -EINVAL) for -k.
 */
int dso_load_opts__check(const struct dso_load_opts *opts, const char *cmd);

/*
 * The symbol at @addr, an address in the DSO's own space (map__map_ip()).
 * Does not load: NULL until dso__load() ran.  O(log n).
 */
const struct symbol *dso__find_symbol(const struct dso *dso, u64 addr);

/* File offset (as mmap pgoff counts it) -> address of the DSO's symbols. */
u64 dso__offset_to_addr(const struct dso *dso, u64 offset);

/* "build-id cache", "/usr/lib/debug", ... for -v output and tests. */
const char *dso_binary_type__name(enum dso_binary_type type);

/* The set of a machine's DSOs. */
#include "util/model/dsos.h"

#endif
