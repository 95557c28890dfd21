// SPDX-License-Identifier: GPL-2.0
/*
 * perf annotate's two pieces below the printing: objdump's lines parsed
 * as upstream parses them (file:line lines set the number and vanish,
 * "ADDR:" inside the symbol is an instruction, tabs expanded from the
 * trimmed line's start, the file-format header skipped), and the
 * per-symbol address histogram (distinct addresses only, hottest first,
 * addresses sorted, samples outside the symbol in the totals only).
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
#include "annotate/objdump.h"
#include "annotate/hists.h"
#include "util/model/dso.h"

static void test_parse_lines(void **state)
{
	static const char * const out[] = {
		"",
		"/bin/x:     file format elf64-x86-64",
		"Disassembly of section .text:",
		"0000000000001180 <left>:",
		"/src/app.c:12 (discriminator 1)",
		"\tx = x * 3;",
		"    1180:\timul   %rdx,%rax",
		"    11c0:\tret",			/* the stop address: not ours */
		"ffffffffffffffffffffff:\tnop",	/* overflows: text */
	};
	struct disasm d = { .nr = 0 };
	int line_nr = 0;
	size_t i;

	for (i = 0; i < sizeof(out) / sizeof(out[0]); i++)
		assert_int_equal(disasm__parse_line(&d, out[i], "/bin/x", 0x1180, 0x11c0,
						    &line_nr), 0);
	assert_int_equal(d.nr, 7);
	assert_string_equal(d.lines[0].text, "");
	assert_int_equal(d.lines[0].line_nr, 0);
	assert_string_equal(d.lines[1].text, "Disassembly of section .text:");
	assert_int_equal(d.lines[2].offset, -1);
	/* after "/src/app.c:12": numbering goes on from 12 */
	assert_string_equal(d.lines[3].text, "x = x * 3;");
	assert_int_equal(d.lines[3].line_nr, 12);
	assert_int_equal(d.lines[4].offset, 0);
	assert_string_equal(d.lines[4].text, "   imul   %rdx,%rax");
	assert_int_equal(d.lines[4].line_nr, 13);
	assert_int_equal(d.lines[5].offset, -1);
	assert_string_equal(d.lines[5].text, "11c0:   ret");
	assert_int_equal(d.lines[6].offset, -1);
	disasm__exit(&d);
}

static void test_hists(void **state)
{
	struct dso *dso = dso__new("/bin/x", NULL);
	struct symbol *a = calloc(1, sizeof(*a) + 2), *b = calloc(1, sizeof(*b) + 2);
	struct annotate_hists h;

	assert_non_null(dso);
	*a = (struct symbol){ .start = 0x1000, .end = 0x1040 };
	strcpy(a->name, "a");
	*b = (struct symbol){ .start = 0x2000, .end = 0x2010 };
	strcpy(b->name, "b");
	annotate_hists__init(&h);
	assert_int_equal(annotate_hists__add(&h, dso, a, 0x1010, 5), 0);
	assert_int_equal(annotate_hists__add(&h, dso, a, 0x1004, 5), 0);
	assert_int_equal(annotate_hists__add(&h, dso, a, 0x1010, 5), 0);
	assert_int_equal(annotate_hists__add(&h, dso, b, 0x2000, 100), 0);
	assert_int_equal(annotate_hists__add(&h, dso, NULL, 0x9000, 7), 0);
	assert_int_equal(annotate_hists__add(&h, dso, b, 0x3000, 7), 0);	/* outside */
	annotate_hists__sort(&h);
	assert_int_equal(h.nr_samples, 6);
	assert_int_equal(h.period, 129);
	assert_int_equal(h.nr, 2);
	assert_ptr_equal(h.syms[0]->sym, b);
	assert_ptr_equal(h.syms[1]->sym, a);
	assert_int_equal(h.syms[1]->nr_addrs, 2);
	assert_int_equal(h.syms[1]->addrs[0].offset, 4);
	assert_int_equal(h.syms[1]->addrs[1].offset, 0x10);
	assert_int_equal(h.syms[1]->addrs[1].nr_samples, 2);
	assert_int_equal(h.syms[1]->period, 15);
	annotate_hists__exit(&h);
	dso__put(dso);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_lines),
		cmocka_unit_test(test_hists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
