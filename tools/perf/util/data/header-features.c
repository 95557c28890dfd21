// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data header features: raw sections kept by id (so a rewrite carries
 * the ones we do not understand), perf strings, the build-id table, and
 * folding pipe-mode header records (HEADER_ATTR, HEADER_FEATURE,
 * HEADER_BUILD_ID) into a header.  header.c reads and writes the files.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/data/header.h"
#include "util/base/debug.h"
#include "util/data/event.h"

#define NAME_ALIGN		64
#define PERF_ALIGN(x, a)	(((x) + (a) - 1) & ~((u64)(a) - 1))
#define MAX_RECORD_SIZE		65535

static const char * const feat_names[HEADER_LAST_FEATURE] = {
	[HEADER_RESERVED]	= "RESERVED",
	[HEADER_TRACING_DATA]	= "TRACING_DATA",
	[HEADER_BUILD_ID]	= "BUILD_ID",
	[HEADER_HOSTNAME]	= "HOSTNAME",
	[HEADER_OSRELEASE]	= "OSRELEASE",
	[HEADER_VERSION]	= "VERSION",
	[HEADER_ARCH]		= "ARCH",
	[HEADER_NRCPUS]		= "NRCPUS",
	[HEADER_CPUDESC]	= "CPUDESC",
	[HEADER_CPUID]		= "CPUID",
	[HEADER_TOTAL_MEM]	= "TOTAL_MEM",
	[HEADER_CMDLINE]	= "CMDLINE",
	[HEADER_EVENT_DESC]	= "EVENT_DESC",
	[HEADER_CPU_TOPOLOGY]	= "CPU_TOPOLOGY",
	[HEADER_NUMA_TOPOLOGY]	= "NUMA_TOPOLOGY",
	[HEADER_BRANCH_STACK]	= "BRANCH_STACK",
	[HEADER_PMU_MAPPINGS]	= "PMU_MAPPINGS",
	[HEADER_GROUP_DESC]	= "GROUP_DESC",
	[HEADER_AUXTRACE]	= "AUXTRACE",
	[HEADER_STAT]		= "STAT",
	[HEADER_CACHE]		= "CACHE",
	[HEADER_SAMPLE_TIME]	= "SAMPLE_TIME",
	[HEADER_MEM_TOPOLOGY]	= "MEM_TOPOLOGY",
	[HEADER_CLOCKID]	= "CLOCKID",
	[HEADER_DIR_FORMAT]	= "DIR_FORMAT",
	[HEADER_BPF_PROG_INFO]	= "BPF_PROG_INFO",
	[HEADER_BPF_BTF]	= "BPF_BTF",
	[HEADER_COMPRESSED]	= "COMPRESSED",
	[HEADER_CPU_PMU_CAPS]	= "CPU_PMU_CAPS",
	[HEADER_CLOCK_DATA]	= "CLOCK_DATA",
	[HEADER_HYBRID_TOPOLOGY] = "HYBRID_TOPOLOGY",
	[HEADER_PMU_CAPS]	= "PMU_CAPS",
};

const char *perf_header__feat_name(int feat)
{
	if (feat == HEADER_UNSECURED_BUILD_ID)
		return "UNSECURED_BUILD_ID";
	if (feat < 0 || feat >= HEADER_LAST_FEATURE)
		return "unknown";
	return feat_names[feat];
}

void perf_header__init(struct perf_header *h)
{
	memset(h, 0, sizeof(*h));
}

void perf_header__exit(struct perf_header *h)
{
	int i;

	for (i = 0; i < HEADER_FEAT_BITS; i++)
		free(h->feat[i].data);
	memset(h, 0, sizeof(*h));
}

/* ---- raw features ------------------------------------------------------ */

int perf_header__set_feat(struct perf_header *h, int feat, const void *data, u64 size)
{
	void *copy = NULL;

	if (feat < 0 || feat >= HEADER_FEAT_BITS)
		return -EINVAL;
	if (data) {
		/* One byte more, so an empty feature is still "present". */
		copy = malloc(size + 1);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, data, size);
	}
	free(h->feat[feat].data);
	h->feat[feat].data = copy;
	h->feat[feat].size = data ? size : 0;
	return 0;
}

