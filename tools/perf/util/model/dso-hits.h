/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DSOs a perf.data refers to, on the shared model: a session is
 * replayed into the machines (host and guests) by a tool that marks each
 * DSO a sample touches (dso->hit), as upstream's buildid-list does.
 *
 * What a perf.data "refers to", as upstream decides it:
 * - a file with a BUILD_ID table: that table, in its order, and nothing
 *   else is read (unless hits or every mapped DSO are asked for);
 * - otherwise (pipes, --buildid-mmap / -B recordings) and with -H: the
 *   records are replayed in time order and the DSOs samples hit count,
 *   in the order they were first seen (table entries first).
 * For --store more counts: the frames of a sample's call chain
 * (@callchain; a library reached only through call chains must be stored
 * too, or those frames stay unresolved on the analysis box), or every
 * mapped DSO (@all).
 */
#ifndef __PERF_DSO_HITS_H
#define __PERF_DSO_HITS_H

#include <stdbool.h>
#include "util/model/machines.h"
#include "util/session/session.h"

struct dso_hits_opts {
	const char	*input;		/* NULL: ./perf.data, "-": stdin */
	bool		force;		/* read a file of another user */
	bool		hits;		/* -H: only DSOs that samples hit */
	bool		callchain;	/* call-chain frames hit too */
	bool		all;		/* every DSO, hit or not */
	int		verbose;
};

struct dso_hits {
	struct perf_tool	tool;		/* first: callbacks get &tool */
	struct machines		machines;
	struct dso_hits_opts	opts;
	/* Only hit DSOs are listed (replayed, and not @all). */
	bool			with_hits;
	u64			nr_bad_sideband;
};

/*
 * Read @opts->input into @hits.  Returns 0; -EIO if it cannot be opened
 * (one line on stderr said so; nothing to list); -ENOMEM; or another
 * -errno after a damaged walk (what was read before it is listed).
 * dso_hits__exit() in every case.
 */
int dso_hits__load(struct dso_hits *hits, const struct dso_hits_opts *opts);
void dso_hits__exit(struct dso_hits *hits);

/*
 * Call @fn for every DSO to list, the host's then each guest's, each in
 * order of creation, with the name to list it under.  Stops at and
 * returns @fn's first non-zero return.
 */
typedef int (*dso_hits_fn)(void *priv, const struct machine *machine, const struct dso *dso);
int dso_hits__for_each(struct dso_hits *hits, dso_hits_fn fn, void *priv);

/*
 * Load @opts->input and call @fn for each host DSO with a build-id that
 * would be listed (guests' files are not ours to find): what --store and
 * buildid-cache -M work on.  0, -EIO when the input cannot be opened, or
 * what @fn returned.
 */
typedef int (*dso_hits_build_id_fn)(void *priv, const struct build_id *bid, const char *name);
int dso_hits__for_each_build_id(const struct dso_hits_opts *opts, dso_hits_build_id_fn fn,
				void *priv);

/* Mark the DSOs of @sample (its ip; its chain if @callchain) hit in @machine. */
int machine__mark_sample_hits(struct machine *machine, const union perf_event *event,
			      const struct perf_sample *sample, bool callchain);

#endif
