// SPDX-License-Identifier: GPL-2.0
/*
 * perf data convert --to-pprof: the samples of a perf.data, resolved by
 * build-id through the shared model like perf report, as a pprof profile
 * (data/profile.proto, gzipped).
 *
 *  - Values: "samples"/"count" and, per event, its period: a clock event
 *    (cpu-clock, task-clock) as "cpu"/"nanoseconds", as pprof producers
 *    name CPU time; any other event by its name, in "count".
 *  - Locations: one per call-chain frame address, leaf first; a Location
 *    is (Mapping, address) so a frame seen in many samples is one entry.
 *  - Mappings: one per DSO's executable mapping (DSO, file offset,
 *    length), with its build-id in hex.  A DSO mapped at other addresses
 *    by other processes (ASLR) is still one Mapping: addresses are moved
 *    into the first process's layout, which keeps each address's file
 *    offset, which is what a symbolizer needs.
 *  - With --symbolize (default) each Location gets the Function our
 *    symbols name, and its Mapping has_functions; --no-symbolize leaves
 *    addresses only, for pprof (or a backend) to symbolize from the
 *    binaries, found by build-id.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "data/convert.h"
#include "data/pprof-profile.h"
#include "util/base/array.h"
#include "util/base/debug.h"
#include "util/base/hashmap.h"
#include "util/data/data.h"
#include "util/model/callchain.h"
#include "util/model/dso.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/model/map.h"
#include "util/model/thread.h"
#include "util/session/session.h"
#include "util/symbols/build-id.h"

/* One pprof Mapping: a DSO's mapping at file offset @pgoff, @len long. */
struct pprof_map_key {
	const struct dso	*dso;
	u64			pgoff, len;
	u64			start;		/* where the first process had it */
	u64			id;
	bool			exe;		/* a main binary candidate */
	u64			samples;	/* whose innermost exe frame is here */
};

/*
 * The last frames converted, by address: a profile repeats its return
 * addresses, and a hit skips the Mapping and Location lookups.  A slot is
 * exact, not a guess: the same address in a map of the same DSO, range and
 * offset is the same Location.
 */
#define PPROF_FRAME_SLOTS	65536

struct pprof_frame_slot {
	u64			ip, start, end, pgoff;
	const struct dso	*dso;
	u64			loc;		/* 0: empty */
	size_t			map;		/* its pc->maps index + 1; 0: none */
};

struct pprof_convert {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	int			(*mt_header_done)(struct perf_tool *tool,
						  struct perf_session *session);
	struct machine		machine;
	struct callchain_cursor	cursor;
	struct pprof_profile	prof;
	const struct data_convert_opts *opts;
	struct pprof_map_key	*maps;
	size_t			nr_maps, alloc_maps;
	struct hashmap		map_index;
	struct pprof_frame_slot	*frames;	/* PPROF_FRAME_SLOTS */
	u64			*locs;		/* one sample's location ids */
	size_t			alloc_locs;
	s64			*values;	/* one sample's values */
	int			*column;	/* by evsel->idx: its value column */
	size_t			nr_columns;
	u64			nr_samples, nr_skipped;
	u64			first_time, last_time;
	s64			s_pid, s_tid, s_comm;
};

static bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       (evsel->attr.config == PERF_COUNT_SW_CPU_CLOCK ||
		evsel->attr.config == PERF_COUNT_SW_TASK_CLOCK);
}

/*
 * The value columns, once the events are known: samples, then one per
 * event.  The first event's nominal period is the profile's period.
 */
static int pprof_convert__columns(struct pprof_convert *pc, struct evlist *evlist)
{
	bool cpu_named = false;
	int i, err;

	pc->column = calloc(evlist->nr ? evlist->nr : 1, sizeof(*pc->column));
	pc->values = calloc(evlist->nr + 1, sizeof(*pc->values));
	if (!pc->column || !pc->values)
		return -ENOMEM;
	pc->nr_columns = evlist->nr;
	err = pprof_profile__add_type(&pc->prof, "samples", "count");
	for (i = 0; !err && i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];
		bool clock = evsel__is_clock(evsel);
		const char *type = clock && !cpu_named ? "cpu" : evsel__name(evsel);

		cpu_named |= clock;
		pc->column[i] = i + 1;
		err = pprof_profile__add_type(&pc->prof, type, clock ? "nanoseconds" : "count");
		if (err || i)
			continue;
		pc->prof.period_type = pc->prof.types[1];
		if (!(evsel->attr.flags & PERF_ATTR_FLAG_FREQ))
			pc->prof.period = (s64)evsel->attr.sample_period;
		else if (clock && evsel->attr.sample_freq)
			pc->prof.period = (s64)(1000000000ULL / evsel->attr.sample_freq);
	}
	if (err)
		return err;
	pc->s_pid = pprof_profile__string(&pc->prof, "pid");
	pc->s_tid = pprof_profile__string(&pc->prof, "tid");
	pc->s_comm = pprof_profile__string(&pc->prof, "comm");
	return pc->s_pid < 0 || pc->s_tid < 0 || pc->s_comm < 0 ? -ENOMEM : 0;
}

