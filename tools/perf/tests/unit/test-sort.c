// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys: --sort parsing (upstream's prefix matching, its errors),
 * column widths and cells as upstream perf 6.1 lays them out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/hists/sort.h"
#include "util/hists/hist.h"
#include "util/hists/columns.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

static struct symbol *sym_new(const char *name, u64 start)
{
	struct symbol *s = calloc(1, sizeof(*s) + strlen(name) + 1);

	assert_non_null(s);
	s->start = start;
	s->end = start + 16;
	strcpy(s->name, name);
	return s;
}

static void test_parse(void **state)
{
	struct sort_keys sk;

	sort_keys__init_default(&sk);
	assert_int_equal(sk.nr, 3);
	assert_int_equal(sk.keys[0], SORT_COMM);
	assert_int_equal(sk.keys[2], SORT_SYM);

	assert_int_equal(sort_keys__parse(&sk, "pid,sym,dso"), 0);
	assert_int_equal(sk.nr, 3);
	assert_int_equal(sk.keys[0], SORT_PID);
	assert_int_equal(sk.keys[1], SORT_SYM);
	assert_int_equal(sk.keys[2], SORT_DSO);
	assert_true(sort_keys__has(&sk, SORT_DSO));
	assert_false(sort_keys__has(&sk, SORT_COMM));

	/* prefixes, any case, repeats ignored, like upstream */
	assert_int_equal(sort_keys__parse(&sk, "Symbol,COMM,comm"), 0);
	assert_int_equal(sk.nr, 2);
	assert_int_equal(sk.keys[0], SORT_SYM);
	assert_int_equal(sk.keys[1], SORT_COMM);

	assert_int_equal(sort_keys__parse(&sk, "comm,foo"), -EINVAL);
	assert_int_equal(sort_keys__parse(&sk, "tid"), -EINVAL);	/* not upstream's */
	assert_int_equal(sort_keys__parse(&sk, "cpu"), -EINVAL);	/* upstream's, not ours */
	assert_int_equal(sort_keys__parse(&sk, ","), -EINVAL);
}

static void test_cells(void **state)
{
	struct sort_widths sw;
	struct dso *dso = dso__new("/usr/lib/x86_64-linux-gnu/libc.so.6", NULL);
	struct thread *t = thread__new(1234, 1234, NULL, NULL);
	struct symbol *s = sym_new("memcpy", 0x1000);
	struct hist_entry a = { .comm = "demo", .thread = t, .dso = dso, .sym = s, .level = '.' };
	struct hist_entry b = { .comm = "a-longer-comm", .thread = t, .dso = NULL,
				.sym = NULL, .addr = 0xffffffff81000000ULL, .level = 'k' };
	char buf[256];

	assert_non_null(dso);
	assert_non_null(t);
	assert_int_equal(thread__set_comm(t, "demo", false), 0);
	sort_widths__init(&sw, false);
	assert_int_equal(sw.w[SORT_COMM], 7);		/* "Command" */
	assert_int_equal(sw.w[SORT_DSO], 13);		/* "Shared Object" */
	sort_widths__update(&sw, &a);
	assert_int_equal(sw.w[SORT_COMM], 7);
	assert_int_equal(sw.w[SORT_PID], 15);		/* "%7d:" + the Command width */
	assert_int_equal(sw.w[SORT_SYM], 10);		/* "[.] memcpy" */

	sort_key__snprintf(SORT_COMM, &a, buf, sizeof(buf), &sw, false);
	assert_string_equal(buf, "demo   ");
	sort_key__snprintf(SORT_DSO, &a, buf, sizeof(buf), &sw, false);
	assert_string_equal(buf, "libc.so.6    ");
	sort_key__snprintf(SORT_PID, &a, buf, sizeof(buf), &sw, true);
	assert_string_equal(buf, "   1234:demo   ");
	sort_key__snprintf(SORT_SYM, &a, buf, sizeof(buf), &sw, true);
	assert_string_equal(buf, "[.] memcpy");

	/* an unknown symbol: 0x and 16 digits, the DSO column at least 16 */
	sort_widths__update(&sw, &b);
	assert_int_equal(sw.w[SORT_COMM], 13);
	assert_int_equal(sw.w[SORT_PID], 21);
	assert_int_equal(sw.w[SORT_SYM], 22);
	assert_int_equal(sw.w[SORT_DSO], 16);
	sort_key__snprintf(SORT_SYM, &b, buf, sizeof(buf), &sw, true);
	assert_string_equal(buf, "[k] 0xffffffff81000000");
	sort_key__snprintf(SORT_SYM, &a, buf, sizeof(buf), &sw, false);
	assert_string_equal(buf, "[.] memcpy            ");
	sort_key__snprintf(SORT_DSO, &b, buf, sizeof(buf), &sw, false);
	assert_string_equal(buf, "[unknown]       ");

	/* verbose: DSOs by path */
	sort_widths__init(&sw, true);
	sort_widths__update(&sw, &a);
	assert_int_equal(sw.w[SORT_DSO], (int)strlen(dso->long_name));

	free(s);
	thread__put(t);
	dso__put(dso);
}

