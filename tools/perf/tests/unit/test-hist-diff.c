// SPDX-License-Identifier: GPL-2.0
/*
 * perf diff's pairing: a binary rebuilt at one path (two DSOs, one name,
 * two build-ids) is compared by symbol name, each version's own; a
 * binary renamed (two names, one build-id) pairs with itself; a DSO's
 * unknown addresses are one entry shown as the lowest; the order is
 * upstream's (entries of the new file by |delta|, then the baseline's;
 * ratio and wdiff, -o 0).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "util/hists/hist.h"
#include "util/hists/hist-diff.h"
#include "util/model/callchain.h"
#include "util/data/event.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

static struct symbol *sym_new(const char *name, u64 start)
{
	struct symbol *s = calloc(1, sizeof(*s) + strlen(name) + 1);

	s->start = start;
	s->end = start + 16;
	strcpy(s->name, name);
	return s;
}

static struct dso *dso_with_id(const char *name, u8 byte)
{
	struct dso_id id = { .has_inode = false };
	u8 bid[20];

	memset(bid, byte, sizeof(bid));
	build_id__init(&id.bid, bid, sizeof(bid));
	return dso__new(name, &id);
}

/* One sample of @period on @sym (NULL: unknown at @ip) of @dso. */
static void add(struct hists *h, struct thread *t, struct dso *dso, const struct symbol *sym,
		u64 ip, u64 period)
{
	struct callchain_frame fr = {
		.ip = ip, .addr = ip, .dso = dso, .sym = sym, .cpumode = PERF_RECORD_MISC_USER,
	};
	struct callchain_cursor c = { .frames = &fr, .nr = 1 };

	assert_int_equal(hists__add_sample(h, t, "app", PERF_RECORD_MISC_USER, &c, period), 0);
}

static const char *name_of(const struct hist_diff_entry *e)
{
	const struct hist_entry *he = e->base ? e->base : e->other;

	return he->sym ? he->sym->name : "?";
}

static void test_rebuilt(void **state)
{
	struct thread *t = thread__new(1, 1, NULL, NULL);
	struct dso *v1 = dso_with_id("/bin/app", 0x11), *v2 = dso_with_id("/bin/app", 0x22);
	struct symbol *one = sym_new("one_work", 0x1000), *two = sym_new("two_work", 0x2000);
	struct symbol *sh1 = sym_new("shared", 0x1100), *sh2 = sym_new("shared", 0x2200);
	struct sort_keys sk = { .nr = 0 };
	struct hists base, other;
	struct hist_diff d;

	assert_int_equal(sort_keys__parse(&sk, "dso,sym"), 0);
	assert_int_equal(hists__init(&base, &sk, false, NULL, false), 0);
	assert_int_equal(hists__init(&other, &sk, false, NULL, false), 0);
	add(&base, t, v1, one, 0x1004, 60);
	add(&base, t, v1, sh1, 0x1104, 40);
	add(&other, t, v2, two, 0x2004, 30);
	add(&other, t, v2, sh2, 0x2204, 70);

	assert_int_equal(hist_diff__init(&d, &base, &other, &sk, false, HIST_DIFF_DELTA_ABS), 0);
	assert_int_equal(d.nr, 3);
	/* in the new file, by |delta|: two_work +30, shared +30 (40 -> 70) */
	assert_non_null(d.entries[0].other);
	assert_non_null(d.entries[1].other);
	/* equal |delta|: the baseline's share breaks the tie, shared (40%) first */
	assert_string_equal(name_of(&d.entries[0]), "shared");
	assert_true(d.entries[0].base == base.by_index[2]);
	assert_true(d.entries[0].other == other.by_index[2]);
	assert_true(d.entries[0].delta > 29.99 && d.entries[0].delta < 30.01);
	assert_string_equal(name_of(&d.entries[1]), "two_work");
	assert_null(d.entries[1].base);
	/* the old version's own function, in the baseline only, last */
	assert_string_equal(name_of(&d.entries[2]), "one_work");
	assert_null(d.entries[2].other);
	assert_true(d.entries[2].base_pct > 59.99 && d.entries[2].base_pct < 60.01);
	hist_diff__exit(&d);

	/* -c delta: by the signed delta */
	assert_int_equal(hist_diff__init(&d, &base, &other, &sk, false, HIST_DIFF_DELTA), 0);
	assert_string_equal(name_of(&d.entries[0]), "shared");
	hist_diff__exit(&d);

	hists__exit(&base);
	hists__exit(&other);
	free(one); free(two); free(sh1); free(sh2);
	dso__put(v1); dso__put(v2);
	thread__put(t);
}

