/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Messages.  Errors and warnings are one line on stderr; util code prints
 * them where the context (path, offset) is known and returns -errno, so
 * callers do not print a second line.  No verbosity global: code that has
 * debug output takes a verbose level from its session or options.
 */
#ifndef __PERF_DEBUG_H
#define __PERF_DEBUG_H

#include <stdio.h>

#define pr_err(fmt, ...)	fprintf(stderr, fmt, ##__VA_ARGS__)
#define pr_warning(fmt, ...)	fprintf(stderr, "Warning: " fmt, ##__VA_ARGS__)
#define pr_debug(v, lvl, fmt, ...) \
	do { if ((v) >= (lvl)) fprintf(stderr, fmt, ##__VA_ARGS__); } while (0)

#endif
