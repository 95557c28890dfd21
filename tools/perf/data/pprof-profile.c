// SPDX-License-Identifier: GPL-2.0
/*
 * Building a pprof profile (deduplicated as pprof producers do) and
 * writing it: protobuf by util/base/protobuf.h in the field numbers of
 * data/profile.proto, gzip by zlib.  See data/pprof-profile.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "data/pprof-profile.h"
#include "util/base/array.h"
#include "util/base/protobuf.h"

#define IDX2PTR(i)	((void *)(uintptr_t)((i) + 1))
#define PTR2IDX(v)	((size_t)(uintptr_t)(v) - 1)

/*
 * A word at a time: a sample's key is some 30 location ids and its labels,
 * hashed once per sample (hash__bytes() goes a byte at a time).
 */
static u64 pprof__hash_words(const u64 *w, size_t n, u64 h)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h = (h ^ w[i]) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 29;
	}
	return h;
}

int pprof_profile__init(struct pprof_profile *p)
{
	memset(p, 0, sizeof(*p));
	hashmap__init(&p->string_map);
	hashmap__init(&p->location_map);
	hashmap__init(&p->function_map);
	hashmap__init(&p->sample_map);
	/* the format's rule: string 0 is "" */
	return pprof_profile__string(p, "") < 0 ? -ENOMEM : 0;
}

void pprof_profile__exit(struct pprof_profile *p)
{
	size_t i;

	for (i = 0; i < p->nr_strings; i++)
		free(p->strings[i]);
	free(p->strings);
	free(p->types);
	free(p->samples);
	free(p->sample_locs);
	free(p->values);
	free(p->labels);
	free(p->mappings);
	free(p->locations);
	free(p->lines);
	free(p->functions);
	free(p->comments);
	hashmap__exit(&p->string_map);
	hashmap__exit(&p->location_map);
	hashmap__exit(&p->function_map);
	hashmap__exit(&p->sample_map);
	memset(p, 0, sizeof(*p));
}

const char *pprof_profile__str(const struct pprof_profile *p, s64 idx)
{
	return idx >= 0 && (u64)idx < p->nr_strings ? p->strings[idx] : "";
}

s64 pprof_profile__string(struct pprof_profile *p, const char *s)
{
	u64 hash = hash__str(s, 0);
	size_t iter = 0;
	void *v;
	char *copy;

	while ((v = hashmap__next(&p->string_map, hash, &iter)))
		if (!strcmp(p->strings[PTR2IDX(v)], s))
			return (s64)PTR2IDX(v);
	if (ARRAY_GROW(p->strings, p->alloc_strings, p->nr_strings + 1))
		return -ENOMEM;
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	if (hashmap__add(&p->string_map, hash, IDX2PTR(p->nr_strings))) {
		free(copy);
		return -ENOMEM;
	}
	p->strings[p->nr_strings] = copy;
	return (s64)p->nr_strings++;
}

int pprof_profile__add_type(struct pprof_profile *p, const char *type, const char *unit)
{
	s64 t, u;

	if (p->nr_samples)
		return -EBUSY;	/* the samples' values have their width already */
	t = pprof_profile__string(p, type);
	u = pprof_profile__string(p, unit);
	if (t < 0 || u < 0 || ARRAY_GROW(p->types, p->alloc_types, p->nr_types + 1))
		return -ENOMEM;
	p->types[p->nr_types++] = (struct pprof_value_type){ .type = t, .unit = u };
	return 0;
}

int pprof_profile__add_mapping(struct pprof_profile *p, struct pprof_mapping *m)
{
	if (ARRAY_GROW(p->mappings, p->alloc_mappings, p->nr_mappings + 1))
		return -ENOMEM;
	m->id = p->nr_mappings + 1;
	p->mappings[p->nr_mappings++] = *m;
	return 0;
}

