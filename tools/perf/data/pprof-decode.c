// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a pprof profile back (gzipped or not) into struct pprof_profile:
 * what the encoder's round trip tests and the fuzz target compare, so it
 * reads anything a pprof producer may write (fields in any order, packed
 * or unpacked repeated numbers, unknown fields skipped) and checks every
 * reference (string indexes, mapping, location and function ids) before
 * a caller could follow it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "data/pprof-profile.h"
#include "util/base/array.h"
#include "util/base/protobuf.h"

#define PPROF_DEFAULT_MAX_LEN	(1ULL << 30)

/* gunzip @data into *@out, at most @max bytes: -EFBIG beyond, -EINVAL damaged */
static int pprof__gunzip(const u8 *data, size_t len, size_t max, u8 **out, size_t *out_len)
{
	z_stream zs = { .next_in = (Bytef *)data };
	size_t alloc = 0, n = 0;
	u8 *buf = NULL;
	int zerr, err = 0;

	if (len > UINT32_MAX)
		return -EFBIG;
	zs.avail_in = (uInt)len;
	if (inflateInit2(&zs, 15 + 16) != Z_OK)
		return -ENOMEM;
	do {
		if (n == alloc) {
			if (n >= max) {
				err = -EFBIG;
				break;
			}
			if (ARRAY_GROW(buf, alloc, n + 1)) {
				err = -ENOMEM;
				break;
			}
			if (alloc > max)
				alloc = max;
		}
		zs.next_out = buf + n;
		zs.avail_out = (uInt)(alloc - n > UINT32_MAX ? UINT32_MAX : alloc - n);
		zerr = inflate(&zs, Z_NO_FLUSH);
		n = (size_t)(zs.next_out - buf);
		if (zerr != Z_OK && zerr != Z_STREAM_END) {
			err = zerr == Z_MEM_ERROR ? -ENOMEM : -EINVAL;
			break;
		}
		if (zerr == Z_OK && !zs.avail_in && zs.avail_out) {
			err = -EINVAL;	/* cut short */
			break;
		}
	} while (zerr != Z_STREAM_END);
	inflateEnd(&zs);
	if (err) {
		free(buf);
		return err;
	}
	*out = buf;
	*out_len = n;
	return 0;
}

/* A repeated number: one VARINT, or a packed run of them (LEN). */
static int pprof__numbers(const struct pb_field *f, u64 **arr, size_t *nr, size_t *alloc)
{
	struct pb_reader r = f->sub;
	u64 v;
	int ret;

	if (f->wire == PB_WIRE_VARINT) {
		if (ARRAY_GROW(*arr, *alloc, *nr + 1))
			return -ENOMEM;
		(*arr)[(*nr)++] = f->v;
		return 0;
	}
	if (f->wire != PB_WIRE_LEN)
		return -EINVAL;
	while ((ret = pb_reader__varint(&r, &v)) == 1) {
		if (ARRAY_GROW(*arr, *alloc, *nr + 1))
			return -ENOMEM;
		(*arr)[(*nr)++] = v;
	}
	return ret;
}

static int pprof__want(const struct pb_field *f, enum pb_wire wire)
{
	return f->wire == wire ? 0 : -EINVAL;
}

/* Fields 1..@n of a message of scalars, by field number into @v[]. */
static int pprof__scalars(struct pb_reader r, u64 *v, u32 n)
{
	struct pb_field f;
	int ret;

	while ((ret = pb_reader__next(&r, &f)) == 1) {
		if (f.field > n)
			continue;
		if (f.wire != PB_WIRE_VARINT)
			return -EINVAL;
		v[f.field - 1] = f.v;
	}
	return ret;
}

static int pprof__value_type(struct pb_reader r, struct pprof_value_type *t)
{
	u64 v[2] = { 0 };
	int err = pprof__scalars(r, v, 2);

	t->type = (s64)v[0];
	t->unit = (s64)v[1];
	return err;
}

