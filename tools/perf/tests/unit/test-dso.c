// SPDX-License-Identifier: GPL-2.0
/*
 * DSO identity and the order of symbol sources: one path with two
 * build-ids is two DSOs with their own symbols; the build-id cache wins
 * over the path; a different file at the recorded path is never used;
 * /usr/lib/debug, .gnu_debuglink, MiniDebugInfo, the debuginfod hook;
 * hostile cache entries; kallsyms chosen by the kernel's build-id.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/model/dso.h"
#include "util/symbols/build-id.h"
#include "symbol-test-helpers.h"

struct fixture {
	char *dir;
	char app[4200];		/* the recorded path: holds v2 at the end */
	char v1[4200];		/* a copy of the first build */
	struct build_id id1, id2;
	char hex1[SBUILD_ID_SIZE];
	struct dso_load_opts opts;
	char cache[4200], debug[4200];
};

/* -DVERSION=v1 names the first function v1_only; VNUM makes the code (and id) differ */
static const char app_c[] =
	"#define CAT(a, b) a##b\n#define XCAT(a, b) CAT(a, b)\n#define ONLY XCAT(VERSION, _only)\n"
	"int ONLY(int x) { int i, s = 0; for (i = 0; i < x; i++) s += i * VNUM; return s; }\n"
	"int common_fn(int x) { return ONLY(x) + 1; }\n"
	"int main(int argc, char **argv) { return common_fn(argc); }\n";

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->dir = scratch_dir()))
		return -1;
	*state = f;
	if (write_file(f->dir, "app.c", app_c))
		return -1;
	snprintf(f->app, sizeof(f->app), "%s/bin/app", f->dir);
	snprintf(f->v1, sizeof(f->v1), "%s/app.v1", f->dir);
	snprintf(f->cache, sizeof(f->cache), "%s/cache", f->dir);
	snprintf(f->debug, sizeof(f->debug), "%s/usr-lib-debug", f->dir);
	/* the same path, built twice with different code: two build-ids */
	if (sh("cd '%s' && mkdir -p bin cache usr-lib-debug && "
	       "gcc -O1 -fno-inline -DVERSION=v1 -DVNUM=3 -Wl,--build-id -o bin/app app.c && "
	       "cp bin/app app.v1 && "
	       "gcc -O1 -fno-inline -DVERSION=v2 -DVNUM=5 -Wl,--build-id -o bin/app app.c", f->dir))
		return -1;
	if (filename__read_build_id(f->v1, &f->id1) || filename__read_build_id(f->app, &f->id2))
		return -1;
	build_id__sprintf(&f->id1, f->hex1);
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f)
		scratch_remove(f->dir);
	free(f);
	return 0;
}

/* Each test starts with an empty cache and debug dir. */
static int per_test(void **state)
{
	struct fixture *f = *state;

	memset(&f->opts, 0, sizeof(f->opts));
	f->opts.buildid_dir = f->cache;
	f->opts.debug_dir = f->debug;
	return sh("rm -rf '%s' '%s' && mkdir -p '%s' '%s'", f->cache, f->debug, f->cache,
		  f->debug);
}

/* Upstream's layout: .build-id/xx/rest -> ../../<path>/<id>/{elf,debug}. */
static void cache_add(struct fixture *f, const char *file, const char *as, const char *recorded)
{
	char *hex = readelf_build_id(file);

	assert_non_null(hex);
	assert_int_equal(sh("c='%s' && mkdir -p \"$c%s/%s\" \"$c/.build-id/%.2s\" && "
			    "cp '%s' \"$c%s/%s/%s\" && "
			    "ln -sfn '../..%s/%s' \"$c/.build-id/%.2s/%s\"",
			    f->cache, recorded, hex, hex, file, recorded, hex, as, recorded, hex,
			    hex, hex + 2), 0);
	free(hex);
}

static struct dso *new_dso(const char *name, const struct build_id *bid)
{
	struct dso_id id = { .has_inode = false };

	if (bid)
		id.bid = *bid;
	return dso__new(name, &id);
}

static void assert_resolves(struct dso *dso, const char *elf, const char *name)
{
	u64 addr = nm_addr(elf, name);
	const struct symbol *sym;

	assert_true(addr != 0);
	sym = dso__find_symbol(dso, addr + 1);
	assert_non_null(sym);
	assert_string_equal(sym->name, name);
}

