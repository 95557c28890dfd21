// SPDX-License-Identifier: GPL-2.0
/*
 * The machine model: maps split and trimmed by overlapping mmaps, thread
 * life (comm, fork of threads and processes, exec, exit, tid reuse), and
 * sample addresses resolved end to end through real binaries mapped the
 * way the kernel maps them (PIE and non-PIE), a binary rebuilt during the
 * recording, and kernel addresses through cached kallsyms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/symbols/build-id.h"
#include "symbol-test-helpers.h"

struct fixture {
	char *dir;
	struct dso_load_opts opts;
	char cache[4200], kallsyms[4200];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->dir = scratch_dir()))
		return -1;
	*state = f;
	snprintf(f->cache, sizeof(f->cache), "%s/cache", f->dir);
	f->opts.buildid_dir = f->cache;
	f->opts.debug_dir = f->dir;	/* nothing there */
	/* never this machine's /proc/kallsyms: results must not depend on it */
	snprintf(f->kallsyms, sizeof(f->kallsyms), "%s/no-kallsyms", f->dir);
	f->opts.kallsyms = f->kallsyms;
	return write_file(f->dir, "app.c",
		"#define CAT(a, b) a##b\n#define XCAT(a, b) CAT(a, b)\n"
		"int XCAT(VERSION, _only)(int x) { int i, s = 0; for (i = 0; i < x; i++) s += i * VNUM; return s; }\n"
		"int main(int argc, char **argv) { return XCAT(VERSION, _only)(argc); }\n");
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f)
		scratch_remove(f->dir);
	free(f);
	return 0;
}

static struct dso *dummy_dso(const char *name)
{
	return dso__new(name, NULL);
}

static struct map *add(struct maps *maps, u64 start, u64 len, u64 pgoff, struct dso *dso)
{
	struct map *map = map__new(start, len, pgoff, dso);

	assert_non_null(map);
	assert_int_equal(maps__insert(maps, map), 0);
	map__put(map);
	return maps__find(maps, start);
}

static void assert_map(const struct maps *maps, size_t i, u64 start, u64 end, u64 pgoff,
		       const struct dso *dso)
{
	assert_true(i < maps->nr);
	assert_int_equal(maps->entries[i]->start, start);
	assert_int_equal(maps->entries[i]->end, end);
	assert_int_equal(maps->entries[i]->pgoff, pgoff);
	assert_ptr_equal(maps->entries[i]->dso, dso);
}

static void test_maps_split_and_trim(void **state)
{
	struct dso *a = dummy_dso("/a"), *b = dummy_dso("/b"), *c = dummy_dso("/c");
	struct maps *maps = maps__new();
	struct map *held;

	add(maps, 0x10000, 0x8000, 0x0, a);
	held = map__get(maps__find(maps, 0x10000));
	add(maps, 0x30000, 0x1000, 0x0, c);
	assert_int_equal(maps__nr(maps), 2);

	/* b in the middle of a: a is split, its right part keeps the right pgoff */
	add(maps, 0x12000, 0x2000, 0x5000, b);
	assert_int_equal(maps__nr(maps), 4);
	assert_map(maps, 0, 0x10000, 0x12000, 0x0, a);
	assert_map(maps, 1, 0x12000, 0x14000, 0x5000, b);
	assert_map(maps, 2, 0x14000, 0x18000, 0x4000, a);
	assert_map(maps, 3, 0x30000, 0x31000, 0x0, c);
	/* map objects are not changed under a holder */
	assert_int_equal(held->end, 0x18000);
	map__put(held);

	/* over the left end of one map and the right end of another: both trimmed */
	add(maps, 0x11000, 0x2000, 0x0, c);
	assert_int_equal(maps__nr(maps), 5);
	assert_map(maps, 0, 0x10000, 0x11000, 0x0, a);
	assert_map(maps, 1, 0x11000, 0x13000, 0x0, c);
	assert_map(maps, 2, 0x13000, 0x14000, 0x6000, b);

	/* lookups: edges, holes */
	assert_null(maps__find(maps, 0xffff));
	assert_ptr_equal(maps__find(maps, 0x10fff)->dso, a);
	assert_ptr_equal(maps__find(maps, 0x11000)->dso, c);
	assert_ptr_equal(maps__find(maps, 0x17fff)->dso, a);
	assert_null(maps__find(maps, 0x18000));
	assert_null(maps__find(maps, 0x31000));

	/* one map over everything replaces all */
	add(maps, 0x0, 0x100000, 0x0, b);
	assert_int_equal(maps__nr(maps), 1);
	assert_map(maps, 0, 0x0, 0x100000, 0x0, b);

	/* bad ranges are refused */
	assert_null(map__new(0x1000, 0, 0, a));
	assert_null(map__new(~0ULL - 10, 0x100, 0, a));
	maps__put(maps);
	dso__put(a);
	dso__put(b);
	dso__put(c);
}

