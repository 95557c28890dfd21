// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as objdump's output (a hostile binary can
 * make objdump print anything) through annotate's line parser, one line
 * at a time as the pipe reader hands them over.  Besides the sanitizers,
 * it checks the parser's contract: an instruction's offset lies within
 * the symbol, other lines have offset -1, texts are strings no longer
 * than the tab expansion of their line allows.
 *
 *   build/fuzz/fuzz-objdump-line tools/perf/tests/fuzz/corpus/objdump-line/
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/objdump.h"

#define START	0x1180
#define END	0x11c0

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct disasm d = { .nr = 0 };
	char line[OBJDUMP_MAX_LINE];
	size_t pos = 0, i;
	int line_nr = 0;

	while (pos < len) {
		size_t n = 0;

		while (pos < len && data[pos] != '\n' && n < sizeof(line) - 1) {
			/* a NUL ends the line as fgets' caller sees it */
			line[n++] = data[pos] ? (char)data[pos] : ' ';
			pos++;
		}
		line[n] = '\0';
		if (pos < len && data[pos] == '\n')
			pos++;
		if (disasm__parse_line(&d, line, "/tmp/x", START, END, &line_nr))
			break;
	}
	for (i = 0; i < d.nr; i++) {
		const struct disasm_line *dl = &d.lines[i];

		if (dl->offset != -1 && (dl->offset < 0 || dl->offset >= END - START))
			__builtin_trap();
		if (strlen(dl->text) > 8 * OBJDUMP_MAX_LINE)
			__builtin_trap();
	}
	disasm__exit(&d);
	return 0;
}
