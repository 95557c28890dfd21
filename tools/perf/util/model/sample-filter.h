/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which samples a report or a script looks at: the filters both commands
 * take, with upstream perf 6.1's meaning.
 *
 * --time and --cpu drop a sample outright, before anything counts it.
 * The others judge the sample's thread and its own address (the leaf):
 *   --comm, --pid, --tid   the thread: its comm when sampled, its pid,
 *                          its tid (given together, all must match)
 *   --dsos                 the leaf's DSO, by short or long name (a leaf
 *                          outside any mapping matches none)
 *   -S/--symbols           the leaf's symbol, by name
 * and say so in a verdict (SAMPLE_FILTERED_* bits): script drops such a
 * sample's line; report marks the entries the sample makes, and hides
 * them, while their periods still count in the total (upstream's
 * "--percentage absolute").
 */
#ifndef __PERF_SAMPLE_FILTER_H
#define __PERF_SAMPLE_FILTER_H

#include <stdbool.h>
#include <linux/types.h>
#include "util/base/value-list.h"
#include "util/base/cpu-bitmap.h"
#include "util/session/time-ranges.h"

struct perf_session;
struct perf_sample;
struct thread;
struct addr_location;

/* The options as given; NULL: not given. */
struct sample_filter_opts {
	const char	*comms;
	const char	*pids;
	const char	*tids;
	const char	*dsos;
	const char	*syms;
	const char	*time;
	const char	*cpus;
};

#define SAMPLE_FILTERED_THREAD	(1u << 0)
#define SAMPLE_FILTERED_DSO	(1u << 1)
#define SAMPLE_FILTERED_SYMBOL	(1u << 2)

struct sample_filter {
	const struct sample_filter_opts *opts;
	struct str_list		comms, dsos, syms;
	struct int_list		pids, tids;
	struct time_ranges	time;
	struct cpu_bitmap	cpus;
};

/*
 * The lists (--comm, --pid, --tid, --dsos, -S).  0, or -EINVAL after one
 * line on stderr naming @cmd ("perf report"), the option and the entry.
 * sample_filter__exit() after either.
 */
int sample_filter__init(struct sample_filter *f, const struct sample_filter_opts *opts,
			const char *cmd);
/*
 * --time, against @session's first and last sample times: 0, or -EINVAL
 * after one line (a percentage needs the file's SAMPLE_TIME feature).
 */
int sample_filter__setup_time(struct sample_filter *f, const struct perf_session *session,
			      const char *cmd);
/*
 * --cpu, against @session's events (they must sample the CPU) and its
 * NRCPUS feature: 0, or -EINVAL after one line.
 */
int sample_filter__setup_cpus(struct sample_filter *f, const struct perf_session *session,
			      const char *cmd);
void sample_filter__exit(struct sample_filter *f);

/* --time and --cpu: drop it.  @has_cpu: sample->cpu was sampled. */
bool sample_filter__skip(const struct sample_filter *f, const struct perf_sample *sample,
			 bool has_cpu);
/*
 * --cpu alone, for script's side-band records (upstream shows them at any
 * time, for any thread, but only on the CPUs asked for).
 */
bool sample_filter__skip_cpu(const struct sample_filter *f, u32 cpu, bool has_cpu);

/* Do the verdicts need the leaf resolved (--dsos, -S)? */
static inline bool sample_filter__needs_leaf(const struct sample_filter *f)
{
	return f->opts && (f->opts->dsos || f->opts->syms);
}

/* Any of the verdict's filters? */
static inline bool sample_filter__judges(const struct sample_filter *f)
{
	return f->opts && (f->opts->comms || f->opts->pids || f->opts->tids ||
			   f->opts->dsos || f->opts->syms);
}

/*
 * The verdict on a sample of @thread whose own address resolved to @al
 * (NULL without --dsos or -S): 0, or SAMPLE_FILTERED_* bits.
 */
unsigned int sample_filter__verdict(const struct sample_filter *f, const struct thread *thread,
				    const struct addr_location *al);

#endif
