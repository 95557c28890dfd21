// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/srcline-lines: our compact line tables answer every
 * address as libdw's own (dwarf_getsrc_die + dwarf_linesrc + dwarf_lineno)
 * on the same Dwarf: same file name, same line, same "no row"; and our
 * .debug_aranges lookup finds dwarf_addrdie()'s unit.  Checked
 * at every row's address and the addresses around it, on the srcline
 * corpus (gcc and clang C and C++), this test's own binary and, when the
 * box has libc6-dbg, libc's debuginfo (DWARF 5 from a distribution,
 * compressed sections).
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
#include <dwarf.h>
#include "srcline-corpus.h"
#include "util/symbols/srcline-int.h"
#include "util/symbols/build-id.h"

struct agree {
	size_t	units, ours, addrs, found;	/* units: with a line table */
	size_t	in_unit;			/* addresses dwarf_addrdie() places */
};

/* Our unit for @addr (srcline-aranges.c) is dwarf_addrdie()'s. */
static void check_unit(Dwarf *dw, const struct srcline_aranges *ar, u64 addr, struct agree *a)
{
	Dwarf_Die want, got;
	Dwarf_Off next;
	size_t hsize;
	u64 unit;

	if (!dwarf_addrdie(dw, addr, &want)) {
		assert_int_equal(srcline_aranges__find(ar, addr, &unit), -ENOENT);
		return;
	}
	a->in_unit++;
	assert_int_equal(srcline_aranges__find(ar, addr, &unit), 0);
	assert_int_equal(dwarf_next_unit(dw, unit, &next, &hsize, NULL, NULL, NULL, NULL, NULL,
					 NULL), 0);
	assert_non_null(dwarf_offdie(dw, unit + hsize, &got));
	assert_int_equal(dwarf_dieoffset(&got), dwarf_dieoffset(&want));
}

static void check_addr(Dwarf_Die *cu, const struct srcline_lines *lines, u64 addr,
		       struct agree *a)
{
	Dwarf_Line *line = dwarf_getsrc_die(cu, addr);
	const char *file = NULL;
	int lineno = -1, want;

	a->addrs++;
	if (!line) {
		assert_int_equal(srcline_lines__find(lines, addr, &file, &lineno), -ENOENT);
		return;
	}
	a->found++;
	assert_int_equal(srcline_lines__find(lines, addr, &file, &lineno), 0);
	assert_int_equal(dwarf_lineno(line, &want), 0);
	assert_int_equal(lineno, want);
	if (!dwarf_linesrc(line, NULL, NULL))
		assert_null(file);
	else
		assert_string_equal(file, dwarf_linesrc(line, NULL, NULL));
}

static struct agree check_file(const char *path)
{
	struct srcline_aranges *ar = NULL;
	struct srcline_sections secs;
	struct agree a = { 0 };
	Dwarf_Off off = 0, next;
	size_t hsize;
	Elf *elf;
	Dwarf *dw;
	int fd;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(elf);
	dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	assert_non_null(dw);
	srcline_sections__init(&secs, elf);
	assert_non_null(secs.line);
	/* no .debug_aranges (clang): libdw's own lookup serves */
	if (secs.aranges)
		assert_int_equal(srcline_aranges__new(&ar, &secs), 0);
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		struct srcline_lines *lines = NULL;
		Dwarf_Attribute attr;
		Dwarf_Word stmt_list;
		Dwarf_Die cu, die;
		Dwarf_Lines *dl;
		u8 addr_size;
		size_t i, n;

		assert_non_null(dwarf_offdie(dw, off + hsize, &cu));
		off = next;
		if (!dwarf_attr(&cu, DW_AT_stmt_list, &attr) || dwarf_formudata(&attr, &stmt_list))
			continue;
		/* a unit with a line table: ours must read it */
		a.units++;
		assert_non_null(dwarf_diecu(&cu, &die, &addr_size, NULL));
		if (srcline_lines__new(&lines, &secs, stmt_list, addr_size,
				       dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &attr))))
			continue;
		a.ours++;
		/* libdw reads what we read: every row's address, one before and after */
		assert_int_equal(dwarf_getsrclines(&cu, &dl, &n), 0);
		assert_int_equal(srcline_lines__nr(lines), n);
		for (i = 0; i < n; i++) {
			Dwarf_Addr at;
			u64 addr = srcline_lines__addr(lines, i);

			assert_int_equal(dwarf_lineaddr(dwarf_onesrcline(dl, i), &at), 0);
			assert_int_equal(addr, at);
			check_addr(&cu, lines, addr - 1, &a);
			check_addr(&cu, lines, addr, &a);
			check_addr(&cu, lines, addr + 1, &a);
			if (ar) {
				check_unit(dw, ar, addr - 1, &a);
				check_unit(dw, ar, addr, &a);
			}
		}
		check_addr(&cu, lines, 0, &a);
		check_addr(&cu, lines, ~0ULL, &a);
		srcline_lines__delete(lines);
	}
	srcline_aranges__delete(ar);
	dwarf_end(dw);
	elf_end(elf);
	close(fd);
	printf("%s: %zu units, %zu read by us, %zu addresses, %zu with a row, %zu in a unit%s\n",
	       basename((char *)path), a.units, a.ours, a.addrs, a.found, a.in_unit,
	       ar ? "" : " (no .debug_aranges)");
	return a;
}

static void test_corpus(void **state)
{
	static const char * const names[] = {
		"app-inline.debug", "o2-inline.debug", "cpp-scopes.debug",
	};
	char path[PATH_MAX];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct agree a;

		corpus_path(path, sizeof(path), names[i]);
		a = check_file(path);
		assert_true(a.ours > 0);
		assert_int_equal(a.ours, a.units);
		assert_true(a.found > 10);
	}
}

static void test_own_binary(void **state)
{
	struct agree a;

	(void)state;
	a = check_file("/proc/self/exe");
	assert_true(a.ours > 10);
	assert_int_equal(a.ours, a.units);
	assert_true(a.found > 1000);
}

/* libc's separate debuginfo, found by build-id as the report finds it */
static void test_libc_debuginfo(void **state)
{
	char hex[BUILD_ID_SIZE_MAX * 2 + 1], path[PATH_MAX];
	struct build_id bid = { .size = 0 };
	struct agree a;

	(void)state;
	if (filename__read_build_id("/lib/x86_64-linux-gnu/libc.so.6", &bid) < 0) {
		skip();
		return;
	}
	build_id__sprintf(&bid, hex);
	snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
	if (access(path, R_OK)) {
		printf("no %s (libc6-dbg): skipped\n", path);
		skip();
		return;
	}
	a = check_file(path);
	assert_true(a.ours > 1000);
	assert_int_equal(a.ours, a.units);
	assert_true(a.in_unit > 100000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_own_binary),
		cmocka_unit_test(test_libc_debuginfo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