static struct perf_mmap_info mmap_info(u32 pid, u64 start, u64 len, u64 pgoff, const char *name,
				       const struct build_id *bid)
{
	struct perf_mmap_info info = {
		.pid = pid, .tid = pid, .start = start, .len = len, .pgoff = pgoff,
		.filename = name, .misc = PERF_RECORD_MISC_USER, .prot = 5,
	};

	if (bid) {
		info.has_build_id = true;
		info.build_id_size = bid->size;
		memcpy(info.build_id, bid->data, bid->size);
	}
	return info;
}

static void test_thread_life(void **state)
{
	struct machine m;
	struct perf_mmap_info info;
	struct thread *parent, *thr, *child, *t;

	assert_int_equal(machine__init(&m, NULL), 0);
	assert_int_equal(machine__process_comm(&m, 100, 100, "server", false), 0);
	info = mmap_info(100, 0x400000, 0x1000, 0, "/bin/server", NULL);
	assert_int_equal(machine__process_mmap(&m, &info), 0);
	parent = machine__find_thread(&m, 100);
	assert_string_equal(thread__comm_str(parent), "server");

	/* a new thread shares the process's maps */
	assert_int_equal(machine__process_fork(&m, 100, 100, 101, 100), 0);
	thr = machine__find_thread(&m, 101);
	assert_ptr_equal(thr->maps, parent->maps);
	assert_string_equal(thread__comm_str(thr), "server");
	info = mmap_info(100, 0x7f0000000000, 0x1000, 0, "/lib/libc.so.6", NULL);
	info.tid = 101;
	assert_int_equal(machine__process_mmap(&m, &info), 0);
	assert_non_null(thread__find_map(parent, PERF_RECORD_MISC_USER, 0x7f0000000010));

	/* a new process gets a copy: its later mmaps are its own */
	assert_int_equal(machine__process_fork(&m, 200, 100, 200, 100), 0);
	child = machine__find_thread(&m, 200);
	assert_ptr_not_equal(child->maps, parent->maps);
	assert_int_equal(child->ppid, 100);
	assert_int_equal(maps__nr(child->maps), 2);
	info = mmap_info(200, 0x500000, 0x1000, 0, "/bin/helper", NULL);
	assert_int_equal(machine__process_mmap(&m, &info), 0);
	assert_int_equal(maps__nr(child->maps), 3);
	assert_int_equal(maps__nr(parent->maps), 2);
	assert_null(thread__find_map(parent, PERF_RECORD_MISC_USER, 0x500000));

	/*
	 * exec: a new comm; the maps stay (samples still inside execve()
	 * return to the old program) until the new program's replace them
	 */
	assert_int_equal(machine__process_comm(&m, 200, 200, "helper", true), 0);
	assert_string_equal(thread__comm_str(child), "helper");
	assert_true(child->comm_exec);
	assert_int_equal(maps__nr(child->maps), 3);
	info = mmap_info(200, 0x500000, 0x2000, 0, "/bin/helper2", NULL);
	assert_int_equal(machine__process_mmap(&m, &info), 0);
	assert_int_equal(maps__nr(child->maps), 3);
	assert_string_equal(thread__find_map(child, PERF_RECORD_MISC_USER, 0x501000)->dso->long_name,
			    "/bin/helper2");
	assert_int_equal(maps__nr(parent->maps), 2);

	/* exit keeps the thread for late samples; a fork reusing the tid replaces it */
	assert_int_equal(machine__process_exit(&m, 200, 200), 0);
	assert_true(machine__find_thread(&m, 200)->exited);
	assert_int_equal(machine__process_fork(&m, 200, 100, 200, 100), 0);
	t = machine__find_thread(&m, 200);
	assert_false(t->exited);
	assert_string_equal(thread__comm_str(t), "server");

	/* unknown threads get upstream's ":tid" name */
	t = machine__findnew_thread(&m, 300, 301);
	assert_string_equal(thread__comm_str(t), ":301");
	assert_non_null(machine__find_thread(&m, 300));	/* its process, sharing maps */
	assert_ptr_equal(machine__find_thread(&m, 300)->maps, t->maps);
	machine__exit(&m);
}

