/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf.data header: file header, attrs with ids, feature sections
 * (file mode), or their in-stream equivalents (pipe mode: HEADER_ATTR,
 * HEADER_FEATURE, HEADER_BUILD_ID records).
 *
 * Feature sections are kept as raw bytes keyed by feature id, so a
 * rewrite (perf inject) carries features we do not understand unchanged.
 * Typed accessors decode the ones we use, validating as they go.
 */
#ifndef __PERF_HEADER_H
#define __PERF_HEADER_H

#include <linux/types.h>
#include "util/data/data.h"
#include "util/data/evlist.h"

#define PERF_MAGIC2		0x32454c4946524550ULL	/* "PERFILE2" */
#define PERF_MAGIC2_SWAPPED	0x50455246494c4532ULL

enum perf_header_feat {
	HEADER_RESERVED		= 0,
	HEADER_TRACING_DATA	= 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE,
	HEADER_FEAT_BITS	= 256,
};

/*
 * Ours, not upstream's: the build-ids perf record saw but could not secure
 * (the file was gone before it got hold of it), so a later analysis learns
 * why their frames cannot resolve.  The last bit of the bitmap, as far as
 * it can be from mainline's numbers, which grow from 1 one at a time
 * (Documentation/mmap3-abi.txt says why and gives the layout).  File mode
 * only: a stream's reader (upstream's too) fails on an unknown feature id.
 */
#define HEADER_UNSECURED_BUILD_ID	(HEADER_FEAT_BITS - 1)

/* Its section: this, then @nr entries laid out as BUILD_ID's. */
struct unsecured_build_id_header {
	u32 nr;			/* entries that follow */
	u32 flags;		/* 0; a reader ignores bits it does not know */
	u64 nr_lost;		/* ids record could not secure (>= nr: some unnamed) */
};

struct perf_file_section {
	u64 offset;
	u64 size;
};

struct perf_file_header {
	u64				magic;
	u64				size;		/* 104 */
	u64				attr_size;	/* attr.size + 16 */
	struct perf_file_section	attrs;
	struct perf_file_section	data;
	struct perf_file_section	event_types;	/* unused */
	u64				adds_features[HEADER_FEAT_BITS / 64];
};

struct perf_pipe_file_header {
	u64 magic;
	u64 size;			/* 16 */
};

struct perf_header_feat_sec {
	void *data;			/* NULL when absent */
	u64 size;
};

struct perf_header {
	bool is_pipe;
	u64 data_offset;		/* file: start of records */
	u64 data_size;			/* file: bytes of records to read */
	bool data_size_guessed;		/* header said 0/stale: read to EOF */
	u64 header_data_size;		/* file: what its header says, guessed or not */
	struct perf_header_feat_sec feat[HEADER_FEAT_BITS];
};

void perf_header__init(struct perf_header *h);
void perf_header__exit(struct perf_header *h);

/*
 * Read the header of @data.  File mode: file header, attrs and ids into
 * @evlist, every feature section (a bad section is warned about and
 * dropped, never fatal).  Pipe mode: only the 16-byte header; attrs and
 * features arrive as records (perf_header__process_user_record()).
 * A byte-swapped file is detected and refused with a clear error.
 * Returns 0 or -errno after printing a one-line error.
 */
int perf_header__read(struct perf_header *h, struct evlist *evlist, struct perf_data *data);

/*
 * Pipe mode: fold HEADER_ATTR / HEADER_FEATURE / HEADER_BUILD_ID records
 * into @h and @evlist.  Returns 1 if consumed, 0 if not a header record,
 * -EINVAL on a malformed one.
 */
int perf_header__process_user_record(struct perf_header *h, struct evlist *evlist,
				     const union perf_event *event);

/* Raw feature access.  set copies @size bytes; NULL data clears. */
int perf_header__set_feat(struct perf_header *h, int feat, const void *data, u64 size);
const void *perf_header__feat(const struct perf_header *h, int feat, u64 *size);
bool perf_header__has_feat(const struct perf_header *h, int feat);

