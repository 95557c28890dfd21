/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Flame graphs: every sample's call path, callers first, merged by frame
 * name under a root level of processes ("comm (pid)", as upstream's
 * flamegraph.py), then written as one self-contained interactive HTML file
 * (inline SVG and script: no network, no other file), as upstream's JSON
 * tree, or as folded stacks ("a;b;c 12" lines).
 */
#ifndef __PERF_FLAMEGRAPH_H
#define __PERF_FLAMEGRAPH_H

#include <linux/types.h>
#include <stdio.h>
#include "util/model/callchain.h"

struct flamegraph;

struct flamegraph_opts {
	const char	*title;		/* NULL: "Flame Graph" */
	const char	*subtitle;	/* e.g. the input file; may be NULL */
	bool		orange;		/* --colorscheme orange, else blue-green */
};

struct flamegraph *flamegraph__new(void);
void flamegraph__delete(struct flamegraph *fg);

/*
 * Add one sample of @weight: @process names the root-level frame, the
 * cursor's frames (leaf first) are added from the outermost caller on.
 * Memory grows with distinct paths only.  Returns 0 or -ENOMEM.
 */
int flamegraph__add(struct flamegraph *fg, const char *process,
		    const struct callchain_cursor *cursor, u64 weight);

u64 flamegraph__total(const struct flamegraph *fg);

int flamegraph__write_html(struct flamegraph *fg, FILE *fp, const struct flamegraph_opts *opts);
int flamegraph__write_json(struct flamegraph *fg, FILE *fp);
int flamegraph__write_folded(struct flamegraph *fg, FILE *fp);

#endif
