// SPDX-License-Identifier: GPL-2.0
/*
 * A tool that replays a perf.data into the machines and marks the DSOs
 * samples touch.  Side-band records go to the machine they belong to: a
 * guest's (GUEST_* cpumodes, pid = the guest) or the host's.  Samples of
 * guests and of the hypervisor are not resolved, as upstream does not.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "util/model/dso-hits.h"
#include "util/model/callchain.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/base/debug.h"

static struct dso_hits *dso_hits__from_tool(struct perf_tool *tool)
{
	return (struct dso_hits *)tool;
}

/* A malformed side-band record loses that record, not the listing. */
static int dso_hits__result(struct dso_hits *hits, int err)
{
	if (err == -EINVAL) {
		hits->nr_bad_sideband++;
		return 0;
	}
	return err;
}

/* A BUILD_ID table entry or HEADER_BUILD_ID record: a DSO of its machine. */
static int dso_hits__build_id(void *priv, const struct perf_record_header_build_id *ev,
			      const u8 *data, u8 size, const char *filename)
{
	struct dso_hits *hits = priv;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct machine *machine;
	struct build_id bid;

	/* upstream takes only these four */
	if (cpumode != PERF_RECORD_MISC_KERNEL && cpumode != PERF_RECORD_MISC_USER &&
	    !cpumode__is_guest(cpumode))
		return 0;
	machine = machines__findnew(&hits->machines, ev->pid);
	if (!machine)
		return -ENOMEM;
	build_id__init(&bid, data, size);
	/* the table lists it under its own name: a DSO, and a hint for mmaps */
	if (!dsos__findnew_build_id(&machine->dsos, filename, &bid))
		return -ENOMEM;
	return machine__add_build_id(machine, filename, &bid);
}

static int dso_hits__header_done(struct perf_tool *tool, struct perf_session *session)
{
	int err = perf_header__for_each_build_id(&session->header, dso_hits__build_id, tool);

	/* warned; the entries before the bad one count */
	return err == -EINVAL ? 0 : err;
}

/* A stream's build-ids come as records, after the samples they name. */
static int dso_hits__event(struct perf_tool *tool, struct perf_session *session,
			   const union perf_event *event, u64 file_offset)
{
	const struct perf_record_header_build_id *ev = &event->build_id;

	if (event->header.type != PERF_RECORD_HEADER_BUILD_ID ||
	    event->header.size <= sizeof(*ev) ||
	    ((ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) && ev->size > PERF_BUILD_ID_MAX) ||
	    !memchr(ev->filename, '\0', event->header.size - sizeof(*ev)))
		return 0;
	return dso_hits__build_id(tool, ev, ev->data,
				  ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE ?
				  ev->size : PERF_BUILD_ID_MAX, ev->filename);
}

static bool mmap_info__is_jit(const union perf_event *event, const struct perf_mmap_info *info)
{
	u8 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	if (cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL ||
	    !info->filename || !dso__name_is_anon(info->filename))
		return false;
	if (event->header.type == PERF_RECORD_MMAP)
		return !(event->header.misc & PERF_RECORD_MISC_MMAP_DATA);
	return info->prot & PROT_EXEC;
}

static int dso_hits__mmap(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *event, const struct perf_mmap_info *info,
			  const struct perf_sample *sample)
{
	struct dso_hits *hits = dso_hits__from_tool(tool);
	u8 cpumode = info->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct machine *machine = &hits->machines.host;

	char name[DSO_ANON_MAP_NAME_MAX];
	struct dso *dso;
	int err;

	if (cpumode__is_guest(cpumode)) {
		machine = machines__findnew(&hits->machines, (pid_t)info->pid);
		if (!machine)
			return -ENOMEM;
	}
	err = machine__process_mmap(machine, info);
	if (err || !mmap_info__is_jit(event, info))
		return dso_hits__result(hits, err);
	/* made now, so that it is listed where upstream lists it */
	dso = dsos__findnew_id(&machine->dsos,
			       dso__anon_map_name(name, sizeof(name), (pid_t)info->pid), NULL);
	dso__put(dso);
	return dso ? 0 : -ENOMEM;
}

static int dso_hits__comm(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *event, const struct perf_sample *sample)
{
	struct dso_hits *hits = dso_hits__from_tool(tool);

	return dso_hits__result(hits, machine__process_comm_event(&hits->machines.host, event));
}

static int dso_hits__fork(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *event, const struct perf_sample *sample)
{
	struct dso_hits *hits = dso_hits__from_tool(tool);

	return dso_hits__result(hits, machine__process_fork_event(&hits->machines.host, event));
}

static int dso_hits__exit_event(struct perf_tool *tool, struct perf_session *session,
				const union perf_event *event, const struct perf_sample *sample)
{
	struct dso_hits *hits = dso_hits__from_tool(tool);

	return dso_hits__result(hits, machine__process_exit_event(&hits->machines.host, event));
}

/*
 * JIT code: executable memory without a file.  Upstream names it after
 * the file the JIT writes its symbols to, one per process.  (An MMAP v1
 * record has no prot: upstream takes every non-data map as executable.)
 */
static bool map__is_jit(const struct map *map)
{
	return dso__name_is_anon(map->dso->long_name) && (!map->prot || (map->prot & PROT_EXEC));
}

static struct dso *machine__anon_dso(struct machine *machine, const struct thread *thread,
				     const struct map *map)
{
	char name[DSO_ANON_MAP_NAME_MAX];
	struct dso *dso;

	if (!map__is_jit(map))
		return map->dso;
	dso = dsos__findnew_id(&machine->dsos,
			       dso__anon_map_name(name, sizeof(name), thread->pid), NULL);
	/* owned by the machine's dsos: the reference is not needed */
	dso__put(dso);
	return dso;
}