static int pprof_convert__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct pprof_convert *pc = (struct pprof_convert *)tool;
	int err = perf_session__name_events(session, true, false);

	return err ?: pc->mt_header_done(tool, session);
}

/*
 * The pprof Mapping of @map, made on first use: its id, *@addr moved into
 * it, *@idx its pc->maps index + 1.
 */
static int pprof_convert__mapping(struct pprof_convert *pc, const struct map *map, u64 *addr,
				  size_t *idx)
{
	struct pprof_map_key key = { .dso = map->dso, .pgoff = map->pgoff,
				     .len = map->end - map->start };
	u64 hash = hash__bytes(&key, offsetof(struct pprof_map_key, start), 0);
	const struct dso *dso = map->dso;
	struct pprof_mapping m = { .start = map->start, .limit = map->end,
				   .offset = map->pgoff };
	char hex[SBUILD_ID_SIZE];
	struct pprof_map_key *k;
	size_t iter = 0;
	void *v;

	while ((v = hashmap__next(&pc->map_index, hash, &iter))) {
		k = &pc->maps[(uintptr_t)v - 1];
		if (k->dso == key.dso && k->pgoff == key.pgoff && k->len == key.len) {
			*addr = k->start + (*addr - map->start);
			*idx = (uintptr_t)v;
			return (int)k->id;
		}
	}
	m.filename = pprof_profile__string(&pc->prof, dso->long_name);
	m.build_id = 0;
	if (dso__has_build_id(dso)) {
		build_id__sprintf(&dso->id.bid, hex);
		m.build_id = pprof_profile__string(&pc->prof, hex);
	}
	m.has_functions = pc->opts->symbolize && dso->load_state == DSO_LOAD__LOADED;
	if (m.filename < 0 || m.build_id < 0 ||
	    ARRAY_GROW(pc->maps, pc->alloc_maps, pc->nr_maps + 1) ||
	    pprof_profile__add_mapping(&pc->prof, &m) ||
	    hashmap__add(&pc->map_index, hash, (void *)(uintptr_t)(pc->nr_maps + 1)))
		return -ENOMEM;
	key.start = map->start;
	key.id = m.id;
	key.exe = !dso->kernel && !dso->kmod && dso->long_name[0] != '[' &&
		  !strstr(dso->short_name, ".so");
	pc->maps[pc->nr_maps++] = key;
	*idx = pc->nr_maps;
	return (int)m.id;
}

static struct pprof_frame_slot *pprof_convert__slot(struct pprof_convert *pc,
						    const struct callchain_frame *f, bool *hit)
{
	const struct map *map = f->map && f->map->dso ? f->map : NULL;
	struct pprof_frame_slot key = {
		.ip = f->ip, .dso = map ? map->dso : NULL, .start = map ? map->start : 0,
		.end = map ? map->end : 0, .pgoff = map ? map->pgoff : 0,
	};
	struct pprof_frame_slot *slot;

	slot = &pc->frames[(f->ip * 0x9e3779b97f4a7c15ULL) >> 48];
	*hit = slot->loc && slot->ip == key.ip && slot->dso == key.dso &&
	       slot->start == key.start && slot->end == key.end && slot->pgoff == key.pgoff;
	if (!*hit)
		*slot = key;
	return slot;
}

static int pprof_convert__new_location(struct pprof_convert *pc,
				       const struct callchain_frame *f, u64 *id, size_t *map);

/* The Location of frame @f, and *@map: its pc->maps index + 1 (0: none). */
static int pprof_convert__location(struct pprof_convert *pc, const struct callchain_frame *f,
				   u64 *id, size_t *map)
{
	struct pprof_frame_slot *slot;
	bool hit;
	int ret;

	slot = pprof_convert__slot(pc, f, &hit);
	if (hit) {
		*id = slot->loc;
		*map = slot->map;
		return 0;
	}
	*map = 0;
	ret = pprof_convert__new_location(pc, f, id, map);
	if (!ret) {
		slot->loc = *id;
		slot->map = *map;
	}
	return ret;
}

