// SPDX-License-Identifier: GPL-2.0
/*
 * The sample filters' parsers, with upstream perf 6.1's syntax (what its
 * report and script accept and refuse, as run): comma lists of names and
 * numbers, CPU lists, --time strings; and the verdict on a sample.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/base/value-list.h"
#include "util/base/cpu-bitmap.h"
#include "util/session/time-ranges.h"
#include "util/model/sample-filter.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/symbols/symbol.h"
#include "util/model/dso.h"
#include "util/data/event.h"

/* ---- names -------------------------------------------------------------- */

static void test_str_list(void **state)
{
	struct str_list sl;

	assert_int_equal(str_list__parse(&sl, "dd,demo,"), 0);
	assert_int_equal(sl.nr, 2);
	assert_true(str_list__has(&sl, "dd"));
	assert_true(str_list__has(&sl, "demo"));
	assert_false(str_list__has(&sl, "de"));
	assert_false(str_list__has(&sl, ""));
	str_list__exit(&sl);

	/* no trimming: " dd" is its own name; an empty middle entry is "" */
	assert_int_equal(str_list__parse(&sl, " dd,,x"), 0);
	assert_true(str_list__has(&sl, " dd"));
	assert_true(str_list__has(&sl, ""));
	assert_false(str_list__has(&sl, "dd"));
	str_list__exit(&sl);

	/* the empty list matches nothing */
	assert_int_equal(str_list__parse(&sl, ""), 0);
	assert_int_equal(sl.nr, 0);
	str_list__exit(&sl);

	assert_int_equal(str_list__parse(&sl, "a,b,a"), -EEXIST);
	assert_string_equal(sl.error, "a");
	str_list__exit(&sl);
}

static void test_str_list_file(void **state)
{
	char path[] = "/tmp/test-sample-filter-XXXXXX", arg[64];
	struct str_list sl;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "wl.sh\n\ndd\nlast", 14), 14);
	close(fd);
	snprintf(arg, sizeof(arg), "x,file://%s", path);
	assert_int_equal(str_list__parse(&sl, arg), 0);
	assert_int_equal(sl.nr, 4);
	assert_true(str_list__has(&sl, "wl.sh"));
	assert_true(str_list__has(&sl, "dd"));
	assert_true(str_list__has(&sl, "last"));	/* no newline at the end: kept whole */
	str_list__exit(&sl);
	unlink(path);

	assert_int_equal(str_list__parse(&sl, "file:///nonexistent/list"), -ENOENT);
	assert_string_equal(sl.error, "/nonexistent/list");
	str_list__exit(&sl);
}

/* ---- numbers ------------------------------------------------------------ */

static void test_int_list(void **state)
{
	struct int_list il;
	char many[8192];
	int i, n = 0;

	/* strtol's syntax: blanks and a sign before, nothing after */
	assert_int_equal(int_list__parse(&il, " 12,+13,-1"), 0);
	assert_true(int_list__has(&il, 12));
	assert_true(int_list__has(&il, 13));
	assert_true(int_list__has(&il, -1));
	assert_false(int_list__has(&il, 0));
	int_list__exit(&il);

	/* upstream reads an empty entry as 0 */
	assert_int_equal(int_list__parse(&il, "5,"), 0);
	assert_true(int_list__has(&il, 0));
	int_list__exit(&il);

	assert_int_equal(int_list__parse(&il, "1,abc"), -EINVAL);
	assert_string_equal(il.error, "abc");
	int_list__exit(&il);
	assert_int_equal(int_list__parse(&il, "12 "), -EINVAL);
	int_list__exit(&il);
	assert_int_equal(int_list__parse(&il, "7,8,7"), -EEXIST);
	assert_string_equal(il.error, "7");
	int_list__exit(&il);

	/* many: found through the hash while the array grows */
	for (i = 0; i < 1000; i++)
		n += snprintf(many + n, sizeof(many) - n, "%s%d", i ? "," : "", i * 3);
	assert_int_equal(int_list__parse(&il, many), 0);
	for (i = 0; i < 3000; i++)
		assert_int_equal(int_list__has(&il, i), i % 3 == 0);
	int_list__exit(&il);
}

/* ---- CPUs --------------------------------------------------------------- */

