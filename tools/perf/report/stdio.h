/* SPDX-License-Identifier: GPL-2.0 */
/* perf report --stdio output of one histogram (one event's section). */
#ifndef __PERF_HIST_PRINT_H
#define __PERF_HIST_PRINT_H

#include <stdbool.h>
#include <stdio.h>
#include "util/hists/hist.h"

struct hists_print_opts {
	bool		show_header;	/* column header and dots (not with -q) */
	bool		verbose;	/* DSOs by full path, symbol addresses */
	const struct sort_keys *out;	/* the columns, left to right */
	u64		total;		/* the 100% (--percentage) */
	bool		self_header;	/* "Self" for Overhead, beside Children */
	double		percent_limit;	/* hide rows below (children % with --children) */
	/*
	 * -t/--field-separator: columns joined by it, values not padded
	 * before their number (after it unless last), no
	 * dots line; its first character inside a field becomes '.' (so a
	 * script can split the rows).  NULL: the aligned layout.
	 */
	const char	*field_sep;
	/* NULL: no call graphs under the rows */
	const struct callchain_param *callchain;
};

/*
 * The column header (widths from every entry, like upstream), then the
 * rows of hists->sorted (hists__output_resort() first), each followed
 * by its call graph when one is asked for.  0, or -ENOMEM when a graph
 * could not be built (the report stops there rather than go on without).
 */
int hists__fprintf(const struct hists *hists, const struct hists_print_opts *opts, FILE *fp);

#endif
