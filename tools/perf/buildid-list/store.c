// SPDX-License-Identifier: GPL-2.0
/*
 * buildid-list --store.  Sources, in order, for each DSO:
 *   1. already in the cache;
 *   2. kernel: /proc/kallsyms if the running kernel has the recorded id;
 *      [vdso]: our own process's vdso if it has the recorded id;
 *      other DSOs: the file at the recorded path if it has the id;
 *   3. /usr/lib/debug/.build-id/xx/rest.debug (stored as "debug");
 *   4. debuginfod: the executable (stored as "elf"; for the kernel the
 *      vmlinux), else the debuginfo (stored as "debug"; for the kernel a
 *      vmlinux with DWARF, stored as "elf").
 * All missing ids go to the servers in one concurrent batch per kind.
 * Names come from the perf.data and are untrusted: the cache code refuses
 * what would leave the cache, and they are printed with control
 * characters escaped.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/cache/build-id-cache.h"
#include "buildid-list/store.h"
#include "util/symbols/kmodules.h"
#include "util/base/debug.h"
#include "util/cache/debuginfod.h"
#include "util/symbols/vdso.h"
#include "util/cache/vdso-cache.h"
#include "util/model/dso-hits.h"
#include "util/base/hashmap.h"
#include "util/symbols/kallsyms.h"
#include "util/base/array.h"

#define DEBUG_DIR	"/usr/lib/debug"

const char *build_id_store_src__name(enum build_id_store_src src)
{
	switch (src) {
	case BUILD_ID_STORE__CACHED:		return "already cached";
	case BUILD_ID_STORE__ORIGINAL:		return "original path";
	case BUILD_ID_STORE__KALLSYMS:		return "running kernel";
	case BUILD_ID_STORE__DEBUG_DIR:		return "debug dir";
	case BUILD_ID_STORE__DEBUGINFOD_EXE:	return "debuginfod executable";
	case BUILD_ID_STORE__DEBUGINFOD_DEBUG:	return "debuginfod debuginfo";
	default:				return "none";
	}
}

static bool is_kernel(const struct build_id_store_entry *e)
{
	return !strcmp(e->name, BUILD_ID_CACHE_KERNEL);
}

/*
 * [vdso]: our own process's, when it carries the recorded id (the same
 * kernel maps the same vdso; upstream takes its own vdso too).
 */
static int store_own_vdso(struct build_id_store_entry *e, const char *dir)
{
	struct build_id bid = e->bid;
	int ret = vdso__cache(dir, &bid);

	if (!ret)
		e->src = BUILD_ID_STORE__KALLSYMS;
	return ret == -ESTALE ? -ENOENT : ret;
}

static int store_local(struct build_id_store_entry *e, const char *dir, const char *debug_dir)
{
	char hex[SBUILD_ID_SIZE], path[PATH_MAX];
	struct build_id bid = e->bid;
	int ret;

	if (build_id_cache__check_name(e->name))
		return -EINVAL;		/* before any file is looked at */
	if (build_id_cache__cached(dir, &e->bid)) {
		e->src = BUILD_ID_STORE__CACHED;
		return 0;
	}
	if (is_kernel(e)) {
		struct build_id running = { .size = 0 };

		if (kernel__read_build_id(&running) || !build_id__equal(&running, &e->bid))
			return -ENOENT;
		ret = build_id_cache__add_kallsyms(dir, &running);
		e->src = BUILD_ID_STORE__KALLSYMS;
		return ret;
	}
	if (!strcmp(e->name, BUILD_ID_CACHE_VDSO))
		return store_own_vdso(e, dir);
	if (e->name[0] == '/') {
		ret = build_id_cache__add_file(dir, e->name, NULL, &bid, NULL);
		if (ret != -ENOENT && ret != -ESTALE && ret != -EINVAL && ret != -ENOTDIR &&
		    ret != -EACCES) {
			e->src = BUILD_ID_STORE__ORIGINAL;
			return ret;
		}
	}
	build_id__sprintf(&e->bid, hex);
	ret = build_id_cache__path(path, sizeof(path), debug_dir, hex, ".debug");
	if (ret)
		return ret;
	bid = e->bid;
	ret = build_id_cache__add_file(dir, path, e->name, &bid, "debug");
	if (!ret)
		e->src = BUILD_ID_STORE__DEBUG_DIR;
	return ret == -ESTALE ? -ENOENT : ret;
}