static void test_many_threads(void **state)
{
	struct machine m;
	int i;

	assert_int_equal(machine__init(&m, NULL), 0);
	for (i = 1; i <= 5000; i++)
		assert_int_equal(machine__process_fork(&m, i + 10000, 1, i + 10000, 1), 0);
	/* the 5000, their parent and the idle task every machine holds */
	assert_int_equal(m.nr_threads, 5002);
	assert_string_equal(thread__comm_str(machine__find_thread(&m, 0)), "swapper");
	assert_true(m.nr_buckets > 256);	/* the hash grew */
	for (i = 1; i <= 5000; i += 97)
		assert_int_equal(machine__find_thread(&m, i + 10000)->tid, i + 10000);
	assert_null(machine__find_thread(&m, 9999));
	machine__exit(&m);
}

static void test_raw_events(void **state)
{
	union { union perf_event ev; u8 raw[64]; } u;
	struct machine m;

	assert_int_equal(machine__init(&m, NULL), 0);
	memset(&u, 0, sizeof(u));
	u.ev.header.type = PERF_RECORD_COMM;
	u.ev.header.misc = PERF_RECORD_MISC_COMM_EXEC;
	u.ev.header.size = sizeof(struct perf_record_comm) + 8;
	u.ev.comm.pid = 7;
	u.ev.comm.tid = 7;
	memcpy(u.ev.comm.comm, "sleep\0\0\0", 8);
	assert_int_equal(machine__process_comm_event(&m, &u.ev), 0);
	assert_string_equal(thread__comm_str(machine__find_thread(&m, 7)), "sleep");
	assert_true(machine__find_thread(&m, 7)->comm_exec);
	/* no NUL inside the record */
	memcpy(u.ev.comm.comm, "abcdefgh", 8);
	assert_int_equal(machine__process_comm_event(&m, &u.ev), -EINVAL);
	u.ev.header.size = sizeof(struct perf_record_comm);
	assert_int_equal(machine__process_comm_event(&m, &u.ev), -EINVAL);

	memset(&u, 0, sizeof(u));
	u.ev.header.type = PERF_RECORD_FORK;
	u.ev.header.size = sizeof(struct perf_record_fork);
	u.ev.fork.pid = 8;
	u.ev.fork.ppid = 7;
	u.ev.fork.tid = 8;
	u.ev.fork.ptid = 7;
	assert_int_equal(machine__process_fork_event(&m, &u.ev), 0);
	assert_string_equal(thread__comm_str(machine__find_thread(&m, 8)), "sleep");
	u.ev.header.type = PERF_RECORD_EXIT;
	assert_int_equal(machine__process_exit_event(&m, &u.ev), 0);
	assert_true(machine__find_thread(&m, 8)->exited);
	u.ev.header.size = sizeof(struct perf_record_fork) - 1;
	assert_int_equal(machine__process_fork_event(&m, &u.ev), -EINVAL);
	assert_int_equal(machine__process_exit_event(&m, &u.ev), -EINVAL);
	machine__exit(&m);
}