/* perf strings: u32 len (padded to 64), bytes, NUL. */
int perf_header__set_feat_string(struct perf_header *h, int feat, const char *s);
/* Returns a malloc'ed copy or NULL if absent/malformed. */
char *perf_header__feat_string(const struct perf_header *h, int feat);

/* BUILD_ID feature: the entries are HEADER_BUILD_ID records back to back. */
int perf_header__add_build_id(struct perf_header *h, u16 cpumode, s32 pid,
			      const u8 *build_id, u8 size, const char *filename);
typedef int (*build_id_cb_t)(void *priv, const struct perf_record_header_build_id *ev,
			     const u8 *build_id, u8 size, const char *filename);
/*
 * Walk the table, validating every entry: a bad entry is skipped (or, if
 * its size cannot be trusted, ends the walk), said in one warning.
 */
int perf_header__for_each_build_id(const struct perf_header *h, build_id_cb_t cb, void *priv);

/*
 * UNSECURED_BUILD_ID: begin sets the section to its header alone (@nr_lost
 * ids lost in all); add appends one named (id, path) and counts it.
 */
int perf_header__begin_unsecured(struct perf_header *h, u64 nr_lost);
int perf_header__add_unsecured(struct perf_header *h, const u8 *build_id, u8 size,
			       const char *filename);
/*
 * Its header: 0 with *@nr_lost (at least the entries' count), -ENOENT when
 * the file has no such section, -EINVAL when it is malformed (warned once).
 */
int perf_header__unsecured_nr(const struct perf_header *h, u64 *nr_lost);
/* Its entries, each validated as BUILD_ID's are; at most the header's nr. */
int perf_header__for_each_unsecured(const struct perf_header *h, build_id_cb_t cb, void *priv);
/*
 * After reading @path's features: a damaged section is said once and kept
 * with its good entries only (dropped without room for its header).
 */
void perf_header__check_unsecured(struct perf_header *h, const char *path);

/*
 * EVENT_DESC feature: u32 nr, u32 attr_size, then per event the attr,
 * u32 nr_ids, a perf string (u32 len, bytes with a NUL) and nr_ids u64 ids.
 * The walk checks every entry's bounds before its callback sees it.
 */
struct event_desc_entry {
	u64 attr_off;			/* of the attr, from the section start */
	u32 attr_size;
	const char *name;		/* NUL-terminated inside the section */
	const void *ids;		/* nr_ids u64s, not aligned */
	u32 nr_ids;
};
typedef int (*event_desc_cb_t)(void *priv, u32 idx, const struct event_desc_entry *e);
/*
 * Calls @cb per entry in order; stops at the first non-zero return and
 * returns it.  -EINVAL for a malformed section (the entries before the
 * damage have been seen).
 */
int event_desc__for_each(const void *data, u64 size, event_desc_cb_t cb, void *priv);
/*
 * Name @evlist's events from an EVENT_DESC section (upstream's names, e.g.
 * "cycles:u"): matched by id, else by position.  Returns 0, or -EINVAL for
 * a malformed section (names set so far are kept).
 */
int evlist__set_event_desc_names(struct evlist *evlist, const void *data, u64 size);

/*
 * Writing a file: begin writes a provisional header and the attrs at the
 * start of @data and leaves it positioned at h->data_offset; the caller
 * appends records; end writes the feature sections after the data and
 * rewrites the header with the final data size (so a killed writer leaves
 * a file whose header says data size 0, which readers handle).
 */
int perf_header__write_begin(struct perf_header *h, const struct evlist *evlist,
			     struct perf_data *data);
int perf_header__write_end(struct perf_header *h, const struct evlist *evlist,
			   struct perf_data *data, u64 data_size);

/*
 * Writing a stream: pipe header, HEADER_ATTR per event, HEADER_FEATURE per
 * feature and the HEADER_LAST_FEATURE end mark, BUILD_ID as HEADER_BUILD_ID
 * records.  FINISHED_INIT is the caller's to write, after its synthesized
 * records (a rewritten stream already carries one).
 */
int perf_header__write_pipe(const struct perf_header *h, const struct evlist *evlist,
			    struct perf_data *data);

const char *perf_header__feat_name(int feat);

#endif
