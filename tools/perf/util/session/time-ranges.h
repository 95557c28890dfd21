/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --time of report and script: which sample times to keep, in upstream
 * perf 6.1's syntax and meaning.
 *
 *   "start,stop"            seconds[.fraction] (up to 9 digits); either
 *                           end may be empty (open); several such ranges
 *                           are separated by blanks, in order, disjoint
 *   "10%/2"                 the second tenth of the recording; "10%" is
 *                           "10%/1"; "10%/1,10%/3" several slices
 *   "0%-10%,30%-40%"        percent ranges
 *
 * Percentages are of the span between the first and the last sample (the
 * file's SAMPLE_TIME feature).  A sample without a time is always kept.
 */
#ifndef __PERF_TIME_RANGES_H
#define __PERF_TIME_RANGES_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct time_range {
	u64	start, end;	/* nanoseconds, inclusive; 0: open */
};

struct time_ranges {
	struct time_range	*v;
	size_t			nr;
};

/*
 * Parse @str; @first and @last bound the percent forms (both 0: not
 * known, and a percent form is -ENODATA).  Returns 0, -EINVAL (not a
 * valid time string), -ENODATA or -ENOMEM.
 */
int time_ranges__parse(struct time_ranges *tr, const char *str, u64 first, u64 last);
void time_ranges__exit(struct time_ranges *tr);

/* Is a sample at @time outside every range? */
bool time_ranges__skip(const struct time_ranges *tr, u64 time);

/* "12.5" -> 12500000000: upstream's seconds[.fraction].  0 or -EINVAL. */
int time_ranges__parse_nsec(const char *str, u64 *ns);

#endif