static int machine__mark_hit(struct machine *machine, struct thread *thread, u8 cpumode,
			     u64 ip)
{
	struct map *map = thread__find_map(thread, cpumode, ip);
	struct dso *dso;

	if (!map)
		return 0;
	dso = machine__anon_dso(machine, thread, map);
	if (!dso)
		return -ENOMEM;
	dso->hit = true;
	return 0;
}

int machine__mark_sample_hits(struct machine *machine, const union perf_event *event,
			      const struct perf_sample *sample, bool callchain)
{
	u8 cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	const struct ip_callchain *chain = sample->callchain;
	struct thread *thread;
	u64 i;
	int err;

	/* guests and the hypervisor: not resolved */
	if (cpumode != PERF_RECORD_MISC_KERNEL && cpumode != PERF_RECORD_MISC_USER)
		return 0;
	thread = machine__findnew_thread(machine, sample->pid, sample->tid);
	if (!thread)
		return -ENOMEM;
	/* the sample's own ip, as upstream's build_id__mark_dso_hit() */
	err = machine__mark_hit(machine, thread, cpumode, sample->ip);
	if (err || !callchain || !chain)
		return err;
	/*
	 * Every frame, in the address space its context marker names.  Not
	 * through the callchain resolver: that loads symbols, which listing
	 * DSOs has no use for.
	 */
	cpumode = PERF_RECORD_MISC_USER;
	for (i = 0; i < chain->nr && !err; i++) {
		u64 ip = chain->ips[i];

		if (ip >= PERF_CONTEXT_MAX) {
			cpumode = callchain__context_cpumode(ip);
			continue;
		}
		/* the hypervisor's frames, like its samples: not resolved */
		if (cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_USER)
			err = machine__mark_hit(machine, thread, cpumode, ip);
	}
	return err;
}

static int dso_hits__sample(struct perf_tool *tool, struct perf_session *session,
			    const union perf_event *event, const struct perf_sample *sample,
			    struct evsel *evsel)
{
	struct dso_hits *hits = dso_hits__from_tool(tool);

	return machine__mark_sample_hits(&hits->machines.host, event, sample,
					 hits->opts.callchain);
}

static void dso_hits__init(struct dso_hits *hits, const struct dso_hits_opts *opts)
{
	memset(hits, 0, sizeof(*hits));
	hits->opts = *opts;
	hits->tool.header_done = dso_hits__header_done;
	hits->tool.event = dso_hits__event;
	hits->tool.mmap = dso_hits__mmap;
	hits->tool.comm = dso_hits__comm;
	hits->tool.fork = dso_hits__fork;
	hits->tool.exit = dso_hits__exit_event;
	hits->tool.sample = dso_hits__sample;
	hits->tool.ordered_events = true;
}

int dso_hits__load(struct dso_hits *hits, const struct dso_hits_opts *opts)
{
	struct perf_session session;
	struct perf_data data;
	bool replay;
	int err;

	dso_hits__init(hits, opts);
	err = machines__init(&hits->machines, NULL);
	if (err)
		return err;
	if (perf_data__open(&data, opts->input, PERF_DATA_READ, opts->force))
		return -EIO;
	err = perf_session__open(&session, &data);
	if (err) {
		err = -EIO;
		goto out_data;
	}
	session.verbose = opts->verbose;
	replay = opts->hits || opts->all || session.header.is_pipe ||
		 !perf_header__has_feat(&session.header, HEADER_BUILD_ID);
	hits->with_hits = replay && !opts->all;
	if (replay)
		err = perf_session__process_events(&session, &hits->tool);
	else
		err = dso_hits__header_done(&hits->tool, &session);
	if (err == -ENOMEM)
		pr_err("perf buildid-list: out of memory\n");
	perf_session__close(&session);
out_data:
	perf_data__close(&data);
	return err;
}

void dso_hits__exit(struct dso_hits *hits)
{
	machines__exit(&hits->machines);
}

int dso_hits__for_each(struct dso_hits *hits, dso_hits_fn fn, void *priv)
{
	size_t m, i;
	int err;

	for (m = 0; m < machines__nr(&hits->machines); m++) {
		const struct machine *machine = machines__nth(&hits->machines, m);

		for (i = 0; i < machine->dsos.nr; i++) {
			const struct dso *dso = machine->dsos.entries[i];

			if (hits->with_hits && !dso->hit)
				continue;
			err = fn(priv, machine, dso);
			if (err)
				return err;
		}
	}
	return 0;
}

struct dso_hits_each {
	dso_hits_build_id_fn	fn;
	void			*priv;
};

static int dso_hits__each_build_id(void *priv, const struct machine *machine,
				   const struct dso *dso)
{
	struct dso_hits_each *each = priv;

	if (machine->pid != HOST_KERNEL_ID || !dso__has_build_id(dso))
		return 0;
	return each->fn(each->priv, &dso->id.bid, dso->long_name);
}

int dso_hits__for_each_build_id(const struct dso_hits_opts *opts, dso_hits_build_id_fn fn,
				void *priv)
{
	struct dso_hits_each each = { .fn = fn, .priv = priv };
	struct dso_hits hits;
	int err = dso_hits__load(&hits, opts);

	if (!err)
		err = dso_hits__for_each(&hits, dso_hits__each_build_id, &each);
	dso_hits__exit(&hits);
	return err;
}
