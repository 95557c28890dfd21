// SPDX-License-Identifier: GPL-2.0
/*
 * Call graphs: the -g setting as upstream parses it, paths merged by
 * function (by address when unknown), the part of a path a --children
 * entry keeps, and the --stdio layouts (graph, fractal, flat, folded)
 * byte for byte in upstream's format.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/hists/callchain-tree.h"
#include "util/hists/callchain-tree-int.h"
#include "util/symbols/symbol.h"

/* Fake DSOs: the tree only compares their addresses. */
static char dso_exe, dso_libc;

struct fixture {
	struct symbol	*a, *helper, *main_, *start;
	struct callchain_cursor cursor;
	struct callchain_param param;
	char		*buf;
	size_t		len;
};

static struct symbol *sym_new(const char *name, u64 start)
{
	struct symbol *s = calloc(1, sizeof(*s) + strlen(name) + 1);

	s->start = start;
	s->end = start + 0x100;
	strcpy(s->name, name);
	return s;
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	f->a = sym_new("a", 0x1000);
	f->helper = sym_new("helper", 0x2000);
	f->main_ = sym_new("main", 0x3000);
	f->start = sym_new("start", 0x100);
	f->cursor.alloc = 8;
	f->cursor.frames = calloc(f->cursor.alloc, sizeof(*f->cursor.frames));
	callchain_param__init(&f->param);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	free(f->a);
	free(f->helper);
	free(f->main_);
	free(f->start);
	free(f->cursor.frames);
	free(f->buf);
	free(f);
	return 0;
}

/* The cursor: frames leaf first; NULL symbol: unknown, at ip @unknown_ip. */
static void path(struct fixture *f, u64 ip_off, int nr, ...)
{
	va_list ap;
	int i;

	va_start(ap, nr);
	for (i = 0; i < nr; i++) {
		struct symbol *s = va_arg(ap, struct symbol *);
		struct callchain_frame *fr = &f->cursor.frames[i];

		memset(fr, 0, sizeof(*fr));
		fr->sym = s;
		fr->dso = s == f->start ? (struct dso *)&dso_libc : (struct dso *)&dso_exe;
		fr->ip = (s ? s->start : 0x7f0000) + ip_off + i;
		fr->addr = fr->ip;
	}
	va_end(ap);
	f->cursor.nr = nr;
}

static void add(struct fixture *f, struct callchain_tree *t, size_t pos, u64 period, int times)
{
	while (times--)
		assert_int_equal(callchain_tree__add_sample(t, &f->cursor, pos, period), 0);
}

static const char *print(struct fixture *f, struct callchain_tree *t, u64 entry, u64 total)
{
	FILE *fp;

	free(f->buf);
	f->buf = NULL;
	fp = open_memstream(&f->buf, &f->len);
	callchain_tree__fprintf(fp, t, entry, total, &f->param);
	fclose(fp);
	return f->buf;
}

/* Entry "a" without --children: 7 samples through main, 3 through helper. */
static struct callchain_tree *tree_a(struct fixture *f, const char *opt)
{
	struct callchain_tree *t;

	if (opt)
		assert_int_equal(callchain_param__parse(&f->param, opt), 0);
	f->param.order = callchain_param__default_order(&f->param, false);
	t = callchain_tree__new(&f->param);
	path(f, 0, 3, f->a, f->main_, f->start);
	add(f, t, 0, 100, 6);
	path(f, 7, 3, f->a, f->main_, f->start);	/* other ips, same functions */
	add(f, t, 0, 100, 1);
	path(f, 0, 4, f->a, f->helper, f->main_, f->start);
	add(f, t, 0, 100, 3);
	return t;
}