static void test_renamed_and_unknowns(void **state)
{
	struct thread *t = thread__new(1, 1, NULL, NULL);
	struct dso *a = dso_with_id("/bin/app", 0x33), *b = dso_with_id("/opt/app-renamed", 0x33);
	struct dso *lib = dso_with_id("/lib/libx.so", 0x44);
	struct symbol *f1 = sym_new("work", 0x1000), *f2 = sym_new("work", 0x1000);
	struct sort_keys sk = { .nr = 0 };
	struct hists base, other;
	struct hist_diff d;

	assert_int_equal(sort_keys__parse(&sk, "dso,sym"), 0);
	assert_int_equal(hists__init(&base, &sk, false, NULL, false), 0);
	assert_int_equal(hists__init(&other, &sk, false, NULL, false), 0);
	add(&base, t, a, f1, 0x1004, 50);
	add(&base, t, lib, NULL, 0x300, 30);
	add(&base, t, lib, NULL, 0x100, 20);
	add(&other, t, b, f2, 0x1004, 80);
	add(&other, t, lib, NULL, 0x200, 20);

	assert_int_equal(hist_diff__init(&d, &base, &other, &sk, false, HIST_DIFF_DELTA_ABS), 0);
	/* the renamed binary pairs with itself, under the baseline's name */
	assert_int_equal(d.nr, 2);
	assert_string_equal(name_of(&d.entries[0]), "work");
	assert_non_null(d.entries[0].base);
	assert_non_null(d.entries[0].other);
	assert_string_equal(d.entries[0].dso_name, "app-renamed");
	assert_string_equal(d.entries[0].base->dso->short_name, "app");
	/* libx's unknown addresses: one entry, shown as the lowest */
	assert_null(d.entries[1].base->sym);
	assert_int_equal(d.entries[1].base->addr, 0x100);
	assert_int_equal(d.entries[1].base_period, 50);
	assert_int_equal(d.entries[1].other_period, 20);
	hist_diff__exit(&d);

	/* either side may be missing (no samples of that event there) */
	assert_int_equal(hist_diff__init(&d, &base, NULL, &sk, false, HIST_DIFF_DELTA_ABS), 0);
	assert_int_equal(d.nr, 2);
	assert_null(d.entries[0].other);
	assert_string_equal(name_of(&d.entries[0]), "work");
	hist_diff__exit(&d);
	assert_int_equal(hist_diff__init(&d, NULL, NULL, &sk, false, HIST_DIFF_DELTA_ABS), 0);
	assert_int_equal(d.nr, 0);
	hist_diff__exit(&d);

	hists__exit(&base);
	hists__exit(&other);
	free(f1); free(f2);
	dso__put(a); dso__put(b); dso__put(lib);
	thread__put(t);
}

/*
 * -c ratio / wdiff: the entries of both files by value, then the new
 * ones by period, then the baseline's own; -o 0: the baseline's period
 * first, its ties as the default order.
 */
