// SPDX-License-Identifier: GPL-2.0
/*
 * perf buildid-list: the build-ids a perf.data refers to, one
 * "<build-id> <path>" line per DSO, as upstream prints them.
 *
 * A file whose header has a BUILD_ID table is answered from the table.
 * Otherwise (pipe input, --buildid-mmap recordings) the ids are in the
 * records: the events are replayed the way upstream's ordered-events
 * queue delivers them, processes' maps are tracked, and the DSOs that
 * samples hit are listed in the order they were first seen.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "builtin.h"
#include "util/debug.h"
#include "util/build-id.h"
#include "util/build-id-store.h"
#include "util/session.h"
#include "util/usage.h"

#define HOST_PID	(-1)
#define KERNEL_KEY	(-0x7fffffff)	/* maps key of a machine's kernel maps */

/*
 * A DSO is its path plus, from MMAP2/MMAP3, the 24 bytes at offset 40
 * (maj/min/ino/ino_generation, or size and build-id in the build-id form),
 * as upstream keys them: one path mapped with two ids is two DSOs.
 */
#define DSO_ID_SIZE	24

struct bl_dso {
	char *name;
	int machine;			/* HOST_PID or a guest's pid */
	bool has_id;
	u8 id[DSO_ID_SIZE];
	u8 bid[PERF_BUILD_ID_MAX];
	u8 bid_size;
	bool hit;
};

struct bl_map {
	u64 start, end;
	u32 dso;
};

struct bl_maps {
	int key;			/* pid, or KERNEL_KEY - machine */
	int machine;
	struct bl_map *v;
	u32 nr, cap;
};

enum { OP_MMAP, OP_FORK, OP_SAMPLE };

/* A record kept until the ordered-events queue would deliver it. */
struct bl_op {
	u64 time;
	u64 seq;
	u64 start, len;			/* sample: ip */
	u32 pid, tid, ppid;
	u32 prot;
	u16 misc;
	u8 kind;
	bool has_id;
	u8 id[DSO_ID_SIZE];
	u8 bid_size;
	bool has_bid;
	u8 bid[PERF_BUILD_ID_MAX];
	char *name;
};

struct buildid_list {
	struct perf_tool tool;
	struct bl_dso *dsos;
	u32 nr_dsos, cap_dsos;
	u32 *dso_hash;			/* index + 1, open addressing */
	u32 dso_hash_size;
	struct bl_maps *maps;
	u32 nr_maps, cap_maps;
	struct bl_op *queue;
	u64 nr_queue, cap_queue, seq;
	u64 next_flush, max_time;
};

static u32 hash_str(const char *s, int machine)
{
	u32 h = 2166136261u ^ (u32)machine;

	while (*s)
		h = (h ^ (u8)*s++) * 16777619u;
	return h;
}

static int dso_hash__grow(struct buildid_list *bl)
{
	u32 size = bl->dso_hash_size ? bl->dso_hash_size * 2 : 256, i;
	u32 *h = calloc(size, sizeof(*h));

	if (!h)
		return -ENOMEM;
	for (i = 0; i < bl->nr_dsos; i++) {
		u32 slot = hash_str(bl->dsos[i].name, bl->dsos[i].machine) & (size - 1);

		while (h[slot])
			slot = (slot + 1) & (size - 1);
		h[slot] = i + 1;
	}
	free(bl->dso_hash);
	bl->dso_hash = h;
	bl->dso_hash_size = size;
	return 0;
}

static bool dso_id__empty(const u8 *id)
{
	int i;

	for (i = 0; id && i < DSO_ID_SIZE; i++)
		if (id[i])
			return false;
	return true;
}

/* Has @d another build-id than @bid (when both are known)? */
static bool bl_dso__other_bid(const struct bl_dso *d, const u8 *bid, u8 bid_size)
{
	return bid && d->bid_size && (d->bid_size != bid_size || memcmp(d->bid, bid, bid_size));
}

/*
 * The DSO called @name in @machine with @id (NULL or empty: any of that
 * name, the first made), created (last in order) if new.  A DSO known by
 * name only (from a build-id table) takes the first id it is mapped with.
 * With @bid, a DSO of another build-id is another DSO: one path rebuilt
 * during the recording is two DSOs, in the table as in the maps.
 */
