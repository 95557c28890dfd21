// SPDX-License-Identifier: GPL-2.0
/*
 * perf inject -b/--buildid-all: HEADER_BUILD_ID records from the
 * recording's own ids (see inject/build-ids.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "inject/build-ids.h"
#include "util/base/array.h"
#include "util/base/debug.h"
#include "util/data/build-id-table.h"
#include "util/data/evlist.h"
#include "util/model/thread.h"
#include "util/model/map.h"

/* Upstream pads the name to 64 bytes (its NAME_ALIGN). */
#define NAME_ALIGN	64

int inject_build_ids__init(struct inject_build_ids *ib, bool all, inject_write_fn write,
			   void *priv, int verbose)
{
	int err;

	memset(ib, 0, sizeof(*ib));
	err = machine__init(&ib->machine, NULL);
	if (err)
		return err;
	machine_tool__init(&ib->mt, &ib->machine);
	ib->all = all;
	ib->write = write;
	ib->priv = priv;
	ib->verbose = verbose;
	return 0;
}

void inject_build_ids__exit(struct inject_build_ids *ib)
{
	size_t i;

	for (i = 0; i < ib->nr_pending; i++)
		dso__put(ib->pending[i]);
	free(ib->pending);
	ib->pending = NULL;
	ib->nr_pending = 0;
	machine__exit(&ib->machine);
}

int inject_build_ids__header(struct inject_build_ids *ib, struct perf_session *session)
{
	return ib->mt.tool.header_done(&ib->mt.tool, session);
}

static int inject_build_ids__write(struct inject_build_ids *ib, const struct dso *dso,
				   const struct build_id *bid)
{
	char buf[sizeof(struct perf_record_header_build_id) + 4096 + NAME_ALIGN];
	struct perf_record_header_build_id *ev = (void *)buf;
	size_t flen = strlen(dso->long_name) + 1, len;

	if (flen > 4096)
		return 0;
	len = sizeof(*ev) + ((flen + NAME_ALIGN - 1) & ~(size_t)(NAME_ALIGN - 1));
	memset(buf, 0, len);
	ev->header.type = PERF_RECORD_HEADER_BUILD_ID;
	ev->header.misc = (dso->kernel || dso->kmod ? PERF_RECORD_MISC_KERNEL :
			   PERF_RECORD_MISC_USER) | PERF_RECORD_MISC_BUILD_ID_SIZE;
	ev->header.size = (u16)len;
	ev->pid = -1;		/* the host */
	memcpy(ev->data, bid->data, bid->size);
	ev->size = (u8)bid->size;
	memcpy(ev->filename, dso->long_name, flen);
	ib->nr_injected++;
	return ib->write(ib->priv, buf, len);
}

/* First sight of @dso: its id now, or at the end if the recording has none yet. */
static int inject_build_ids__dso(struct inject_build_ids *ib, struct dso *dso)
{
	if (dso->hit)
		return 0;
	dso->hit = true;
	if (dso__has_build_id(dso))
		return inject_build_ids__write(ib, dso, &dso->id.bid);
	if (ARRAY_GROW(ib->pending, ib->alloc_pending, ib->nr_pending + 1))
		return -ENOMEM;
	ib->pending[ib->nr_pending++] = dso__get(dso);
	return 0;
}

static int inject_build_ids__addr(struct inject_build_ids *ib, pid_t pid, pid_t tid, u8 cpumode,
				  u64 addr)
{
	struct thread *thread;
	struct map *map;

	/* guests and the hypervisor: not ours to resolve */
	if (cpumode != PERF_RECORD_MISC_KERNEL && cpumode != PERF_RECORD_MISC_USER)
		return 0;
	thread = machine__findnew_thread(&ib->machine, pid, tid);
	if (!thread)
		return -ENOMEM;
	map = thread__find_map(thread, cpumode, addr);
	return map ? inject_build_ids__dso(ib, map->dso) : 0;
}

/* A stream's own HEADER_BUILD_ID: a DSO pending under that name has it now. */
static int inject_build_ids__learn(struct inject_build_ids *ib, const union perf_event *event)
{
	const struct perf_record_header_build_id *ev = &event->build_id;
	size_t i = 0;

	if (event->header.size <= sizeof(*ev) ||
	    !memchr(ev->filename, '\0', event->header.size - sizeof(*ev)))
		return 0;
	while (i < ib->nr_pending) {
		if (strcmp(ib->pending[i]->long_name, ev->filename)) {
			i++;
			continue;
		}
		dso__put(ib->pending[i]);
		ib->pending[i] = ib->pending[--ib->nr_pending];
	}
	return 0;
}

int inject_build_ids__event(struct inject_build_ids *ib, struct perf_session *session,
			    const union perf_event *event)
{
	struct perf_sample sample;
	struct evsel *evsel;

	if (event->header.type == PERF_RECORD_HEADER_BUILD_ID)
		return inject_build_ids__learn(ib, event);
	if (event->header.type != PERF_RECORD_SAMPLE || ib->all)
		return 0;
	evsel = evlist__event2evsel(&session->evlist, event);
	/* the session counts what it cannot parse; the record is copied as it is */
	if (!evsel || evsel__parse_sample(evsel, event, &sample))
		return 0;
	return inject_build_ids__addr(ib, (pid_t)sample.pid, (pid_t)sample.tid,
				      event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
				      sample.ip);
}

int inject_build_ids__mmap(struct inject_build_ids *ib, struct perf_session *session,
			   const union perf_event *event, const struct perf_mmap_info *info,
			   const struct perf_sample *sample)
{
	u8 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	int err = ib->mt.tool.mmap(&ib->mt.tool, session, event, info, sample);

	if (err || !ib->all || !info->filename || buildid_table__skip_path(info->filename))
		return err;
	if (cpumode == PERF_RECORD_MISC_KERNEL || (s32)info->pid == -1)
		return inject_build_ids__addr(ib, -1, -1, PERF_RECORD_MISC_KERNEL, info->start);
	return inject_build_ids__addr(ib, (pid_t)info->pid, (pid_t)info->tid, cpumode,
				      info->start);
}

int inject_build_ids__finish(struct inject_build_ids *ib)
{
	size_t i;
	int err = 0;

	for (i = 0; i < ib->nr_pending && !err; i++) {
		struct dso *dso = ib->pending[i];
		u8 data[PERF_BUILD_ID_MAX];
		struct build_id bid;
		int size;

		/* Only a file still at its path can say: the recording named no id. */
		size = dso->kernel || dso->kmod || buildid_table__skip_path(dso->long_name) ? -ENOENT :
		       buildid__read_file(dso->long_name, data);
		if (size <= 0) {
			ib->nr_without++;
			pr_debug(ib->verbose, 1, "perf inject: no build-id for %s in the "
				 "recording nor at its path\n", dso->long_name);
			continue;
		}
		build_id__init(&bid, data, (size_t)size);
		ib->nr_from_path++;
		pr_debug(ib->verbose, 1, "perf inject: %s: no build-id in the recording, "
			 "read from the file now\n", dso->long_name);
		err = inject_build_ids__write(ib, dso, &bid);
	}
	return err;
}