const void *perf_header__feat(const struct perf_header *h, int feat, u64 *size)
{
	if (feat < 0 || feat >= HEADER_FEAT_BITS || !h->feat[feat].data)
		return NULL;
	if (size)
		*size = h->feat[feat].size;
	return h->feat[feat].data;
}

bool perf_header__has_feat(const struct perf_header *h, int feat)
{
	return perf_header__feat(h, feat, NULL) != NULL;
}

/* Grow a feature by @size bytes (the BUILD_ID table is built entry by entry). */
static int perf_header__append_feat(struct perf_header *h, int feat, const void *data, u64 size)
{
	struct perf_header_feat_sec *sec = &h->feat[feat];
	char *p = realloc(sec->data, sec->size + size + 1);

	if (!p)
		return -ENOMEM;
	memcpy(p + sec->size, data, size);
	sec->data = p;
	sec->size += size;
	return 0;
}

int perf_header__set_feat_string(struct perf_header *h, int feat, const char *s)
{
	size_t olen = strlen(s) + 1;
	u32 len = PERF_ALIGN(olen, NAME_ALIGN);
	char *buf = calloc(1, sizeof(u32) + len);
	int err;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, &len, sizeof(len));
	memcpy(buf + sizeof(len), s, olen);
	err = perf_header__set_feat(h, feat, buf, sizeof(len) + len);
	free(buf);
	return err;
}

char *perf_header__feat_string(const struct perf_header *h, int feat)
{
	const char *p;
	u64 size;
	u32 len;

	p = perf_header__feat(h, feat, &size);
	if (!p || size < sizeof(len))
		return NULL;
	memcpy(&len, p, sizeof(len));
	if (len == 0 || len > size - sizeof(len) || !memchr(p + sizeof(len), '\0', len))
		return NULL;
	return strdup(p + sizeof(len));
}

/* ---- build-id table ---------------------------------------------------- */

/* One entry in HEADER_BUILD_ID record layout, appended to @feat's section. */
static int build_id_entry__append(struct perf_header *h, int feat, u16 cpumode, s32 pid,
				  const u8 *build_id, u8 size, const char *filename)
{
	size_t name_len = PERF_ALIGN(strlen(filename) + 1, NAME_ALIGN);
	struct perf_record_header_build_id *ev;
	size_t total = sizeof(*ev) + name_len;
	int err;

	if (size > PERF_BUILD_ID_MAX || total > MAX_RECORD_SIZE)
		return -EINVAL;
	ev = calloc(1, total);
	if (!ev)
		return -ENOMEM;
	ev->header.type = PERF_RECORD_HEADER_BUILD_ID;
	ev->header.misc = (cpumode & PERF_RECORD_MISC_CPUMODE_MASK) | PERF_RECORD_MISC_BUILD_ID_SIZE;
	ev->header.size = total;
	ev->pid = pid;
	memcpy(ev->data, build_id, size);
	ev->size = size;
	strcpy(ev->filename, filename);
	err = perf_header__append_feat(h, feat, ev, total);
	free(ev);
	return err;
}

int perf_header__add_build_id(struct perf_header *h, u16 cpumode, s32 pid,
			      const u8 *build_id, u8 size, const char *filename)
{
	return build_id_entry__append(h, HEADER_BUILD_ID, cpumode, pid, build_id, size, filename);
}

/*
 * How far one build-id entry of @len bytes available reaches: its size,
 * or 0 when that size cannot be trusted (no room for the fixed part,
 * past the section's end), since then no later entry can be found.
 */
static size_t build_id_entry__size(const struct perf_record_header_build_id *ev, u64 len)
{
	u16 size;

	if (len < sizeof(*ev))
		return 0;
	size = ev->header.size;
	if (size <= sizeof(*ev) || size > len)
		return 0;
	return size;
}

/* Why an entry of @size bytes cannot be used; NULL if it can. */
static const char *build_id_entry__check(const struct perf_record_header_build_id *ev,
					 size_t size)
{
	if ((ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) && ev->size > PERF_BUILD_ID_MAX)
		return "build-id size over 20 bytes";
	if (!memchr(ev->filename, '\0', size - sizeof(*ev)))
		return "file name without NUL";
	return NULL;
}