static struct bl_dso *bl__findnew_dso(struct buildid_list *bl, int machine, const char *name,
				      const u8 *id, const u8 *bid, u8 bid_size)
{
	struct bl_dso *d, *first = NULL, *no_id = NULL;
	u32 slot, mask;

	if (dso_id__empty(id))
		id = NULL;
	if ((bl->nr_dsos + 1) * 2 > bl->dso_hash_size && dso_hash__grow(bl))
		return NULL;
	mask = bl->dso_hash_size - 1;
	for (slot = hash_str(name, machine) & mask; bl->dso_hash[slot]; slot = (slot + 1) & mask) {
		d = &bl->dsos[bl->dso_hash[slot] - 1];
		if (d->machine != machine || strcmp(d->name, name) ||
		    bl_dso__other_bid(d, bid, bid_size))
			continue;
		if (!id) {
			if (!first || d < first)
				first = d;
			continue;
		}
		if (d->has_id && !memcmp(d->id, id, DSO_ID_SIZE))
			return d;
		if (!d->has_id && (!no_id || d < no_id))
			no_id = d;
	}
	if (first)
		return first;
	if (no_id) {
		memcpy(no_id->id, id, DSO_ID_SIZE);
		no_id->has_id = true;
		return no_id;
	}
	if (bl->nr_dsos == bl->cap_dsos) {
		u32 cap = bl->cap_dsos ? bl->cap_dsos * 2 : 64;
		struct bl_dso *v = realloc(bl->dsos, cap * sizeof(*v));

		if (!v)
			return NULL;
		bl->dsos = v;
		bl->cap_dsos = cap;
	}
	d = &bl->dsos[bl->nr_dsos];
	memset(d, 0, sizeof(*d));
	d->name = strdup(name);
	if (!d->name)
		return NULL;
	d->machine = machine;
	if (id) {
		memcpy(d->id, id, DSO_ID_SIZE);
		d->has_id = true;
	}
	bl->dso_hash[slot] = ++bl->nr_dsos;
	return d;
}

static struct bl_maps *bl__maps(struct buildid_list *bl, int key, int machine, bool create)
{
	struct bl_maps *m;
	u32 i;

	/* Few processes per profile, and lookups are cached by the caller. */
	for (i = 0; i < bl->nr_maps; i++)
		if (bl->maps[i].key == key && bl->maps[i].machine == machine)
			return &bl->maps[i];
	if (!create)
		return NULL;
	if (bl->nr_maps == bl->cap_maps) {
		u32 cap = bl->cap_maps ? bl->cap_maps * 2 : 64;

		m = realloc(bl->maps, cap * sizeof(*m));
		if (!m)
			return NULL;
		bl->maps = m;
		bl->cap_maps = cap;
	}
	m = &bl->maps[bl->nr_maps++];
	memset(m, 0, sizeof(*m));
	m->key = key;
	m->machine = machine;
	return m;
}

/* Insert [start, end), cutting what it overlaps out of the older maps. */
static int bl_maps__insert(struct bl_maps *m, u64 start, u64 end, u32 dso)
{
	struct bl_map *v = malloc((m->nr * 2 + 1) * sizeof(*v));
	u32 i, n = 0;
	bool placed = false;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < m->nr; i++) {
		struct bl_map old = m->v[i];

		if (!placed && old.start >= start) {
			v[n++] = (struct bl_map){ start, end, dso };
			placed = true;
		}
		if (old.end <= start || old.start >= end) {
			v[n++] = old;
			continue;
		}
		if (old.start < start)
			v[n++] = (struct bl_map){ old.start, start, old.dso };
		if (old.end > end) {
			if (!placed) {
				v[n++] = (struct bl_map){ start, end, dso };
				placed = true;
			}
			v[n++] = (struct bl_map){ end, old.end, old.dso };
		}
	}
	if (!placed)
		v[n++] = (struct bl_map){ start, end, dso };
	free(m->v);
	m->v = v;
	m->nr = n;
	m->cap = n;
	return 0;
}

static const struct bl_map *bl_maps__find(const struct bl_maps *m, u64 addr)
{
	u32 lo = 0, hi = m->nr;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (m->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && addr < m->v[lo - 1].end)
		return &m->v[lo - 1];
	return NULL;
}

static int maps_key(u32 pid, u32 tid)
{
	return (s32)pid == -1 ? (s32)tid : (s32)pid;
}

static bool is_anon(const char *name)
{
	return !strcmp(name, "//anon") || !strncmp(name, "/dev/zero", 9) ||
	       !strncmp(name, "/anon_hugepage", 14) || !strncmp(name, "[stack", 6) ||
	       !strncmp(name, "/SYSV", 5) || !strcmp(name, "[heap]");
}

