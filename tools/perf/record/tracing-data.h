/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HEADER_TRACING_DATA for -e SYS:NAME: the tracefs format files readers
 * need to decode a tracepoint's raw data (upstream perf refuses a file with
 * tracepoint events and no such section: "incompatible file format").
 *
 * Layout (upstream's version 0.6): "\027\010\104tracing", "0.6\0", u8 big
 * endian, u8 sizeof(long), u32 page size; "header_page\0" u64 size and
 * events/header_page; "header_event\0" u64 size and events/header_event;
 * u32 number of ftrace formats (0 here); u32 number of systems, each its
 * name NUL-terminated, u32 number of events, each u64 size and its
 * events/SYS/NAME/format; u32 kallsyms size (0), u32 printk formats size
 * (0), u64 saved_cmdlines size (0).
 */
#ifndef __PERF_RECORD_TRACING_DATA_H
#define __PERF_RECORD_TRACING_DATA_H

#include "util/data/header.h"

struct rec_evlist;

/* The section for @el's tracepoint events; none without them.  0 or -errno. */
int tracing_data__set(struct perf_header *h, const struct rec_evlist *el);

#endif
