// SPDX-License-Identifier: GPL-2.0
/*
 * The report's call graphs built from one path trie (hist-paths.c) print
 * exactly what per-entry trees fed sample by sample print: the reference
 * here adds every sample to its own entry's tree (pos 0) and, with
 * --children, to each distinct caller's entry at the first position met
 * walking the path in the graph's order (the outermost occurrence in
 * caller order, the innermost in callee order), as upstream perf does.  Random paths with recursion, every
 * print mode and order, thresholds that hide branches.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "util/hists/hist.h"
#include "util/hists/hist-paths.h"
#include "util/model/callchain.h"
#include "util/hists/callchain-tree.h"
#include "util/data/event.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

#define NR_SYMS		7
#define NR_SAMPLES	400
#define MAX_DEPTH	12
#define MAX_COMMS	2

/* sample s is of comms[s % nr_comms]: with two, every frame has two caller entries */
static const char * const comms[MAX_COMMS] = { "prog", "other" };

struct fixture {
	struct thread	*thread;
	struct dso	*dso;
	struct symbol	*sym[NR_SYMS];
	struct sort_keys sort;
	/* the samples: frames leaf first, as symbol indexes */
	int		path[NR_SAMPLES][MAX_DEPTH];
	size_t		depth[NR_SAMPLES];
	u64		period[NR_SAMPLES];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	unsigned long long rng = 0x9e3779b97f4a7c15ULL;
	char name[16];
	size_t i, d;

	f->thread = thread__new(10, 10, NULL, NULL);
	f->dso = dso__new("/bin/prog", NULL);
	for (i = 0; i < NR_SYMS; i++) {
		snprintf(name, sizeof(name), "fn%zu", i);
		f->sym[i] = calloc(1, sizeof(*f->sym[i]) + strlen(name) + 1);
		f->sym[i]->start = 0x1000 * (i + 1);
		f->sym[i]->end = f->sym[i]->start + 0x100;
		strcpy(f->sym[i]->name, name);
	}
	sort_keys__init_default(&f->sort);
	/* few symbols, deep paths: recursion and shared prefixes everywhere */
	for (i = 0; i < NR_SAMPLES; i++) {
		rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
		f->depth[i] = 1 + rng % MAX_DEPTH;
		f->period[i] = 1 + (rng >> 8) % 1000;
		/* fn0 is "main", but some paths start elsewhere: graphs with several roots */
		f->path[i][f->depth[i] - 1] = rng % 5 ? 0 : (int)(1 + (rng >> 12) % (NR_SYMS - 1));
		for (d = f->depth[i] - 1; d-- > 0;) {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			f->path[i][d] = rng % 4 ? (int)(1 + (rng >> 4) % (NR_SYMS - 1)) :
						 f->path[i][d + 1];
		}
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	size_t i;

	for (i = 0; i < NR_SYMS; i++)
		free(f->sym[i]);
	thread__put(f->thread);
	dso__put(f->dso);
	free(f);
	return 0;
}

static void cursor_set(struct fixture *f, size_t s, struct callchain_cursor *c,
		       struct callchain_frame *frames)
{
	size_t i;

	for (i = 0; i < f->depth[s]; i++) {
		frames[i] = (struct callchain_frame){
			.ip = f->sym[f->path[s][i]]->start + 8 * (s % 3),
			.dso = f->dso, .sym = f->sym[f->path[s][i]],
			.cpumode = PERF_RECORD_MISC_USER,
		};
	}
	*c = (struct callchain_cursor){ .frames = frames, .nr = f->depth[s] };
}

/* The reference: one tree per comm and symbol, fed sample by sample. */
static void reference(struct fixture *f, const struct callchain_param *param, bool children,
		      size_t nr_comms, struct callchain_tree **trees)
{
	struct callchain_frame frames[MAX_DEPTH];
	struct callchain_cursor c;
	bool seen[NR_SYMS];
	size_t s, i;

	for (s = 0; s < MAX_COMMS * NR_SYMS; s++)
		trees[s] = callchain_tree__new(param);
	for (s = 0; s < NR_SAMPLES; s++) {
		struct callchain_tree **comm_trees = &trees[s % nr_comms * NR_SYMS];

		cursor_set(f, s, &c, frames);
		memset(seen, 0, sizeof(seen));
		seen[f->path[s][0]] = true;
		assert_int_equal(callchain_tree__add_sample(comm_trees[f->path[s][0]], &c, 0,
							    f->period[s]), 0);
		for (i = 1; children && i < f->depth[s]; i++) {
			size_t pos = param->order == CALLCHAIN_ORDER_CALLER ? f->depth[s] - i : i;
			int sym = f->path[s][pos];

			if (seen[sym])
				continue;
			seen[sym] = true;
			assert_int_equal(callchain_tree__add_sample(comm_trees[sym], &c, pos,
								    f->period[s]), 0);
		}
	}
}

static char *print(const struct callchain_tree *tree, u64 entry_period, u64 total,
		   const struct callchain_param *param)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	callchain_tree__fprintf(fp, tree, entry_period, total, param);
	fclose(fp);
	return buf;
}