static int bl__do_mmap(struct buildid_list *bl, const struct bl_op *op)
{
	u8 cpumode = op->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	u64 end = op->start + op->len < op->start ? ~0ULL : op->start + op->len;
	int machine = HOST_PID, key;
	char anon[64];
	const char *name = op->name;
	struct bl_maps *m;
	struct bl_dso *d;

	if (cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER)
		machine = (s32)op->pid;
	if (cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL) {
		const char *kname = machine == HOST_PID ? "[kernel.kallsyms]" :
						       "[guest.kernel.kallsyms]";

		key = KERNEL_KEY;
		if (!strncmp(name, kname, strlen(kname) - 1))
			name = kname;
		else if (name[0] != '/' && name[0] != '[')
			return 0;
	} else {
		key = maps_key(op->pid, op->tid);
		if (is_anon(name) && (op->prot & PROT_EXEC)) {
			snprintf(anon, sizeof(anon), "/tmp/perf-%d.map", (s32)op->pid);
			name = anon;
		}
	}
	d = bl__findnew_dso(bl, machine, name, op->has_id && key != KERNEL_KEY ? op->id : NULL,
			    op->has_bid ? op->bid : NULL, op->bid_size);
	m = bl__maps(bl, key, machine, true);
	if (!d || !m)
		return -ENOMEM;
	if (op->has_bid) {
		memcpy(d->bid, op->bid, op->bid_size);
		d->bid_size = op->bid_size;
	}
	return bl_maps__insert(m, op->start, end, d - bl->dsos);
}

static int bl__do_fork(struct buildid_list *bl, const struct bl_op *op)
{
	struct bl_maps *parent, *child;
	struct bl_map *v;
	u32 nr;

	/* A thread shares its process's maps; fork+exec replaces them anyway. */
	if (op->pid == op->ppid || (op->misc & PERF_RECORD_MISC_FORK_EXEC))
		return 0;
	parent = bl__maps(bl, maps_key(op->ppid, op->ppid), HOST_PID, false);
	if (!parent || !parent->nr)
		return 0;
	nr = parent->nr;
	v = malloc(nr * sizeof(*v));
	if (!v)
		return -ENOMEM;
	memcpy(v, parent->v, nr * sizeof(*v));
	/* Creating the child may move every process's maps: parent is stale. */
	child = bl__maps(bl, maps_key(op->pid, op->tid), HOST_PID, true);
	if (!child) {
		free(v);
		return -ENOMEM;
	}
	free(child->v);
	child->v = v;
	child->nr = child->cap = nr;
	return 0;
}

/* Only the sample's own ip counts, as in upstream's build_id__mark_dso_hit(). */
static void bl__do_sample(struct buildid_list *bl, const struct bl_op *op)
{
	u8 cpumode = op->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	const struct bl_maps *m;
	const struct bl_map *map;

	if (cpumode == PERF_RECORD_MISC_KERNEL)
		m = bl__maps(bl, KERNEL_KEY, HOST_PID, false);
	else if (cpumode == PERF_RECORD_MISC_USER)
		m = bl__maps(bl, maps_key(op->pid, op->tid), HOST_PID, false);
	else
		return;		/* guests and hypervisor: not resolved */
	map = m ? bl_maps__find(m, op->start) : NULL;
	if (map)
		bl->dsos[map->dso].hit = true;
}

static int bl__deliver(struct buildid_list *bl, const struct bl_op *op)
{
	switch (op->kind) {
	case OP_MMAP:
		return bl__do_mmap(bl, op);
	case OP_FORK:
		return bl__do_fork(bl, op);
	default:
		bl__do_sample(bl, op);
		return 0;
	}
}