/* Map the executable segment of @path at load bias @bias, as the kernel does. */
static void map_text(struct machine *m, u32 pid, const char *path, u64 bias,
		     const struct build_id *bid)
{
	char *line = sh_out("readelf -lW '%s' | awk '$1 == \"LOAD\" && / E / "
			    "{ print $2, $3, $5; exit }'", path);
	unsigned long long off, vaddr, filesz;
	struct perf_mmap_info info;

	assert_non_null(line);
	assert_int_equal(sscanf(line, "%llx %llx %llx", &off, &vaddr, &filesz), 3);
	free(line);
	info = mmap_info(pid, bias + (vaddr & ~0xfffULL),
			 (filesz + (vaddr & 0xfff) + 0xfff) & ~0xfffULL, off & ~0xfffULL, path, bid);
	assert_int_equal(machine__process_mmap(m, &info), 0);
}

static const char *resolve(struct machine *m, u32 pid, u64 ip)
{
	struct addr_location al;

	assert_int_equal(machine__resolve(m, pid, pid, PERF_RECORD_MISC_USER, ip, &al), 0);
	return al.sym ? al.sym->name : "[unknown]";
}

static void test_resolve_pie_and_non_pie(void **state)
{
	struct fixture *f = *state;
	char pie[4300], nopie[4300];
	struct build_id b1, b2;
	struct machine m;
	u64 bias = 0x555555554000ULL;

	assert_int_equal(sh("cd '%s' && gcc -O1 -fno-inline -DVERSION=pie -DVNUM=1 -fPIE -pie "
			    "-Wl,--build-id -o pie app.c && gcc -O1 -fno-inline -DVERSION=nopie "
			    "-DVNUM=2 -no-pie -Wl,--build-id -o nopie app.c", f->dir), 0);
	snprintf(pie, sizeof(pie), "%s/pie", f->dir);
	snprintf(nopie, sizeof(nopie), "%s/nopie", f->dir);
	assert_int_equal(filename__read_build_id(pie, &b1), 0);
	assert_int_equal(filename__read_build_id(nopie, &b2), 0);

	assert_int_equal(machine__init(&m, &f->opts), 0);
	map_text(&m, 10, pie, bias, &b1);
	map_text(&m, 11, nopie, 0, &b2);
	assert_string_equal(resolve(&m, 10, bias + nm_addr(pie, "pie_only") + 4), "pie_only");
	assert_string_equal(resolve(&m, 10, bias + nm_addr(pie, "main")), "main");
	assert_string_equal(resolve(&m, 11, nm_addr(nopie, "nopie_only") + 4), "nopie_only");
	assert_string_equal(resolve(&m, 11, nm_addr(nopie, "main")), "main");
	assert_string_equal(resolve(&m, 11, 0x10), "[unknown]");	/* unmapped */
	machine__exit(&m);
}