static int pprof__sample(struct pprof_profile *p, struct pb_reader r)
{
	struct pprof_sample s = { .first_loc = p->nr_sample_locs, .first_label = p->nr_labels,
				  .first_value = p->nr_values };
	size_t nr_values = p->nr_values;
	struct pb_field f;
	u64 *vals = (u64 *)p->values, lv[4];
	size_t alloc = p->alloc_values;
	int ret;

	while ((ret = pb_reader__next(&r, &f)) == 1) {
		switch (f.field) {
		case 1:
			ret = pprof__numbers(&f, &p->sample_locs, &p->nr_sample_locs,
					     &p->alloc_sample_locs);
			break;
		case 2:
			/* s64 and u64 share their layout: read as u64 */
			ret = pprof__numbers(&f, &vals, &nr_values, &alloc);
			p->values = (s64 *)vals;
			p->alloc_values = alloc;
			break;
		case 3:
			memset(lv, 0, sizeof(lv));
			ret = pprof__want(&f, PB_WIRE_LEN) ?: pprof__scalars(f.sub, lv, 4);
			if (!ret && ARRAY_GROW(p->labels, p->alloc_labels, p->nr_labels + 1))
				ret = -ENOMEM;
			if (!ret)
				p->labels[p->nr_labels++] = (struct pprof_label){
					(s64)lv[0], (s64)lv[1], (s64)lv[2], (s64)lv[3] };
			break;
		default:
			break;
		}
		if (ret)
			return ret;
	}
	if (ret)
		return ret;
	/* pprof's rule: one value per sample type */
	if (nr_values - p->nr_values != p->nr_types)
		return -EINVAL;
	p->nr_values = nr_values;
	s.nr_locs = p->nr_sample_locs - s.first_loc;
	s.nr_labels = p->nr_labels - s.first_label;
	if (ARRAY_GROW(p->samples, p->alloc_samples, p->nr_samples + 1))
		return -ENOMEM;
	p->samples[p->nr_samples++] = s;
	return 0;
}

static int pprof__mapping(struct pprof_profile *p, struct pb_reader r)
{
	u64 v[10] = { 0 };
	int err = pprof__scalars(r, v, 10);

	if (err)
		return err;
	if (ARRAY_GROW(p->mappings, p->alloc_mappings, p->nr_mappings + 1))
		return -ENOMEM;
	p->mappings[p->nr_mappings++] = (struct pprof_mapping){
		.id = v[0], .start = v[1], .limit = v[2], .offset = v[3],
		.filename = (s64)v[4], .build_id = (s64)v[5],
		.has_functions = v[6], .has_filenames = v[7],
		.has_line_numbers = v[8], .has_inline_frames = v[9],
	};
	return 0;
}

static int pprof__location(struct pprof_profile *p, struct pb_reader r)
{
	struct pprof_location l = { .first_line = p->nr_lines };
	struct pb_field f;
	u64 lv[2];
	int ret;

	while ((ret = pb_reader__next(&r, &f)) == 1) {
		if (f.field > 5)
			continue;
		if (pprof__want(&f, f.field == 4 ? PB_WIRE_LEN : PB_WIRE_VARINT))
			return -EINVAL;
		switch (f.field) {
		case 1: l.id = f.v; break;
		case 2: l.mapping_id = f.v; break;
		case 3: l.address = f.v; break;
		case 5: l.is_folded = f.v; break;
		case 4:
			memset(lv, 0, sizeof(lv));
			ret = pprof__scalars(f.sub, lv, 2);
			if (ret)
				return ret;
			if (ARRAY_GROW(p->lines, p->alloc_lines, p->nr_lines + 1))
				return -ENOMEM;
			p->lines[p->nr_lines++] = (struct pprof_line){ lv[0], (s64)lv[1] };
			break;
		}
	}
	if (ret)
		return ret;
	l.nr_lines = p->nr_lines - l.first_line;
	if (ARRAY_GROW(p->locations, p->alloc_locations, p->nr_locations + 1))
		return -ENOMEM;
	p->locations[p->nr_locations++] = l;
	return 0;
}