static void test_param_parse(void **state)
{
	struct fixture *f = *state;
	struct callchain_param *p = &f->param;

	assert_int_equal(p->mode, CALLCHAIN_GRAPH);
	assert_true(p->min_percent == 0.5);
	assert_false(p->order_set);
	/* upstream: callers first with --children, callees first without */
	assert_int_equal(callchain_param__default_order(p, true), CALLCHAIN_ORDER_CALLER);
	assert_int_equal(callchain_param__default_order(p, false), CALLCHAIN_ORDER_CALLEE);

	/* words are prefixes, tried as mode, order, key, value: "f" is flat */
	assert_int_equal(callchain_param__parse(p, "f"), 0);
	assert_int_equal(p->mode, CALLCHAIN_FLAT);
	assert_int_equal(callchain_param__parse(p, "fractal,2.5,7,callee,address,count"), 0);
	assert_int_equal(p->mode, CALLCHAIN_FRACTAL);
	assert_true(p->min_percent == 2.5);
	assert_int_equal(p->print_limit, 7);
	assert_true(p->order_set);
	assert_int_equal(callchain_param__default_order(p, true), CALLCHAIN_ORDER_CALLEE);
	assert_int_equal(p->key, CALLCHAIN_KEY_ADDRESS);
	assert_true(p->value_count);
	assert_int_equal(callchain_param__parse(p, "fo,peri"), 0);	/* "pe": percent */
	assert_int_equal(p->mode, CALLCHAIN_FOLDED);
	assert_true(p->value_period && !p->value_count);

	/* a bare -g is upstream's default string, which names the order */
	callchain_param__init(p);
	assert_int_equal(callchain_param__parse(p, NULL), 0);
	assert_true(p->order_set);
	assert_int_equal(callchain_param__default_order(p, false), CALLCHAIN_ORDER_CALLER);

	assert_int_equal(callchain_param__parse(p, "none,bogus"), 0);
	assert_int_equal(p->mode, CALLCHAIN_NONE);
	assert_int_equal(callchain_param__parse(p, "0.1"), -EINVAL);	/* no mode left */
	callchain_param__init(p);
	assert_int_equal(callchain_param__parse(p, "bogus"), -EINVAL);
	assert_int_equal(callchain_param__parse(p, "graph,1,x"), -EINVAL);
	callchain_param__init(p);
}

static void test_graph(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t = tree_a(f, NULL);

	/* a lone top run as heavy as the entry gets "---" and no percentage */
	assert_string_equal(print(f, t, 1000, 1000),
		"            |\n"
		"            ---a\n"
		"               |          \n"
		"               |--70.00%--main\n"
		"               |          start\n"
		"               |          \n"
		"                --30.00%--helper\n"
		"                          main\n"
		"                          start\n"
		"\n");
	/* percentages are of the report's total */
	assert_string_equal(print(f, t, 1000, 2000),
		"            |\n"
		"            ---a\n"
		"               |          \n"
		"               |--35.00%--main\n"
		"               |          start\n"
		"               |          \n"
		"                --15.00%--helper\n"
		"                          main\n"
		"                          start\n"
		"\n");
	/* an entry heavier than its graph (--children) shows the top's value */
	assert_string_equal(print(f, t, 1100, 2000),
		"            |          \n"
		"             --50.00%--a\n"
		"                       |          \n"
		"                       |--35.00%--main\n"
		"                       |          start\n"
		"                       |          \n"
		"                        --15.00%--helper\n"
		"                                  main\n"
		"                                  start\n"
		"\n");
	assert_int_equal(callchain_tree__total(t), 1000);
	callchain_tree__delete(t);
}

static void test_graph_threshold(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t = tree_a(f, "graph,35");

	assert_string_equal(print(f, t, 1000, 1000),
		"            |\n"
		"            ---a\n"
		"               |          \n"
		"                --70.00%--main\n"
		"                          start\n"
		"\n");
	/* nothing above the threshold: nothing printed, not even a blank line */
	f->param.min_percent = 200;
	assert_string_equal(print(f, t, 1000, 1000), "");
	callchain_tree__delete(t);
}

static void test_fractal_remaining(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t = tree_a(f, "fractal,40");

	/* percentages of the parent; what the threshold hides is "[...]" */
	assert_string_equal(print(f, t, 1000, 4000),
		"            |\n"
		"            ---a\n"
		"               |          \n"
		"               |--70.00%--main\n"
		"               |          start\n"
		"                --30.00%--[...]\n"
		"\n");
	callchain_tree__delete(t);
}