void pprof_profile__mapping_first(struct pprof_profile *p, u64 id)
{
	struct pprof_mapping first;
	size_t i;

	if (!id || id > p->nr_mappings || id == 1)
		return;
	first = p->mappings[id - 1];
	memmove(p->mappings + 1, p->mappings, (id - 1) * sizeof(*p->mappings));
	p->mappings[0] = first;
	for (i = 0; i < p->nr_mappings; i++)
		p->mappings[i].id = i + 1;
	/* 1..id-1 moved up by one, id became 1 */
	for (i = 0; i < p->nr_locations; i++) {
		u64 *m = &p->locations[i].mapping_id;

		if (*m == id)
			*m = 1;
		else if (*m && *m < id)
			(*m)++;
	}
}

int pprof_profile__function(struct pprof_profile *p, s64 name, s64 system_name,
			    s64 filename, u64 *id)
{
	s64 key[3] = { name, system_name, filename };
	u64 hash = hash__bytes(key, sizeof(key), 0);
	struct pprof_function *f;
	size_t iter = 0;
	void *v;

	while ((v = hashmap__next(&p->function_map, hash, &iter))) {
		f = &p->functions[PTR2IDX(v)];
		if (f->name == name && f->system_name == system_name && f->filename == filename) {
			*id = f->id;
			return 0;
		}
	}
	if (ARRAY_GROW(p->functions, p->alloc_functions, p->nr_functions + 1) ||
	    hashmap__add(&p->function_map, hash, IDX2PTR(p->nr_functions)))
		return -ENOMEM;
	f = &p->functions[p->nr_functions++];
	*f = (struct pprof_function){ .id = p->nr_functions, .name = name,
				      .system_name = system_name, .filename = filename };
	*id = f->id;
	return 0;
}

int pprof_profile__location(struct pprof_profile *p, u64 mapping_id, u64 address,
			    u64 *id, bool *added)
{
	u64 key[2] = { mapping_id, address };
	u64 hash = pprof__hash_words(key, 2, 0);
	struct pprof_location *l;
	size_t iter = 0;
	void *v;

	while ((v = hashmap__next(&p->location_map, hash, &iter))) {
		l = &p->locations[PTR2IDX(v)];
		if (l->mapping_id == mapping_id && l->address == address) {
			*id = l->id;
			*added = false;
			return 0;
		}
	}
	if (ARRAY_GROW(p->locations, p->alloc_locations, p->nr_locations + 1) ||
	    hashmap__add(&p->location_map, hash, IDX2PTR(p->nr_locations)))
		return -ENOMEM;
	l = &p->locations[p->nr_locations++];
	*l = (struct pprof_location){ .id = p->nr_locations, .mapping_id = mapping_id,
				      .address = address, .first_line = p->nr_lines };
	*id = l->id;
	*added = true;
	return 0;
}

int pprof_profile__add_line(struct pprof_profile *p, u64 location_id, u64 function_id,
			    s64 line)
{
	/* a location's lines are contiguous: only the newest one takes more */
	if (!location_id || location_id != p->nr_locations)
		return -EINVAL;
	if (ARRAY_GROW(p->lines, p->alloc_lines, p->nr_lines + 1))
		return -ENOMEM;
	p->lines[p->nr_lines++] = (struct pprof_line){ .function_id = function_id, .line = line };
	p->locations[location_id - 1].nr_lines++;
	return 0;
}

/*
 * Are @n elements of @elem bytes at @a[@ia] and @b[@ib] the same?  An
 * empty run is, without forming a pointer into an array that may be NULL.
 */
static bool same_run(const void *a, size_t ia, const void *b, size_t ib, size_t n, size_t elem)
{
	return !n || !memcmp((const char *)a + ia * elem, (const char *)b + ib * elem, n * elem);
}

static bool pprof_sample__is(const struct pprof_profile *p, const struct pprof_sample *s,
			     const u64 *locs, size_t nr_locs,
			     const struct pprof_label *labels, size_t nr_labels)
{
	return s->nr_locs == nr_locs && s->nr_labels == nr_labels &&
	       same_run(p->sample_locs, s->first_loc, locs, 0, nr_locs, sizeof(*locs)) &&
	       same_run(p->labels, s->first_label, labels, 0, nr_labels, sizeof(*labels));
}