static void test_one_path_two_build_ids(void **state)
{
	struct fixture *f = *state;
	struct dso_id id1 = { .bid = f->id1 }, id2 = { .bid = f->id2 };
	struct dso *a, *b, *again;
	struct dsos dsos;

	assert_false(build_id__equal(&f->id1, &f->id2));
	cache_add(f, f->v1, "elf", f->app);
	cache_add(f, f->app, "elf", f->app);

	dsos__init(&dsos);
	a = dsos__findnew_id(&dsos, f->app, &id1);
	b = dsos__findnew_id(&dsos, f->app, &id2);
	again = dsos__findnew_id(&dsos, f->app, &id1);
	assert_ptr_not_equal(a, b);
	assert_ptr_equal(a, again);
	assert_int_equal(dsos.nr, 2);
	assert_ptr_equal(dsos__find_by_build_id(&dsos, &f->id2), b);
	assert_string_equal(a->short_name, "app");

	assert_int_equal(dso__load(a, &f->opts), 0);
	assert_int_equal(dso__load(b, &f->opts), 0);
	assert_int_equal(a->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE);
	assert_resolves(a, f->v1, "v1_only");
	assert_resolves(b, f->app, "v2_only");
	assert_null(symbols__find_by_name(&a->symbols, "v2_only"));
	assert_null(symbols__find_by_name(&b->symbols, "v1_only"));
	dso__put(a);
	dso__put(b);
	dso__put(again);
	dsos__exit(&dsos);
}

static void test_cache_wins_and_other_file_refused(void **state)
{
	struct fixture *f = *state;
	struct dso *dso;

	/* v1 recorded; the path now holds v2; the cache has v1 */
	cache_add(f, f->v1, "elf", f->app);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE);
	assert_non_null(strstr(dso->symsrc_path, f->hex1 + 2));
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);

	/* no cache: the file at the path is another build and is not used */
	assert_int_equal(per_test(state), 0);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	assert_true(dso->build_id_mismatch);
	assert_int_equal(dso->load_state, DSO_LOAD__FAILED);
	assert_int_equal(dso->symbols.nr, 0);
	assert_null(dso__find_symbol(dso, nm_addr(f->app, "v2_only")));
	/* a second call does not retry */
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	dso__put(dso);

	/* the matching file at the path is used */
	dso = new_dso(f->app, &f->id2);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__ORIGINAL);
	assert_false(dso->build_id_mismatch);
	assert_resolves(dso, f->app, "v2_only");
	dso__put(dso);
}

static void test_cache_debug_file(void **state)
{
	struct fixture *f = *state;
	char stripped[4300], dbg[4300];
	struct dso *dso;

	/* cache holds a stripped elf and the separate debug file */
	snprintf(stripped, sizeof(stripped), "%s/app.v1.stripped", f->dir);
	snprintf(dbg, sizeof(dbg), "%s/app.v1.debug", f->dir);
	assert_int_equal(sh("objcopy --only-keep-debug '%s' '%s' && strip -s -o '%s' '%s'",
			    f->v1, dbg, stripped, f->v1), 0);
	cache_add(f, stripped, "elf", f->app);
	cache_add(f, dbg, "debug", f->app);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG);
	assert_resolves(dso, f->v1, "v1_only");
	/* segments came from the runtime elf, not the debug file */
	assert_true(dso->nr_segs > 0);
	dso__put(dso);
}

static void test_system_debug_dir(void **state)
{
	struct fixture *f = *state;
	struct dso *dso;

	assert_int_equal(sh("d='%s/.build-id/%.2s' && mkdir -p \"$d\" && "
			    "objcopy --only-keep-debug '%s' \"$d/%s.debug\"",
			    f->debug, f->hex1, f->v1, f->hex1 + 2), 0);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID);
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);
}

static void test_debuglink_and_minidebuginfo(void **state)
{
	struct fixture *f = *state;
	struct build_id bid;
	char path[4300];
	struct dso *dso;

	/* a stripped binary with .gnu_debuglink, its debug file in .debug/ */
	assert_int_equal(sh("cd '%s' && mkdir -p dl/.debug && cp app.v1 dl/app && "
			    "objcopy --only-keep-debug dl/app dl/.debug/app.dbg && "
			    "strip -s dl/app && "
			    "objcopy --add-gnu-debuglink=dl/.debug/app.dbg dl/app", f->dir), 0);
	snprintf(path, sizeof(path), "%s/dl/app", f->dir);
	assert_int_equal(filename__read_build_id(path, &bid), 0);
	dso = new_dso(path, &bid);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__DEBUGLINK);
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);

	/* MiniDebugInfo: .symtab as xz inside .gnu_debugdata */
	assert_int_equal(sh("cd '%s' && mkdir -p mini && cp app.v1 mini/app && "
			    "objcopy --only-keep-debug mini/app mini/d && strip -s mini/app && "
			    "xz -c mini/d > mini/d.xz && rm mini/d && "
			    "objcopy --add-section .gnu_debugdata=mini/d.xz mini/app", f->dir), 0);
	snprintf(path, sizeof(path), "%s/mini/app", f->dir);
	assert_int_equal(filename__read_build_id(path, &bid), 0);
	dso = new_dso(path, &bid);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__MINIDEBUGINFO);
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);
}

