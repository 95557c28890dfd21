/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The feature sections perf record fills in: where and how the profile
 * was taken (HOSTNAME, OSRELEASE, VERSION, ARCH, NRCPUS, CPUDESC,
 * TOTAL_MEM, CMDLINE), what was recorded (EVENT_DESC), when
 * (SAMPLE_TIME) and which mapped files it could not secure
 * (UNSECURED_BUILD_ID, ours).  Each is optional: a value we cannot read
 * is skipped.
 */
#ifndef __PERF_RECORD_FEATURES_H
#define __PERF_RECORD_FEATURES_H

#include <linux/types.h>
#include "util/data/header.h"
#include "util/data/evlist.h"

struct build_id_secure;

/* Host description and @argc/@argv (the command line, "record" first). */
int record_features__host(struct perf_header *h, int argc, const char **argv,
			  const char *version);
/*
 * The machine (features-machine.c): CPUID, CPU_TOPOLOGY, NUMA_TOPOLOGY,
 * PMU_MAPPINGS, CACHE, MEM_TOPOLOGY, each left out when unreadable.
 */
int record_features__machine(struct perf_header *h);
/* EVENT_DESC from @evlist: attrs, names and ids. */
int record_features__event_desc(struct perf_header *h, const struct evlist *evlist);
/* -k's HEADER_CLOCKID and HEADER_CLOCK_DATA for @clockid.  0 or -errno. */
int record_features__clock(struct perf_header *h, int clockid);
int record_features__sample_time(struct perf_header *h, u64 first, u64 last);
struct rec_evlist;
/* GROUP_DESC, when @el has a group of two events or more ({a,b}). */
int record_features__group_desc(struct perf_header *h, const struct rec_evlist *el);
struct record_compress;
/*
 * HEADER_COMPRESSED (-z): zstd, the level, the ratio so far, and the
 * mmap_len of buffers of @mmap_pages data pages, which bounds what one
 * COMPRESSED record inflates to.
 */
int record_features__compressed(struct perf_header *h, const struct record_compress *c,
				size_t mmap_pages);
/*
 * UNSECURED_BUILD_ID from @s, the securer, after its stop and finish: the
 * ids whose files were gone before perf got hold of them.  File mode only.
 */
int record_features__unsecured(struct perf_header *h, const struct build_id_secure *s);

/* Append a perf string (u32 len padded to 64, bytes, NULs) to a buffer. */
struct feat_buf {
	char *data;
	size_t size, alloc;
};
int feat_buf__add(struct feat_buf *b, const void *p, size_t len);
int feat_buf__add_string(struct feat_buf *b, const char *s);

#endif