static void test_cpu_bitmap(void **state)
{
	struct cpu_bitmap b;
	int bad = -1;

	assert_int_equal(cpu_bitmap__parse(&b, "0-2,4", 8, &bad), 0);
	assert_true(cpu_bitmap__test(&b, 0) && cpu_bitmap__test(&b, 1) && cpu_bitmap__test(&b, 2));
	assert_false(cpu_bitmap__test(&b, 3));
	assert_true(cpu_bitmap__test(&b, 4));
	assert_false(cpu_bitmap__test(&b, 5));
	assert_false(cpu_bitmap__test(&b, 100000));
	cpu_bitmap__exit(&b);

	/* strtoul base 0; parsing stops at an entry without a digit */
	assert_int_equal(cpu_bitmap__parse(&b, "0x1,010", 16, &bad), 0);
	assert_true(cpu_bitmap__test(&b, 1) && cpu_bitmap__test(&b, 8));
	cpu_bitmap__exit(&b);
	assert_int_equal(cpu_bitmap__parse(&b, "1,x", 2, &bad), 0);
	assert_true(cpu_bitmap__test(&b, 1));
	cpu_bitmap__exit(&b);
	assert_int_equal(cpu_bitmap__parse(&b, "1,,0", 2, &bad), 0);
	assert_false(cpu_bitmap__test(&b, 0));
	cpu_bitmap__exit(&b);

	/* the empty list: no CPU */
	assert_int_equal(cpu_bitmap__parse(&b, "", 2, &bad), 0);
	assert_false(cpu_bitmap__test(&b, 0));
	cpu_bitmap__exit(&b);

	/* upstream's "Invalid cpu_list" */
	assert_int_equal(cpu_bitmap__parse(&b, "abc", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "1-0", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "1-", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "-1", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, " 1", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "1x", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "0,0", 2, &bad), -EINVAL);
	assert_int_equal(cpu_bitmap__parse(&b, "0-3,2", 8, &bad), -EINVAL);

	/* past the recording's CPUs: the lowest such CPU is named */
	assert_int_equal(cpu_bitmap__parse(&b, "9,1-5", 2, &bad), -ERANGE);
	assert_int_equal(bad, 2);
	/* unknown count: only the absolute bound */
	assert_int_equal(cpu_bitmap__parse(&b, "4095", 0, &bad), 0);
	cpu_bitmap__exit(&b);
	assert_int_equal(cpu_bitmap__parse(&b, "0-2000000000", 0, &bad), -ERANGE);
	assert_int_equal(bad, CPU_BITMAP_MAX);
}

/* ---- --time ------------------------------------------------------------- */

#define S	1000000000ULL

static void test_time_abs(void **state)
{
	struct time_ranges tr;
	u64 ns;

	assert_int_equal(time_ranges__parse_nsec("12.5", &ns), 0);
	assert_int_equal(ns, 12 * S + S / 2);
	assert_int_equal(time_ranges__parse_nsec("3.000000001", &ns), 0);
	assert_int_equal(ns, 3 * S + 1);
	assert_int_equal(time_ranges__parse_nsec("3.", &ns), 0);
	assert_int_equal(ns, 3 * S);
	assert_int_equal(time_ranges__parse_nsec("3.0000000001", &ns), -EINVAL);
	assert_int_equal(time_ranges__parse_nsec("3s", &ns), -EINVAL);

	assert_int_equal(time_ranges__parse(&tr, "10.5,11", 0, 0), 0);
	assert_int_equal(tr.nr, 1);
	assert_true(time_ranges__skip(&tr, 10 * S));
	assert_false(time_ranges__skip(&tr, 10 * S + S / 2));
	assert_false(time_ranges__skip(&tr, 11 * S));
	assert_true(time_ranges__skip(&tr, 11 * S + 1));
	/* a sample without a time is kept */
	assert_false(time_ranges__skip(&tr, 0));
	time_ranges__exit(&tr);

	/* open ends */
	assert_int_equal(time_ranges__parse(&tr, "10,", 0, 0), 0);
	assert_false(time_ranges__skip(&tr, 1000 * S));
	assert_true(time_ranges__skip(&tr, 9 * S));
	time_ranges__exit(&tr);
	assert_int_equal(time_ranges__parse(&tr, ",10", 0, 0), 0);
	assert_false(time_ranges__skip(&tr, 1));
	assert_true(time_ranges__skip(&tr, 11 * S));
	time_ranges__exit(&tr);

	/* several ranges: separated by blanks */
	assert_int_equal(time_ranges__parse(&tr, "1,2 3,4", 0, 0), 0);
	assert_int_equal(tr.nr, 2);
	assert_false(time_ranges__skip(&tr, 1 * S + 1));
	assert_true(time_ranges__skip(&tr, 2 * S + 1));
	assert_false(time_ranges__skip(&tr, 3 * S + 1));
	assert_true(time_ranges__skip(&tr, 4 * S + 1));
	time_ranges__exit(&tr);

	/* upstream's "Invalid time string" */
	assert_int_equal(time_ranges__parse(&tr, "10", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "abc", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "2,1", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "1,2,3,4", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "3,4 1,2", 0, 0), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "1,3 2,4", 0, 0), -EINVAL);
}

