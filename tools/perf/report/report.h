/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The histogram mode of perf report: walk a session with the machine
 * model, resolve every sample (and its call path) to histogram entries,
 * print upstream's --stdio report.  builtin-report.c parses the options.
 */
#ifndef __PERF_REPORT_HISTS_H
#define __PERF_REPORT_HISTS_H

#include <stdbool.h>
#include "util/hists/sort.h"
#include "util/hists/callchain-tree.h"

struct perf_session;
struct sample_filter;

struct report_hists_opts {
	bool		quiet;		/* -q: no header lines, no warnings */
	int		verbose;
	bool		skip_empty;	/* sections of events without samples */
	struct sort_keys sort;
	bool		sort_given;	/* -s/--sort */
	struct sort_keys fields;	/* -F/--fields */
	bool		fields_given;
	bool		relative;	/* --percentage relative */
	bool		hierarchy;	/* --hierarchy */
	const char	*field_sep;	/* -t/--field-separator, NULL: aligned columns */
	bool		hide_unresolved;	/* -U: samples and frames without a symbol left out */
	bool		tasks, mmaps;	/* --tasks, --mmaps: no report, the tasks */
	bool		threads;	/* -T: per-thread counts after the report */
	int		children;	/* -1: on when the file has callchains */
	struct callchain_param callchain;
	bool		callchain_given;	/* -g/-G asked for graphs explicitly */
	double		percent_limit;
	bool		header_hint;	/* upstream's "To display the perf.data header" line */
	bool		stream_header;	/* --header of a stream: its features, once read */
	bool		show_info;	/* -I: with the topologies and caches decoded */
	const char	*kallsyms;	/* --kallsyms */
	const char	*symfs;		/* --symfs */
	const char	*vmlinux;	/* -k/--vmlinux */
	const char	*debuginfod;	/* --debuginfod=URLS, or NULL */
	unsigned int	max_stack;	/* --max-stack: frames kept of a chain */
	bool		demangle;	/* --demangle (the default) / --no-demangle */
	bool		inline_frames;	/* --inline (upstream's default): inline frames in chains */
	/* --num-threads: 2 or more resolve and add samples on two threads */
	unsigned int	num_threads;
#define REPORT_MAX_THREADS	1024
	/* --comms, --pid, --tid, --dsos, -S, --time, -C: set up for the session */
	const struct sample_filter *filter;
	const char	*symbol_filter;	/* --symbol-filter */
	bool		show_nr_samples;	/* -n */
	bool		show_total_period;	/* --show-total-period */
	/* Names the events once the header is complete (builtin-report.c). */
	int		(*name_events)(struct perf_session *session, bool quiet);
};

/* Returns 0, or -errno after a one-line message. */
int report_hists__run(const struct report_hists_opts *opts, struct perf_session *session);

#endif