static void test_folded_flat(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t = tree_a(f, "folded");

	assert_string_equal(print(f, t, 1000, 1000),
		"70.00% a;main;start\n"
		"30.00% a;helper;main;start\n");
	f->param.value_count = true;
	assert_string_equal(print(f, t, 1000, 1000),
		"7 a;main;start\n"
		"3 a;helper;main;start\n");
	f->param.value_count = false;
	f->param.mode = CALLCHAIN_FLAT;
	assert_string_equal(print(f, t, 1000, 2000),
		"           35.00%\n"
		"                a\n"
		"                main\n"
		"                start\n"
		"\n"
		"           15.00%\n"
		"                a\n"
		"                helper\n"
		"                main\n"
		"                start\n"
		"\n");
	callchain_tree__delete(t);
}

/* --children: a caller's entry keeps the path from that caller on. */
static void test_children_part(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t;

	assert_int_equal(callchain_param__parse(&f->param, "folded"), 0);
	path(f, 0, 4, f->a, f->helper, f->main_, f->start);

	f->param.order = CALLCHAIN_ORDER_CALLER;
	t = callchain_tree__new(&f->param);
	add(f, t, 2, 100, 1);		/* main's entry: main down to a */
	assert_string_equal(print(f, t, 100, 100), "100.00% main;helper;a\n");
	callchain_tree__delete(t);
	t = callchain_tree__new(&f->param);
	add(f, t, 0, 100, 1);		/* the sample's own entry: the whole path */
	assert_string_equal(print(f, t, 100, 100), "100.00% start;main;helper;a\n");
	callchain_tree__delete(t);

	f->param.order = CALLCHAIN_ORDER_CALLEE;
	t = callchain_tree__new(&f->param);
	add(f, t, 1, 100, 1);		/* helper's entry: helper out to start */
	assert_string_equal(print(f, t, 100, 100), "100.00% helper;main;start\n");
	assert_int_equal(callchain_tree__add_sample(t, &f->cursor, 4, 1), -EINVAL);
	callchain_tree__delete(t);
}

/* Unknown frames merge by address; with -g address every frame does. */
static void test_unknown_and_address(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t;

	assert_int_equal(callchain_param__parse(&f->param, "folded,0,callee"), 0);
	t = callchain_tree__new(&f->param);
	path(f, 0, 2, NULL, f->main_);
	add(f, t, 0, 100, 2);
	path(f, 0x10, 2, NULL, f->main_);
	add(f, t, 0, 100, 1);
	assert_string_equal(print(f, t, 300, 300),
		"66.67% 0x7f0000;main\n"
		"33.33% 0x7f0010;main\n");
	callchain_tree__delete(t);

	assert_int_equal(callchain_param__parse(&f->param, "address"), 0);
	t = callchain_tree__new(&f->param);
	path(f, 0, 1, f->a);
	add(f, t, 0, 100, 1);
	path(f, 4, 1, f->a);
	add(f, t, 0, 100, 1);
	assert_int_equal(t->nr, 3);	/* root + two places in a */
	callchain_tree__delete(t);
}

/* Memory follows the distinct paths: a known path allocates nothing. */
static void test_memory_by_paths(void **state)
{
	struct fixture *f = *state;
	struct callchain_tree *t = tree_a(f, NULL);
	u32 nodes = t->nr, alloc = t->alloc;
	int i;

	assert_int_equal(nodes, 1 + 3 + 3);
	for (i = 0; i < 100000; i++) {
		path(f, i % 5, 4, f->a, f->helper, f->main_, f->start);
		add(f, t, 0, 1, 1);
		path(f, 0, 3, f->a, f->main_, f->start);
		add(f, t, 0, 1, 1);
	}
	assert_int_equal(t->nr, nodes);
	assert_int_equal(t->alloc, alloc);
	assert_int_equal(callchain_tree__total(t), 1000 + 200000);
	callchain_tree__delete(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_param_parse, setup, teardown),
		cmocka_unit_test_setup_teardown(test_graph, setup, teardown),
		cmocka_unit_test_setup_teardown(test_graph_threshold, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fractal_remaining, setup, teardown),
		cmocka_unit_test_setup_teardown(test_folded_flat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_children_part, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_and_address, setup, teardown),
		cmocka_unit_test_setup_teardown(test_memory_by_paths, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