static void test_cmp(void **state)
{
	struct sort_keys sk;
	struct dso *d1 = dso__new("/bin/aaa", NULL), *d2 = dso__new("/bin/bbb", NULL);
	struct symbol *x = sym_new("x", 0x10), *y = sym_new("y", 0x20);
	struct hist_entry a = { .comm = "c", .dso = d1, .sym = y };
	struct hist_entry b = { .comm = "c", .dso = d2, .sym = x };
	struct hist_entry u = { .comm = "c", .dso = d1, .sym = NULL, .addr = 0x10 };
	struct hist_entry v = { .comm = "c", .dso = NULL, .sym = NULL, .addr = 0x10 };

	sort_keys__init_default(&sk);
	/* ties: ascending by key, dso before sym */
	assert_true(sort_keys__cmp(&sk, &a, &b, false) < 0);
	assert_int_equal(sort_keys__parse(&sk, "sym,dso"), 0);
	assert_true(sort_keys__cmp(&sk, &a, &b, false) > 0);
	/* unknowns after knowns */
	assert_true(sort_keys__cmp(&sk, &a, &u, false) < 0);
	assert_true(sort_keys__cmp(&sk, &u, &v, false) < 0);
	/* identity: the sym key includes the DSO */
	assert_false(sort_keys__equal(&sk, &u, &v));
	assert_int_equal(sort_keys__parse(&sk, "comm"), 0);
	assert_true(sort_keys__equal(&sk, &a, &b));

	free(x);
	free(y);
	dso__put(d1);
	dso__put(d2);
}

static void assert_keys(const struct sort_keys *sk, int nr, ...)
{
	va_list ap;
	int i;

	assert_int_equal(sk->nr, nr);
	va_start(ap, nr);
	for (i = 0; i < nr; i++)
		assert_int_equal(sk->keys[i], va_arg(ap, int));
	va_end(ap);
}