/* @graph of an entry of @period (the total too) prints @first before @second. */
static void assert_printed_before(const struct callchain_tree *graph, u64 period,
				  const struct callchain_param *param, const char *first,
				  const char *second, const char *what)
{
	char *out = print(graph, period, period, param);
	const char *a = strstr(out, first), *b = strstr(out, second);

	assert_non_null(a);
	assert_non_null(b);
	if (a > b)
		fail_msg("%s%s before %s:\n%s", what, second, first, out);
	free(out);
}

/*
 * @resort_at: samples added before a first resort (NR_SAMPLES: none
 * before the end); @nr_comms: 1 or 2, see comms[].
 */
static void check_threads(struct fixture *f, const char *setting, bool children,
			  size_t resort_at, size_t nr_comms, unsigned int nr_threads)
{
	struct callchain_tree *trees[MAX_COMMS * NR_SYMS], *graph;
	struct hist_paths *reader;
	struct callchain_frame frames[MAX_DEPTH];
	struct callchain_param param;
	struct callchain_cursor c;
	struct hists h;
	size_t s, i, k;

	callchain_param__init(&param);
	assert_int_equal(callchain_param__parse(&param, setting), 0);
	param.order = callchain_param__default_order(&param, children);
	assert_int_equal(hists__init(&h, &f->sort, children, &param,
				     param.order == CALLCHAIN_ORDER_CALLER), 0);
	h.nr_threads = nr_threads;
	for (s = 0; s < NR_SAMPLES; s++) {
		/* the trie frees its lookup table there: the adds after remake it */
		if (s == resort_at)
			assert_int_equal(hists__output_resort(&h, false), 0);
		cursor_set(f, s, &c, frames);
		assert_int_equal(hists__add_sample(&h, f->thread, comms[s % nr_comms],
						   PERF_RECORD_MISC_USER, &c, f->period[s]), 0);
	}
	assert_int_equal(hists__output_resort(&h, false), 0);
	reader = hist_paths__reader_new(h.paths, &h);
	assert_non_null(reader);
	reference(f, &param, children, nr_comms, trees);
	for (i = 0; i < h.nr_entries; i++) {
		const struct hist_entry *he = h.sorted[i];
		u64 period = children ? he->period_children : he->period;
		char *want, *got;

		s = he->sym->start / 0x1000 - 1 + (strcmp(he->comm, comms[0]) ? NR_SYMS : 0);
		want = print(trees[s], period, h.total_period, &param);
		/*
		 * The paths ending in the entry summed by walks up, then by a
		 * sweep; by the trie, then by a second reader of it (another
		 * thread's, report/graphs.c).
		 */
		for (k = 0; k < 4; k++) {
			struct hist_paths *hp = k < 2 ? h.paths : reader;

			hist_paths__sweep_depth(hp, k % 2 ? UINT_MAX : 0);
			graph = hist_paths__graph(hp, &h, he);
			assert_non_null(graph);
			got = print(graph, period, h.total_period, &param);
			if (strcmp(want, got))
				fail_msg("-g %s%s, %s (%s, %s): want\n%s\ngot\n%s", setting,
					 children ? " --children" : "", he->sym->name,
					 k % 2 ? "sweep" : "walks", k < 2 ? "trie" : "reader",
					 want, got);
			/* the reference holds all the entry's samples: same total */
			assert_int_equal(callchain_tree__total(graph),
					 callchain_tree__total(trees[s]));
			free(got);
			callchain_tree__delete(graph);
		}
		free(want);
	}
	for (s = 0; s < MAX_COMMS * NR_SYMS; s++)
		callchain_tree__delete(trees[s]);
	hist_paths__reader_delete(reader);
	hists__exit(&h);
}

