// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's -e lists: groups and their modifiers, terms, tracepoint
 * names, and the position and reason of each syntax error.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "record/parse-events.h"
#include "record/tracepoint.h"

static void test_groups(void **state)
{
	struct parse_events pe = { 0 };
	struct parse_events_error err;

	assert_int_equal(parse_events__add(&pe, "{cpu-clock,task-clock},page-faults,{cs,minor-faults}:u",
					   &err), 0);
	assert_int_equal(pe.nr, 5);
	assert_int_equal(pe.ev[0].leader, 0);
	assert_int_equal(pe.ev[0].nr_members, 2);
	assert_int_equal(pe.ev[1].leader, 0);
	assert_int_equal(pe.ev[1].nr_members, 0);
	assert_int_equal(pe.ev[2].leader, 2);
	assert_int_equal(pe.ev[2].nr_members, 1);
	assert_int_equal(pe.ev[3].leader, 3);
	assert_int_equal(pe.ev[3].nr_members, 2);
	assert_int_equal(pe.ev[4].leader, 3);
	assert_string_equal(pe.ev[1].name, "task-clock");
	assert_string_equal(pe.ev[4].name, "minor-faults");
	assert_int_equal(pe.ev[4].attr.config, PERF_COUNT_SW_PAGE_FAULTS_MIN);
	/* the group's :u on both members, not on the others */
	assert_true(pe.ev[3].attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	assert_true(pe.ev[4].attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	assert_false(pe.ev[4].attr.flags & PERF_ATTR_FLAG_EXCLUDE_USER);
	assert_false(pe.ev[2].attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	/* a second -e appends, its indexes after the first's */
	assert_int_equal(parse_events__add(&pe, "{cs,cpu-clock}", &err), 0);
	assert_int_equal(pe.ev[6].leader, 5);
	parse_events__exit(&pe);
}

static void test_terms(void **state)
{
	struct parse_events pe = { 0 };
	struct parse_events_error err;

	assert_int_equal(parse_events__add(&pe, "cpu-clock/period=100000/,task-clock/freq=99,name=tick/:u",
					   &err), 0);
	assert_int_equal(pe.nr, 2);
	assert_true(pe.ev[0].sampling_set);
	assert_int_equal(pe.ev[0].attr.sample_period, 100000);
	assert_false(pe.ev[0].attr.flags & PERF_ATTR_FLAG_FREQ);
	assert_string_equal(pe.ev[0].name, "cpu-clock/period=100000/");
	assert_int_equal(pe.ev[1].attr.sample_freq, 99);
	assert_true(pe.ev[1].attr.flags & PERF_ATTR_FLAG_FREQ);
	assert_string_equal(pe.ev[1].name, "tick");
	assert_true(pe.ev[1].attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	parse_events__exit(&pe);
}

struct bad {
	const char *str;
	size_t pos;
	const char *why;
};

static void test_errors(void **state)
{
	static const struct bad bad[] = {
		{ "cpu-clock/bogus=1/", 10, "unknown term" },
		{ "cpu-clock/config=1/", 10, "term not supported here" },
		{ "cpu-clock/period=0/", 16, "expected a number > 0" },
		{ "cpu-clock/period=1", 18, "expected '/'" },
		{ "cpu-clock/name=/", 14, "expected a name" },
		{ "{cpu-clock,task-clock", 21, "expected '}'" },
		{ "{cpu-clock,{cs}}", 11, "expected '}'" },
		{ "{}", 1, "parser error" },
		{ "{cs}:x", 5, "invalid modifier" },
		{ "cpu-clock:x", 10, "invalid modifier" },
		{ "cpu-clock,", 10, "parser error" },
		{ "nosuch", 0, "parser error" },
		{ "../etc:passwd", 0, "parser error" },
		{ "", 0, "parser error" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct parse_events pe = { 0 };
		struct parse_events_error err;

		assert_int_equal(parse_events__add(&pe, bad[i].str, &err), -EINVAL);
		if (err.pos != bad[i].pos || strcmp(err.why, bad[i].why))
			fail_msg("'%s': %zu '%s', want %zu '%s'", bad[i].str, err.pos, err.why,
				 bad[i].pos, bad[i].why);
		parse_events__exit(&pe);
	}
}

static void test_tracepoint(void **state)
{
	struct parse_events pe = { 0 };
	struct parse_events_error err;
	int ret;

	if (!tracefs__dir()) {
		ret = parse_events__add(&pe, "sched:sched_switch", &err);
		assert_int_equal(ret, -EINVAL);
		assert_string_equal(err.why, "unknown tracepoint");
		assert_non_null(strstr(err.detail, "tracefs is not mounted"));
		parse_events__exit(&pe);
		skip();
	}
	assert_int_equal(parse_events__add(&pe, "sched:sched_switch,sched:sched_wakeup:u", &err), 0);
	assert_int_equal(pe.nr, 2);
	assert_true(pe.ev[0].tracepoint);
	assert_int_equal(pe.ev[0].attr.type, PERF_TYPE_TRACEPOINT);
	assert_true(pe.ev[0].attr.config > 0);
	assert_true(pe.ev[1].attr.config != pe.ev[0].attr.config);
	assert_true(pe.ev[1].attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	assert_string_equal(pe.ev[0].name, "sched:sched_switch");
	parse_events__exit(&pe);
	assert_int_equal(parse_events__add(&pe, "sched:no_such_event", &err), -EINVAL);
	assert_string_equal(err.why, "unknown tracepoint");
	assert_non_null(strstr(err.detail, "events/sched/no_such_event not found"));
	parse_events__exit(&pe);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_terms),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_tracepoint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