static void test_rebuilt_during_recording(void **state)
{
	struct fixture *f = *state;
	struct build_id b1, b2;
	char app[4300], v1[4300];
	u64 bias = 0x560000000000ULL, ip1, ip2;
	struct addr_location al;
	struct machine m;

	/* v1 runs and is then rebuilt in place; v2 runs under the same path */
	assert_int_equal(sh("cd '%s' && mkdir -p bin && "
			    "gcc -O1 -DVERSION=old -DVNUM=3 -Wl,--build-id -o bin/app app.c && "
			    "cp bin/app app.v1 && "
			    "gcc -O1 -DVERSION=new -DVNUM=5 -Wl,--build-id -o bin/app app.c",
			    f->dir), 0);
	snprintf(app, sizeof(app), "%s/bin/app", f->dir);
	snprintf(v1, sizeof(v1), "%s/app.v1", f->dir);
	assert_int_equal(filename__read_build_id(v1, &b1), 0);
	assert_int_equal(filename__read_build_id(app, &b2), 0);
	/* what perf record would have put in the cache for v1 */
	assert_int_equal(sh("c='%s' && h=$(readelf -n '%s' | awk '/Build ID/ { print $3 }') && "
			    "mkdir -p \"$c%s/$h\" \"$c/.build-id/$(echo $h | cut -c1-2)\" && "
			    "cp '%s' \"$c%s/$h/elf\" && "
			    "ln -s \"../..%s/$h\" \"$c/.build-id/$(echo $h | cut -c1-2)/$(echo $h | cut -c3-)\"",
			    f->cache, v1, app, v1, app, app), 0);

	assert_int_equal(machine__init(&m, &f->opts), 0);
	assert_int_equal(machine__process_comm(&m, 50, 50, "app", true), 0);
	map_text(&m, 50, app, bias, &b1);
	ip1 = bias + nm_addr(v1, "old_only") + 2;
	assert_string_equal(resolve(&m, 50, ip1), "old_only");

	assert_int_equal(machine__process_comm(&m, 50, 50, "app", true), 0);
	map_text(&m, 50, app, bias, &b2);
	ip2 = bias + nm_addr(app, "new_only") + 2;
	assert_string_equal(resolve(&m, 50, ip2), "new_only");
	assert_int_equal(m.dsos.nr, 2);

	assert_int_equal(machine__resolve(&m, 50, 50, PERF_RECORD_MISC_USER, ip2, &al), 0);
	assert_int_equal(al.dso->symtab_type, DSO_BINARY_TYPE__ORIGINAL);
	assert_ptr_equal(dsos__find_by_build_id(&m.dsos, &b1)->symtab_type,
			 DSO_BINARY_TYPE__BUILDID_CACHE);
	machine__exit(&m);
}

static void test_kernel_resolution(void **state)
{
	struct fixture *f = *state;
	struct perf_mmap_info info = {
		.pid = (u32)-1, .tid = 0, .start = 0xffffffff81000000ULL, .len = 0x1000000,
		.pgoff = 0xffffffff81000000ULL, .filename = "[kernel.kallsyms]_text",
		.misc = PERF_RECORD_MISC_KERNEL,
	};
	struct addr_location al;
	struct build_id kid;
	char khex[SBUILD_ID_SIZE];
	struct machine m;

	assert_int_equal(build_id__from_hex(&kid, "0123456789abcdef0123456789abcdef01234567"), 0);
	build_id__sprintf(&kid, khex);
	assert_int_equal(sh("d='%s/[kernel.kallsyms]/%s' && mkdir -p \"$d\" && "
			    "printf 'ffffffff81000000 T _stext\\nffffffff81000400 T do_syscall_64\\n"
			    "ffffffff81000800 t irq_work\\nffffffffc0100000 t modfn\\t[mod]\\n' "
			    "> \"$d/kallsyms\"", f->cache, khex), 0);

	assert_int_equal(machine__init(&m, &f->opts), 0);
	/* the header's build-id table gives the kernel's id */
	assert_int_equal(machine__add_build_id(&m, "[kernel.kallsyms]", &kid), 0);
	assert_int_equal(machine__process_mmap(&m, &info), 0);
	assert_int_equal(machine__resolve(&m, 5, 5, PERF_RECORD_MISC_KERNEL,
					  0xffffffff81000410ULL, &al), 0);
	assert_non_null(al.sym);
	assert_string_equal(al.sym->name, "do_syscall_64");
	assert_true(al.dso->kernel);
	assert_int_equal(al.addr, 0xffffffff81000410ULL);
	assert_int_equal(al.dso->symtab_type, DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS);
	/* outside the kernel map (a module without a map): kallsyms still knows it */
	assert_int_equal(machine__resolve(&m, 5, 5, PERF_RECORD_MISC_KERNEL,
					  0xffffffffc0100004ULL, &al), 0);
	assert_string_equal(al.sym->name, "modfn");
	/* a user-mode sample is not looked up in the kernel by accident */
	assert_int_equal(machine__resolve(&m, 5, 5, PERF_RECORD_MISC_USER, 0x400000, &al), 0);
	assert_null(al.sym);
	machine__exit(&m);
}