int pprof_profile__add_sample(struct pprof_profile *p, const u64 *locs, size_t nr_locs,
			      const struct pprof_label *labels, size_t nr_labels,
			      const s64 *values)
{
	u64 hash = pprof__hash_words(locs, nr_locs, nr_locs);
	struct pprof_sample *s;
	size_t iter = 0, i;
	void *v;

	/* a label is four s64s: words too */
	hash = pprof__hash_words((const u64 *)labels, nr_labels * 4, hash);
	while ((v = hashmap__next(&p->sample_map, hash, &iter))) {
		s = &p->samples[PTR2IDX(v)];
		if (pprof_sample__is(p, s, locs, nr_locs, labels, nr_labels))
			goto add;
	}
	if (ARRAY_GROW(p->samples, p->alloc_samples, p->nr_samples + 1) ||
	    ARRAY_GROW(p->sample_locs, p->alloc_sample_locs, p->nr_sample_locs + nr_locs) ||
	    ARRAY_GROW(p->labels, p->alloc_labels, p->nr_labels + nr_labels) ||
	    ARRAY_GROW(p->values, p->alloc_values, p->nr_values + p->nr_types) ||
	    hashmap__add(&p->sample_map, hash, IDX2PTR(p->nr_samples)))
		return -ENOMEM;
	s = &p->samples[p->nr_samples++];
	*s = (struct pprof_sample){
		.first_loc = p->nr_sample_locs, .nr_locs = nr_locs,
		.first_label = p->nr_labels, .nr_labels = nr_labels,
		.first_value = p->nr_values,
	};
	if (nr_locs)
		memcpy(p->sample_locs + p->nr_sample_locs, locs, nr_locs * sizeof(*locs));
	if (nr_labels)
		memcpy(p->labels + p->nr_labels, labels, nr_labels * sizeof(*labels));
	p->nr_sample_locs += nr_locs;
	p->nr_labels += nr_labels;
	if (p->nr_types)	/* else no array at all: NULL + 0 is undefined */
		memset(p->values + p->nr_values, 0, p->nr_types * sizeof(*p->values));
	p->nr_values += p->nr_types;
add:
	/* a hostile file's periods can sum past s64: stop at the bound, not wrap */
	for (i = 0; i < p->nr_types; i++) {
		s64 *sum = &p->values[s->first_value + i];

		if (__builtin_add_overflow(*sum, values[i], sum))
			*sum = values[i] < 0 ? INT64_MIN : INT64_MAX;
	}
	return 0;
}

/* ---- encoding: the field numbers of data/profile.proto ------------------- */

static void pprof__value_type(struct pb_buf *b, u32 field, const struct pprof_value_type *t)
{
	size_t m = pb_buf__begin(b, field);

	pb__int64_opt(b, 1, t->type);
	pb__int64_opt(b, 2, t->unit);
	pb_buf__end(b, m);
}

static void pprof__sample(struct pb_buf *b, const struct pprof_profile *p,
			  const struct pprof_sample *s)
{
	size_t m = pb_buf__begin(b, 2), i, lm;

	/* no array at all when empty: NULL + 0 is undefined */
	pb__packed_uint64(b, 1, s->nr_locs ? p->sample_locs + s->first_loc : NULL, s->nr_locs);
	pb__packed_int64(b, 2, p->nr_types ? p->values + s->first_value : NULL, p->nr_types);
	for (i = 0; i < s->nr_labels; i++) {
		const struct pprof_label *l = &p->labels[s->first_label + i];

		lm = pb_buf__begin(b, 3);
		pb__int64_opt(b, 1, l->key);
		pb__int64_opt(b, 2, l->str);
		pb__int64_opt(b, 3, l->num);
		pb__int64_opt(b, 4, l->num_unit);
		pb_buf__end(b, lm);
	}
	pb_buf__end(b, m);
}