/* What a walk over build-id entries skipped, for its caller to say once. */
struct build_id_walk {
	u64 max_nr;			/* entries to look at, at most */
	u64 nr_seen;			/* good and bad */
	u64 nr_good;
	unsigned int nr_bad;
	u64 bad_off;			/* of the first bad one */
	const char *why;		/* what was wrong with it */
	bool rest_lost;			/* a size that cannot be trusted ended the walk */
	u64 end_off;			/* where the last entry looked at ends */
};

/*
 * One bad entry loses that entry, not the table: an entry whose size
 * still delimits it is skipped, one whose size does not ends the walk.
 * Bounded by @size and w->max_nr; returns the first non-zero @cb return.
 */
static int build_id_entries__walk(const char *p, u64 size, build_id_cb_t cb, void *priv,
				  struct build_id_walk *w)
{
	u64 off = 0;
	void *buf;
	int err = 0;

	/* Entries are not 8-aligned (36 + 64n bytes): walk aligned copies. */
	buf = malloc(MAX_RECORD_SIZE + 1);
	if (!buf)
		return -ENOMEM;
	while (off < size && w->nr_seen < w->max_nr) {
		const struct perf_record_header_build_id *ev = buf;
		u64 len = size - off < MAX_RECORD_SIZE ? size - off : MAX_RECORD_SIZE;
		const char *bad;
		size_t esz;

		memcpy(buf, p + off, len);
		esz = build_id_entry__size(ev, len);
		bad = esz ? build_id_entry__check(ev, esz) : "entry size past the section's end";
		w->nr_seen++;
		if (bad) {
			if (!w->nr_bad++) {
				w->why = bad;
				w->bad_off = off;
			}
			if (!esz) {
				w->rest_lost = true;
				break;
			}
			off += esz;
			continue;
		}
		w->nr_good++;
		err = cb(priv, ev, ev->data,
			 ev->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE ? ev->size : PERF_BUILD_ID_MAX,
			 ev->filename);
		if (err)
			break;
		off += esz;
	}
	w->end_off = off;
	free(buf);
	return err;
}

/* Either way the reader is told once, and the entries read stand. */
int perf_header__for_each_build_id(const struct perf_header *h, build_id_cb_t cb, void *priv)
{
	struct build_id_walk w = { .max_nr = UINT64_MAX };
	const char *p;
	u64 size;
	int err;

	p = perf_header__feat(h, HEADER_BUILD_ID, &size);
	if (!p)
		return 0;
	err = build_id_entries__walk(p, size, cb, priv, &w);
	if (w.nr_bad)
		pr_warning("BUILD_ID feature: %u bad entr%s skipped (at offset %#llx: %s)%s\n",
			   w.nr_bad, w.nr_bad == 1 ? "y" : "ies", (unsigned long long)w.bad_off,
			   w.why, w.rest_lost ? ", and the rest of the table with it" : "");
	return err;
}

/* ---- UNSECURED_BUILD_ID ------------------------------------------------ */

int perf_header__begin_unsecured(struct perf_header *h, u64 nr_lost)
{
	struct unsecured_build_id_header uh = { .nr_lost = nr_lost };

	return perf_header__set_feat(h, HEADER_UNSECURED_BUILD_ID, &uh, sizeof(uh));
}

int perf_header__add_unsecured(struct perf_header *h, const u8 *build_id, u8 size,
			       const char *filename)
{
	struct perf_header_feat_sec *sec = &h->feat[HEADER_UNSECURED_BUILD_ID];
	struct unsecured_build_id_header uh;
	int err;

	if (!sec->data || sec->size < sizeof(uh))
		return -EINVAL;
	/* pid -1: the host, as upstream's BUILD_ID entries say it */
	err = build_id_entry__append(h, HEADER_UNSECURED_BUILD_ID, PERF_RECORD_MISC_USER, -1,
				     build_id, size, filename);
	if (err)
		return err;
	memcpy(&uh, sec->data, sizeof(uh));
	uh.nr++;
	if (uh.nr_lost < uh.nr)
		uh.nr_lost = uh.nr;
	memcpy(sec->data, &uh, sizeof(uh));
	return 0;
}

/* The section's header, if it has room for one. */
static const char *unsecured__header(const struct perf_header *h,
				     struct unsecured_build_id_header *uh, u64 *size)
{
	const char *p = perf_header__feat(h, HEADER_UNSECURED_BUILD_ID, size);