static void test_time_percent(void **state)
{
	u64 first = 100 * S, last = 110 * S;	/* ten seconds */
	struct time_ranges tr;

	/* the second tenth: [101 s, 102 s - 1 ns] */
	assert_int_equal(time_ranges__parse(&tr, "10%/2", first, last), 0);
	assert_int_equal(tr.nr, 1);
	assert_int_equal(tr.v[0].start, 101 * S);
	assert_int_equal(tr.v[0].end, 102 * S - 1);
	time_ranges__exit(&tr);

	/* "10%" is the first tenth */
	assert_int_equal(time_ranges__parse(&tr, "10%", first, last), 0);
	assert_int_equal(tr.v[0].start, 100 * S);
	assert_int_equal(tr.v[0].end, 101 * S - 1);
	time_ranges__exit(&tr);

	/* a slice ending at the last sample keeps it */
	assert_int_equal(time_ranges__parse(&tr, "50%/2", first, last), 0);
	assert_int_equal(tr.v[0].end, 110 * S);
	time_ranges__exit(&tr);

	assert_int_equal(time_ranges__parse(&tr, "10%/1,10%/3", first, last), 0);
	assert_int_equal(tr.nr, 2);
	assert_false(time_ranges__skip(&tr, 100 * S + 1));
	assert_true(time_ranges__skip(&tr, 101 * S + 1));
	assert_false(time_ranges__skip(&tr, 102 * S + 1));
	time_ranges__exit(&tr);

	assert_int_equal(time_ranges__parse(&tr, "0%-20%,50%-60%", first, last), 0);
	assert_int_equal(tr.nr, 2);
	assert_int_equal(tr.v[1].start, 105 * S);
	assert_int_equal(tr.v[1].end, 106 * S - 1);
	time_ranges__exit(&tr);

	assert_int_equal(time_ranges__parse(&tr, "10%/20", first, last), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "0%/1", first, last), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "10%,20%", first, last), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "10%x", first, last), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "x%/1", first, last), -EINVAL);
	assert_int_equal(time_ranges__parse(&tr, "50%-120%", first, last), -EINVAL);
	/* a file without its first and last sample times */
	assert_int_equal(time_ranges__parse(&tr, "10%", 0, 0), -ENODATA);
}

/* ---- the verdict -------------------------------------------------------- */

static void test_verdict(void **state)
{
	struct sample_filter_opts o = { .comms = "demo", .pids = "10", .dsos = "libc.so.6",
					.syms = "hot" };
	struct sample_filter f;
	struct thread *t = thread__new(10, 11, NULL, NULL), *u = thread__new(12, 12, NULL, NULL);
	struct dso *libc = dso__new("/usr/lib/libc.so.6", NULL);
	struct symbol *sym = calloc(1, sizeof(*sym) + 4);
	struct map map = { .start = 0x1000, .end = 0x2000, .dso = libc };
	struct addr_location al = { .thread = t, .map = &map, .dso = libc, .sym = sym };
	struct perf_sample sample = { .time = 5, .cpu = 1 };

	assert_non_null(t);
	assert_non_null(libc);
	memcpy(sym->name, "hot", 4);
	assert_int_equal(thread__set_comm(t, "demo", true), 0);
	assert_int_equal(thread__set_comm(u, "demo", true), 0);
	assert_int_equal(sample_filter__init(&f, &o, "test"), 0);
	assert_true(sample_filter__judges(&f));
	assert_true(sample_filter__needs_leaf(&f));
	assert_int_equal(sample_filter__verdict(&f, t, &al), 0);
	/* another process of the same comm */
	assert_int_equal(sample_filter__verdict(&f, u, &al), SAMPLE_FILTERED_THREAD);
	/* a leaf outside any mapping is in no DSO, and has no symbol */
	al.map = NULL;
	al.dso = NULL;
	al.sym = NULL;
	assert_int_equal(sample_filter__verdict(&f, t, &al),
			 SAMPLE_FILTERED_DSO | SAMPLE_FILTERED_SYMBOL);
	/* no --time or --cpu: nothing skipped */
	assert_false(sample_filter__skip(&f, &sample, true));
	sample_filter__exit(&f);

	/* by long name too */
	o = (struct sample_filter_opts){ .dsos = "/usr/lib/libc.so.6", .tids = "11" };
	al = (struct addr_location){ .thread = t, .map = &map, .dso = libc };
	assert_int_equal(sample_filter__init(&f, &o, "test"), 0);
	assert_int_equal(sample_filter__verdict(&f, t, &al), 0);
	assert_int_equal(sample_filter__verdict(&f, u, &al), SAMPLE_FILTERED_THREAD);
	sample_filter__exit(&f);

	/* a bad list: -EINVAL, said on stderr */
	o = (struct sample_filter_opts){ .pids = "1,x" };
	assert_int_equal(sample_filter__init(&f, &o, "test"), -EINVAL);
	sample_filter__exit(&f);

	free(sym);
	dso__put(libc);
	thread__put(t);
	thread__put(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_str_list),
		cmocka_unit_test(test_str_list_file),
		cmocka_unit_test(test_int_list),
		cmocka_unit_test(test_cpu_bitmap),
		cmocka_unit_test(test_time_abs),
		cmocka_unit_test(test_time_percent),
		cmocka_unit_test(test_verdict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