static void test_kernel_module(void **state)
{
	struct fixture *f = *state;
	struct perf_mmap_info kinfo = {
		.pid = (u32)-1, .start = 0xffffffff81000000ULL, .len = 0x1000000,
		.pgoff = 0xffffffff81000000ULL, .filename = "[kernel.kallsyms]_text",
		.misc = PERF_RECORD_MISC_KERNEL,
	};
	struct perf_mmap_info minfo = {
		.pid = (u32)-1, .start = 0xffffffffc0200000ULL, .len = 0x2000,
		.misc = PERF_RECORD_MISC_KERNEL,
	};
	char ko[4300], other[4300];
	struct addr_location al;
	struct build_id mid;
	struct machine m;
	u64 work;

	/* a module with a build-id, shipped xz-compressed */
	assert_int_equal(write_file(f->dir, "mod.c",
		"int mod_init(void) { return 0; }\n"
		"int mod_work(int x) { int i, s = 0; for (i = 0; i < x; i++) s += i; return s; }\n"), 0);
	assert_int_equal(sh("cd '%s' && gcc -O1 -c -o mod.o mod.c && "
			    "ld -r --build-id=sha1 -o mod.ko mod.o && xz -c mod.ko > mod.ko.xz && "
			    "sed 's/i++/i += 2/' mod.c > mod2.c && gcc -O1 -c -o mod2.o mod2.c && "
			    "ld -r --build-id=sha1 -o other.ko mod2.o && xz -c other.ko > other.ko.xz",
			    f->dir), 0);
	snprintf(ko, sizeof(ko), "%s/mod.ko.xz", f->dir);
	snprintf(other, sizeof(other), "%s/other.ko.xz", f->dir);
	assert_int_equal(filename__read_build_id(ko, &mid), 0);
	snprintf(ko, sizeof(ko), "%s/mod.ko", f->dir);
	work = nm_addr(ko, "mod_work");
	snprintf(ko, sizeof(ko), "%s/mod.ko.xz", f->dir);

	assert_int_equal(machine__init(&m, &f->opts), 0);
	assert_int_equal(machine__process_mmap(&m, &kinfo), 0);
	minfo.filename = ko;
	minfo.has_build_id = true;
	minfo.build_id_size = mid.size;
	memcpy(minfo.build_id, mid.data, mid.size);
	assert_int_equal(machine__process_mmap(&m, &minfo), 0);
	assert_int_equal(maps__nr(m.kmaps), 2);
	assert_int_equal(machine__resolve(&m, 0, 0, PERF_RECORD_MISC_KERNEL,
					  minfo.start + work + 1, &al), 0);
	assert_true(al.dso->kmod);
	assert_non_null(al.sym);
	assert_string_equal(al.sym->name, "mod_work");
	assert_int_equal(al.dso->symtab_type, DSO_BINARY_TYPE__ORIGINAL);
	machine__exit(&m);

	/* another build at the recorded path: refused */
	assert_int_equal(sh("cp '%s' '%s'", other, ko), 0);
	assert_int_equal(machine__init(&m, &f->opts), 0);
	assert_int_equal(machine__process_mmap(&m, &minfo), 0);
	assert_int_equal(machine__resolve(&m, 0, 0, PERF_RECORD_MISC_KERNEL,
					  minfo.start + work + 1, &al), 0);
	assert_null(al.sym);
	assert_true(al.dso->build_id_mismatch);
	machine__exit(&m);
}

/* A user map of @name over [@start, @start + 0x1000) in process @pid. */
static void mmap_user(struct machine *m, pid_t pid, u64 start, const char *name)
{
	struct perf_mmap_info info = {
		.pid = pid, .tid = pid, .start = start, .len = 0x1000,
		.filename = name, .misc = PERF_RECORD_MISC_USER,
	};

	assert_int_equal(machine__process_mmap(m, &info), 0);
}

