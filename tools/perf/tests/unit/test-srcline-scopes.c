// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/srcline-inline: the per-unit index of scopes answers every
 * address as the plain walk of the whole unit does (same function, same
 * inline frames with their call sites, in the same order), on real -O2 -g
 * files: the C ones of the srcline corpus, a C++ one whose functions sit
 * in namespaces and classes (cpp-scopes.debug, from
 * tests/shell/lib/srcline-scopes.cc), and this test's own binary (many
 * units, libc headers' inlines).
 */
#include <errno.h>
#include <fcntl.h>
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
#include "util/symbols/srcline-int.h"

static void assert_same_str(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

struct agree {
	size_t	addrs, inlined, deepest;
};

/* Both answers for @addr in @cu, compared field by field. */
static void check_addr(struct srcline_scopes *scopes, Dwarf_Die *cu, u64 addr, struct agree *a)
{
	struct srcline walk = { .addr = addr }, index = { .addr = addr };
	int i;

	assert_int_equal(srcline_scopes__add_inlines_walk(cu, &walk), 0);
	assert_int_equal(srcline_scopes__add_inlines(scopes, cu, &index), 0);
	assert_same_str(walk.func, index.func);
	assert_int_equal(walk.nr_inlines, index.nr_inlines);
	for (i = 0; i < walk.nr_inlines; i++) {
		assert_same_str(walk.inlines[i].func, index.inlines[i].func);
		assert_same_str(walk.inlines[i].file, index.inlines[i].file);
		assert_int_equal(walk.inlines[i].line, index.inlines[i].line);
	}
	a->addrs++;
	a->inlined += walk.nr_inlines > 0;
	if ((size_t)walk.nr_inlines > a->deepest)
		a->deepest = (size_t)walk.nr_inlines;
	free(walk.inlines);
	free(index.inlines);
}

/*
 * Every @stride-th address of every unit's ranges (clang writes no
 * .debug_aranges: the units' own ranges are the map).
 */
static struct agree check_file(const char *path, u64 stride)
{
	struct agree a = { 0 };
	struct srcline_scopes *scopes;
	Dwarf_Off off = 0, next;
	size_t hsize;
	Dwarf *dw;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	dw = dwarf_begin(fd, DWARF_C_READ);
	assert_non_null(dw);
	scopes = srcline_scopes__new(dw);
	assert_non_null(scopes);
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Addr base, start, end;
		ptrdiff_t r = 0;
		Dwarf_Die cu;

		assert_non_null(dwarf_offdie(dw, off + hsize, &cu));
		while ((r = dwarf_ranges(&cu, r, &base, &start, &end)) > 0) {
			u64 addr;

			for (addr = start; addr < end; addr += stride)
				check_addr(scopes, &cu, addr, &a);
		}
		off = next;
	}
	srcline_scopes__delete(scopes);
	dwarf_end(dw);
	close(fd);
	return a;
}

static void test_corpus_c(void **state)
{
	char path[PATH_MAX];
	struct agree a;

	(void)state;
	corpus_path(path, sizeof(path), "app-inline.debug");
	a = check_file(path, 1);
	/* mix() inlined into left() and right() */
	assert_true(a.addrs > 100);
	assert_true(a.inlined > 0);
	corpus_path(path, sizeof(path), "o2-inline.debug");
	a = check_file(path, 1);
	assert_true(a.addrs > 0);
}

static void test_corpus_cpp(void **state)
{
	char path[PATH_MAX];
	struct agree a;

	(void)state;
	corpus_path(path, sizeof(path), "cpp-scopes.debug");
	a = check_file(path, 1);
	/* acc::add() inlined into twice() and mix<>(), in namespaces */
	printf("cpp-scopes.debug: %zu addresses, %zu in inlined code\n", a.addrs, a.inlined);
	assert_true(a.addrs > 50);
	assert_true(a.inlined > 0);
}

static void test_own_binary(void **state)
{
	struct agree a;

	(void)state;
	/* a prime stride: every kind of instruction offset, in bounded time */
	a = check_file("/proc/self/exe", 13);
	assert_true(a.addrs > 1000);
	assert_true(a.inlined > 0);
	assert_true(a.deepest >= 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_c),
		cmocka_unit_test(test_corpus_cpp),
		cmocka_unit_test(test_own_binary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
