// SPDX-License-Identifier: GPL-2.0
/* perf list's line layout and glob: print.h. */
#include <fnmatch.h>
#include <stdio.h>
#include "list/print.h"

bool list_print__match(const struct list_print *lp, const char *s)
{
	return !lp->glob || (s && !fnmatch(lp->glob, s, 0));
}

void list_print__event(const struct list_print *lp, const char *name, const char *alias,
		       const char *kind)
{
	char both[256];

	if (alias && !*alias)
		alias = NULL;
	if (!list_print__match(lp, name) && !(alias && list_print__match(lp, alias)))
		return;
	/* upstream's raw dump: space-separated names, no newline */
	if (lp->raw_dump) {
		printf("%s ", name);
		return;
	}
	if (alias) {
		snprintf(both, sizeof(both), "%s OR %s", name, alias);
		name = both;
	}
	printf("  %-50s [%s]\n", name, kind);
}