static void pprof__mapping(struct pb_buf *b, const struct pprof_mapping *mp)
{
	size_t m = pb_buf__begin(b, 3);

	pb__uint64_opt(b, 1, mp->id);
	pb__uint64_opt(b, 2, mp->start);
	pb__uint64_opt(b, 3, mp->limit);
	pb__uint64_opt(b, 4, mp->offset);
	pb__int64_opt(b, 5, mp->filename);
	pb__int64_opt(b, 6, mp->build_id);
	pb__bool_opt(b, 7, mp->has_functions);
	pb__bool_opt(b, 8, mp->has_filenames);
	pb__bool_opt(b, 9, mp->has_line_numbers);
	pb__bool_opt(b, 10, mp->has_inline_frames);
	pb_buf__end(b, m);
}

static void pprof__location(struct pb_buf *b, const struct pprof_profile *p,
			    const struct pprof_location *l)
{
	size_t m = pb_buf__begin(b, 4), i, lm;

	pb__uint64_opt(b, 1, l->id);
	pb__uint64_opt(b, 2, l->mapping_id);
	pb__uint64_opt(b, 3, l->address);
	for (i = 0; i < l->nr_lines; i++) {
		lm = pb_buf__begin(b, 4);
		pb__uint64_opt(b, 1, p->lines[l->first_line + i].function_id);
		pb__int64_opt(b, 2, p->lines[l->first_line + i].line);
		pb_buf__end(b, lm);
	}
	pb__bool_opt(b, 5, l->is_folded);
	pb_buf__end(b, m);
}

static void pprof__function(struct pb_buf *b, const struct pprof_function *f)
{
	size_t m = pb_buf__begin(b, 5);

	pb__uint64_opt(b, 1, f->id);
	pb__int64_opt(b, 2, f->name);
	pb__int64_opt(b, 3, f->system_name);
	pb__int64_opt(b, 4, f->filename);
	pb__int64_opt(b, 5, f->start_line);
	pb_buf__end(b, m);
}

int pprof_profile__encode(const struct pprof_profile *p, u8 **out, size_t *len)
{
	struct pb_buf b;
	size_t i;

	pb_buf__init(&b);
	for (i = 0; i < p->nr_types; i++)
		pprof__value_type(&b, 1, &p->types[i]);
	for (i = 0; i < p->nr_samples; i++)
		pprof__sample(&b, p, &p->samples[i]);
	for (i = 0; i < p->nr_mappings; i++)
		pprof__mapping(&b, &p->mappings[i]);
	for (i = 0; i < p->nr_locations; i++)
		pprof__location(&b, p, &p->locations[i]);
	for (i = 0; i < p->nr_functions; i++)
		pprof__function(&b, &p->functions[i]);
	/* every string, "" included: indexes count them */
	for (i = 0; i < p->nr_strings; i++)
		pb__bytes(&b, 6, p->strings[i], strlen(p->strings[i]));
	pb__int64_opt(&b, 7, p->drop_frames);
	pb__int64_opt(&b, 8, p->keep_frames);
	pb__int64_opt(&b, 9, p->time_nanos);
	pb__int64_opt(&b, 10, p->duration_nanos);
	if (p->period_type.type || p->period_type.unit)
		pprof__value_type(&b, 11, &p->period_type);
	pb__int64_opt(&b, 12, p->period);
	pb__packed_int64(&b, 13, p->comments, p->nr_comments);
	pb__int64_opt(&b, 14, p->default_sample_type);
	if (b.err) {
		int err = b.err;

		pb_buf__exit(&b);
		return err;
	}
	*out = b.data;
	*len = b.len;
	return 0;
}

