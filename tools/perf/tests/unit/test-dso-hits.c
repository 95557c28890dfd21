// SPDX-License-Identifier: GPL-2.0
/*
 * Marking the DSOs samples touch, on the shared model: the sample's own
 * ip, call-chain frames only when asked (what --store needs), JIT code
 * as upstream's /tmp/perf-<pid>.map, guests' and hypervisor samples not
 * resolved; guest machines listed after the host, by pid; build-id table
 * entries as DSOs under their own names.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <cmocka.h>
#include "util/model/dso-hits.h"

static void mmap_one(struct machine *m, u32 pid, u64 start, u64 len, u32 prot,
		     const char *name)
{
	struct perf_mmap_info info = {
		.pid = pid, .tid = pid, .start = start, .len = len, .prot = prot,
		.filename = name, .misc = PERF_RECORD_MISC_USER,
	};

	assert_int_equal(machine__process_mmap(m, &info), 0);
}

static struct dso *named(struct machine *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->dsos.nr; i++)
		if (!strcmp(m->dsos.entries[i]->long_name, name))
			return m->dsos.entries[i];
	return NULL;
}

/* A sample in "app" whose chain goes through "libc" (reached only there). */
static void test_sample_and_callchain(void **state)
{
	struct {
		u64 nr;
		u64 ips[4];
	} chain = { 4, { PERF_CONTEXT_USER, 0x1010, 0x7000010, 0x1020 } };
	union perf_event ev = { .header.misc = PERF_RECORD_MISC_USER };
	struct perf_sample s = { .pid = 7, .tid = 7, .ip = 0x1010 };
	struct machine m;

	assert_int_equal(machine__init(&m, NULL), 0);
	mmap_one(&m, 7, 0x1000, 0x1000, PROT_READ | PROT_EXEC, "/app");
	mmap_one(&m, 7, 0x7000000, 0x1000, PROT_READ | PROT_EXEC, "/libc.so.6");
	s.callchain = (const struct ip_callchain *)&chain;

	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, false), 0);
	assert_true(named(&m, "/app")->hit);
	assert_false(named(&m, "/libc.so.6")->hit);
	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, true), 0);
	assert_true(named(&m, "/libc.so.6")->hit);
	machine__exit(&m);
}

/* Executable anonymous memory is the process's /tmp/perf-<pid>.map. */
static void test_jit_map_name(void **state)
{
	union perf_event ev = { .header.misc = PERF_RECORD_MISC_USER };
	struct perf_sample s = { .pid = 42, .tid = 43, .ip = 0x5010 };
	char name[DSO_ANON_MAP_NAME_MAX];
	struct machine m;

	assert_string_equal(dso__anon_map_name(name, sizeof(name), 42), "/tmp/perf-42.map");
	assert_true(dso__name_is_anon("//anon"));
	assert_true(dso__name_is_anon("[heap]"));
	assert_false(dso__name_is_anon("/usr/lib/libc.so.6"));

	assert_int_equal(machine__init(&m, NULL), 0);
	mmap_one(&m, 42, 0x5000, 0x1000, PROT_READ | PROT_EXEC, "//anon");
	mmap_one(&m, 42, 0x9000, 0x1000, PROT_READ | PROT_WRITE, "//anon");
	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, false), 0);
	assert_true(named(&m, "/tmp/perf-42.map")->hit);
	assert_false(named(&m, "//anon")->hit);
	/* data, not code: the anonymous memory as it is */
	s.ip = 0x9010;
	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, false), 0);
	assert_true(named(&m, "//anon")->hit);
	machine__exit(&m);
}