/* One debuginfod batch of @kind for the entries still failing with -ENOENT. */
static int store_remote(struct build_id_store_entry *e, size_t n, const char *dir,
			struct debuginfod_fetcher *f, enum debuginfod_kind kind)
{
	struct build_id *ids = calloc(n, sizeof(*ids));
	struct debuginfod_result *res = calloc(n, sizeof(*res));
	size_t *idx = calloc(n, sizeof(*idx)), i, m = 0;
	int ret = -ENOMEM;

	if (!ids || !res || !idx)
		goto out;
	for (i = 0; i < n; i++) {
		if (e[i].err == -ENOENT) {
			idx[m] = i;
			ids[m++] = e[i].bid;
		}
	}
	ret = m ? debuginfod_fetcher__fetch_many(f, ids, m, kind, res) : 0;
	for (i = 0; ret >= 0 && i < m; i++) {
		struct build_id_store_entry *x = &e[idx[i]];
		struct build_id bid = x->bid;
		bool debug = kind == DEBUGINFOD_KIND_DEBUGINFO && !is_kernel(x);

		if (!res[i].err) {
			/* a kernel's executable or debuginfo is its vmlinux: "elf" */
			x->err = build_id_cache__add_file(dir, res[i].path, x->name, &bid,
							  debug ? "debug" : "elf");
			x->src = kind == DEBUGINFOD_KIND_DEBUGINFO ?
				 BUILD_ID_STORE__DEBUGINFOD_DEBUG : BUILD_ID_STORE__DEBUGINFOD_EXE;
		} else if (res[i].err != -ENOENT) {
			x->err = res[i].err;
		}
		debuginfod_result__exit(&res[i]);
	}
out:
	free(ids);
	free(res);
	free(idx);
	return ret < 0 ? ret : 0;
}

int build_id_store__run(struct build_id_store_entry *e, size_t n, const char *dir,
			const char *debug_dir, struct debuginfod_fetcher *fetcher)
{
	size_t i;
	int failed = 0;

	for (i = 0; i < n; i++)
		e[i].err = store_local(&e[i], dir, debug_dir ? debug_dir : DEBUG_DIR);
	if (fetcher) {
		store_remote(e, n, dir, fetcher, DEBUGINFOD_KIND_EXECUTABLE);
		store_remote(e, n, dir, fetcher, DEBUGINFOD_KIND_DEBUGINFO);
	}
	for (i = 0; i < n; i++)
		failed += e[i].err != 0;
	return failed;
}

/* A name from a perf.data on a terminal: control characters as '?'. */
static void print_name(FILE *out, const char *name)
{
	for (; *name; name++)
		fputc((unsigned char)*name < 0x20 || *name == 0x7f ? '?' : *name, out);
}

struct store_list {
	struct build_id_store_entry *v;
	size_t nr, alloc;
	struct hashmap seen;		/* (build-id, name) -> index + 1 */
};

static u64 store_list__hash(const struct build_id *bid, const char *name)
{
	return hash__str(name, build_id__hash(bid));
}

/* Each (build-id, name) once: guests and tables may repeat one. */
static int store_list__add(void *priv, const struct build_id *bid, const char *name)
{
	struct store_list *l = priv;
	u64 hash = store_list__hash(bid, name);
	size_t it = 0;
	void *idx;

	while ((idx = hashmap__next(&l->seen, hash, &it)) != NULL) {
		const struct build_id_store_entry *e = &l->v[(uintptr_t)idx - 1];

		if (build_id__equal(&e->bid, bid) && !strcmp(e->name, name))
			return 0;
	}
	if (ARRAY_GROW(l->v, l->alloc, l->nr + 1))
		return -ENOMEM;
	memset(&l->v[l->nr], 0, sizeof(l->v[0]));
	l->v[l->nr].bid = *bid;
	l->v[l->nr].name = strdup(name);
	if (!l->v[l->nr].name)
		return -ENOMEM;
	l->nr++;
	return hashmap__add(&l->seen, hash, (void *)(uintptr_t)l->nr);
}