/* Through the cache, as a call chain's frames are; checked against the long way. */
static const char *resolved_dso(struct machine *m, pid_t pid, u8 cpumode, u64 ip)
{
	struct thread *thread = machine__findnew_thread(m, pid, pid);
	struct addr_location al, direct;

	assert_non_null(thread);
	/* a hint only: before the table exists too, and no answer changes */
	machine__prefetch_resolved(m, thread, cpumode, ip);
	machine__resolve_cached(m, thread, cpumode, ip, &al);
	assert_int_equal(machine__resolve(m, pid, pid, cpumode, ip, &direct), 0);
	assert_ptr_equal(al.map, direct.map);
	assert_ptr_equal(al.dso, direct.dso);
	assert_ptr_equal(al.sym, direct.sym);
	assert_int_equal(al.addr, direct.addr);
	return al.dso ? al.dso->long_name : NULL;
}

/*
 * Call chains' resolutions are cached (util/model/addr-cache.h); every change
 * that can alter one must be seen at once: a map replaced, a forked copy changed apart
 * from its parent, an exec, kernel maps that arrive late (for kernel and
 * user-mode lookups alike).
 */
static void test_resolve_cache_follows_changes(void **state)
{
	struct perf_mmap_info kinfo = {
		.pid = (u32)-1, .start = 0xffffffff81000000ULL, .len = 0x1000000,
		.pgoff = 0xffffffff81000000ULL, .filename = "[kernel.kallsyms]_text",
		.misc = PERF_RECORD_MISC_KERNEL,
	};
	const u64 kip = 0xffffffff81000010ULL;
	struct fixture *f = *state;
	struct machine m;
	u64 hits, ip;

	assert_int_equal(machine__init(&m, &f->opts), 0);
	mmap_user(&m, 7, 0x400000, "/nonexistent/a");
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/a");
	/* a slot is one cache line: the table starts on a line */
	assert_int_equal((uintptr_t)m.addr_cache.slots % 64, 0);
	hits = m.addr_cache.hits;
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/a");
	assert_int_equal(m.addr_cache.hits, hits + 1);

	/* an mmap over the same range replaces the answer */
	mmap_user(&m, 7, 0x400000, "/nonexistent/b");
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/b");

	/* a forked process has its own copy: a change to one is not the other's */
	assert_int_equal(machine__process_fork(&m, 8, 7, 8, 7), 0);
	assert_string_equal(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/b");
	mmap_user(&m, 7, 0x400000, "/nonexistent/c");
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/c");
	assert_string_equal(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/b");

	/* enough distinct addresses to grow the table: answers stay right */
	for (ip = 0x10000000; ip < 0x10000000 + 20000; ip++)
		assert_null(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, ip));
	assert_true(m.addr_cache.bits > 12);
	assert_string_equal(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/b");

	/* exec keeps the maps until the new program's mmaps replace them */
	assert_int_equal(machine__process_comm(&m, 7, 7, "new", true), 0);
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/c");
	mmap_user(&m, 7, 0x400000, "/nonexistent/d");
	assert_string_equal(resolved_dso(&m, 7, PERF_RECORD_MISC_USER, 0x400010), "/nonexistent/d");

	/* kernel maps learned late, seen by kernel and user-mode lookups */
	assert_null(resolved_dso(&m, 8, PERF_RECORD_MISC_KERNEL, kip));
	assert_null(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, kip));
	assert_int_equal(machine__process_mmap(&m, &kinfo), 0);
	assert_string_equal(resolved_dso(&m, 8, PERF_RECORD_MISC_KERNEL, kip), "[kernel.kallsyms]");
	assert_string_equal(resolved_dso(&m, 8, PERF_RECORD_MISC_USER, kip), "[kernel.kallsyms]");
	machine__exit(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maps_split_and_trim),
		cmocka_unit_test(test_thread_life),
		cmocka_unit_test(test_many_threads),
		cmocka_unit_test(test_raw_events),
		cmocka_unit_test(test_resolve_pie_and_non_pie),
		cmocka_unit_test(test_rebuilt_during_recording),
		cmocka_unit_test(test_kernel_resolution),
		cmocka_unit_test(test_kernel_module),
		cmocka_unit_test(test_resolve_cache_follows_changes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