	if (!p || *size < sizeof(*uh))
		return NULL;
	memcpy(uh, p, sizeof(*uh));
	return p;
}

int perf_header__unsecured_nr(const struct perf_header *h, u64 *nr_lost)
{
	struct unsecured_build_id_header uh;
	u64 size;

	if (!perf_header__has_feat(h, HEADER_UNSECURED_BUILD_ID))
		return -ENOENT;
	if (!unsecured__header(h, &uh, &size) || uh.nr_lost < uh.nr)
		return -EINVAL;
	*nr_lost = uh.nr_lost;
	return 0;
}

int perf_header__for_each_unsecured(const struct perf_header *h, build_id_cb_t cb, void *priv)
{
	struct unsecured_build_id_header uh;
	struct build_id_walk w = { 0 };
	const char *p;
	u64 size;

	p = unsecured__header(h, &uh, &size);
	if (!p)
		return 0;
	w.max_nr = uh.nr;
	return build_id_entries__walk(p + sizeof(uh), size - sizeof(uh), cb, priv, &w);
}

static int unsecured__look(void *priv, const struct perf_record_header_build_id *ev,
			   const u8 *build_id, u8 size, const char *filename)
{
	return 0;
}

static int unsecured__keep(void *priv, const struct perf_record_header_build_id *ev,
			   const u8 *build_id, u8 size, const char *filename)
{
	return perf_header__add_unsecured(priv, build_id, size, filename);
}

/* Why a walked section is not what its header says, or NULL. */
static const char *unsecured__damage(const struct unsecured_build_id_header *uh,
				     const struct build_id_walk *w, u64 entries_size)
{
	if (w->nr_bad)
		return w->why;
	if (w->nr_seen < uh->nr)
		return "fewer entries than it counts";
	if (w->end_off != entries_size)
		return "bytes past its entries";
	if (uh->nr_lost < uh->nr)
		return "lost count below its entries";
	return NULL;
}

/*
 * Read once, checked once: a damaged section is said in one line and
 * rebuilt from its good entries (or dropped, without room for a header),
 * so that its readers later walk a section that holds what it says.
 */
void perf_header__check_unsecured(struct perf_header *h, const char *path)
{
	struct perf_header_feat_sec *sec = &h->feat[HEADER_UNSECURED_BUILD_ID];
	struct unsecured_build_id_header uh;
	struct build_id_walk w = { 0 };
	struct perf_header good;
	const char *p, *why;
	u64 size;
	int err;

	if (!sec->data)
		return;
	p = unsecured__header(h, &uh, &size);
	if (!p) {
		pr_warning("%s: UNSECURED_BUILD_ID feature too short for its header, ignored\n",
			   path);
		perf_header__set_feat(h, HEADER_UNSECURED_BUILD_ID, NULL, 0);
		return;
	}
	w.max_nr = uh.nr;
	err = build_id_entries__walk(p + sizeof(uh), size - sizeof(uh), unsecured__look, NULL,
				     &w);
	why = err ? NULL : unsecured__damage(&uh, &w, size - sizeof(uh));
	if (!err && !why)
		return;
	/* Only this feature is set in @good: it takes that section over. */
	perf_header__init(&good);
	if (!err)
		err = perf_header__begin_unsecured(&good, uh.nr_lost);
	if (!err) {
		struct build_id_walk again = { .max_nr = uh.nr };

		err = build_id_entries__walk(p + sizeof(uh), size - sizeof(uh), unsecured__keep,
					     &good, &again);
	}
	if (err) {
		pr_warning("%s: UNSECURED_BUILD_ID feature not checked (%s), ignored\n", path,
			   strerror(-err));
		perf_header__exit(&good);
		perf_header__set_feat(h, HEADER_UNSECURED_BUILD_ID, NULL, 0);
		return;
	}
	pr_warning("%s: UNSECURED_BUILD_ID feature damaged (%s): %llu of its %u entries kept\n",
		   path, why, (unsigned long long)w.nr_good, uh.nr);
	free(sec->data);
	*sec = good.feat[HEADER_UNSECURED_BUILD_ID];
}

