/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Disassembly through binutils' objdump, run as upstream perf 6.1 runs it
 * (-l -d --no-show-raw-insn -C, -S for the source lines, the symbol's
 * address range), parsed the way upstream parses it: "file:line" lines
 * set the line number and are not shown, "ADDR:" lines inside the range
 * are instructions, everything else is text shown as it is.
 *
 * objdump's output is untrusted (a hostile binary can make it print
 * anything): lines are cut at OBJDUMP_MAX_LINE bytes, at most
 * OBJDUMP_MAX_LINES are kept (the child is killed past that), and the
 * child is always reaped.
 */
#ifndef __PERF_ANNOTATE_OBJDUMP_H
#define __PERF_ANNOTATE_OBJDUMP_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

#define OBJDUMP_MAX_LINE	4096
#define OBJDUMP_MAX_LINES	(1u << 20)

struct disasm_line {
	s64	offset;		/* from the symbol's start; -1: not an instruction */
	int	line_nr;	/* upstream's running line number */
	char	*text;		/* tabs expanded; an instruction's after "ADDR:" */
};

struct disasm {
	struct disasm_line	*lines;
	size_t			nr, alloc;
	bool			truncated;	/* OBJDUMP_MAX_LINES reached */
};

struct objdump_args {
	const char	*objdump;	/* NULL: "objdump" from PATH */
	const char	*file;		/* the ELF image with the code */
	u64		start, end;	/* [start, end): the symbol, as objdump addresses */
	bool		source;		/* -S */
	bool		show_stderr;	/* -v: objdump's complaints reach stderr */
};

/*
 * Run objdump and parse its output into @d.  Returns 0, or -errno after
 * a one-line message naming @cmd (objdump missing, killed, failing).
 */
int disasm__objdump(struct disasm *d, const struct objdump_args *args, const char *cmd);

/*
 * Parse one line of objdump's output (without its newline) into @d, as
 * disasm__objdump() does; @line_nr carries the line number across calls.
 * Exposed for the fuzz target and the unit test.  0 or -ENOMEM.
 */
int disasm__parse_line(struct disasm *d, const char *line, const char *file, u64 start,
		       u64 end, int *line_nr);

void disasm__exit(struct disasm *d);

#endif
