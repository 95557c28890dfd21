/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event names as perf record's -e takes them: upstream's symbolic
 * hardware and software event names with optional :ukhp modifiers.
 */
#ifndef __PERF_PARSE_EVENTS_H
#define __PERF_PARSE_EVENTS_H

#include <linux/types.h>
#include <linux/perf_event.h>

/*
 * Fill type, config and the exclude_* / precise_ip flags of @attr from one
 * event name such as "cpu-clock" or "cycles:u".  Other attr fields are left
 * alone.  Returns 0, or -ENOENT for an unknown name, -EINVAL for a bad
 * modifier.  Prints nothing.
 */
int parse_events__one(const char *name, struct perf_event_attr *attr);

/* The canonical name of type/config ("cpu-clock"), or NULL. */
const char *parse_events__name(u32 type, u64 config);

/*
 * Print upstream's "event syntax error" message for @str, the event list
 * as the user gave it, pointing at byte @pos.
 */
void parse_events__print_error(const char *str, size_t pos);

#endif
