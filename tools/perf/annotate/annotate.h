/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf annotate's internals.  builtin-annotate.c parses the options; this
 * folder walks the session through the shared model (samples -> thread ->
 * map -> DSO -> symbol, like report), keeps a histogram of sampled
 * addresses per symbol (hists.c), disassembles each hot symbol with
 * binutils' objdump run on the file the DSO's build-id names (objdump.c)
 * and prints upstream perf 6.1's --stdio layout (stdio.c).
 */
#ifndef __PERF_ANNOTATE_H
#define __PERF_ANNOTATE_H

#include <stdbool.h>
#include <linux/types.h>

struct perf_session;
struct sample_filter;

/* --percent-type: which total a line's share is of */
enum annotate_percent_type {
	PERCENT_PERIOD_LOCAL,	/* upstream's default: the symbol's period */
	PERCENT_HITS_LOCAL,	/* the symbol's samples */
	PERCENT_PERIOD_GLOBAL,	/* the event's whole period */
	PERCENT_HITS_GLOBAL,	/* the event's samples */
};

struct annotate_opts {
	const char	**syms;		/* SYMBOL... and -s: only these (NULL: all) */
	int		nr_syms;
	bool		source;		/* objdump -S: source lines interleaved */
	bool		print_line;	/* -l: the summary of hot source lines */
	bool		full_paths;	/* -P: the DSO's whole path in the header */
	bool		show_nr_samples;	/* -n */
	bool		show_total_period;	/* --show-total-period */
	bool		quiet;
	int		verbose;
	enum annotate_percent_type percent_type;
	const char	*objdump;	/* --objdump: NULL is "objdump" */
	const char	*symfs;		/* --symfs */
	const char	*vmlinux;	/* -k */
	const struct sample_filter *filter;	/* -d/--dsos */
};

/* "local period"...: upstream's spelling of a percent type. */
const char *annotate_percent_type__name(enum annotate_percent_type type);
/* "local-period", "period-local"...: 0 or -EINVAL. */
int annotate_percent_type__parse(const char *str, enum annotate_percent_type *type);

/*
 * Walk @session, then print every symbol with samples (hottest first) or
 * the named ones.  Returns 0 or -errno after a one-line message; -ENODATA
 * when nothing was printed for a reason already said.
 */
int annotate__run(const struct annotate_opts *opts, struct perf_session *session);

#endif
