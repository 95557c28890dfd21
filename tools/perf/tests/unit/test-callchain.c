// SPDX-License-Identifier: GPL-2.0
/*
 * machine__resolve_callchain(): context markers switch the address space
 * and are not frames, frames come out leaf first resolved through the
 * thread's maps (a compiled PIE) and the kernel's (cached kallsyms), a
 * chain with a context we do not know is dropped whole (as upstream
 * does), a sample without a chain is its ip, and a cursor stops
 * allocating once it has held the deepest chain.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <cmocka.h>
#include "util/model/callchain.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/symbols/build-id.h"
#include "symbol-test-helpers.h"

#define KBASE	0xffffffff81000000ULL
#define BIAS	0x555555554000ULL
#define PID	50

struct fixture {
	char *dir;
	char cache[4200], kallsyms[4200], app[4300];
	struct dso_load_opts opts;
	struct machine m;
	struct thread *thread;
	u64 leaf, caller;		/* addresses inside app's functions */
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct perf_mmap_info kinfo = {
		.pid = (u32)-1, .start = KBASE, .len = 0x1000000, .pgoff = KBASE,
		.filename = "[kernel.kallsyms]_text", .misc = PERF_RECORD_MISC_KERNEL,
	};
	struct perf_mmap_info info = {
		.pid = PID, .tid = PID, .start = BIAS, .len = 0x100000, .pgoff = 0,
		.misc = PERF_RECORD_MISC_USER, .prot = 5,
	};
	struct build_id kid, bid;
	char khex[SBUILD_ID_SIZE];

	if (!f || !(f->dir = scratch_dir()))
		return -1;
	*state = f;
	snprintf(f->cache, sizeof(f->cache), "%s/cache", f->dir);
	snprintf(f->kallsyms, sizeof(f->kallsyms), "%s/no-kallsyms", f->dir);
	snprintf(f->app, sizeof(f->app), "%s/app", f->dir);
	f->opts.buildid_dir = f->cache;
	f->opts.debug_dir = f->dir;
	f->opts.kallsyms = f->kallsyms;
	if (write_file(f->dir, "app.c",
		       "__attribute__((noinline)) int leaf_fn(int x) { int i, s = 0; "
		       "for (i = 0; i < x; i++) s += i * 3; return s; }\n"
		       "__attribute__((noinline)) int caller_fn(int x) { return leaf_fn(x) + 1; }\n"
		       "int main(int argc, char **argv) { return caller_fn(argc); }\n") ||
	    sh("cd '%s' && gcc -O1 -fPIE -pie -Wl,--build-id -o app app.c", f->dir))
		return -1;
	/* a kernel whose kallsyms perf record cached under its build-id */
	if (build_id__from_hex(&kid, "0123456789abcdef0123456789abcdef01234567"))
		return -1;
	build_id__sprintf(&kid, khex);
	if (sh("d='%s/[kernel.kallsyms]/%s' && mkdir -p \"$d\" && "
	       "printf 'ffffffff81000000 T _stext\\nffffffff81000400 T do_syscall_64\\n"
	       "ffffffff81000800 t irq_work\\n' > \"$d/kallsyms\"", f->cache, khex))
		return -1;
	if (filename__read_build_id(f->app, &bid))
		return -1;
	f->leaf = BIAS + nm_addr(f->app, "leaf_fn") + 4;
	f->caller = BIAS + nm_addr(f->app, "caller_fn") + 2;

	if (machine__init(&f->m, &f->opts) ||
	    machine__add_build_id(&f->m, "[kernel.kallsyms]", &kid) ||
	    machine__process_mmap(&f->m, &kinfo) ||
	    machine__process_comm(&f->m, PID, PID, "app", true))
		return -1;
	/* the whole file mapped at BIAS: the file offset is the address */
	info.filename = f->app;
	info.has_build_id = true;
	info.build_id_size = bid.size;
	memcpy(info.build_id, bid.data, bid.size);
	if (machine__process_mmap(&f->m, &info))
		return -1;
	f->thread = machine__find_thread(&f->m, PID);
	return f->thread ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f) {
		machine__exit(&f->m);
		scratch_remove(f->dir);
	}
	free(f);
	return 0;
}

