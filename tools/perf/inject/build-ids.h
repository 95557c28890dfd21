/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf inject -b/--build-ids and --buildid-all: a HEADER_BUILD_ID record
 * for each DSO a sample hits (or, with --buildid-all, each DSO mapped),
 * written just before the first record that needs it, as upstream's are.
 *
 * The ids are the recording's: its BUILD_ID table, its HEADER_BUILD_ID
 * records, its MMAP2/MMAP3 build-ids, fed through the shared model.  A
 * file is read by its path only for a DSO the recording has no id for,
 * at the end (a stream may still bring the id) -- upstream reads the
 * path whenever the DSO has no id in memory, so a binary rebuilt since
 * the recording gets the new build's id.
 */
#ifndef __PERF_INJECT_BUILD_IDS_H
#define __PERF_INJECT_BUILD_IDS_H

#include <stdbool.h>
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/session/session.h"

typedef int (*inject_write_fn)(void *priv, const void *buf, size_t len);

struct inject_build_ids {
	struct machine		machine;
	struct machine_tool	mt;		/* side-band into the machine */
	bool			all;		/* --buildid-all */
	inject_write_fn		write;
	void			*priv;
	struct dso		**pending;	/* hit, no id yet: references */
	size_t			nr_pending, alloc_pending;
	u64			nr_injected, nr_from_path, nr_without;
	int			verbose;
};

int inject_build_ids__init(struct inject_build_ids *ib, bool all, inject_write_fn write,
			   void *priv, int verbose);
void inject_build_ids__exit(struct inject_build_ids *ib);

/* The input's header is complete: its BUILD_ID table into the model. */
int inject_build_ids__header(struct inject_build_ids *ib, struct perf_session *session);
/*
 * Every record, before it is copied: a SAMPLE whose DSO is hit first gets
 * its id written ahead of it; a stream's HEADER_BUILD_ID is learned.
 */
int inject_build_ids__event(struct inject_build_ids *ib, struct perf_session *session,
			    const union perf_event *event);
/*
 * The side-band, after the record is copied: MMAPs here (--buildid-all
 * writes the id of each DSO as it is mapped), COMM/FORK/EXIT through
 * ib->mt.tool's callbacks.
 */
int inject_build_ids__mmap(struct inject_build_ids *ib, struct perf_session *session,
			   const union perf_event *event, const struct perf_mmap_info *info,
			   const struct perf_sample *sample);
/* Hit DSOs the recording named no id for: read by path, written. */
int inject_build_ids__finish(struct inject_build_ids *ib);

#endif
