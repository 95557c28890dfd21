/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report/script --header, --header-only: upstream 6.1's listing of a
 * perf.data header, line for line, plus our UNSECURED_BUILD_ID section.
 */
#ifndef __PERF_HEADER_PRINT_H
#define __PERF_HEADER_PRINT_H

#include <stdbool.h>
#include <stdio.h>

struct perf_session;

/*
 * The whole listing between its "# ========" lines.  A file: layout, every
 * feature, "missing features".  A stream: its layout lines only (zeros, as
 * upstream), since its features arrive as records: print those with
 * perf_session__fprintf_features() once the header is complete.
 */
void perf_session__fprintf_header(const struct perf_session *session, FILE *fp,
				  bool show_info);
/*
 * One line (or a few) per feature present, in feature order.  The CPU,
 * NUMA and memory topologies and the caches are announced ("use -I to
 * display"), or with @show_info (-I/--show-info) decoded, as upstream.
 */
void perf_session__fprintf_features(const struct perf_session *session, FILE *fp,
				    bool show_info);

#endif
