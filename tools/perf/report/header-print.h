/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REPORT_HEADER_H
#define __PERF_REPORT_HEADER_H

#include <stdio.h>

struct perf_session;

/* upstream's "# ========" block: layout and string features (see report/header-print.c) */
void report__print_header(const struct perf_session *session, FILE *fp);

#endif