static int op_cmp(const void *a, const void *b)
{
	const struct bl_op *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Deliver queued records up to @limit in time order, like a round flush. */
static int bl__flush(struct buildid_list *bl, u64 limit)
{
	u64 i, n = 0;
	int err = 0;

	if (!bl->nr_queue)
		return 0;
	qsort(bl->queue, bl->nr_queue, sizeof(*bl->queue), op_cmp);
	for (i = 0; i < bl->nr_queue; i++) {
		struct bl_op *op = &bl->queue[i];

		if (op->time > limit) {
			bl->queue[n++] = *op;
			continue;
		}
		if (!err)
			err = bl__deliver(bl, op);
		free(op->name);
	}
	bl->nr_queue = n;
	return err;
}

/*
 * Records without a time are delivered at once, timed ones queue until a
 * FINISHED_ROUND lets through what is older than the previous round's end.
 */
static int bl__queue(struct buildid_list *bl, struct bl_op *op)
{
	int err;

	if (!op->time || op->time == ~0ULL) {
		err = bl__deliver(bl, op);
		free(op->name);
		return err;
	}
	if (bl->nr_queue == bl->cap_queue) {
		u64 cap = bl->cap_queue ? bl->cap_queue * 2 : 1024;
		struct bl_op *q = realloc(bl->queue, cap * sizeof(*q));

		if (!q) {
			free(op->name);
			return -ENOMEM;
		}
		bl->queue = q;
		bl->cap_queue = cap;
	}
	op->seq = bl->seq++;
	if (op->time > bl->max_time)
		bl->max_time = op->time;
	bl->queue[bl->nr_queue++] = *op;
	return 0;
}

static int bl__mmap(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_mmap_info *info,
		    const struct perf_sample *sample)
{
	struct buildid_list *bl = (struct buildid_list *)tool;
	struct bl_op op = {
		.kind = OP_MMAP,
		.time = sample->time,
		.pid = info->pid,
		.tid = info->tid,
		.start = info->start,
		.len = info->len,
		.misc = event->header.misc,
		.has_bid = info->has_build_id,
		.bid_size = info->build_id_size,
	};

	/* MMAP (v1) has no prot: upstream takes non-data maps as executable. */
	if (event->header.type == PERF_RECORD_MMAP)
		op.prot = event->header.misc & PERF_RECORD_MISC_MMAP_DATA ? PROT_READ : PROT_EXEC;
	else
		op.prot = info->prot;
	/* MMAP2 and MMAP3 have the 24 id bytes at offset 40; MMAP has none. */
	if (event->header.type != PERF_RECORD_MMAP &&
	    event->header.size >= 40 + DSO_ID_SIZE) {
		memcpy(op.id, (const char *)event + 40, DSO_ID_SIZE);
		op.has_id = true;
	}
	if (op.has_bid && op.bid_size <= PERF_BUILD_ID_MAX)
		memcpy(op.bid, info->build_id, op.bid_size);
	else
		op.has_bid = false;
	op.name = strdup(info->filename);
	if (!op.name)
		return -ENOMEM;
	return bl__queue(bl, &op);
}

static int bl__fork(struct perf_tool *tool, struct perf_session *session,
		    const union perf_event *event, const struct perf_sample *sample)
{
	struct bl_op op = {
		.kind = OP_FORK,
		.time = sample->time,
		.misc = event->header.misc,
	};

	if (event->header.size < sizeof(event->fork))
		return 0;
	op.pid = event->fork.pid;
	op.tid = event->fork.tid;
	op.ppid = event->fork.ppid;
	return bl__queue((struct buildid_list *)tool, &op);
}

static int bl__sample(struct perf_tool *tool, struct perf_session *session,
		      const union perf_event *event, const struct perf_sample *sample,
		      struct evsel *evsel)
{
	struct bl_op op = {
		.kind = OP_SAMPLE,
		.time = sample->time,
		.pid = sample->pid,
		.tid = sample->tid,
		.start = sample->ip,
		.misc = event->header.misc,
	};

	return bl__queue((struct buildid_list *)tool, &op);
}

/* A BUILD_ID table entry or HEADER_BUILD_ID record: a DSO and its id. */
static int bl__build_id(void *priv, const struct perf_record_header_build_id *ev,
			const u8 *build_id, u8 size, const char *filename)
{
	struct buildid_list *bl = priv;
	u8 cpumode = ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	int machine = ev->pid;
	struct bl_dso *d;

	/* Upstream takes only these four; the host is pid -1. */
	if (cpumode != PERF_RECORD_MISC_KERNEL && cpumode != PERF_RECORD_MISC_USER &&
	    cpumode != PERF_RECORD_MISC_GUEST_KERNEL && cpumode != PERF_RECORD_MISC_GUEST_USER)
		return 0;
	d = bl__findnew_dso(bl, machine, filename, NULL, size ? build_id : NULL, size);
	if (!d)
		return -ENOMEM;
	memcpy(d->bid, build_id, size);
	d->bid_size = size;
	return 0;
}

static int bl__event(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *event, u64 file_offset)
{
	struct buildid_list *bl = (struct buildid_list *)tool;
	const struct perf_record_header_build_id *ev = &event->build_id;
	int err;

	switch (event->header.type) {
	case PERF_RECORD_FINISHED_ROUND:
		err = bl__flush(bl, bl->next_flush);
		bl->next_flush = bl->max_time;
		return err;
	case PERF_RECORD_HEADER_BUILD_ID:
		if (event->header.size <= sizeof(*ev) ||
		    ((ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) &&
		     ev->size > PERF_BUILD_ID_MAX) ||
		    !memchr(ev->filename, '\0', event->header.size - sizeof(*ev)))
			return 0;
		return bl__build_id(bl, ev, ev->data,
				    ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE ?
				    ev->size : PERF_BUILD_ID_MAX, ev->filename);
	default:
		return 0;
	}
}

static int machine_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	if (x == y)
		return 0;
	if (x == HOST_PID || y == HOST_PID)
		return x == HOST_PID ? -1 : 1;
	return x < y ? -1 : 1;
}

