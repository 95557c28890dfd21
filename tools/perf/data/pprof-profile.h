/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A pprof profile in memory (the messages of data/profile.proto, ids as
 * the format counts them: from 1, 0 meaning none), built while a perf.data
 * is walked, then written as gzipped protobuf.  The same struct is what
 * pprof_profile__decode() reads back, so tests and the fuzz target check
 * the encoder by a round trip.
 *
 * Building deduplicates as pprof producers do: one string table entry
 * per string, one Function per (name, system name, file), one Location
 * per (mapping, address), one Sample per (locations, labels) with the
 * values summed.
 */
#ifndef __PERF_PPROF_PROFILE_H
#define __PERF_PPROF_PROFILE_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/base/hashmap.h"

struct pprof_value_type {
	s64	type, unit;		/* string table indexes */
};

struct pprof_mapping {
	u64	id, start, limit, offset;
	s64	filename, build_id;	/* strings; build_id in hex */
	bool	has_functions, has_filenames, has_line_numbers, has_inline_frames;
};

struct pprof_line {
	u64	function_id;
	s64	line;
};

struct pprof_location {
	u64	id, mapping_id, address;
	size_t	first_line, nr_lines;	/* into ->lines */
	bool	is_folded;
};

struct pprof_function {
	u64	id;
	s64	name, system_name, filename, start_line;
};

struct pprof_label {
	s64	key, str, num, num_unit;
};

struct pprof_sample {
	size_t	first_loc, nr_locs;	/* into ->sample_locs, leaf first */
	size_t	first_value;		/* into ->values, nr_types of them */
	size_t	first_label, nr_labels;	/* into ->labels */
};

struct pprof_profile {
	char			**strings;	/* strings[0] is "" */
	size_t			nr_strings, alloc_strings;
	struct pprof_value_type	*types;
	size_t			nr_types, alloc_types;
	struct pprof_sample	*samples;
	size_t			nr_samples, alloc_samples;
	u64			*sample_locs;
	size_t			nr_sample_locs, alloc_sample_locs;
	s64			*values;
	size_t			nr_values, alloc_values;
	struct pprof_label	*labels;
	size_t			nr_labels, alloc_labels;
	struct pprof_mapping	*mappings;
	size_t			nr_mappings, alloc_mappings;
	struct pprof_location	*locations;
	size_t			nr_locations, alloc_locations;
	struct pprof_line	*lines;
	size_t			nr_lines, alloc_lines;
	struct pprof_function	*functions;
	size_t			nr_functions, alloc_functions;
	s64			*comments;
	size_t			nr_comments, alloc_comments;
	s64			drop_frames, keep_frames;
	s64			time_nanos, duration_nanos, period;
	struct pprof_value_type	period_type;
	s64			default_sample_type;
	/* building only: find what was added before */
	struct hashmap		string_map, location_map, function_map, sample_map;
};

/* Empty, but for the string "" at index 0.  0 or -ENOMEM. */
int pprof_profile__init(struct pprof_profile *p);
void pprof_profile__exit(struct pprof_profile *p);

/* The index of @s in the string table, added if new.  >= 0 or -ENOMEM. */
s64 pprof_profile__string(struct pprof_profile *p, const char *s);

/* A value column (before any sample).  0, -ENOMEM or -EBUSY after samples. */
int pprof_profile__add_type(struct pprof_profile *p, const char *type, const char *unit);

/* Append @m (its id is set: index + 1).  0 or -ENOMEM. */
int pprof_profile__add_mapping(struct pprof_profile *p, struct pprof_mapping *m);

/* The Function of these strings, added if new: its id in *@id.  0 or -ENOMEM. */
int pprof_profile__function(struct pprof_profile *p, s64 name, s64 system_name,
			    s64 filename, u64 *id);

/*
 * The Location at @address of mapping @mapping_id; *@added tells whether
 * it is new (then the caller may pprof_profile__add_line() to it before
 * adding the next location).  0 or -ENOMEM.
 */
int pprof_profile__location(struct pprof_profile *p, u64 mapping_id, u64 address,
			    u64 *id, bool *added);
int pprof_profile__add_line(struct pprof_profile *p, u64 location_id, u64 function_id,
			    s64 line);

/*
 * Add @values (nr_types of them) to the sample of these locations (leaf
 * first) and labels, made if new.  0 or -ENOMEM.
 */
int pprof_profile__add_sample(struct pprof_profile *p, const u64 *locs, size_t nr_locs,
			      const struct pprof_label *labels, size_t nr_labels,
			      const s64 *values);

/*
 * Make mapping @id the first (pprof takes the first Mapping for the main
 * binary): ids renumbered in the new order, locations follow.
 */
void pprof_profile__mapping_first(struct pprof_profile *p, u64 id);

/* The profile as protobuf bytes into @out (malloc'ed), *@len.  0 or -errno. */
int pprof_profile__encode(const struct pprof_profile *p, u8 **out, size_t *len);

/* Encode, gzip, write to @path (created 0644, replaced whole).  0 or -errno. */
int pprof_profile__write(const struct pprof_profile *p, const char *path);

/*
 * Read a profile from protobuf bytes, gzipped or not, into an
 * initialized, empty @p.  Every index and id is checked: -EINVAL for
 * anything malformed or inconsistent, -EFBIG past @max_len decompressed
 * bytes (0: 1 GiB).  (data/pprof-decode.c)
 */
int pprof_profile__decode(struct pprof_profile *p, const void *data, size_t len,
			  size_t max_len);

/* Equal content, ids and order included?  (tests, the fuzz target) */
bool pprof_profile__equal(const struct pprof_profile *a, const struct pprof_profile *b);

/* The string at @idx ("" when out of range). */
const char *pprof_profile__str(const struct pprof_profile *p, s64 idx);

#endif
