/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event names as perf record's -e takes them: upstream's symbolic
 * hardware and software event names with optional :ukhp modifiers,
 * "/period=N,freq=N,name=S/" terms, tracepoints and {a,b} groups.
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

/* One event of a -e list, as perf record opens it. */
struct parse_event {
	struct perf_event_attr attr;	/* type, config, exclude_*, precise; terms */
	char *name;			/* as spelled (upstream's name), or name= */
	int leader;			/* index of its group's leader; its own alone */
	int nr_members;			/* a leader's group size, 1 alone, 0 a member */
	bool sampling_set;		/* period= or freq=: -F and -c do not apply */
	bool named;			/* name= */
	bool tracepoint;		/* SYS:NAME */
};

struct parse_events {
	struct parse_event *ev;
	size_t nr, alloc;
};

struct parse_events_error {
	const char *str;		/* the -e argument */
	size_t pos;			/* where in it */
	char why[64];			/* "parser error", "unknown term"... */
	char detail[4200];		/* more lines, or "" */
};

/*
 * Append the events of one -e argument @str ("a,b/period=N/,{c,d}:u,
 * sys:tp") to @pe.  0, -ENOMEM, or -EINVAL with @err filled (print it
 * with parse_events__print()).
 */
int parse_events__add(struct parse_events *pe, const char *str, struct parse_events_error *err);
void parse_events__exit(struct parse_events *pe);
/* Upstream's "event syntax error" lines for @err. */
void parse_events__print(const struct parse_events_error *err);

#endif
