/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Option values given as comma-separated lists, as upstream perf reads
 * them: names (--comm, --dsos, -S: "a,b", an entry "file://PATH" adds the
 * file's lines) and integers (--pid, --tid: strtol's syntax per entry).
 * A value listed twice is an error, as it is upstream.  Lookups go
 * through the shared hashmap: a list read from a file can be long.
 */
#ifndef __PERF_VALUE_LIST_H
#define __PERF_VALUE_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include "util/base/hashmap.h"

struct str_list {
	char		**entries;	/* in the order given */
	size_t		nr, alloc;
	struct hashmap	map;		/* hash of a name -> its entry */
	char		*error;		/* after a failed parse: the entry at fault */
};

/*
 * Parse @arg into @sl (initialized here).  Returns 0, -EEXIST (an entry
 * listed twice), -errno of a file:// entry that could not be read, or
 * -ENOMEM; sl->error names the entry at fault.  str_list__exit() after
 * either.
 */
int str_list__parse(struct str_list *sl, const char *arg);
bool str_list__has(const struct str_list *sl, const char *s);
void str_list__exit(struct str_list *sl);

struct int_list {
	long		*entries;
	size_t		nr, alloc;
	struct hashmap	map;
	char		*error;
};

/*
 * Parse @arg into @il: each entry is strtol()'s (base 10, leading blanks
 * and a sign taken), with nothing after it; an empty entry is 0, as
 * upstream reads one.  0, -EINVAL (not a number), -EEXIST, -ENOMEM;
 * il->error names the entry at fault.
 */
int int_list__parse(struct int_list *il, const char *arg);
bool int_list__has(const struct int_list *il, long v);
void int_list__exit(struct int_list *il);

#endif