/* A sample of @nr callchain entries, in a buffer shaped like the record's. */
struct chain_sample {
	struct perf_sample sample;
	u64 buf[300];
};

static void chain_sample__init(struct chain_sample *cs, const u64 *ips, size_t nr)
{
	memset(cs, 0, sizeof(*cs));
	assert_true(nr < 300);
	cs->buf[0] = nr;
	memcpy(&cs->buf[1], ips, nr * sizeof(*ips));
	cs->sample.callchain = (const struct ip_callchain *)cs->buf;
	cs->sample.pid = cs->sample.tid = PID;
	cs->sample.cpumode = PERF_RECORD_MISC_USER;
	cs->sample.ip = nr ? ips[0] : 0;
}

static const char *frame_sym(const struct callchain_frame *fr)
{
	return fr->sym ? fr->sym->name : "[unknown]";
}

static void test_no_callchain(void **state)
{
	struct fixture *f = *state;
	struct callchain_cursor c;
	struct perf_sample s = {
		.pid = PID, .tid = PID, .ip = f->leaf, .cpumode = PERF_RECORD_MISC_USER,
	};

	callchain_cursor__init(&c);
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &s, &c), 0);
	assert_int_equal(c.nr, 1);
	assert_string_equal(frame_sym(&c.frames[0]), "leaf_fn");
	assert_int_equal(c.frames[0].ip, f->leaf);
	assert_int_equal(c.frames[0].addr, f->leaf - BIAS);
	assert_int_equal(c.frames[0].cpumode, PERF_RECORD_MISC_USER);
	assert_non_null(c.frames[0].dso);

	/* a kernel sample without a chain resolves in the kernel */
	s.ip = KBASE + 0x404;
	s.cpumode = PERF_RECORD_MISC_KERNEL;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &s, &c), 0);
	assert_int_equal(c.nr, 1);
	assert_string_equal(frame_sym(&c.frames[0]), "do_syscall_64");
	assert_true(c.frames[0].dso->kernel);
	callchain_cursor__exit(&c);
}

static void test_kernel_and_user_chain(void **state)
{
	struct fixture *f = *state;
	const u64 ips[] = {
		PERF_CONTEXT_KERNEL, KBASE + 0x810, KBASE + 0x420,
		PERF_CONTEXT_USER, f->leaf, f->caller, 0x10,
	};
	struct chain_sample cs;
	struct callchain_cursor c;

	callchain_cursor__init(&c);
	chain_sample__init(&cs, ips, 7);
	cs.sample.cpumode = PERF_RECORD_MISC_KERNEL;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_int_equal(c.nr, 5);		/* markers are not frames */
	assert_string_equal(frame_sym(&c.frames[0]), "irq_work");
	assert_int_equal(c.frames[0].cpumode, PERF_RECORD_MISC_KERNEL);
	assert_int_equal(c.frames[0].addr, KBASE + 0x810);
	assert_string_equal(frame_sym(&c.frames[1]), "do_syscall_64");
	assert_string_equal(frame_sym(&c.frames[2]), "leaf_fn");
	assert_int_equal(c.frames[2].cpumode, PERF_RECORD_MISC_USER);
	assert_int_equal(c.frames[2].ip, f->leaf);
	assert_string_equal(frame_sym(&c.frames[3]), "caller_fn");
	assert_ptr_equal(c.frames[2].dso, c.frames[3].dso);
	/* not mapped: kept, unresolved */
	assert_int_equal(c.frames[4].ip, 0x10);
	assert_null(c.frames[4].map);
	assert_null(c.frames[4].dso);
	assert_null(c.frames[4].sym);
	callchain_cursor__exit(&c);
}