struct hook {
	const char *path;
	int calls;
};

static int hook_fetch(void *priv, const struct build_id *bid, bool debuginfo, char **path)
{
	struct hook *h = priv;

	h->calls++;
	if (!h->path)
		return -ENOENT;
	*path = strdup(h->path);
	return *path ? 0 : -ENOMEM;
}

static void test_debuginfod_hook(void **state)
{
	struct fixture *f = *state;
	struct hook h = { .path = f->v1 };
	char gone[4300];
	struct dso *dso;

	f->opts.debuginfod = hook_fetch;
	f->opts.debuginfod_priv = &h;
	snprintf(gone, sizeof(gone), "%s/nowhere/app", f->dir);
	dso = new_dso(gone, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__DEBUGINFOD);
	assert_int_equal(h.calls, 1);
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);

	/* the hook hands back a file with another build-id: refused */
	h.path = f->app;
	h.calls = 0;
	dso = new_dso(gone, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	assert_int_equal(h.calls, 2);	/* debuginfo, then executable */
	dso__put(dso);

	/* found earlier: the hook is not called */
	h.calls = 0;
	dso = new_dso(f->app, &f->id2);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(h.calls, 0);
	dso__put(dso);
}

static void test_vdso_from_cache(void **state)
{
	struct fixture *f = *state;
	struct dso *dso;

	/* perf record saves [vdso]/<id>/vdso, without a .build-id link */
	assert_int_equal(sh("d='%s/[vdso]/%s' && mkdir -p \"$d\" && cp '%s' \"$d/vdso\"",
			    f->cache, f->hex1, f->v1), 0);
	dso = new_dso("[vdso]", &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE);
	assert_resolves(dso, f->v1, "v1_only");
	dso__put(dso);
}

static void test_hostile_cache(void **state)
{
	struct fixture *f = *state;
	char link[4300];
	struct dso *dso;

	/* a symlink loop where the .build-id link should be */
	snprintf(link, sizeof(link), "%s/.build-id/%.2s/%s", f->cache, f->hex1, f->hex1 + 2);
	assert_int_equal(sh("mkdir -p '%s/.build-id/%.2s' && ln -s '%s' '%s'", f->cache, f->hex1,
			    link, link), 0);
	dso = new_dso(f->v1, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__ORIGINAL);
	dso__put(dso);

	/* garbage as elf, a FIFO as debug, another binary claiming the id */
	assert_int_equal(per_test(state), 0);
	cache_add(f, f->v1, "elf", f->app);
	assert_int_equal(sh("c='%s%s/%s' && head -c 2000 /dev/urandom > \"$c/elf\" && "
			    "mkfifo \"$c/debug\"", f->cache, f->app, f->hex1), 0);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	assert_true(dso->build_id_mismatch);
	dso__put(dso);

	assert_int_equal(sh("c='%s%s/%s' && rm -f \"$c/debug\" && cp '%s' \"$c/elf\"", f->cache,
			    f->app, f->hex1, f->app), 0);
	dso = new_dso(f->app, &f->id1);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);	/* v2 under v1's id */
	assert_int_equal(dso->symbols.nr, 0);
	dso__put(dso);
}

static void test_identity_without_build_id(void **state)
{
	struct fixture *f = *state;
	struct dso_id ino1 = { .has_inode = true, .maj = 8, .min = 1, .ino = 100 };
	struct dso_id ino2 = { .has_inode = true, .maj = 8, .min = 1, .ino = 200 };
	struct dso_id none = { .has_inode = false };
	struct dso *a, *b, *c, *d, *e;
	struct dsos dsos;

	dsos__init(&dsos);
	a = dsos__findnew_id(&dsos, "/usr/bin/x", &ino1);
	b = dsos__findnew_id(&dsos, "/usr/bin/x", &ino2);
	c = dsos__findnew_id(&dsos, "/usr/bin/x", &ino1);
	assert_ptr_not_equal(a, b);
	assert_ptr_equal(a, c);
	/* the header's build-id table names an id for a path: id-less mmaps get it */
	assert_int_equal(dsos__add_build_id_hint(&dsos, f->app, &f->id2), 0);
	d = dsos__findnew_id(&dsos, f->app, &none);
	assert_true(build_id__equal(&d->id.bid, &f->id2));
	assert_int_equal(dso__load(d, &f->opts), 0);
	assert_resolves(d, f->app, "v2_only");
	/* two ids for one path (rebuilt while recording): ambiguous, not used */
	assert_int_equal(dsos__add_build_id_hint(&dsos, "/usr/bin/y", &f->id1), 0);
	assert_int_equal(dsos__add_build_id_hint(&dsos, "/usr/bin/y", &f->id2), 0);
	e = dsos__findnew_id(&dsos, "/usr/bin/y", &none);
	assert_int_equal(e->id.bid.size, 0);
	assert_int_equal(dsos.nr, 4);
	dso__put(a);
	dso__put(b);
	dso__put(c);
	dso__put(d);
	dso__put(e);
	dsos__exit(&dsos);
}

