/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report --stdio --hierarchy: the entries as a tree, one level per
 * sort key (upstream 6.1's layout): a row per distinct value of the
 * first key, under it a row per value of the second within it, and so on,
 * each with the percentages of what it holds.
 */
#ifndef __PERF_REPORT_HIERARCHY_H
#define __PERF_REPORT_HIERARCHY_H

#include <stdio.h>
#include "report/stdio.h"

/* hists->sorted in output order first; 0 or -ENOMEM. */
int hists__fprintf_hierarchy(const struct hists *hists, const struct hists_print_opts *opts,
			     FILE *fp);

#endif
