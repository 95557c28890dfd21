// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/srcline: lines and inline chains read through libdw from a
 * real -O2 -g debug file (the fuzz corpus' app-inline.debug, built from
 * tests/shell/lib/srcline-app.c: mix() inlined into left() at line 22
 * and into right() at line 31) and the function each is in, the
 * per-address cache, upstream's text,
 * and files with no DWARF refused without a crash.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "srcline-corpus.h"
#include "util/symbols/srcline.h"

/* left() and right() in app-inline.debug (eu-readelf -s): start, size */
#define LEFT_START	0x1190
#define LEFT_SIZE	76
#define RIGHT_START	0x11e0
#define RIGHT_SIZE	97

/* The first address of [start, start + size) inside an inlined mix(). */
static const struct srcline *find_inlined(struct srcline_file *sf, u64 start, u64 size)
{
	u64 a;

	for (a = start; a < start + size; a++) {
		const struct srcline *sl = srcline_file__find_inlines(sf, a);

		assert_non_null(sl);
		if (sl->nr_inlines)
			return sl;
	}
	return NULL;
}

static void check_caller(struct srcline_file *sf, u64 start, u64 size, unsigned int call_line,
			 const char *caller)
{
	const struct srcline *sl = find_inlined(sf, start, size);
	char text[256], want[64];

	assert_non_null(sl);
	assert_non_null(sl->file);
	assert_string_equal(srcline__basename(sl->file), "srcline-app.c");
	/* the innermost location is mix()'s own body */
	assert_true(sl->line >= 10 && sl->line <= 14);
	assert_int_equal(sl->nr_inlines, 1);
	assert_string_equal(sl->inlines[0].func, "mix");
	assert_non_null(sl->inlines[0].file);
	assert_string_equal(srcline__basename(sl->inlines[0].file), "srcline-app.c");
	assert_int_equal(sl->inlines[0].line, call_line);
	/* the function mix() is inlined into: the outermost inline frame's */
	assert_non_null(sl->func);
	assert_string_equal(sl->func, caller);
	/* cached: the very same answer */
	assert_ptr_equal(srcline_file__find(sf, sl->addr), sl);
	assert_ptr_equal(srcline_file__find_inlines(sf, sl->addr), sl);
	srcline__snprintf(sl, text, sizeof(text), false);
	snprintf(want, sizeof(want), "srcline-app.c:%u", sl->line);
	assert_string_equal(text, want);
	/* the full path ends in "/" and the same */
	srcline__snprintf(sl, text, sizeof(text), true);
	snprintf(want, sizeof(want), "/srcline-app.c:%u", sl->line);
	assert_true(strlen(text) > strlen(want));
	assert_string_equal(text + strlen(text) - strlen(want), want);
}

static void test_inline_chain(void **state)
{
	struct srcline_file *sf;
	char path[PATH_MAX];

	(void)state;
	corpus_path(path, sizeof(path), "app-inline.debug");
	assert_int_equal(srcline_file__open(&sf, path), 0);
	check_caller(sf, LEFT_START, LEFT_SIZE, 22, "left");
	check_caller(sf, RIGHT_START, RIGHT_SIZE, 31, "right");
	srcline_file__delete(sf);
}

static void test_unknown(void **state)
{
	const struct srcline *sl;
	struct srcline_file *sf;
	char path[PATH_MAX], text[32];

	(void)state;
	corpus_path(path, sizeof(path), "app-inline.debug");
	assert_int_equal(srcline_file__open(&sf, path), 0);
	sl = srcline_file__find(sf, 0);
	assert_non_null(sl);
	assert_null(sl->file);
	assert_int_equal(sl->nr_inlines, 0);
	srcline__snprintf(sl, text, sizeof(text), false);
	assert_string_equal(text, SRCLINE_UNKNOWN);
	srcline__snprintf(NULL, text, sizeof(text), false);
	assert_string_equal(text, "??:0");
	srcline_file__delete(sf);
}

static void test_no_dwarf(void **state)
{
	static const char junk[] = "\177ELF not really an ELF file at all";
	struct srcline_file *sf = NULL;

	(void)state;
	assert_int_equal(srcline_file__open(&sf, "/nonexistent/file"), -ENOENT);
	/* a binary without -g: no .debug_info */
	assert_int_equal(srcline_file__open(&sf, "/bin/true"), -ENODATA);
	assert_int_equal(srcline_file__open_mem(&sf, junk, sizeof(junk)), -ENODATA);
	assert_int_equal(srcline_file__open_mem(&sf, junk, 0), -ENODATA);
	assert_null(sf);
	srcline_file__delete(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inline_chain),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_no_dwarf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
