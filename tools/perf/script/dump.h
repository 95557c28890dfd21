/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf script -D: one record as upstream perf dumps it: its offset, size
 * and type, the raw bytes in hex, then the decoded fields.
 */
#ifndef __PERF_DUMP_H
#define __PERF_DUMP_H

#include <stdio.h>
#include <linux/types.h>
#include "util/data/event.h"
#include "util/data/evlist.h"

/*
 * Dump @event, found at @offset of @path ("pipe" for a stream).  @evlist
 * decides which event a record belongs to (sample layout, timestamp) and
 * whether type 23 is MMAP3.  Malformed records are dumped as raw bytes and
 * flagged, never read past header.size.
 */
void perf_event__dump(FILE *fp, const struct evlist *evlist, const union perf_event *event,
		      u64 offset, const char *path);

/* The hex + ASCII lines (". ... raw event: size N bytes" and on). */
void perf_event__dump_raw(FILE *fp, const union perf_event *event);

#endif
