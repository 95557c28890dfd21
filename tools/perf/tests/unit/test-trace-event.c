// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing data into libtraceevent (util/data/trace-event.c): a section
 * built here, laid out as perf record writes it, parses and prints an
 * event's fields by its print fmt (__print_flags, a dynamic string);
 * every cut of it fails with -EINVAL and a reason, never a crash; raw
 * data too short, or a dynamic field pointing past the record, prints
 * nothing or zeros, not memory beyond the record.
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
#include "util/data/trace-event.h"

static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

static const char format[] =
	"name: test_ev\nID: 42\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:int val;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"val=%d state=%s name=%s\", REC->val, "
	"__print_flags(REC->val, \"|\", { 1, \"A\" }, { 2, \"B\" }), __get_str(name)\n";

struct sec {
	char buf[8192];
	size_t len;
};

static void put(struct sec *s, const void *p, size_t n)
{
	assert_true(s->len + n <= sizeof(s->buf));
	memcpy(s->buf + s->len, p, n);
	s->len += n;
}

static void put32(struct sec *s, uint32_t v) { put(s, &v, 4); }
static void put64(struct sec *s, uint64_t v) { put(s, &v, 8); }

static void build(struct sec *s)
{
	uint8_t v8;

	s->len = 0;
	put(s, "\027\010\104tracing", 10);
	put(s, "0.6", 4);
	v8 = 0;
	put(s, &v8, 1);
	v8 = 8;
	put(s, &v8, 1);
	put32(s, 4096);
	put(s, "header_page", 12);
	put64(s, sizeof(header_page) - 1);
	put(s, header_page, sizeof(header_page) - 1);
	put(s, "header_event", 13);
	put64(s, 0);
	put32(s, 0);			/* ftrace formats */
	put32(s, 1);			/* systems */
	put(s, "test", 5);
	put32(s, 1);
	put64(s, sizeof(format) - 1);
	put(s, format, sizeof(format) - 1);
	put32(s, 0);			/* kallsyms */
	put32(s, 0);			/* printk */
	put64(s, 0);			/* saved_cmdlines */
}

struct text {
	char s[512];
	size_t len;
};

static void collect(void *ctx, const char *p, size_t n)
{
	struct text *t = ctx;

	assert_true(t->len + n < sizeof(t->s));
	memcpy(t->s + t->len, p, n);
	t->len += n;
	t->s[t->len] = '\0';
}

/* A record of test_ev: val, and "name" as a dynamic string at @name_off. */
static size_t record(uint8_t *raw, int val, uint16_t name_off, uint16_t name_len)
{
	uint32_t loc = (uint32_t)name_len << 16 | name_off;

	memset(raw, 0, 64);
	raw[0] = 42;
	memcpy(raw + 8, &val, 4);
	memcpy(raw + 12, &loc, 4);
	memcpy(raw + 16, "demo", 5);
	return 24;
}

static void test_parse_and_print(void **state)
{
	struct trace_event te;
	struct text t = { .len = 0 };
	const char *what = NULL;
	struct sec s;
	uint8_t raw[64];
	size_t n;

	build(&s);
	assert_int_equal(trace_event__parse(&te, s.buf, s.len, &what), 0);
	assert_non_null(te.tep);
	assert_null(trace_event__find(&te, 41));
	assert_non_null(trace_event__find(&te, 42));
	n = record(raw, 3, 16, 5);
	assert_int_equal(trace_event__format(&te, trace_event__find(&te, 42), 0, raw, n,
					     collect, &t), 0);
	assert_string_equal(t.s, "val=3 state=A|B name=demo");
	/* too short for its fields: nothing */
	t.len = 0;
	t.s[0] = '\0';
	assert_int_equal(trace_event__format(&te, trace_event__find(&te, 42), 0, raw, 12,
					     collect, &t), 0);
	assert_int_equal(t.len, 0);
	/* a dynamic string far past the record: zeros, not memory after it */
	n = record(raw, 1, 0xfff0, 0xffff);
	t.len = 0;
	assert_int_equal(trace_event__format(&te, trace_event__find(&te, 42), 0, raw, n,
					     collect, &t), 0);
	assert_string_equal(t.s, "val=1 state=A name=");
	trace_event__exit(&te);
	assert_null(te.tep);
}

static void test_every_cut(void **state)
{
	struct trace_event te;
	const char *what;
	struct sec s;
	size_t cut;

	build(&s);
	for (cut = 0; cut < s.len; cut++) {
		what = NULL;
		assert_int_equal(trace_event__parse(&te, s.buf, cut, &what), -EINVAL);
		assert_null(te.tep);
		assert_non_null(what);
	}
}

static void test_bad_format(void **state)
{
	struct trace_event te;
	const char *what = NULL;
	struct sec s;
	char *name;

	build(&s);
	name = memmem(s.buf, s.len, "name: test_ev", 13);
	assert_non_null(name);
	memcpy(name, "XXXX", 4);
	assert_int_equal(trace_event__parse(&te, s.buf, s.len, &what), -EINVAL);
	assert_null(te.tep);
	assert_non_null(what);
	/* the magic */
	build(&s);
	s.buf[1] = 'x';
	assert_int_equal(trace_event__parse(&te, s.buf, s.len, &what), -EINVAL);
	assert_string_equal(what, "bad magic");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_and_print),
		cmocka_unit_test(test_every_cut),
		cmocka_unit_test(test_bad_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
