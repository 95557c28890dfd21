/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pager upstream's --stdio output goes through on a terminal:
 * PERF_PAGER, then PAGER, then /usr/bin/pager, /usr/bin/less; "cat" or
 * an empty string means none.  less gets LESS=FRSX unless LESS is set,
 * so a screenful or less is printed and the pager quits by itself.
 */
#ifndef __PERF_PAGER_H
#define __PERF_PAGER_H

#include <stdbool.h>
#include <sys/types.h>

struct pager {
	pid_t pid;		/* 0: no pager runs */
	bool stderr_too;	/* stderr was a terminal and goes through it too */
};

/*
 * Start the pager when stdout is a terminal; @program overrides the
 * environment (core.pager in perfconfig).  Returns 0 also when no pager
 * is wanted; a pager that cannot start is said once and output stays on
 * the terminal.
 */
int pager__start(struct pager *pg, const char *program);

/* Flush, close our end and wait for the user to quit the pager. */
void pager__finish(struct pager *pg);

#endif