/* Modules show as upstream does: "[name]", '-' as '_', whatever the suffix. */
static void test_module_names(void **state)
{
	struct dso *d = dso__new("/lib/modules/6.1.0/kernel/sound/snd-hda-intel.ko.xz", NULL);

	assert_non_null(d);
	assert_true(d->kmod);
	assert_false(d->kernel);
	assert_string_equal(d->long_name, "/lib/modules/6.1.0/kernel/sound/snd-hda-intel.ko.xz");
	assert_string_equal(d->short_name, "[snd_hda_intel]");
	dso__put(d);
	d = dso__new("e1000e.ko", NULL);
	assert_non_null(d);
	assert_string_equal(d->short_name, "[e1000e]");
	dso__put(d);
}

static void test_kernel_kallsyms_by_build_id(void **state)
{
	struct fixture *f = *state;
	struct build_id kid, other;
	char kpath[4300], khex[SBUILD_ID_SIZE];
	struct dso *dso;

	assert_int_equal(build_id__from_hex(&kid, "00112233445566778899aabbccddeeff00112233"), 0);
	assert_int_equal(build_id__from_hex(&other, "ffeeddccbbaa99887766554433221100ffeeddcc"), 0);
	build_id__sprintf(&kid, khex);
	assert_int_equal(sh("d='%s/[kernel.kallsyms]/%s' && mkdir -p \"$d\" && "
			    "printf 'ffffffff81000000 T _stext\\nffffffff81000100 T cached_fn\\n' "
			    "> \"$d/kallsyms\"", f->cache, khex), 0);
	snprintf(kpath, sizeof(kpath), "%s/proc-kallsyms", f->dir);
	assert_int_equal(write_file(f->dir, "proc-kallsyms",
				    "ffffffff81000000 T _stext\nffffffff81000100 T running_fn\n"), 0);
	f->opts.kallsyms = kpath;

	/* the cache has the recording kernel's kallsyms */
	dso = new_dso("[kernel.kallsyms]_text", &kid);
	assert_true(dso->kernel);
	assert_string_equal(dso->long_name, "[kernel.kallsyms]");
	f->opts.running_kernel = other;
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS);
	assert_string_equal(dso__find_symbol(dso, 0xffffffff81000180ULL)->name, "cached_fn");
	dso__put(dso);

	/* not cached, another kernel runs: its kallsyms is not used */
	assert_int_equal(sh("rm -rf '%s/[kernel.kallsyms]'", f->cache), 0);
	dso = new_dso("[kernel.kallsyms]", &kid);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	assert_true(dso->build_id_mismatch);
	dso__put(dso);

	/* the recording kernel is the running one */
	f->opts.running_kernel = kid;
	dso = new_dso("[kernel.kallsyms]", &kid);
	assert_int_equal(dso__load(dso, &f->opts), 0);
	assert_int_equal(dso->symtab_type, DSO_BINARY_TYPE__KALLSYMS);
	assert_string_equal(dso__find_symbol(dso, 0xffffffff81000180ULL)->name, "running_fn");
	dso__put(dso);

	/* kptr_restrict: all zeros is no kallsyms at all */
	assert_int_equal(write_file(f->dir, "proc-kallsyms",
				    "0000000000000000 T _stext\n0000000000000000 T fn\n"), 0);
	dso = new_dso("[kernel.kallsyms]", &kid);
	assert_int_equal(dso__load(dso, &f->opts), -ENOENT);
	dso__put(dso);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_one_path_two_build_ids, per_test),
		cmocka_unit_test_setup(test_cache_wins_and_other_file_refused, per_test),
		cmocka_unit_test_setup(test_cache_debug_file, per_test),
		cmocka_unit_test_setup(test_system_debug_dir, per_test),
		cmocka_unit_test_setup(test_debuglink_and_minidebuginfo, per_test),
		cmocka_unit_test_setup(test_debuginfod_hook, per_test),
		cmocka_unit_test_setup(test_vdso_from_cache, per_test),
		cmocka_unit_test_setup(test_hostile_cache, per_test),
		cmocka_unit_test_setup(test_identity_without_build_id, per_test),
		cmocka_unit_test_setup(test_module_names, per_test),
		cmocka_unit_test_setup(test_kernel_kallsyms_by_build_id, per_test),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