/* ---- pipe mode: header records ------------------------------------- */

int perf_header__process_user_record(struct perf_header *h, struct evlist *evlist,
				     const union perf_event *event)
{
	u32 size = event->header.size;

	switch (event->header.type) {
	case PERF_RECORD_HEADER_ATTR: {
		u32 attr_sz, nr_ids;
		u64 *ids;
		struct evsel *evsel;

		if (size < sizeof(event->header) + PERF_ATTR_SIZE_VER0)
			return -EINVAL;
		attr_sz = event->attr.attr.size;
		if (attr_sz < PERF_ATTR_SIZE_VER0 || attr_sz > size - sizeof(event->header))
			return -EINVAL;
		nr_ids = (size - sizeof(event->header) - attr_sz) / sizeof(u64);
		/* ids follow an attr of any size: copy them to be aligned. */
		ids = malloc(nr_ids * sizeof(u64) + 1);
		if (!ids)
			return -ENOMEM;
		memcpy(ids, (const char *)event + sizeof(event->header) + attr_sz,
		       nr_ids * sizeof(u64));
		evsel = evlist__add(evlist, &event->attr.attr, attr_sz, ids, nr_ids);
		free(ids);
		return evsel ? 1 : -ENOMEM;
	}
	case PERF_RECORD_HEADER_FEATURE: {
		u64 feat;

		if (size < sizeof(event->feat))
			return -EINVAL;
		feat = event->feat.feat_id;
		/* HEADER_LAST_FEATURE marks the end of the features. */
		if (feat >= HEADER_LAST_FEATURE && feat < HEADER_FEAT_BITS &&
		    size == sizeof(event->feat))
			return 1;
		/* File mode only (see header.h): a stream carrying it is not ours. */
		if (feat >= HEADER_FEAT_BITS || feat == HEADER_UNSECURED_BUILD_ID)
			return 1;
		return perf_header__set_feat(h, feat, event->feat.data,
					     size - sizeof(event->feat)) ?: 1;
	}
	case PERF_RECORD_HEADER_BUILD_ID:
		if (!build_id_entry__size(&event->build_id, size) ||
		    build_id_entry__check(&event->build_id, size))
			return -EINVAL;
		return perf_header__append_feat(h, HEADER_BUILD_ID, event, size) ?: 1;
	default:
		return 0;
	}
}

int event_desc__for_each(const void *data, u64 size, event_desc_cb_t cb, void *priv)
{
	const u8 *start = data, *p = start, *end = start + size;
	struct event_desc_entry e;
	u32 nr, len, i;
	int ret;

	if (size < 8)
		return -EINVAL;
	memcpy(&nr, p, 4);
	memcpy(&e.attr_size, p + 4, 4);
	p += 8;
	for (i = 0; i < nr; i++) {
		if ((u64)(end - p) < (u64)e.attr_size + 8)
			return -EINVAL;
		e.attr_off = p - start;
		p += e.attr_size;
		memcpy(&e.nr_ids, p, 4);
		memcpy(&len, p + 4, 4);
		p += 8;
		if (!len || len > (u64)(end - p) || !memchr(p, '\0', len))
			return -EINVAL;
		e.name = (const char *)p;
		p += len;
		if (e.nr_ids > (u64)(end - p) / 8)
			return -EINVAL;
		e.ids = p;
		p += (u64)e.nr_ids * 8;
		ret = cb(priv, i, &e);
		if (ret)
			return ret;
	}
	return 0;
}

/* One EVENT_DESC entry: the event with its first id, else by position. */
static int evlist__name_one(void *priv, u32 idx, const struct event_desc_entry *e)
{
	struct evlist *evlist = priv;
	struct evsel *evsel = NULL;
	char *copy;
	u64 id;

	if (e->nr_ids) {
		memcpy(&id, e->ids, 8);
		evsel = evlist__id2evsel(evlist, id);
	}
	if (!evsel && (int)idx < evlist->nr)
		evsel = evlist->entries[idx];
	if (!evsel)
		return 0;
	copy = strdup(e->name);
	if (!copy)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = copy;
	return 0;
}

int evlist__set_event_desc_names(struct evlist *evlist, const void *data, u64 size)
{
	return event_desc__for_each(data, size, evlist__name_one, evlist);
}