/* The collapse's walk on this thread, then split with a second one. */
static void check_comms(struct fixture *f, const char *setting, bool children,
			size_t resort_at, size_t nr_comms)
{
	check_threads(f, setting, children, resort_at, nr_comms, 1);
	check_threads(f, setting, children, resort_at, nr_comms, 2);
}

static void check(struct fixture *f, const char *setting, bool children, size_t resort_at)
{
	check_comms(f, setting, children, resort_at, 1);
}

static void test_graph(void **state)
{
	static const char * const settings[] = {
		"graph,0.5", "graph,0", "graph,5", "graph,0.5,caller", "graph,0.5,callee",
		"graph,2,caller,function,count", "graph,1,callee,address",
		"fractal,0.5", "fractal,10,caller", "folded,0.5", "flat,3,caller",
	};
	size_t i;

	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		check(*state, settings[i], true, NR_SAMPLES);
		check(*state, settings[i], false, NR_SAMPLES);
	}
}

/* Samples added after a report was sorted count as if all came before it. */
static void test_resort_then_add(void **state)
{
	check(*state, "graph,0.5", true, NR_SAMPLES / 2);
	check(*state, "graph,0.5,callee", true, NR_SAMPLES / 3);
	check(*state, "graph,0.5", false, 1);
}

/*
 * Two comms, samples alternating: a frame's trie nodes under one comm
 * have one caller entry, under the other another, so the nodes keep
 * their own (the trie keeps caller entries by frame while each frame
 * has one).  Each graph is still its comm's samples alone, also when
 * samples come after a first resort.
 */
static void test_two_comms(void **state)
{
	static const char * const settings[] = {
		"graph,0.5", "graph,0,caller", "graph,0.5,callee", "fractal,0.5", "flat,3,caller",
	};
	size_t i;

	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		check_comms(*state, settings[i], true, NR_SAMPLES, 2);
		check_comms(*state, settings[i], false, NR_SAMPLES, 2);
	}
	check_comms(*state, "graph,0.5", true, NR_SAMPLES / 2, 2);
	check_comms(*state, "graph,0.5,callee", true, 1, 2);
}

/*
 * The entries' sums from the trie's one collapse walk are what the
 * per-sample code (no call graph kept) counts: self and children
 * periods, samples, and the depths that order ties.
 */
static void test_periods(void **state)
{
	static const char * const settings[] = { "graph,0.5,caller", "graph,0.5,callee" };
	static const unsigned int threads[] = { 1, 2, 1, 2 };
	struct fixture *f = *state;
	struct callchain_frame frames[MAX_DEPTH];
	struct callchain_param param;
	struct callchain_cursor c;
	struct hists paths, flat;
	size_t k, s, i, j;

	/* each setting with the collapse's walk on one thread, then on two */
	for (k = 0; k < 4; k++) {
		bool caller;

		callchain_param__init(&param);
		assert_int_equal(callchain_param__parse(&param, settings[k / 2]), 0);
		caller = param.order == CALLCHAIN_ORDER_CALLER;
		assert_int_equal(hists__init(&paths, &f->sort, true, &param, caller), 0);
		paths.nr_threads = threads[k];
		assert_int_equal(hists__init(&flat, &f->sort, true, NULL, caller), 0);
		for (s = 0; s < NR_SAMPLES; s++) {
			cursor_set(f, s, &c, frames);
			assert_int_equal(hists__add_sample(&paths, f->thread, "prog",
							   PERF_RECORD_MISC_USER, &c,
							   f->period[s]), 0);
			assert_int_equal(hists__add_sample(&flat, f->thread, "prog",
							   PERF_RECORD_MISC_USER, &c,
							   f->period[s]), 0);
		}
		assert_int_equal(hists__output_resort(&paths, false), 0);
		assert_int_equal(hists__output_resort(&flat, false), 0);
		assert_int_equal(paths.nr_entries, flat.nr_entries);
		for (i = 0; i < paths.nr_entries; i++) {
			const struct hist_entry *a = paths.sorted[i], *b = NULL;

			for (j = 0; j < flat.nr_entries && !b; j++)
				if (flat.sorted[j]->sym == a->sym)
					b = flat.sorted[j];
			assert_non_null(b);
			assert_int_equal(a->period, b->period);
			assert_int_equal(a->period_children, b->period_children);
			assert_int_equal(a->nr_samples, b->nr_samples);
			assert_int_equal(a->max_depth, b->max_depth);
			/* and so the same order */
			assert_ptr_equal(flat.sorted[i]->sym, a->sym);
		}
		hists__exit(&paths);
		hists__exit(&flat);
	}
}