typedef int (*bl_dso_fn)(void *priv, const struct bl_dso *d);

/* The host's DSOs first, then each guest's, each in order of creation. */
static int bl__for_each(const struct buildid_list *bl, bool with_hits, bl_dso_fn fn, void *priv)
{
	int *machines = malloc((bl->nr_dsos + 1) * sizeof(int));
	u32 i, j, nr = 0;
	int err = 0;

	if (!machines)
		return -ENOMEM;
	for (i = 0; i < bl->nr_dsos; i++) {
		for (j = 0; j < nr && machines[j] != bl->dsos[i].machine; j++)
			;
		if (j == nr)
			machines[nr++] = bl->dsos[i].machine;
	}
	qsort(machines, nr, sizeof(int), machine_cmp);
	for (j = 0; j < nr && !err; j++) {
		for (i = 0; i < bl->nr_dsos && !err; i++) {
			const struct bl_dso *d = &bl->dsos[i];

			if (d->machine == machines[j] && (!with_hits || d->hit))
				err = fn(priv, d);
		}
	}
	free(machines);
	return err;
}

static int bl__print_one(void *priv, const struct bl_dso *d)
{
	char hex[2 * PERF_BUILD_ID_MAX + 1];
	int k;

	for (k = 0; k < d->bid_size; k++)
		sprintf(hex + 2 * k, "%02x", d->bid[k]);
	hex[2 * d->bid_size] = '\0';
	printf("%-40s %s\n", hex, d->name);
	return 0;
}

static void bl__exit(struct buildid_list *bl)
{
	u64 i;

	for (i = 0; i < bl->nr_dsos; i++)
		free(bl->dsos[i].name);
	for (i = 0; i < bl->nr_maps; i++)
		free(bl->maps[i].v);
	for (i = 0; i < bl->nr_queue; i++)
		free(bl->queue[i].name);
	free(bl->dsos);
	free(bl->dso_hash);
	free(bl->maps);
	free(bl->queue);
}

/*
 * Read @input into @bl.  Without a BUILD_ID table (pipes, --buildid-mmap),
 * or with @hits (-H), the records are replayed and only DSOs that samples
 * hit count: *@with_hits says so.
 */
static int bl__load(struct buildid_list *bl, const char *input, bool force, bool hits,
		    int verbose, bool *with_hits)
{
	struct perf_session session;
	struct perf_data data;
	int err;

	if (perf_data__open(&data, input, PERF_DATA_READ, force))
		return -EIO;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_data;
	session.verbose = verbose;
	*with_hits = hits || !perf_header__has_feat(&session.header, HEADER_BUILD_ID);
	err = perf_header__for_each_build_id(&session.header, bl__build_id, bl);
	if (err == -EINVAL)
		err = 0;	/* warned; the entries before the bad one count */
	if (!err && (*with_hits || session.header.is_pipe)) {
		err = perf_session__process_events(&session, &bl->tool);
		if (!err)
			err = bl__flush(bl, ~0ULL);
	}
	if (err == -ENOMEM)
		pr_err("perf buildid-list: out of memory\n");
	perf_session__close(&session);
out_data:
	perf_data__close(&data);
	return err;
}

static void bl__init(struct buildid_list *bl)
{
	memset(bl, 0, sizeof(*bl));
	bl->tool.event = bl__event;
	bl->tool.mmap = bl__mmap;
	bl->tool.fork = bl__fork;
	bl->tool.sample = bl__sample;
}