static int pprof_convert__new_location(struct pprof_convert *pc,
				       const struct callchain_frame *f, u64 *id, size_t *map)
{
	u64 addr = f->ip, mapping_id = 0, fid;
	bool added;
	s64 name;
	int ret;

	if (f->map && f->map->dso) {
		ret = pprof_convert__mapping(pc, f->map, &addr, map);
		if (ret < 0)
			return ret;
		mapping_id = (u64)ret;
	}
	ret = pprof_profile__location(&pc->prof, mapping_id, addr, id, &added);
	if (ret || !added || !f->sym || !pc->opts->symbolize)
		return ret;
	name = pprof_profile__string(&pc->prof, f->sym->name);
	if (name < 0)
		return -ENOMEM;
	ret = pprof_profile__function(&pc->prof, name, name, 0, &fid);
	return ret ?: pprof_profile__add_line(&pc->prof, *id, fid, 0);
}

static int pprof_convert__sample(struct perf_tool *tool, struct perf_session *session,
				 const union perf_event *event, const struct perf_sample *sample,
				 struct evsel *evsel)
{
	struct pprof_convert *pc = (struct pprof_convert *)tool;
	struct pprof_label labels[3];
	struct thread *thread;
	bool counted = false;
	size_t i, map;
	s64 comm;
	int err;

	if (!pc->column) {
		err = pprof_convert__columns(pc, &session->evlist);
		if (err)
			return err;
	}
	/* an event announced after the first sample (a pipe): no column */
	if ((size_t)evsel->idx >= pc->nr_columns) {
		pc->nr_skipped++;
		return 0;
	}
	thread = machine__findnew_thread(&pc->machine, sample->pid, sample->tid);
	if (!thread)
		return -ENOMEM;
	err = machine__resolve_callchain(&pc->machine, thread, sample, &pc->cursor);
	if (err)
		return err;
	if (ARRAY_GROW(pc->locs, pc->alloc_locs, pc->cursor.nr))
		return -ENOMEM;
	for (i = 0; i < pc->cursor.nr; i++) {
		err = pprof_convert__location(pc, &pc->cursor.frames[i], &pc->locs[i], &map);
		if (err)
			return err;
		if (!counted && map && pc->maps[map - 1].exe) {
			pc->maps[map - 1].samples++;
			counted = true;
		}
	}
	comm = pprof_profile__string(&pc->prof, thread__comm_str(thread));
	if (comm < 0)
		return -ENOMEM;
	labels[0] = (struct pprof_label){ .key = pc->s_pid, .num = (s32)sample->pid };
	labels[1] = (struct pprof_label){ .key = pc->s_tid, .num = (s32)sample->tid };
	labels[2] = (struct pprof_label){ .key = pc->s_comm, .str = comm };
	memset(pc->values, 0, (pc->nr_columns + 1) * sizeof(*pc->values));
	pc->values[0] = 1;
	pc->values[pc->column[evsel->idx]] = (s64)sample->period;
	if (evsel->attr.sample_type & PERF_SAMPLE_TIME) {
		if (!pc->nr_samples || sample->time < pc->first_time)
			pc->first_time = sample->time;
		if (sample->time > pc->last_time)
			pc->last_time = sample->time;
	}
	pc->nr_samples++;
	return pprof_profile__add_sample(&pc->prof, pc->locs, pc->cursor.nr, labels, 3,
					 pc->values);
}

static void pprof_convert__exit(struct pprof_convert *pc)
{
	callchain_cursor__exit(&pc->cursor);
	pprof_profile__exit(&pc->prof);
	hashmap__exit(&pc->map_index);
	free(pc->maps);
	free(pc->frames);
	free(pc->locs);
	free(pc->values);
	free(pc->column);
}

/*
 * pprof names the profile after its first Mapping, "the main binary": of
 * the executables that are no library and no [kernel.kallsyms], the one
 * most samples have a frame in.  Not the first one seen: a workload
 * started through a shell (sh -c 'exec app') maps the shell first, and on
 * a busy machine the shell's few samples may come first too.  Ties go to
 * the first seen.
 */
