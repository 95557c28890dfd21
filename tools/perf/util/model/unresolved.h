/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The closing lines of perf report and perf script about DSOs whose
 * samples got no symbols, so no unresolved frame goes unexplained:
 *
 *  - upstream's own lines, in upstream's words ("<path> with build id
 *    <id> not found, continuing without symbols" for a file at the
 *    recorded path with another build-id, "No kallsyms or vmlinux with
 *    build-id <id> was found" for the kernel), so scripts that grep for
 *    them keep working;
 *  - then one line per such DSO saying what was tried (build-id cache,
 *    the recorded path and why it was refused, debuginfod), at most
 *    UNRESOLVED_MAX_LINES of them and an "and N more" line, and the next
 *    step.  See Documentation/perf-report.txt, "MISSING SYMBOLS".
 *
 * A DSO counts when its symbols were looked for (which only a sample or a
 * call-chain frame in it does) and none were found.
 */
#ifndef __PERF_UNRESOLVED_H
#define __PERF_UNRESOLVED_H

#include <stdio.h>

#define UNRESOLVED_MAX_LINES	10

struct machine;
struct perf_header;

/*
 * Print the lines above for @machine's DSOs to @out; @cmd ("perf report")
 * starts the summary.  Nothing when every DSO with samples resolved.  A
 * DSO whose debuginfod failure was named already is counted, not listed.
 * Returns the number of DSOs without symbols.
 */
int unresolved__print(const struct machine *machine, const char *cmd, FILE *out);
/*
 * The same, with the file's header @h (may be NULL): a DSO whose id is in
 * its UNSECURED_BUILD_ID list is said to be a file perf record could not
 * secure, with the next step for those (a build the user kept).
 */
int unresolved__print_recorded(const struct machine *machine, const struct perf_header *h,
			       const char *cmd, FILE *out);

/*
 * A stream without build-ids in its MMAP records names them at its end:
 * warn, one line each, about DSOs whose symbols came from the file now at
 * their path when that file is not the recorded build.  Returns how many,
 * or -ENOMEM.
 */
int unresolved__check_stream_ids(const struct machine *machine, const struct perf_header *h,
				 const char *cmd, FILE *out);

#endif