static void test_ratio_wdiff_order(void **state)
{
	struct thread *t = thread__new(1, 1, NULL, NULL);
	struct dso *dso = dso_with_id("/bin/app", 0x55);
	struct symbol *a = sym_new("a", 0x1000), *b = sym_new("b", 0x2000);
	struct symbol *c = sym_new("c", 0x3000), *n1 = sym_new("n1", 0x4000);
	struct symbol *n2 = sym_new("n2", 0x5000), *old = sym_new("old", 0x6000);
	struct hist_diff_how how = { .compute = HIST_DIFF_RATIO, .w1 = 1, .w2 = 1 };
	struct sort_keys sk = { .nr = 0 };
	struct hists base, other;
	struct hist_diff d;

	assert_int_equal(sort_keys__parse(&sk, "dso,sym"), 0);
	assert_int_equal(hists__init(&base, &sk, false, NULL, false), 0);
	assert_int_equal(hists__init(&other, &sk, false, NULL, false), 0);
	add(&base, t, dso, a, 0x1004, 10);	/* a: 10 -> 40, ratio 4, wdiff(1,2) 70 */
	add(&base, t, dso, b, 0x2004, 40);	/* b: 40 -> 60, ratio 1.5, wdiff 80 */
	add(&base, t, dso, c, 0x3004, 30);	/* c: 30 -> 10, ratio 0.33, wdiff -10 */
	add(&base, t, dso, old, 0x6004, 20);	/* only in the baseline */
	add(&other, t, dso, a, 0x1004, 40);
	add(&other, t, dso, b, 0x2004, 60);
	add(&other, t, dso, c, 0x3004, 10);
	add(&other, t, dso, n1, 0x4004, 5);	/* only in the new file */
	add(&other, t, dso, n2, 0x5004, 25);

	assert_int_equal(hist_diff__init_how(&d, &base, &other, &sk, false, &how), 0);
	assert_int_equal(d.nr, 6);
	assert_string_equal(name_of(&d.entries[0]), "a");
	assert_true(d.entries[0].ratio > 3.99 && d.entries[0].ratio < 4.01);
	assert_string_equal(name_of(&d.entries[1]), "b");
	assert_string_equal(name_of(&d.entries[2]), "c");
	assert_string_equal(name_of(&d.entries[3]), "n2");
	assert_string_equal(name_of(&d.entries[4]), "n1");
	assert_string_equal(name_of(&d.entries[5]), "old");
	hist_diff__exit(&d);

	how.compute = HIST_DIFF_WDIFF;
	how.w2 = 2;
	assert_int_equal(hist_diff__init_how(&d, &base, &other, &sk, false, &how), 0);
	assert_string_equal(name_of(&d.entries[0]), "b");
	assert_int_equal(d.entries[0].wdiff, 80);
	assert_string_equal(name_of(&d.entries[1]), "a");
	assert_int_equal(d.entries[1].wdiff, 70);
	assert_string_equal(name_of(&d.entries[2]), "c");
	assert_int_equal(d.entries[2].wdiff, -10);
	assert_string_equal(name_of(&d.entries[3]), "n2");
	hist_diff__exit(&d);

	/* -o 0: b (40), c (30), old (20), a (10), then the new ones */
	how.by_baseline = true;
	assert_int_equal(hist_diff__init_how(&d, &base, &other, &sk, false, &how), 0);
	assert_string_equal(name_of(&d.entries[0]), "b");
	assert_string_equal(name_of(&d.entries[1]), "c");
	assert_string_equal(name_of(&d.entries[2]), "old");
	assert_string_equal(name_of(&d.entries[3]), "a");
	assert_string_equal(name_of(&d.entries[4]), "n2");
	assert_string_equal(name_of(&d.entries[5]), "n1");
	hist_diff__exit(&d);

	hists__exit(&base);
	hists__exit(&other);
	free(a); free(b); free(c); free(n1); free(n2); free(old);
	dso__put(dso);
	thread__put(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rebuilt),
		cmocka_unit_test(test_renamed_and_unknowns),
		cmocka_unit_test(test_ratio_wdiff_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