static int pprof__function(struct pprof_profile *p, struct pb_reader r)
{
	u64 v[5] = { 0 };
	int err = pprof__scalars(r, v, 5);

	if (err)
		return err;
	if (ARRAY_GROW(p->functions, p->alloc_functions, p->nr_functions + 1))
		return -ENOMEM;
	p->functions[p->nr_functions++] = (struct pprof_function){
		v[0], (s64)v[1], (s64)v[2], (s64)v[3], (s64)v[4] };
	return 0;
}

static int pprof__string(struct pprof_profile *p, const struct pb_field *f)
{
	size_t len = (size_t)(f->sub.end - f->sub.p);
	char *s;

	if (f->wire != PB_WIRE_LEN || memchr(f->sub.p, 0, len))
		return -EINVAL;		/* a C string cannot hold a NUL */
	if (ARRAY_GROW(p->strings, p->alloc_strings, p->nr_strings + 1))
		return -ENOMEM;
	s = malloc(len + 1);
	if (!s)
		return -ENOMEM;
	memcpy(s, f->sub.p, len);
	s[len] = '\0';
	p->strings[p->nr_strings++] = s;
	return 0;
}

/* Field 1 first: a sample's values are checked against the number of types. */
static int pprof__types(struct pprof_profile *p, struct pb_reader r)
{
	struct pb_field f;
	int ret;

	while ((ret = pb_reader__next(&r, &f)) == 1) {
		if (f.field != 1)
			continue;
		if (pprof__want(&f, PB_WIRE_LEN))
			return -EINVAL;
		if (ARRAY_GROW(p->types, p->alloc_types, p->nr_types + 1))
			return -ENOMEM;
		ret = pprof__value_type(f.sub, &p->types[p->nr_types++]);
		if (ret)
			return ret;
	}
	return ret;
}

static int pprof__scalar(const struct pb_field *f, s64 *v)
{
	if (f->wire != PB_WIRE_VARINT)
		return -EINVAL;
	*v = (s64)f->v;
	return 0;
}

static int pprof__fields(struct pprof_profile *p, struct pb_reader r)
{
	struct pb_field f;
	int ret;

	while ((ret = pb_reader__next(&r, &f)) == 1) {
		if (f.field >= 2 && f.field <= 5 && f.wire != PB_WIRE_LEN)
			return -EINVAL;
		switch (f.field) {
		case 2: ret = pprof__sample(p, f.sub); break;
		case 3: ret = pprof__mapping(p, f.sub); break;
		case 4: ret = pprof__location(p, f.sub); break;
		case 5: ret = pprof__function(p, f.sub); break;
		case 6: ret = pprof__string(p, &f); break;
		case 7: ret = pprof__scalar(&f, &p->drop_frames); break;
		case 8: ret = pprof__scalar(&f, &p->keep_frames); break;
		case 9: ret = pprof__scalar(&f, &p->time_nanos); break;
		case 10: ret = pprof__scalar(&f, &p->duration_nanos); break;
		case 11:
			ret = pprof__want(&f, PB_WIRE_LEN) ?:
			      pprof__value_type(f.sub, &p->period_type);
			break;
		case 12: ret = pprof__scalar(&f, &p->period); break;
		case 13:
			ret = pprof__numbers(&f, (u64 **)&p->comments, &p->nr_comments,
					     &p->alloc_comments);
			break;
		case 14: ret = pprof__scalar(&f, &p->default_sample_type); break;
		default: ret = 0; break;	/* field 1 was read first; newer fields */
		}
		if (ret)
			return ret;
	}
	return ret;
}

/* ---- the references, checked ---------------------------------------------- */

static bool pprof__str_ok(const struct pprof_profile *p, s64 idx)
{
	return idx >= 0 && (u64)idx < p->nr_strings;
}