/* gzip (RFC 1952) of @data, as pprof expects its files: windowBits 15 + 16 */
static int pprof__gzip_write(int fd, const u8 *data, size_t len)
{
	u8 out[64 * 1024];
	z_stream zs = { .next_in = (Bytef *)data };
	size_t n, done;
	int zerr, err = 0;

	/*
	 * Level 1: on a 100 MB recording the default level spent 4 of the
	 * conversion's 9 s compressing, for a profile 9% smaller.
	 */
	if (deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	do {
		/* avail_in is a uInt: feed a large profile in pieces */
		if (!zs.avail_in && len) {
			zs.avail_in = len > (1u << 30) ? (1u << 30) : (uInt)len;
			len -= zs.avail_in;
		}
		zs.next_out = out;
		zs.avail_out = sizeof(out);
		zerr = deflate(&zs, len || zs.avail_in ? Z_NO_FLUSH : Z_FINISH);
		if (zerr == Z_STREAM_ERROR) {
			err = -EIO;
			break;
		}
		n = sizeof(out) - zs.avail_out;
		for (done = 0; done < n;) {
			ssize_t w = write(fd, out + done, n - done);

			if (w < 0) {
				if (errno == EINTR)
					continue;
				err = -errno;
				goto out;
			}
			done += w;
		}
	} while (zerr != Z_STREAM_END);
out:
	deflateEnd(&zs);
	return err;
}

int pprof_profile__write(const struct pprof_profile *p, const char *path)
{
	char tmp[4096];
	u8 *data;
	size_t len;
	int fd, err;

	err = pprof_profile__encode(p, &data, &len);
	if (err)
		return err;
	/* a temporary name renamed over @path: never a half-written profile */
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", path) >= (int)sizeof(tmp)) {
		free(data);
		return -ENAMETOOLONG;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = -errno;
		free(data);
		return err;
	}
	err = pprof__gzip_write(fd, data, len);
	free(data);
	if (!err && fchmod(fd, 0644))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

bool pprof_profile__equal(const struct pprof_profile *a, const struct pprof_profile *b)
{
	size_t i;

#define SAME_ARRAY(f, n) \
	(a->n == b->n && (!a->n || !memcmp(a->f, b->f, a->n * sizeof(*a->f))))
	if (a->nr_strings != b->nr_strings)
		return false;
	for (i = 0; i < a->nr_strings; i++)
		if (strcmp(a->strings[i], b->strings[i]))
			return false;
	if (a->nr_samples != b->nr_samples)
		return false;
	for (i = 0; i < a->nr_samples; i++) {
		const struct pprof_sample *x = &a->samples[i], *y = &b->samples[i];

		if (x->nr_locs != y->nr_locs || x->nr_labels != y->nr_labels ||
		    !same_run(a->sample_locs, x->first_loc, b->sample_locs, y->first_loc,
			      x->nr_locs, sizeof(u64)) ||
		    !same_run(a->labels, x->first_label, b->labels, y->first_label,
			      x->nr_labels, sizeof(struct pprof_label)) ||
		    !same_run(a->values, x->first_value, b->values, y->first_value,
			      a->nr_types, sizeof(s64)))
			return false;
	}
	if (a->nr_locations != b->nr_locations)
		return false;
	for (i = 0; i < a->nr_locations; i++) {
		const struct pprof_location *x = &a->locations[i], *y = &b->locations[i];

		if (x->id != y->id || x->mapping_id != y->mapping_id || x->address != y->address ||
		    x->is_folded != y->is_folded || x->nr_lines != y->nr_lines ||
		    !same_run(a->lines, x->first_line, b->lines, y->first_line,
			      x->nr_lines, sizeof(struct pprof_line)))
			return false;
	}
	for (i = 0; i < a->nr_mappings && a->nr_mappings == b->nr_mappings; i++) {
		const struct pprof_mapping *x = &a->mappings[i], *y = &b->mappings[i];

		if (x->id != y->id || x->start != y->start || x->limit != y->limit ||
		    x->offset != y->offset || x->filename != y->filename ||
		    x->build_id != y->build_id || x->has_functions != y->has_functions ||
		    x->has_filenames != y->has_filenames ||
		    x->has_line_numbers != y->has_line_numbers ||
		    x->has_inline_frames != y->has_inline_frames)
			return false;
	}
	return a->nr_mappings == b->nr_mappings && SAME_ARRAY(types, nr_types) &&
	       SAME_ARRAY(functions, nr_functions) && SAME_ARRAY(comments, nr_comments) &&
	       a->drop_frames == b->drop_frames && a->keep_frames == b->keep_frames &&
	       a->time_nanos == b->time_nanos && a->duration_nanos == b->duration_nanos &&
	       a->period == b->period && a->period_type.type == b->period_type.type &&
	       a->period_type.unit == b->period_type.unit &&
	       a->default_sample_type == b->default_sample_type;
#undef SAME_ARRAY
}