/*
 * An entry's occurrences as a caller are in the order they became
 * callers, which is not the order the nodes were made when a node ended
 * paths before one went through it: the graph's ties keep that order.
 * fn3 under fn1 ends the first sample and is a caller only in the third,
 * after fn3 under fn2; what each calls weighs the same, so the first
 * caller's callee (fn4) is printed first.
 */
static void test_late_caller(void **state)
{
	static const int paths[3][4] = {
		{ 3, 1, 0, -1 },	/* leaf first: fn0 -> fn1 -> fn3 */
		{ 4, 3, 2, 0 },		/* fn0 -> fn2 -> fn3 -> fn4 */
		{ 5, 3, 1, 0 },		/* fn0 -> fn1 -> fn3 -> fn5 */
	};
	struct fixture *f = *state;
	struct callchain_frame frames[4];
	struct callchain_cursor c = { .frames = frames };
	struct callchain_param param;
	struct callchain_tree *graph = NULL;
	struct hists h;
	size_t s, i;

	callchain_param__init(&param);
	assert_int_equal(callchain_param__parse(&param, "graph,0,caller"), 0);
	assert_int_equal(hists__init(&h, &f->sort, true, &param, true), 0);
	for (s = 0; s < 3; s++) {
		for (c.nr = 0; c.nr < 4 && paths[s][c.nr] >= 0; c.nr++)
			frames[c.nr] = (struct callchain_frame){
				.ip = f->sym[paths[s][c.nr]]->start, .dso = f->dso,
				.sym = f->sym[paths[s][c.nr]], .cpumode = PERF_RECORD_MISC_USER,
			};
		assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER,
						   &c, 1), 0);
	}
	assert_int_equal(hists__output_resort(&h, false), 0);
	for (i = 0; i < h.nr_entries; i++)
		if (h.sorted[i]->sym == f->sym[3])
			graph = hists__entry_graph(&h, h.sorted[i]);
	assert_non_null(graph);
	assert_printed_before(graph, 3, &param, "fn4", "fn5", "");
	callchain_tree__delete(graph);
	hists__exit(&h);
}

/*
 * Samples of @paths (leaf first, -1 ends one; a period of 1 each), then
 * @entry's graph (walks, then sweep): @first printed before @second.
 */
static void check_order(struct fixture *f, const char *setting, const int (*paths)[5],
			size_t nr_paths, int entry, const char *first, const char *second)
{
	struct callchain_frame frames[5];
	struct callchain_cursor c = { .frames = frames };
	struct callchain_param param;
	struct callchain_tree *graph;
	const struct hist_entry *he = NULL;
	struct hists h;
	size_t s, i, k;

	callchain_param__init(&param);
	assert_int_equal(callchain_param__parse(&param, setting), 0);
	assert_int_equal(hists__init(&h, &f->sort, true, &param, true), 0);
	for (s = 0; s < nr_paths; s++) {
		for (i = 0; i < 5 && paths[s][i] >= 0; i++)
			frames[i] = (struct callchain_frame){
				.ip = f->sym[paths[s][i]]->start, .dso = f->dso,
				.sym = f->sym[paths[s][i]], .cpumode = PERF_RECORD_MISC_USER,
			};
		c.nr = i;
		assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER,
						   &c, 1), 0);
	}
	assert_int_equal(hists__output_resort(&h, false), 0);
	for (i = 0; i < h.nr_entries; i++)
		if (h.sorted[i]->sym == f->sym[entry])
			he = h.sorted[i];
	assert_non_null(he);
	for (k = 0; k < 2; k++) {
		hist_paths__sweep_depth(h.paths, k ? UINT_MAX : 0);
		graph = hists__entry_graph(&h, he);
		assert_non_null(graph);
		assert_printed_before(graph, he->period_children, &param, first, second,
				      k ? "sweep: " : "walks: ");
		callchain_tree__delete(graph);
	}
	hists__exit(&h);
}