/* upstream's -F/-s rules, as util/hists/columns.h spells them */
static void test_columns(void **state)
{
	struct sort_keys s, f;
	struct hist_columns hc;

	(void)state;
	/* neither: Children Self comm dso sym, upstream's default order */
	hist_columns__setup(&hc, NULL, NULL, true);
	assert_keys(&hc.identity, 3, SORT_COMM, SORT_DSO, SORT_SYM);
	assert_keys(&hc.out, 5, SORT_HPP_OVERHEAD_CHILDREN, SORT_HPP_OVERHEAD, SORT_COMM,
		    SORT_DSO, SORT_SYM);
	assert_int_equal(hc.order.nr, 0);
	assert_true(hc.self_header);

	/* -s with a value key: an explicit order, the same as the columns */
	assert_int_equal(sort_keys__parse_report(&s, "sample,sym", "--sort"), 0);
	hist_columns__setup(&hc, &s, NULL, false);
	assert_keys(&hc.identity, 1, SORT_SYM);
	assert_keys(&hc.out, 3, SORT_HPP_OVERHEAD, SORT_HPP_SAMPLE, SORT_SYM);
	assert_keys(&hc.order, 3, SORT_HPP_OVERHEAD, SORT_HPP_SAMPLE, SORT_SYM);

	/* -F alone: rows in -F's order */
	assert_int_equal(sort_keys__parse_report(&f, "sym,overhead", "--fields"), 0);
	hist_columns__setup(&hc, NULL, &f, true);
	assert_keys(&hc.identity, 1, SORT_SYM);
	assert_keys(&hc.order, 2, SORT_SYM, SORT_HPP_OVERHEAD);
	assert_keys(&hc.out, 2, SORT_SYM, SORT_HPP_OVERHEAD);
	assert_false(hc.self_header);

	/* both: rows by -s then the rest of -F; columns -F then the rest of -s */
	assert_int_equal(sort_keys__parse_report(&f, "overhead,sym", "--fields"), 0);
	assert_int_equal(sort_keys__parse_report(&s, "comm", "--sort"), 0);
	hist_columns__setup(&hc, &s, &f, false);
	assert_keys(&hc.identity, 2, SORT_COMM, SORT_SYM);
	assert_keys(&hc.order, 3, SORT_COMM, SORT_HPP_OVERHEAD, SORT_SYM);
	assert_keys(&hc.out, 3, SORT_HPP_OVERHEAD, SORT_SYM, SORT_COMM);

	/* -F matches value columns first ("period" is one), perf diff refuses them */
	assert_int_equal(sort_keys__parse_report(&f, "p", "--fields"), 0);
	assert_keys(&f, 1, SORT_HPP_PERIOD);
	assert_int_equal(sort_keys__parse_report(&s, "p", "--sort"), 0);
	assert_keys(&s, 1, SORT_PID);
	assert_int_equal(sort_keys__parse_report(&f, "cpu,parent,dso_size", "--fields"), 0);
	assert_keys(&f, 3, SORT_CPU, SORT_PARENT, SORT_DSO_SIZE);
	assert_int_equal(sort_keys__parse(&s, "cpu"), -EINVAL);
	assert_int_equal(sort_keys__parse_report(&s, "socket", "--sort"), -EINVAL);
	/* "src" is srcline, as upstream's table order has it; diff refuses both */
	assert_int_equal(sort_keys__parse_report(&s, "src,srcfile", "--sort"), 0);
	assert_keys(&s, 2, SORT_SRCLINE, SORT_SRCFILE);
	assert_int_equal(sort_keys__parse(&s, "srcline"), -EINVAL);
}

/* -n and the one-value filters edit the columns shown, nothing else */
static void test_columns_edit(void **state)
{
	struct sort_keys f, s;
	struct hist_columns hc;

	(void)state;
	/* -n: Samples after Overhead (Self with --children) */
	hist_columns__setup(&hc, NULL, NULL, true);
	hist_columns__show_samples(&hc);
	assert_keys(&hc.out, 6, SORT_HPP_OVERHEAD_CHILDREN, SORT_HPP_OVERHEAD, SORT_HPP_SAMPLE,
		    SORT_COMM, SORT_DSO, SORT_SYM);
	assert_keys(&hc.identity, 3, SORT_COMM, SORT_DSO, SORT_SYM);
	/* twice is once */
	hist_columns__show_samples(&hc);
	assert_int_equal(hc.out.nr, 6);

	/* -F says what it shows: -n adds nothing */
	assert_int_equal(sort_keys__parse_report(&f, "overhead,sym", "--fields"), 0);
	hist_columns__setup(&hc, NULL, &f, false);
	hist_columns__show_samples(&hc);
	assert_keys(&hc.out, 2, SORT_HPP_OVERHEAD, SORT_SYM);

	/* a one-value filter's key leaves the columns, not the entry keys */
	hist_columns__setup(&hc, NULL, NULL, false);
	hist_columns__elide(&hc, 1u << SORT_COMM | 1u << SORT_DSO);
	assert_keys(&hc.out, 2, SORT_HPP_OVERHEAD, SORT_SYM);
	assert_keys(&hc.identity, 3, SORT_COMM, SORT_DSO, SORT_SYM);
	assert_false(sort_keys__has(&hc.out, SORT_COMM));

	/* every key named: upstream keeps them all */
	assert_int_equal(sort_keys__parse_report(&s, "comm", "--sort"), 0);
	hist_columns__setup(&hc, &s, NULL, false);
	hist_columns__elide(&hc, 1u << SORT_COMM);
	assert_keys(&hc.out, 2, SORT_HPP_OVERHEAD, SORT_COMM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_cmp),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_columns_edit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