static struct debuginfod_fetcher *store__fetcher(const char *urls, bool no_debuginfod,
						 int verbose)
{
	struct debuginfod_opts opts = { .verbose = verbose, .progress = true };

	if (no_debuginfod)
		return NULL;
	opts.urls = urls && *urls ? urls : NULL;
	if (!opts.urls && !debuginfod__configured())
		return NULL;
	return debuginfod_fetcher__new(&opts);
}

int buildid_store__cmd(const struct dso_hits_opts *opts, const char *urls, bool no_debuginfod)
{
	struct store_list l = { .nr = 0 };
	int verbose = opts->verbose;
	struct debuginfod_fetcher *f = NULL;
	char dir[PATH_MAX], hex[SBUILD_ID_SIZE];
	int ret, failed = 0;
	size_t i;

	if (build_id_cache__dir(dir, sizeof(dir))) {
		pr_err("perf buildid-list: no build-id cache directory (HOME unset)\n");
		return 1;
	}
	hashmap__init(&l.seen);
	ret = dso_hits__for_each_build_id(opts, store_list__add, &l);
	if (ret == -EIO)
		goto out;
	if (!ret) {
		f = store__fetcher(urls, no_debuginfod, verbose);
		failed = build_id_store__run(l.v, l.nr, dir, NULL, f);
	}
	for (i = 0; !ret && i < l.nr; i++) {
		const struct build_id_store_entry *e = &l.v[i];

		build_id__sprintf(&e->bid, hex);
		printf("%s %s ", e->err ? "FAIL" : "OK", hex);
		print_name(stdout, e->name);
		putchar('\n');
		if (e->err)
			pr_debug(verbose, 1, "%s: %s\n", hex, strerror(-e->err));
		else
			pr_debug(verbose, 1, "%s: from %s\n", hex,
				 build_id_store_src__name(e->src));
	}
out:
	if (ret && ret != -EIO)
		pr_err("perf buildid-list: %s\n", strerror(-ret));
	for (i = 0; i < l.nr; i++)
		free(l.v[i].name);
	free(l.v);
	hashmap__exit(&l.seen);
	debuginfod_fetcher__delete(f);
	return ret || failed ? 1 : 0;
}

/* -m: one line per loaded module, as perf record would describe it. */
static int build_id_store__print_modules(void)
{
	char hex[SBUILD_ID_SIZE];
	struct kmodules km;
	size_t i;

	if (kmodules__read(&km)) {
		pr_err("perf buildid-list: out of memory reading the loaded modules\n");
		return 1;
	}
	for (i = 0; i < km.nr; i++) {
		const struct kmodule *m = &km.mods[i];

		build_id__sprintf(&m->bid, hex);
		printf("%s %016llx %016llx %s\n", hex, (unsigned long long)m->start,
		       (unsigned long long)(m->start + m->size), m->path);
	}
	kmodules__exit(&km);
	return 0;
}

int build_id_store__print_kernel(bool maps)
{
	char hex[SBUILD_ID_SIZE], *text;
	u64 start = 0, end = 0;
	struct build_id bid;
	size_t len;

	if (kernel__read_build_id(&bid)) {
		pr_err("perf buildid-list: cannot read the kernel's build-id (/sys/kernel/notes)\n");
		return 1;
	}
	build_id__sprintf(&bid, hex);
	if (!maps) {
		printf("%s\n", hex);
		return 0;
	}
	/* unreadable or hidden (kptr_restrict): zeros, as upstream prints them */
	if (!kallsyms__read(KALLSYMS_PROC_PATH, &text, &len, true)) {
		kallsyms__text_range(text, len, &start, &end);
		free(text);
	}
	printf("%s %016llx %016llx [kernel.kallsyms]\n", hex, (unsigned long long)start,
	       (unsigned long long)end);
	return build_id_store__print_modules();
}