/* Guests' and the hypervisor's samples are not resolved: nothing hit. */
static void test_guest_samples_ignored(void **state)
{
	union perf_event ev = { .header.misc = PERF_RECORD_MISC_GUEST_USER };
	struct perf_sample s = { .pid = 7, .tid = 7, .ip = 0x1010 };
	struct machine m;

	assert_int_equal(machine__init(&m, NULL), 0);
	mmap_one(&m, 7, 0x1000, 0x1000, PROT_READ | PROT_EXEC, "/app");
	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, true), 0);
	ev.header.misc = PERF_RECORD_MISC_HYPERVISOR;
	assert_int_equal(machine__mark_sample_hits(&m, &ev, &s, true), 0);
	assert_false(named(&m, "/app")->hit);
	machine__exit(&m);
}

/* The host, then the guests by pid, whatever order they came in. */
static void test_guest_machines(void **state)
{
	struct machines ms;
	struct machine *g9, *g3;

	assert_int_equal(machines__init(&ms, NULL), 0);
	assert_ptr_equal(machines__findnew(&ms, HOST_KERNEL_ID), &ms.host);
	g9 = machines__findnew(&ms, 9);
	g3 = machines__findnew(&ms, 3);
	assert_non_null(g9);
	assert_non_null(g3);
	assert_ptr_equal(machines__findnew(&ms, 9), g9);
	assert_int_equal(machines__nr(&ms), 3);
	assert_ptr_equal(machines__nth(&ms, 0), &ms.host);
	assert_ptr_equal(machines__nth(&ms, 1), g3);
	assert_ptr_equal(machines__nth(&ms, 2), g9);
	assert_int_equal(g3->pid, 3);
	assert_int_equal(ms.host.pid, HOST_KERNEL_ID);
	/* a guest's kernel, whatever the suffix of its map, is one DSO */
	{
		struct perf_mmap_info info = {
			.pid = (u32)-1, .start = 0xffff0000, .len = 0x1000,
			.filename = "[guest.kernel.kallsyms]_text",
			.misc = PERF_RECORD_MISC_GUEST_KERNEL,
		};

		assert_int_equal(machine__process_mmap(g3, &info), 0);
		assert_int_equal(g3->dsos.nr, 1);
		assert_string_equal(g3->dsos.entries[0]->long_name, "[guest.kernel.kallsyms]");
	}
	assert_true(cpumode__is_guest(PERF_RECORD_MISC_GUEST_KERNEL));
	assert_false(cpumode__is_guest(PERF_RECORD_MISC_KERNEL));
	machines__exit(&ms);
}

/*
 * Table entries: one path with two ids is two DSOs; the same id under
 * two paths too; an mmap-made DSO without id takes a trailing record's.
 */
static void test_table_dsos(void **state)
{
	struct build_id a = { .size = 20 }, b = { .size = 20 };
	struct dsos dsos;
	struct dso *x, *y, *z, *w, *v;

	memset(a.data, 0xaa, 20);
	memset(b.data, 0xbb, 20);
	dsos__init(&dsos);
	x = dsos__findnew_build_id(&dsos, "/bin/x", &a);
	y = dsos__findnew_build_id(&dsos, "/bin/x", &b);
	z = dsos__findnew_build_id(&dsos, "/bin/./x", &a);
	assert_ptr_not_equal(x, y);
	assert_ptr_not_equal(x, z);
	assert_ptr_equal(dsos__findnew_build_id(&dsos, "/bin/x", &b), y);
	assert_string_equal(dsos__findnew_build_id(&dsos, "[kernel.kallsyms]/../k", &a)->long_name,
			    "[kernel.kallsyms]/../k");
	w = dsos__findnew_id(&dsos, "/bin/w", NULL);
	v = dsos__findnew_build_id(&dsos, "/bin/w", &b);
	assert_ptr_equal(v, w);
	assert_true(build_id__equal(&w->id.bid, &b));
	dso__put(w);
	assert_int_equal(dsos.nr, 5);
	dsos__exit(&dsos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_and_callchain),
		cmocka_unit_test(test_jit_map_name),
		cmocka_unit_test(test_guest_samples_ignored),
		cmocka_unit_test(test_guest_machines),
		cmocka_unit_test(test_table_dsos),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
