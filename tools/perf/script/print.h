/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf script's per-record text, byte for byte upstream perf 6.1's default
 * output: which fields (-F), and how a sample (with or without its call
 * chain) and a side-band record (--show-mmap-events, --show-task-events)
 * are laid out.  Writes go through a struct script_out buffer.
 */
#ifndef __PERF_SCRIPT_PRINT_H
#define __PERF_SCRIPT_PRINT_H

#include <stdbool.h>
#include <stdio.h>
#include <linux/types.h>
#include "script/buffered-output.h"

struct evsel;
struct evlist;
struct thread;
struct perf_sample;
struct callchain_cursor;
struct callchain_frame;
struct script_trace;
struct dso_load_opts;
union perf_event;

enum script_field {
	SCRIPT_F_COMM,
	SCRIPT_F_TID,
	SCRIPT_F_PID,
	SCRIPT_F_TIME,
	SCRIPT_F_CPU,
	SCRIPT_F_EVENT,
	SCRIPT_F_IP,
	SCRIPT_F_SYM,
	SCRIPT_F_DSO,
	SCRIPT_F_SYMOFF,
	SCRIPT_F_PERIOD,
	SCRIPT_F_ADDR,
	SCRIPT_F_CALLINDENT,	/* BTS branch traces only: nothing for samples */
	SCRIPT_F_TRACE,		/* a tracepoint's fields, by its print fmt */
	SCRIPT_F_SRCLINE,	/* "\n  file.c:12" after each frame (libdw) */
	SCRIPT_F_MAX
};

#define SF(name)	(1u << SCRIPT_F_##name)

/* upstream's defaults for hardware and software events */
#define SCRIPT_FIELDS_DEFAULT	(SF(COMM) | SF(TID) | SF(CPU) | SF(TIME) | SF(EVENT) | \
				 SF(IP) | SF(SYM) | SF(SYMOFF) | SF(DSO) | SF(PERIOD))
/* and for tracepoints: their fields instead of an ip and a period */
#define SCRIPT_FIELDS_TRACE_DEFAULT (SF(COMM) | SF(TID) | SF(CPU) | SF(TIME) | SF(EVENT) | \
				     SF(TRACE))

struct script_fields {
	u32	fields;		/* every event but tracepoints */
	u32	user_set;	/* named by the user: missing data is an error */
	u32	tp_fields;	/* tracepoint events */
	u32	tp_user_set;
	bool	tp_given;	/* -F named the tracepoints' fields */
};

#define SCRIPT_FIELDS_INIT { .fields = SCRIPT_FIELDS_DEFAULT, \
			     .tp_fields = SCRIPT_FIELDS_TRACE_DEFAULT }

/*
 * Parse a -F argument into @sf: "f1,f2" replaces the defaults, "+f"/"-f"
 * edit them (mixable after the first).  An optional type prefix says
 * which events: "trace:" the tracepoints, "hw:"/"sw:"/"raw:" the others
 * (we print those alike), none every event.  Returns 0, or -EINVAL
 * after printing upstream's "Invalid field requested." to stderr.
 */
int script_fields__parse(struct script_fields *sf, const char *arg);

/*
 * The fields @evsel's samples can give: defaults whose data the attr lacks
 * are dropped quietly, fields the user named are an error then (upstream's
 * message, -EINVAL).  A tracepoint with call chains shows them by default
 * (@callchains: not -G).  *@out gets the result.
 */
int script_fields__for_evsel(const struct script_fields *sf, struct evsel *evsel,
			     bool callchains, u32 *out);

struct script_print {
	struct script_out *out;
	int	name_width;	/* longest event name: names are right-aligned */
	bool	nanosecs;	/* --ns */
	bool	callchains;	/* not -G: print a sample's chain */
	bool	reltime;	/* --reltime: times from the first record printed */
	bool	deltatime;	/* --deltatime: times from the previous one */
	u64	first_time;	/* of the first record printed (0: none yet) */
	u64	last_time;	/* of the previous record printed (0: none yet) */
	struct script_trace *trace;	/* the file's tracepoint formats, for -F trace */
	/* -F srcline: where the DSOs' DWARF is looked for */
	const struct dso_load_opts *srcline_opts;
};

/* Set name_width from @evlist. */
void script_print__init_names(struct script_print *sp, struct evlist *evlist);

/*
 * One sample: comm, tid, cpu, time, period, event, addr, then the ip with
 * sym+off (dso), or the resolved call chain in @cursor (one indented line
 * per frame, a blank line after).  @cursor NULL: @ip is the ip resolved.
 * @addr: sample->addr resolved, where it names code or data upstream
 * resolves (script_print__addr_resolves()), else NULL: the bare number.
 */
void script_print__sample(struct script_print *sp, u32 fields, struct evsel *evsel,
			  const struct perf_sample *sample, const struct thread *thread,
			  const struct callchain_cursor *cursor, const struct callchain_frame *ip,
			  const struct callchain_frame *addr);

/* Does @evsel's sample addr point at something to resolve (page faults)? */
bool script_print__addr_resolves(const struct evsel *evsel);

/* A side-band record: the same line start, then upstream's description. */
void script_print__sideband(struct script_print *sp, u32 fields, const struct evsel *evsel,
			    const struct perf_sample *sample, const struct thread *thread,
			    const union perf_event *event);

/* --show-round-events: upstream's line for a FINISHED_ROUND, no sample fields. */
void script_print__round(struct script_print *sp);

/* Does @evsel's attr ask for call chains? */
bool script_print__has_callchain(const struct evsel *evsel);

#endif