static void pprof_convert__main_first(struct pprof_convert *pc)
{
	const struct pprof_map_key *best = NULL;
	size_t i;

	for (i = 0; i < pc->nr_maps; i++) {
		const struct pprof_map_key *k = &pc->maps[i];

		if (k->exe && (!best || k->samples > best->samples))
			best = k;
	}
	if (best)
		pprof_profile__mapping_first(&pc->prof, best->id);
}

static int pprof_convert__run(struct pprof_convert *pc, struct perf_session *session)
{
	int err;

	machine_tool__init(&pc->mt, &pc->machine);
	pc->mt_header_done = pc->mt.tool.header_done;
	pc->mt.tool.header_done = pprof_convert__header_done;
	pc->mt.tool.sample = pprof_convert__sample;
	pc->mt.tool.ordered_events = true;
	err = perf_session__process_events(session, &pc->mt.tool);
	/* no sample at all: the columns still say what the profile measures */
	if (!err && !pc->column)
		err = pprof_convert__columns(pc, &session->evlist);
	pprof_convert__main_first(pc);
	if (pc->last_time > pc->first_time)
		pc->prof.duration_nanos = (s64)(pc->last_time - pc->first_time);
	return err;
}

/* -v: per Mapping, the DSO, its build-id and where its symbols came from */
static void pprof_convert__print_sources(const struct pprof_convert *pc)
{
	char hex[SBUILD_ID_SIZE];
	size_t i;

	for (i = 0; i < pc->nr_maps; i++) {
		const struct dso *dso = pc->maps[i].dso;

		bool loaded = pc->opts->symbolize && dso->load_state == DSO_LOAD__LOADED;

		hex[0] = '\0';
		if (dso__has_build_id(dso))
			build_id__sprintf(&dso->id.bid, hex);
		fprintf(stderr, "mapping %s [%s]: %s%s\n", dso->long_name,
			hex[0] ? hex : "no build-id",
			!pc->opts->symbolize ? "not symbolized" :
			loaded ? "symbols from " : "no symbols",
			loaded ? dso_binary_type__name(dso->symtab_type) : "");
	}
}

int data_convert__pprof(const char *path, const struct data_convert_opts *opts)
{
	struct pprof_convert pc = { .opts = opts };
	struct dso_load_opts lopts = { 0 };
	const char *input = data_convert__input(opts);
	struct perf_session session;
	struct perf_data data;
	struct stat st;
	bool damaged = false;
	int err;

	hashmap__init(&pc.map_index);
	callchain_cursor__init(&pc.cursor);
	pc.frames = calloc(PPROF_FRAME_SLOTS, sizeof(*pc.frames));
	err = pc.frames ? pprof_profile__init(&pc.prof) : -ENOMEM;
	if (err) {
		pr_err("perf data convert: %s\n", strerror(-err));
		goto out;
	}
	err = perf_data__open(&data, input, PERF_DATA_READ, opts->force);
	if (err)
		goto out;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	lopts.verbose = opts->verbose;
	err = machine__init(&pc.machine, &lopts);
	if (err) {
		perf_session__close(&session);
		goto out_close;
	}
	err = pprof_convert__run(&pc, &session);
	if (opts->verbose)
		pprof_convert__print_sources(&pc);
	/* damage inside the data: the session said where; what came before is written */
	if (err == -EINVAL && session.stats.truncated) {
		damaged = true;
		err = 0;
	}
	machine__exit(&pc.machine);
	perf_session__close(&session);
	if (!err) {
		err = pprof_profile__write(&pc.prof, path);
		if (err)
			pr_err("perf data convert: cannot write %s: %s\n", path, strerror(-err));
	} else if (err == -ENOMEM) {
		pr_err("perf data convert: %s\n", strerror(-err));
	}
	if (!err && pc.nr_skipped)
		pr_warning("perf data convert: %llu samples of events announced after the "
			   "first sample were left out\n", (unsigned long long)pc.nr_skipped);
	/* damage: the session's one line said where; the profile is what came before */
	if (!err && !damaged) {
		fprintf(stderr, "[ perf data convert: Converted '%s' into pprof data '%s' ]\n",
			input, path);
		fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%llu samples) ]\n",
			stat(path, &st) ? 0.0 : st.st_size / 1024.0 / 1024.0,
			(unsigned long long)pc.nr_samples);
	}
	if (damaged && !err)
		err = -EINVAL;
out_close:
	perf_data__close(&data);
out:
	pprof_convert__exit(&pc);
	return err;
}
