/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf annotate --stdio: each symbol's disassembly with the share of the
 * samples at each instruction, in upstream perf 6.1's layout.
 */
#ifndef __PERF_ANNOTATE_STDIO_H
#define __PERF_ANNOTATE_STDIO_H

#include <linux/types.h>
#include "util/base/hashmap.h"

struct annotate_opts;
struct annotate_hists;
struct perf_session;
struct machine;
struct evsel;

struct annotate_stdio {
	const struct annotate_opts	*opts;
	struct perf_session		*session;
	struct machine			*machine;
	u64				nr_samples;	/* of every event printed */
	int				nr_printed;	/* symbols shown */
	struct hashmap			warned;		/* DSOs without a file, said once */
};

/* Every symbol of @h, hottest first (annotate_hists__sort() ran).  0 or -errno. */
int annotate_stdio__print(struct annotate_stdio *out, struct evsel *evsel,
			  const struct annotate_hists *h);

#endif