static void test_user_address_under_kernel_marker(void **state)
{
	struct fixture *f = *state;
	const u64 ips[] = { PERF_CONTEXT_KERNEL, f->leaf, PERF_CONTEXT_USER, KBASE + 0x404 };
	struct chain_sample cs;
	struct callchain_cursor c;

	/* the marker decides the address space, not the address */
	callchain_cursor__init(&c);
	chain_sample__init(&cs, ips, 4);
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_int_equal(c.nr, 2);
	assert_null(c.frames[0].sym);
	assert_int_equal(c.frames[0].cpumode, PERF_RECORD_MISC_KERNEL);
	assert_int_equal(c.frames[1].cpumode, PERF_RECORD_MISC_USER);
	/* a kernel address in the user part is not looked up in the kernel */
	assert_null(c.frames[1].sym);
	assert_null(c.frames[1].dso);
	callchain_cursor__exit(&c);
}

/* The sample's ip alone, without a graph: its chain could not be used. */
static void assert_ip_only(const struct callchain_cursor *c)
{
	assert_int_equal(c->nr, 1);
	assert_true(c->ip_only);
	assert_string_equal(frame_sym(&c->frames[0]), "leaf_fn");
}

static void test_bad_context_drops_chain(void **state)
{
	struct fixture *f = *state;
	const u64 guest[] = { PERF_CONTEXT_USER, f->leaf, PERF_CONTEXT_GUEST, f->caller };
	const u64 junk[] = { f->leaf, PERF_CONTEXT_MAX + 5, f->caller };
	const u64 hv[] = { PERF_CONTEXT_HV, 0x1234, PERF_CONTEXT_USER, f->caller };
	struct chain_sample cs;
	struct callchain_cursor c;

	callchain_cursor__init(&c);
	chain_sample__init(&cs, guest, 4);
	cs.sample.ip = f->leaf;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_ip_only(&c);
	chain_sample__init(&cs, junk, 3);
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_ip_only(&c);
	assert_int_equal(c.stats.nr_bad_context, 2);
	assert_int_equal(c.stats.bad_value, PERF_CONTEXT_GUEST);
	/* HV is a context we know: its frame stays, unresolved */
	chain_sample__init(&cs, hv, 4);
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_int_equal(c.nr, 2);
	assert_false(c.ip_only);
	assert_int_equal(c.frames[0].cpumode, PERF_RECORD_MISC_HYPERVISOR);
	assert_null(c.frames[0].sym);
	assert_string_equal(frame_sym(&c.frames[1]), "caller_fn");
	/* an empty chain: the sample still counts, at its ip */
	chain_sample__init(&cs, hv, 0);
	cs.sample.ip = f->leaf;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_ip_only(&c);
	assert_int_equal(c.stats.nr_empty, 1);
	assert_int_equal(c.stats.nr_chains, 4);
	callchain_cursor__exit(&c);
}

/* --max-stack: the first N frames, markers not counted; what follows unread. */
static void test_max_stack(void **state)
{
	struct fixture *f = *state;
	const u64 ips[] = { PERF_CONTEXT_USER, f->leaf, f->caller, f->caller, PERF_CONTEXT_MAX + 5 };
	struct chain_sample cs;
	struct callchain_cursor c;
	struct callchain_stats st = { 0 };

	callchain_cursor__init(&c);
	c.max_stack = 2;
	chain_sample__init(&cs, ips, 5);
	cs.sample.ip = f->leaf;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_int_equal(c.nr, 2);
	assert_false(c.ip_only);
	assert_int_equal(c.stats.nr_max_stack, 1);
	callchain_stats__scan(&st, &cs.sample, 2);
	assert_int_equal(st.nr_max_stack, 1);
	/* reached within the limit, the bad value drops the chain */
	c.max_stack = 4;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_ip_only(&c);
	callchain_stats__scan(&st, &cs.sample, UINT_MAX);
	assert_int_equal(st.nr_bad_context, 1);
	/* callers first: the outermost frames, behind the sample's ip */
	{
		const u64 deep[] = { PERF_CONTEXT_USER, f->leaf, f->caller, 0x1234, f->caller };

		chain_sample__init(&cs, deep, 5);
		cs.sample.ip = f->leaf;
		c.outermost = true;
		c.max_stack = 2;
		assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
		assert_int_equal(c.nr, 3);
		assert_false(c.ip_only);
		assert_string_equal(frame_sym(&c.frames[0]), "leaf_fn");
		assert_int_equal(c.frames[1].ip, 0x1234);
		assert_string_equal(frame_sym(&c.frames[2]), "caller_fn");
		c.outermost = false;
		chain_sample__init(&cs, ips, 5);
		cs.sample.ip = f->leaf;
	}
	/* none: the ip alone, as upstream's --max-stack 0 */
	c.max_stack = 0;
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_ip_only(&c);
	assert_int_equal(callchain__parse_max_stack("5", &c.max_stack), 0);
	assert_int_equal(c.max_stack, 5);
	assert_int_equal(callchain__parse_max_stack("-1", &c.max_stack), -EINVAL);
	assert_int_equal(callchain__parse_max_stack("x", &c.max_stack), -EINVAL);
	callchain_cursor__exit(&c);
}

