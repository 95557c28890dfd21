// SPDX-License-Identifier: GPL-2.0
/*
 * util/model/dso-inline: the inline frames of a DSO's addresses, over the
 * fuzz corpus' app-inline.debug (tests/shell/lib/srcline-app.c built -O2
 * -g: mix() inlined into left() at line 22 and into right() at line 31):
 * "mix (inlined)" then the function at its call site, one inlined symbol
 * per (function, name), answers cached, a plain address kept as it is.
 */
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
#include "util/model/dso.h"
#include "util/model/dso-inline.h"
#include "util/symbols/srcline.h"

/* left() and right() in app-inline.debug (eu-readelf -s): start, size */
#define LEFT_START	0x1190
#define LEFT_SIZE	76
#define RIGHT_START	0x11e0
#define RIGHT_SIZE	97

/* A DSO whose symbols and DWARF are the debug file's, as dso__load() leaves one. */
static struct dso *inline_dso(void)
{
	char path[PATH_MAX];
	struct dso *dso;

	corpus_path(path, sizeof(path), "app-inline.debug");
	dso = dso__new(path, NULL);
	assert_non_null(dso);
	assert_int_equal(symbols__add(&dso->symbols, LEFT_START, LEFT_SIZE, STB_LOCAL, STT_FUNC,
				      "left"), 0);
	assert_int_equal(symbols__add(&dso->symbols, RIGHT_START, RIGHT_SIZE, STB_LOCAL, STT_FUNC,
				      "right"), 0);
	symbols__fixup(&dso->symbols);
	assert_int_equal(srcline_file__open(&dso->srcline, path), 0);
	dso->srcline_tried = true;
	dso->symsrc_path = strdup(path);
	dso->load_state = DSO_LOAD__LOADED;
	return dso;
}

/* The first address of @base's range inside an inlined mix(). */
static const struct dso_inlines *first_inlined(struct dso *dso, const struct symbol *base)
{
	u64 a;

	for (a = base->start; a < base->end; a++) {
		const struct dso_inlines *di = dso__inlines(dso, NULL, base, a);

		assert_non_null(di);
		if (di->nr > 1)
			return di;
	}
	return NULL;
}

static void check_chain(const struct dso_inlines *di, const struct symbol *base,
			const char *call_site)
{
	assert_non_null(di);
	assert_int_equal(di->nr, 2);
	assert_true(di->frames[0].sym->inlined);
	assert_string_equal(di->frames[0].sym->name, "mix");
	/* an inlined symbol spans its base: upstream's sort and offsets */
	assert_true(di->frames[0].sym->start == base->start);
	assert_non_null(di->frames[0].srcline);
	assert_int_equal(strncmp(di->frames[0].srcline, "srcline-app.c:1", 15), 0);
	/* the names agree: the base symbol itself, at the call site */
	assert_ptr_equal(di->frames[1].sym, base);
	assert_string_equal(di->frames[1].srcline, call_site);
}

static void test_inline_frames(void **state)
{
	struct dso *dso = inline_dso();
	const struct symbol *left = dso__find_symbol(dso, LEFT_START);
	const struct symbol *right = dso__find_symbol(dso, RIGHT_START);
	const struct dso_inlines *l, *r;

	(void)state;
	assert_non_null(left);
	assert_non_null(right);
	l = first_inlined(dso, left);
	r = first_inlined(dso, right);
	check_chain(l, left, "srcline-app.c:22");
	check_chain(r, right, "srcline-app.c:31");
	/* one inlined symbol per function it is inlined into */
	assert_ptr_not_equal(l->frames[0].sym, r->frames[0].sym);
	/* cached: the same answer, the same symbols */
	assert_ptr_equal(dso__inlines(dso, NULL, left, l->addr), l);
	dso__put(dso);
}

static void test_plain_and_unknown(void **state)
{
	struct dso *dso = inline_dso();
	const struct symbol *left = dso__find_symbol(dso, LEFT_START);
	const struct symbol *right = dso__find_symbol(dso, RIGHT_START);
	const struct dso_inlines *di;

	(void)state;
	/* right()'s first instruction is its own: its frame, its line */
	di = dso__inlines(dso, NULL, right, RIGHT_START);
	assert_non_null(di);
	assert_int_equal(di->nr, 1);
	assert_ptr_equal(di->frames[0].sym, right);
	assert_string_equal(di->frames[0].srcline, "srcline-app.c:27");
	/* no line but a symbol: addr2line's "??:?", upstream's "??:0" */
	di = dso__inlines(dso, NULL, left, 0x10);
	assert_non_null(di);
	assert_int_equal(di->nr, 1);
	assert_ptr_equal(di->frames[0].sym, left);
	assert_string_equal(di->frames[0].srcline, "??:0");
	/* no symbol: nothing to expand */
	di = dso__inlines(dso, NULL, NULL, 0x20);
	assert_non_null(di);
	assert_int_equal(di->nr, 0);
	/* the callchain text of a line, and of a symbol's address without one */
	assert_string_equal(dso__callchain_srcline(dso, NULL, left, 0x10), "??:0");
	dso__put(dso);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inline_frames),
		cmocka_unit_test(test_plain_and_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
