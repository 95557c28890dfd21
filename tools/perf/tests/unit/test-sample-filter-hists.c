// SPDX-License-Identifier: GPL-2.0
/*
 * What report does with a sample filter's verdict, as upstream does it:
 * an entry is hidden when the sample that made it was judged out, later
 * samples add to it whatever their verdict, the total counts them all;
 * --symbol-filter hides entries by their symbol's name.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "util/hists/hist.h"
#include "util/model/callchain.h"
#include "util/model/sample-filter.h"
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

/* leaf first: the symbols of a sample's path */
static void path(struct callchain_cursor *c, struct callchain_frame *fr, struct dso *dso,
		 struct symbol **syms, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fr[i] = (struct callchain_frame){ .ip = 0x1000 * (i + 1), .addr = 0x1000 * (i + 1),
						  .dso = dso, .sym = syms[i],
						  .cpumode = PERF_RECORD_MISC_USER };
	*c = (struct callchain_cursor){ .frames = fr, .nr = n };
}

static struct hist_entry *find(struct hists *h, const char *name)
{
	size_t i;

	for (i = 1; i <= h->nr_entries; i++)
		if (h->by_index[i]->sym && !strcmp(h->by_index[i]->sym->name, name))
			return h->by_index[i];
	return NULL;
}

static void test_first_sample_decides(void **state)
{
	struct thread *t = thread__new(1, 1, NULL, NULL);
	struct dso *dso = dso__new("/bin/prog", NULL);
	struct symbol *main_ = sym_new("main", 0x1000), *hot = sym_new("hot_a", 0x2000),
		      *cold = sym_new("cold", 0x3000);
	struct callchain_frame fr[4];
	struct callchain_cursor c;
	struct sort_keys sk;
	struct hists h;

	sort_keys__init_default(&sk);
	assert_int_equal(hists__init(&h, &sk, true, NULL, true), 0);
	/* a judged-out sample in cold <- main makes both entries hidden */
	path(&c, fr, dso, (struct symbol *[]){ cold, main_ }, 2);
	assert_int_equal(hists__add_filtered_sample(&h, t, "prog", PERF_RECORD_MISC_USER, &c, 10,
						    SAMPLE_FILTERED_SYMBOL), 0);
	/* one that passes, in hot_a <- main: hot_a shown, main stays hidden */
	path(&c, fr, dso, (struct symbol *[]){ hot, main_ }, 2);
	assert_int_equal(hists__add_filtered_sample(&h, t, "prog", PERF_RECORD_MISC_USER, &c, 30,
						    0), 0);
	/* a later judged-out sample adds to the shown hot_a all the same */
	path(&c, fr, dso, (struct symbol *[]){ hot, main_ }, 2);
	assert_int_equal(hists__add_filtered_sample(&h, t, "prog", PERF_RECORD_MISC_USER, &c, 5,
						    SAMPLE_FILTERED_DSO), 0);
	assert_int_equal(find(&h, "cold")->filtered, SAMPLE_FILTERED_SYMBOL);
	assert_int_equal(find(&h, "main")->filtered, SAMPLE_FILTERED_SYMBOL);
	assert_int_equal(find(&h, "hot_a")->filtered, 0);
	assert_int_equal(find(&h, "hot_a")->period, 35);
	assert_int_equal(find(&h, "main")->period_children, 45);
	/* the total: every sample */
	assert_int_equal(h.total_period, 45);
	assert_int_equal(h.nr_samples, 3);
	/* a plain add after them judges nothing */
	assert_int_equal(h.filtered, 0);
	/*
	 * --percentage relative: the shown entries' self periods; the
	 * samples (and periods, for graph thresholds) that landed in a
	 * shown entry, the judged-out third one too, as upstream counts
	 */
	assert_int_equal(hists__total(&h, false), 45);
	assert_int_equal(hists__total(&h, true), 35);
	assert_int_equal(hists__nr_samples(&h, false), 3);
	assert_int_equal(hists__nr_samples(&h, true), 2);
	assert_int_equal(hists__callchain_total(&h), 45);
	h.relative = true;
	assert_int_equal(hists__callchain_total(&h), 35);

	/* --symbol-filter: by the entry's own symbol, a substring */
	hists__filter_by_symbol(&h, "hot");
	assert_int_equal(find(&h, "hot_a")->filtered, 0);
	assert_true(find(&h, "cold")->filtered & HIST_FILTERED_SYMBOL_STR);
	assert_true(find(&h, "main")->filtered & HIST_FILTERED_SYMBOL_STR);
	/* it changes the relative 100%, not the relative sample count */
	hists__filter_by_symbol(&h, "nosuch");
	assert_int_equal(hists__total(&h, true), 0);
	assert_int_equal(hists__nr_samples(&h, true), 2);

	hists__exit(&h);
	free(main_);
	free(hot);
	free(cold);
	dso__put(dso);
	thread__put(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_sample_decides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