static void test_cursor_reused(void **state)
{
	struct fixture *f = *state;
	static u64 ips[257];
	struct callchain_frame *frames;
	struct chain_sample cs;
	struct callchain_cursor c;
	size_t i, alloc;

	ips[0] = PERF_CONTEXT_USER;
	for (i = 1; i < 257; i++)
		ips[i] = i & 1 ? f->leaf : f->caller;
	callchain_cursor__init(&c);
	chain_sample__init(&cs, ips, 257);
	assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
	assert_int_equal(c.nr, 256);
	assert_string_equal(frame_sym(&c.frames[255]), "caller_fn");
	frames = c.frames;
	alloc = c.alloc;
	/* shallower and equal chains reuse the frames: no allocation */
	for (i = 0; i < 100; i++) {
		chain_sample__init(&cs, ips, i % 2 ? 5 : 257);
		assert_int_equal(machine__resolve_callchain(&f->m, f->thread, &cs.sample, &c), 0);
		assert_ptr_equal(c.frames, frames);
		assert_int_equal(c.alloc, alloc);
	}
	assert_int_equal(c.nr, 4);
	callchain_cursor__exit(&c);
	assert_null(c.frames);
}

/*
 * The level an unmapped frame shows (upstream's, from the side its walk
 * comes from): any frames asked in either order, for both sides, against
 * a plain scan, on chains of every mix of mapped and unmapped frames.
 */
static u8 level_by_scan(const struct callchain_cursor *c, size_t j, bool from_root, u8 dflt)
{
	long i;

	if (c->frames[j].map)
		return c->frames[j].cpumode;
	if (from_root) {
		for (i = j + 1; i < (long)c->nr; i++)
			if (c->frames[i].map)
				return c->frames[i].cpumode;
	} else {
		for (i = (long)j - 1; i >= 0; i--)
			if (c->frames[i].map)
				return c->frames[i].cpumode;
	}
	return dflt;
}

static void test_unmapped_frame_level(void **state)
{
	struct callchain_frame frames[7];
	struct callchain_cursor c = { .frames = frames, .nr = 7 };
	struct callchain_level l;
	int dummy, side, up;
	unsigned int mask, ask;
	size_t i, j;

	(void)state;
	for (mask = 0; mask < 1u << 7; mask++) {
		for (i = 0; i < 7; i++)
			frames[i] = (struct callchain_frame){
				.map = mask & 1u << i ? (struct map *)&dummy : NULL,
				/* each mapped frame its own level, told apart */
				.cpumode = (u8)(10 + i),
			};
		/* the frames asked: any subset, as frames whose entry exists are skipped */
		for (ask = 1; ask < 1u << 7; ask++) {
			for (side = 0; side < 2; side++) {
				for (up = 0; up < 2; up++) {
					callchain_level__init(&l, &c, side);
					for (i = 0; i < 7; i++) {
						j = up ? i : 6 - i;
						if (!(ask & 1u << j))
							continue;
						assert_int_equal(callchain_level__cpumode(&l, j, 1),
								 level_by_scan(&c, j, side, 1));
					}
				}
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_callchain),
		cmocka_unit_test(test_kernel_and_user_chain),
		cmocka_unit_test(test_user_address_under_kernel_marker),
		cmocka_unit_test(test_bad_context_drops_chain),
		cmocka_unit_test(test_max_stack),
		cmocka_unit_test(test_cursor_reused),
		cmocka_unit_test(test_unmapped_frame_level),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
