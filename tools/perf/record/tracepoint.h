/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints for -e SYS:NAME: the event id tracefs gives
 * (events/SYS/NAME/id), under /sys/kernel/tracing or, where only debugfs
 * is mounted, /sys/kernel/debug/tracing.
 */
#ifndef __PERF_RECORD_TRACEPOINT_H
#define __PERF_RECORD_TRACEPOINT_H

#include <linux/types.h>
#include <stddef.h>

/* The mounted tracefs directory (mounted now if need be and allowed), or NULL. */
const char *tracefs__dir(void);

/*
 * The id of tracepoint @sys:@name into *@id.  0, -ENODEV when tracefs is
 * not mounted, -ENOENT when it has no such event (@path then names the
 * file looked for), -EINVAL for a bad name or id file.
 */
int tracepoint__id(const char *sys, const char *name, u64 *id, char *path, size_t size);

#endif
