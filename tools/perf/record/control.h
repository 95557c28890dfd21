/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf record's measurement control: when the sampling events count and
 * when the session stops.  -D/--delay (a start delay, -1 for "disabled
 * until told", or ranges "10-20,30-40" after which the session stops),
 * --control fifo:CTL[,ACK] / fd:CTL[,ACK] (upstream's commands: enable,
 * disable, enable NAME, disable NAME, snapshot, stop, ping, evlist; each
 * acknowledged with "ack\n"), and --max-size (stop once the data written
 * reaches it).  The side-band (maps, comms) is never disabled: a sample
 * taken after an enable must still resolve.
 */
#ifndef __PERF_RECORD_CONTROL_H
#define __PERF_RECORD_CONTROL_H

#include <linux/types.h>
#include <stdbool.h>
#include <stdio.h>

struct control_range {
	u64 start_ms, end_ms;
};

struct record_control {
	/* options */
	long delay_ms;			/* -D N; -1: disabled until "enable" */
	struct control_range *ranges;	/* -D A-B,C-D */
	int nr_ranges;
	size_t alloc_ranges;
	const char *spec;		/* --control */
	u64 max_size;			/* --max-size, bytes; 0: none */
	/* while recording */
	int ctl_fd, ack_fd;
	bool close_fds;			/* fifos we opened */
	bool enabled;			/* the sampling events count */
	bool started;
	int next;			/* next range edge: 2*range (+1: its end) */
	u64 t0_ns;			/* CLOCK_MONOTONIC at start */
	bool size_said;
	char buf[512];			/* a command not yet complete */
	size_t len;
};

enum {
	CONTROL_OPT_DELAY = 'D',
	CONTROL_OPT_CONTROL = 0x1200,
	CONTROL_OPT_MAX_SIZE,
};

#define RECORD_CONTROL_OPTIONS \
	{ PARSE_OPT_CALLBACK, 'D', "delay", NULL, "ms", \
	  "ms to wait before starting measurement after program start (-1: start with " \
	  "events disabled), or ranges of time to enable events e.g. '-D 10-20,30-40'", \
	  0, CONTROL_OPT_DELAY }, \
	{ PARSE_OPT_CALLBACK, 0, "control", NULL, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]", \
	  "Listen on ctl-fd descriptor for command to control measurement ('enable': " \
	  "enable events, 'disable': disable events, 'snapshot': --overwrite snapshot). " \
	  "Optionally send control command completion ('ack\\n') to ack-fd descriptor. " \
	  "Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.", \
	  0, CONTROL_OPT_CONTROL }, \
	{ PARSE_OPT_CALLBACK, 0, "max-size", NULL, "size", \
	  "Limit the maximum size of the output file", 0, CONTROL_OPT_MAX_SIZE }

/* What the record session does for the commands and the clock. */
struct record_control_ops {
	/* Enable or disable the sampling events, or only those named @name. 0 or -errno. */
	int (*enable)(void *priv, const char *name, bool on);
	/* "snapshot": --overwrite's buffers now. */
	int (*snapshot)(void *priv);
	/* "evlist [-v|-g|-F]": print the events on @fp. */
	void (*evlist)(void *priv, const char *args, FILE *fp);
	/* End the session ("stop", the last -D range, --max-size). */
	void (*stop)(void *priv);
};

struct record_opts;

/* An option of the table above: 0, the exit status, or RECORD_OPT_OTHER. */
int record_control__option(struct record_control *ctl, int key, const char *arg);
/*
 * After all options: combinations (one line, 129), and --control's fifos
 * opened (129 if they cannot be).  0 or the exit status.
 */
int record_control__check(struct record_control *ctl, const struct record_opts *opts);
void record_control__exit(struct record_control *ctl);

/* Do the sampling events start disabled (-D)?  Then a side-band dummy tracks. */
bool record_control__delayed(const struct record_control *ctl);

/* Open --control's fifos (or check its fds).  0 or -errno, said in one line. */
int record_control__open(struct record_control *ctl);
/* The fd to poll for commands, or -1. */
int record_control__fd(const struct record_control *ctl);

/* Measurement starts now (the workload runs): arm -D, say "Events disabled". */
void record_control__start(struct record_control *ctl, bool quiet);
/* Milliseconds until the next -D edge, -1 for none (a poll timeout). */
int record_control__timeout(const struct record_control *ctl);
/* Act on -D edges that are due.  0 or -errno. */
int record_control__tick(struct record_control *ctl, const struct record_control_ops *ops,
			 void *priv, bool quiet);
/* Read and run the commands waiting on the control fd.  0 or -errno. */
int record_control__read(struct record_control *ctl, const struct record_control_ops *ops,
			 void *priv, bool quiet);
/* --max-size: @bytes written; true (once, said) when the session must stop. */
bool record_control__size_reached(struct record_control *ctl, u64 bytes);

#endif