/*
 * The paths that end in an entry, shown whole from their outermost
 * frames: equal branches in the order their first samples came, whether
 * they are summed by walks up or by a sweep (which meets the last-made
 * root first).  fn6 is called from fn1, then from fn2, once each.
 */
static void test_whole_roots(void **state)
{
	static const int paths[][5] = { { 6, 1, -1 }, { 6, 2, -1 } };

	check_order(*state, "graph,0,caller", paths, 2, 6, "fn1", "fn2");
}

/*
 * Ties of equal weight print in the order the per-sample code made the
 * nodes.  fn5's paths, fn1-fn4-fn5 ending before fn1-fn2-fn5: fn4 first,
 * though the trie made fn2 under fn1 first (for fn3).  And in fn2's walks
 * (fn1 and fn5 call it): fn4 below the outermost fn2 comes first, as the
 * only sample below it through fn3 ends in fn2 itself and is not the
 * walk's (fn3 must not be placed by it).  Fractal prints ties however
 * deep.
 */
static void test_tie_order(void **state)
{
	static const int by_end[][5] = { { 3, 2, 1, -1 }, { 5, 4, 1, -1 }, { 5, 2, 1, -1 } };
	static const int no_weight[][5] = {
		{ 2, 3, 2, 1, -1 }, { 4, 2, 1, -1 }, { 3, 2, 5, 1, -1 },
	};
	static const char * const settings[] = { "graph,0,caller", "fractal,0,caller" };
	size_t i;

	for (i = 0; i < 2; i++) {
		check_order(*state, settings[i], by_end, 3, 5, "fn4", "fn2");
		check_order(*state, settings[i], no_weight, 3, 2, "fn4", "fn3");
	}
}

/* The deepest chain a record can hold (64 KiB of addresses): no stack overflow. */
static void test_deep(void **state)
{
	enum { DEPTH = 8190 };
	struct fixture *f = *state;
	struct callchain_frame *frames = calloc(DEPTH, sizeof(*frames));
	struct callchain_tree *graph;
	struct callchain_param param;
	struct callchain_cursor c = { .frames = frames, .nr = DEPTH };
	static const char * const settings[] = { "graph,0,caller", "fractal,0,caller",
						 "graph,0,callee", "folded,0,callee" };
	FILE *null = fopen("/dev/null", "w");
	struct hists h;
	size_t i, k;

	assert_non_null(frames);
	assert_non_null(null);
	for (i = 0; i < DEPTH; i++)
		frames[i] = (struct callchain_frame){
			.ip = 0x1000 * (1 + i % 3), .dso = f->dso, .sym = f->sym[i % 3],
			.cpumode = PERF_RECORD_MISC_USER,
		};
	for (k = 0; k < sizeof(settings) / sizeof(settings[0]); k++) {
		callchain_param__init(&param);
		assert_int_equal(callchain_param__parse(&param, settings[k]), 0);
		assert_int_equal(hists__init(&h, &f->sort, true, &param,
					     param.order == CALLCHAIN_ORDER_CALLER), 0);
		assert_int_equal(hists__add_sample(&h, f->thread, "prog", PERF_RECORD_MISC_USER,
						   &c, 1), 0);
		assert_int_equal(hists__output_resort(&h, false), 0);
		for (i = 0; i < h.nr_entries; i++) {
			graph = hists__entry_graph(&h, h.sorted[i]);
			assert_non_null(graph);
			assert_int_equal(callchain_tree__total(graph), 1);
			/* the printer recurses per branching, not per frame */
			callchain_tree__fprintf(null, graph, 1, 1, &param);
			callchain_tree__delete(graph);
		}
		hists__exit(&h);
	}
	fclose(null);
	free(frames);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_graph, setup, teardown),
		cmocka_unit_test_setup_teardown(test_resort_then_add, setup, teardown),
		cmocka_unit_test_setup_teardown(test_two_comms, setup, teardown),
		cmocka_unit_test_setup_teardown(test_periods, setup, teardown),
		cmocka_unit_test_setup_teardown(test_late_caller, setup, teardown),
		cmocka_unit_test_setup_teardown(test_whole_roots, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tie_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deep, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
