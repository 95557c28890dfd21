/* SPDX-License-Identifier: GPL-2.0 */
/* Usage errors worded like upstream's parse-options, exit status 129. */
#ifndef __PERF_USAGE_H
#define __PERF_USAGE_H

#ifndef PERF_USAGE_ERROR
#define PERF_USAGE_ERROR	129
#endif

/*
 * Report what getopt_long (with a leading ':' in its optstring) rejected:
 * @c is its return value (':' or '?'), @argv/@optind locate the long
 * option.  Prints the error and @usage to stderr; returns 129.
 */
int usage__getopt_error(int c, const char **argv, const char *usage);

/* "unexpected argument" for a stray non-option; returns 129. */
int usage__extra_argument(const char *arg, const char *usage);

#endif
