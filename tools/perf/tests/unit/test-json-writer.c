// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer of perf data convert --to-json: upstream's escapes for
 * the ASCII it escapes, valid UTF-8 kept, every other byte >= 0x80 as
 * \u00XX, so that any comm or symbol makes a string a parser reads; and
 * upstream's layout of keys (comma, newline, tabs).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "data/json-writer.h"

/* What json__string() writes for @s. */
static char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	json__string(fp, s);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

static void assert_escaped(const char *in, const char *want)
{
	char *got = escaped(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_ascii(void **state)
{
	assert_escaped("", "\"\"");
	assert_escaped("main", "\"main\"");
	assert_escaped("a\"b\\c", "\"a\\\"b\\\\c\"");
	assert_escaped("\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"");
	/* the other control characters by code, lower-case hex as upstream */
	assert_escaped("\x01x\x1f", "\"\\u0001x\\u001f\"");
	/* DEL and '/' need no escape */
	assert_escaped("/\x7f", "\"/\x7f\"");
}

static void test_utf8(void **state)
{
	/* 2, 3 and 4 byte sequences copied */
	assert_escaped("caf\xc3\xa9", "\"caf\xc3\xa9\"");
	assert_escaped("\xe2\x82\xac", "\"\xe2\x82\xac\"");
	assert_escaped("\xf0\x9f\x94\xa5", "\"\xf0\x9f\x94\xa5\"");
	/* a lone continuation byte, a cut sequence, a lone lead byte at the end */
	assert_escaped("\x80", "\"\\u0080\"");
	assert_escaped("\xc3x", "\"\\u00c3x\"");
	assert_escaped("a\xe2\x82", "\"a\\u00e2\\u0082\"");
	/* overlong forms, a surrogate, past U+10FFFF: not UTF-8 */
	assert_escaped("\xc0\xaf", "\"\\u00c0\\u00af\"");
	assert_escaped("\xe0\x80\xaf", "\"\\u00e0\\u0080\\u00af\"");
	assert_escaped("\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\"");
	assert_escaped("\xf4\x90\x80\x80", "\"\\u00f4\\u0090\\u0080\\u0080\"");
	assert_escaped("\xff", "\"\\u00ff\"");
}

static void test_layout(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	fputc('{', fp);
	json__key(fp, false, 1, "n");
	fputs("1", fp);
	json__key_string(fp, true, 1, "s", "x");
	json__next(fp, false, 0);
	fputc('}', fp);
	assert_int_equal(fclose(fp), 0);
	assert_string_equal(buf, "{\n\t\"n\": 1,\n\t\"s\": \"x\"\n}");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ascii),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_layout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