struct bl_each {
	buildid_list_fn fn;
	void *priv;
};

static int bl__each_one(void *priv, const struct bl_dso *d)
{
	struct bl_each *e = priv;
	struct build_id bid;

	if (d->machine != HOST_PID || !d->bid_size)
		return 0;	/* guests' files are not ours to find */
	build_id__init(&bid, d->bid, d->bid_size);
	return e->fn(e->priv, &bid, d->name);
}

int buildid_list__for_each(const char *input, bool force, bool hits, int verbose,
			   buildid_list_fn fn, void *priv)
{
	struct bl_each each = { .fn = fn, .priv = priv };
	struct buildid_list bl;
	bool with_hits;
	int err;

	bl__init(&bl);
	err = bl__load(&bl, input, force, hits, verbose, &with_hits);
	if (!err)
		err = bl__for_each(&bl, with_hits, bl__each_one, &each);
	bl__exit(&bl);
	return err;
}

static const char * const buildid_list_usage =
	"\n Usage: perf buildid-list [<options>]\n\n"
	"    -f, --force           don't complain, do it\n"
	"    -H, --with-hits       Show only DSOs with hits\n"
	"    -i, --input <file>    input file name\n"
	"    -k, --kernel          Show current kernel build id\n"
	"    -m, --kernel-maps     Show build id of current kernel + modules\n"
	"    -v, --verbose         be more verbose\n"
	"        --store           put every DSO into the build-id cache (OK/FAIL per DSO)\n"
	"        --debuginfod[=<debuginfod urls>]\n"
	"                          with --store: servers to ask (default: DEBUGINFOD_URLS)\n\n";

struct bl_opts {
	const char *input;
	const char *debuginfod_urls;
	bool force, hits, kernel, kernel_maps, store, no_debuginfod;
	int verbose;
};

enum { OPT_STORE = 256, OPT_DEBUGINFOD, OPT_NO_DEBUGINFOD };

static int bl__parse(struct bl_opts *o, int argc, const char **argv)
{
	static const struct option longopts[] = {
		{ "force",	no_argument,		NULL, 'f' },
		{ "with-hits",	no_argument,		NULL, 'H' },
		{ "input",	required_argument,	NULL, 'i' },
		{ "kernel",	no_argument,		NULL, 'k' },
		{ "kernel-maps", no_argument,		NULL, 'm' },
		{ "verbose",	no_argument,		NULL, 'v' },
		{ "store",	no_argument,		NULL, OPT_STORE },
		{ "debuginfod",	optional_argument,	NULL, OPT_DEBUGINFOD },
		{ "no-debuginfod", no_argument,		NULL, OPT_NO_DEBUGINFOD },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, (char * const *)argv, ":fHi:kmvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o->force = true; break;
		case 'H': o->hits = true; break;
		case 'i': o->input = optarg; break;
		case 'k': o->kernel = true; break;
		case 'm': o->kernel_maps = true; break;
		case 'v': o->verbose++; break;
		case OPT_STORE: o->store = true; break;
		case OPT_DEBUGINFOD: o->debuginfod_urls = optarg ? optarg : ""; break;
		case OPT_NO_DEBUGINFOD: o->no_debuginfod = true; break;
		case 'h':
			fputs(buildid_list_usage, stdout);
			return PERF_USAGE_ERROR;
		default:
			return usage__getopt_error(c, argv, buildid_list_usage);
		}
	}
	if (optind < argc)
		return usage__extra_argument(argv[optind], buildid_list_usage);
	return 0;
}

int cmd_buildid_list(int argc, const char **argv)
{
	struct bl_opts o = { .verbose = 0 };
	struct buildid_list bl;
	bool with_hits;
	int err = bl__parse(&o, argc, argv);

	if (err)
		return err;
	if (o.kernel || o.kernel_maps)
		return build_id_store__print_kernel(o.kernel_maps);
	if (o.store)
		return buildid_store__cmd(o.input, o.force, o.hits, o.verbose,
					  o.no_debuginfod ? NULL : o.debuginfod_urls,
					  o.no_debuginfod);
	bl__init(&bl);
	err = bl__load(&bl, o.input, o.force, o.hits, o.verbose, &with_hits);
	if (err != -EIO)
		bl__for_each(&bl, with_hits, bl__print_one, NULL);
	bl__exit(&bl);
	return err ? 1 : 0;
}