/* ids unique: a sorted copy has no two alike; 0 is no id */
static int pprof__cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 *pprof__sorted_ids(const void *base, size_t nr, size_t stride, bool *ok)
{
	u64 *ids = calloc(nr ? nr : 1, sizeof(*ids));
	size_t i;

	*ok = ids != NULL;
	if (!ids)
		return NULL;
	for (i = 0; i < nr; i++)
		ids[i] = *(const u64 *)((const char *)base + i * stride);
	qsort(ids, nr, sizeof(*ids), pprof__cmp_u64);
	for (i = 0; i < nr; i++)
		if (!ids[i] || (i && ids[i] == ids[i - 1]))
			*ok = false;
	return ids;
}

static bool pprof__has_id(const u64 *ids, size_t nr, u64 id)
{
	return bsearch(&id, ids, nr, sizeof(*ids), pprof__cmp_u64) != NULL;
}

static int pprof__check(const struct pprof_profile *p)
{
	bool ok_m, ok_l, ok_f, ok = p->nr_strings && !p->strings[0][0];
	u64 *mids = pprof__sorted_ids(p->mappings, p->nr_mappings, sizeof(*p->mappings), &ok_m);
	u64 *lids = pprof__sorted_ids(p->locations, p->nr_locations, sizeof(*p->locations), &ok_l);
	u64 *fids = pprof__sorted_ids(p->functions, p->nr_functions, sizeof(*p->functions), &ok_f);
	size_t i;

	ok = ok && ok_m && ok_l && ok_f;
	for (i = 0; ok && i < p->nr_types; i++)
		ok = pprof__str_ok(p, p->types[i].type) && pprof__str_ok(p, p->types[i].unit);
	for (i = 0; ok && i < p->nr_labels; i++)
		ok = pprof__str_ok(p, p->labels[i].key) && pprof__str_ok(p, p->labels[i].str) &&
		     pprof__str_ok(p, p->labels[i].num_unit);
	for (i = 0; ok && i < p->nr_mappings; i++)
		ok = pprof__str_ok(p, p->mappings[i].filename) &&
		     pprof__str_ok(p, p->mappings[i].build_id);
	for (i = 0; ok && i < p->nr_functions; i++)
		ok = pprof__str_ok(p, p->functions[i].name) &&
		     pprof__str_ok(p, p->functions[i].system_name) &&
		     pprof__str_ok(p, p->functions[i].filename);
	for (i = 0; ok && i < p->nr_comments; i++)
		ok = pprof__str_ok(p, p->comments[i]);
	ok = ok && pprof__str_ok(p, p->period_type.type) &&
	     pprof__str_ok(p, p->period_type.unit) && pprof__str_ok(p, p->default_sample_type);
	for (i = 0; ok && i < p->nr_locations; i++)
		ok = !p->locations[i].mapping_id ||
		     pprof__has_id(mids, p->nr_mappings, p->locations[i].mapping_id);
	for (i = 0; ok && i < p->nr_lines; i++)
		ok = pprof__has_id(fids, p->nr_functions, p->lines[i].function_id);
	for (i = 0; ok && i < p->nr_sample_locs; i++)
		ok = pprof__has_id(lids, p->nr_locations, p->sample_locs[i]);
	free(mids);
	free(lids);
	free(fids);
	if (!mids || !lids || !fids)
		return -ENOMEM;
	return ok ? 0 : -EINVAL;
}

int pprof_profile__decode(struct pprof_profile *p, const void *data, size_t len,
			  size_t max_len)
{
	struct pb_reader r;
	const u8 *d = data;
	u8 *raw = NULL;
	size_t i;
	int err;

	if (!max_len)
		max_len = PPROF_DEFAULT_MAX_LEN;
	if (len >= 2 && d[0] == 0x1f && d[1] == 0x8b) {
		err = pprof__gunzip(d, len, max_len, &raw, &len);
		if (err)
			return err;
		d = raw;
	} else if (len > max_len) {
		return -EFBIG;
	}
	/* the file's string table replaces the "" init put there */
	for (i = 0; i < p->nr_strings; i++)
		free(p->strings[i]);
	p->nr_strings = 0;
	pb_reader__init(&r, d, len);
	err = pprof__types(p, r) ?: pprof__fields(p, r) ?: pprof__check(p);
	free(raw);
	return err;
}
