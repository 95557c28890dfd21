// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries: samples merge by the sort keys, --children adds a
 * sample's period once to every distinct entry of its path (recursion
 * counted once), memory follows entries not samples, and the output order
 * is upstream's (period, then callers first, then the keys ascending).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/hists/callchain-tree.h"
#include "util/data/event.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

struct fixture {
	struct thread	*thread;
	struct dso	*dso;
	struct symbol	*sym[4];	/* main, a, b, rec */
	struct sort_keys sort;
};

static struct symbol *sym_new(const char *name, u64 start)
{
	struct symbol *s = calloc(1, sizeof(*s) + strlen(name) + 1);

	s->start = start;
	s->end = start + 16;
	strcpy(s->name, name);
	return s;
}

static int setup(void **state)
{
	static const char * const names[] = { "main", "a", "b", "rec" };
	struct fixture *f = calloc(1, sizeof(*f));
	int i;

	f->thread = thread__new(10, 10, NULL, NULL);
	f->dso = dso__new("/bin/prog", NULL);
	for (i = 0; i < 4; i++)
		f->sym[i] = sym_new(names[i], 0x1000 * (i + 1));
	sort_keys__init_default(&f->sort);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	int i;

	for (i = 0; i < 4; i++)
		free(f->sym[i]);
	thread__put(f->thread);
	dso__put(f->dso);
	free(f);
	return 0;
}

/* A cursor of user frames, leaf first, by symbol index (-1: unknown 0xdead). */
static void cursor_set(struct fixture *f, struct callchain_cursor *c,
		       struct callchain_frame *frames, const int *idx, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		frames[i] = (struct callchain_frame){
			.ip = 0xdead, .addr = 0xdead, .dso = f->dso,
			.sym = idx[i] >= 0 ? f->sym[idx[i]] : NULL,
			.cpumode = PERF_RECORD_MISC_USER,
		};
	}
	*c = (struct callchain_cursor){ .frames = frames, .nr = n };
}

static struct hist_entry *find(struct hists *h, const char *name)
{
	size_t i;

	for (i = 0; i < h->nr_entries; i++)
		if (h->sorted[i]->sym && !strcmp(h->sorted[i]->sym->name, name))
			return h->sorted[i];
	return NULL;
}

static void test_self(void **state)
{
	struct fixture *f = *state;
	struct callchain_frame fr[4];
	struct callchain_cursor c;
	struct hists h;
	int i;

	assert_int_equal(hists__init(&h, &f->sort, false, NULL, false), 0);
	for (i = 0; i < 1000; i++) {
		cursor_set(f, &c, fr, (int[]){ i % 3 ? 1 : 2, 0 }, 2);
		assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 10), 0);
	}
	/* entries, not samples */
	assert_int_equal(h.nr_entries, 2);
	assert_int_equal(h.nr_samples, 1000);
	assert_int_equal(h.total_period, 10000);
	assert_int_equal(hists__output_resort(&h, false), 0);
	assert_string_equal(h.sorted[0]->sym->name, "a");
	assert_int_equal(h.sorted[0]->period, 6660);
	assert_int_equal(h.sorted[1]->period, 3340);
	assert_int_equal(h.sorted[0]->period_children, 0);

	/* a comm change makes another entry under comm,dso,sym */
	cursor_set(f, &c, fr, (int[]){ 1 }, 1);
	assert_int_equal(hists__add_sample(&h, f->thread, "other", PERF_RECORD_MISC_USER, &c, 1), 0);
	assert_int_equal(h.nr_entries, 3);
	hists__exit(&h);
}

static void test_children(void **state)
{
	struct fixture *f = *state;
	struct callchain_frame fr[8];
	struct callchain_cursor c;
	struct hist_entry *he;
	struct hists h;

	assert_int_equal(hists__init(&h, &f->sort, true, NULL, true), 0);
	/* a <- rec <- rec <- main: rec counted once */
	cursor_set(f, &c, fr, (int[]){ 1, 3, 3, 0 }, 4);
	assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 100), 0);
	/* b <- main */
	cursor_set(f, &c, fr, (int[]){ 2, 0 }, 2);
	assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 50), 0);
	/* unknown <- main */
	cursor_set(f, &c, fr, (int[]){ -1, 0 }, 2);
	assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 50), 0);
	assert_int_equal(h.nr_entries, 5);
	assert_int_equal(hists__output_resort(&h, false), 0);

	he = find(&h, "main");
	assert_int_equal(he->period, 0);
	assert_int_equal(he->period_children, 200);
	he = find(&h, "rec");
	assert_int_equal(he->period, 0);
	assert_int_equal(he->period_children, 100);
	he = find(&h, "a");
	assert_int_equal(he->period, 100);
	assert_int_equal(he->period_children, 100);
	assert_ptr_equal(h.sorted[0], find(&h, "main"));
	/* rec and a tie at 100 (no graph kept, so no depth rule): self decides */
	assert_ptr_equal(h.sorted[1], find(&h, "a"));
	assert_ptr_equal(h.sorted[2], find(&h, "rec"));
	/* b and the unknown tie on every period: known symbol first */
	assert_ptr_equal(h.sorted[3], find(&h, "b"));
	assert_null(h.sorted[4]->sym);
	assert_int_equal(h.sorted[4]->addr, 0xdead);
	hists__exit(&h);
}

/* Without call graphs kept, no depth rule: ties go by the keys. */
static void test_children_ties(void **state)
{
	struct fixture *f = *state;
	struct callchain_frame fr[2];
	struct callchain_cursor c;
	struct hists h;

	assert_int_equal(hists__init(&h, &f->sort, true, NULL, true), 0);
	cursor_set(f, &c, fr, (int[]){ 3, 1 }, 2);	/* rec <- a */
	assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 5), 0);
	assert_int_equal(hists__output_resort(&h, false), 0);
	assert_string_equal(h.sorted[0]->sym->name, "rec");	/* self 5 */
	assert_string_equal(h.sorted[1]->sym->name, "a");
	hists__exit(&h);
}

/* With call graphs: equal children periods in one thread put the caller first. */
static void test_children_depth(void **state)
{
	struct fixture *f = *state;
	struct callchain_param param;
	struct callchain_frame fr[2];
	struct callchain_cursor c;
	struct hists h;
	bool caller;

	callchain_param__init(&param);
	for (caller = false; ; caller = true) {
		assert_int_equal(hists__init(&h, &f->sort, true, &param, caller), 0);
		cursor_set(f, &c, fr, (int[]){ 2, 0 }, 2);	/* b <- main */
		assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER, &c, 10), 0);
		assert_int_equal(hists__output_resort(&h, false), 0);
		assert_string_equal(h.sorted[0]->sym->name, caller ? "b" : "main");
		hists__exit(&h);
		if (caller)
			break;
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_self, setup, teardown),
		cmocka_unit_test_setup_teardown(test_children, setup, teardown),
		cmocka_unit_test_setup_teardown(test_children_ties, setup, teardown),
		cmocka_unit_test_setup_teardown(test_children_depth, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
