// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data header: reading and writing the file header, the attrs with
 * their ids, and the feature sections; the pipe-mode header records.
 * The features themselves are header-features.c's.
 *
 * Nothing read from a file is trusted: every offset and size is checked
 * against the file size before it is used, so a damaged file costs at most
 * a warning and the feature it damaged, never an unbounded allocation.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/data/header.h"
#include "util/base/debug.h"
#include "util/data/event.h"

#define PERF_MAGIC1		0x454c494646524550ULL	/* "PERFFILE" */
#define PERF_ALIGN(x, a)	(((x) + (a) - 1) & ~((u64)(a) - 1))
#define MAX_RECORD_SIZE		65535

/* ---- reading ----------------------------------------------------------- */

static int check_magic(u64 magic, const char *path)
{
	if (magic == PERF_MAGIC2)
		return 0;
	if (magic == PERF_MAGIC2_SWAPPED)
		pr_err("%s: perf.data from a machine of the other byte order: not supported\n",
		       path);
	else if (magic == PERF_MAGIC1)
		pr_err("%s: old perf.data format (PERFFILE, v1): not supported\n", path);
	else
		pr_err("%s: not a perf.data file (bad magic)\n", path);
	return -EINVAL;
}

/* Is [off, off + size) inside a file of @file_size bytes?  No overflow. */
static bool in_file(u64 off, u64 size, u64 file_size)
{
	return off <= file_size && size <= file_size - off;
}

static bool overlaps(u64 a, u64 asz, u64 b, u64 bsz)
{
	return asz && bsz && a < b + bsz && b < a + asz;
}

static int perf_header__read_attrs(struct evlist *evlist, struct perf_data *data,
				   const struct perf_file_header *fh)
{
	u64 attr_size = fh->attr_size, nr, i, total_ids = 0;
	u64 *ids = NULL;
	char *buf = NULL;
	int err = -EINVAL;

	if (attr_size < PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section) ||
	    attr_size > MAX_RECORD_SIZE) {
		pr_err("%s: bad attr size %llu in header\n", data->path,
		       (unsigned long long)attr_size);
		return -EINVAL;
	}
	if (!in_file(fh->attrs.offset, fh->attrs.size, data->file_size)) {
		pr_err("%s: attrs section past end of file\n", data->path);
		return -EINVAL;
	}
	nr = fh->attrs.size / attr_size;
	buf = malloc(attr_size);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		u64 off = fh->attrs.offset + i * attr_size;
		struct perf_file_section ids_sec;
		u32 sz, nr_ids;

		err = perf_data__pread(data, buf, attr_size, off);
		if (err)
			goto out_io;
		memcpy(&sz, buf + 4, sizeof(sz));
		if (sz == 0)
			sz = PERF_ATTR_SIZE_VER0;
		if (sz > attr_size - sizeof(ids_sec))
			sz = attr_size - sizeof(ids_sec);
		memcpy(&ids_sec, buf + attr_size - sizeof(ids_sec), sizeof(ids_sec));
		if (!in_file(ids_sec.offset, ids_sec.size, data->file_size)) {
			pr_err("%s: ids of attr %llu past end of file\n", data->path,
			       (unsigned long long)i);
			err = -EINVAL;
			goto out;
		}
		nr_ids = ids_sec.size / sizeof(u64);
		/* Attrs sharing one ids section must not multiply memory use. */
		total_ids += nr_ids;
		if (total_ids > data->file_size / sizeof(u64)) {
			pr_err("%s: ids sections of the attrs overlap\n", data->path);
			err = -EINVAL;
			goto out;
		}
		free(ids);
		ids = malloc(nr_ids ? nr_ids * sizeof(u64) : 1);
		if (!ids) {
			err = -ENOMEM;
			goto out;
		}
		err = perf_data__pread(data, ids, nr_ids * sizeof(u64), ids_sec.offset);
		if (err)
			goto out_io;
		if (!evlist__add(evlist, buf, sz, ids, nr_ids)) {
			err = -ENOMEM;
			pr_err("%s: out of memory reading attrs\n", data->path);
			goto out;
		}
	}
	err = 0;
	goto out;
out_io:
	pr_err("%s: cannot read attrs: %s\n", data->path, strerror(-err));
out:
	free(ids);
	free(buf);
	return err;
}

/*
 * Feature sections: a table of one perf_file_section per set bit, in bit
 * order, right after the data.  A section that is out of the file, or
 * overlaps the header, the data, the table or an earlier section, is
 * dropped with a warning: features are never worth failing a read for.
 */
static void perf_header__read_features(struct perf_header *h, struct perf_data *data,
				       const struct perf_file_header *fh)
{
	struct perf_file_section *sec = NULL;
	u64 table = h->data_offset + h->data_size;
	int feat, n = 0, i;

	for (feat = 0; feat < HEADER_FEAT_BITS; feat++)
		if (fh->adds_features[feat / 64] & (1ULL << (feat % 64)))
			n++;
	if (!n)
		return;
	if (!in_file(table, n * sizeof(*sec), data->file_size)) {
		pr_warning("%s: feature table past end of file, features ignored\n", data->path);
		return;
	}
	sec = malloc(n * sizeof(*sec));
	if (!sec || perf_data__pread(data, sec, n * sizeof(*sec), table)) {
		pr_warning("%s: cannot read the feature table, features ignored\n", data->path);
		goto out;
	}
	for (feat = 0, i = 0; feat < HEADER_FEAT_BITS; feat++) {
		const struct perf_file_section *s;
		bool bad;
		void *buf;
		int j;

		if (!(fh->adds_features[feat / 64] & (1ULL << (feat % 64))))
			continue;
		s = &sec[i++];
		bad = !in_file(s->offset, s->size, data->file_size) ||
		      overlaps(s->offset, s->size, 0, sizeof(*fh)) ||
		      overlaps(s->offset, s->size, h->data_offset, h->data_size) ||
		      overlaps(s->offset, s->size, table, n * sizeof(*sec));
		for (j = 0; j < i - 1 && !bad; j++)
			bad = overlaps(s->offset, s->size, sec[j].offset, sec[j].size);
		if (bad) {
			pr_warning("%s: feature %s section [%#llx, +%#llx) is invalid, ignored\n",
				   data->path, perf_header__feat_name(feat),
				   (unsigned long long)s->offset, (unsigned long long)s->size);
			/* Keep it from condemning the sections after it. */
			sec[i - 1].size = 0;
			continue;
		}
		buf = malloc(s->size + 1);
		if (!buf || perf_data__pread(data, buf, s->size, s->offset)) {
			pr_warning("%s: cannot read feature %s, ignored\n", data->path,
				   perf_header__feat_name(feat));
			free(buf);
			sec[i - 1].size = 0;
			continue;
		}
		free(h->feat[feat].data);
		h->feat[feat].data = buf;
		h->feat[feat].size = s->size;
	}
	perf_header__check_unsecured(h, data->path);
out:
	free(sec);
}

static int perf_header__read_file(struct perf_header *h, struct evlist *evlist,
				  struct perf_data *data)
{
	struct perf_file_header fh;
	u64 avail;
	int err;

	memset(&fh, 0, sizeof(fh));
	if (data->file_size < sizeof(fh)) {
		pr_err("%s: file too small for a perf.data header\n", data->path);
		return -EINVAL;
	}
	err = perf_data__pread(data, &fh, sizeof(fh), 0);
	if (err) {
		pr_err("%s: cannot read header: %s\n", data->path, strerror(-err));
		return err;
	}
	/* Older writers had a shorter header: no feature bitmap. */
	if (fh.size < sizeof(fh)) {
		if (fh.size < offsetof(struct perf_file_header, adds_features)) {
			pr_err("%s: bad header size %llu\n", data->path,
			       (unsigned long long)fh.size);
			return -EINVAL;
		}
		memset(fh.adds_features, 0, sizeof(fh.adds_features));
	}
	if (fh.data.offset > data->file_size || fh.data.offset < fh.size) {
		pr_err("%s: bad data offset %#llx\n", data->path,
		       (unsigned long long)fh.data.offset);
		return -EINVAL;
	}
	h->data_offset = fh.data.offset;
	h->data_size = fh.data.size;
	h->header_data_size = fh.data.size;
	avail = data->file_size - fh.data.offset;
	if (fh.data.size == 0 && avail) {
		pr_warning("%s: header says no data (perf record killed?), reading records to the end of the file\n",
			   data->path);
		h->data_size = avail;
		h->data_size_guessed = true;
	} else if (fh.data.size > avail) {
		pr_warning("%s: data section runs past the end of the file (truncated?), reading what is there\n",
			   data->path);
		h->data_size = avail;
		h->data_size_guessed = true;
	}
	err = perf_header__read_attrs(evlist, data, &fh);
	if (err)
		return err;
	/* A killed writer never wrote the feature table. */
	if (!h->data_size_guessed)
		perf_header__read_features(h, data, &fh);
	return 0;
}

int perf_header__read(struct perf_header *h, struct evlist *evlist, struct perf_data *data)
{
	struct perf_pipe_file_header ph;
	ssize_t n;
	int err;

	if (data->is_pipe) {
		n = perf_data__read(data, &ph, sizeof(ph));
		if (n != (ssize_t)sizeof(ph)) {
			pr_err("%s: cannot read perf.data header: %s\n", data->path,
			       n < 0 && n != -EIO ? strerror(-n) : "stream too short");
			return n < 0 ? n : -EINVAL;
		}
	} else {
		if (data->file_size < sizeof(ph)) {
			pr_err("%s: file too small for a perf.data header\n", data->path);
			return -EINVAL;
		}
		err = perf_data__pread(data, &ph, sizeof(ph), 0);
		if (err) {
			pr_err("%s: cannot read header: %s\n", data->path, strerror(-err));
			return err;
		}
	}
	err = check_magic(ph.magic, data->path);
	if (err)
		return err;
	if (ph.size == sizeof(ph)) {
		/* Stream format; in a regular file it is read sequentially too. */
		h->is_pipe = true;
		if (!data->is_pipe && lseek(data->fd, sizeof(ph), SEEK_SET) < 0) {
			err = -errno;
			pr_err("%s: cannot seek: %s\n", data->path, strerror(errno));
			return err;
		}
		data->pos = sizeof(ph);
		return 0;
	}
	if (data->is_pipe) {
		pr_err("%s: a file-mode perf.data cannot be read from a pipe\n", data->path);
		return -EINVAL;
	}
	return perf_header__read_file(h, evlist, data);
}

/* ---- writing ----------------------------------------------------------- */

#define OUR_ATTR_SIZE	sizeof(struct perf_event_attr)

struct file_layout {
	u64 ids_offset;
	u64 attrs_offset;
	u64 attrs_size;
	u64 data_offset;
};

/* header | ids of every event | attrs | data | feature table | features */
static void file_layout__init(struct file_layout *l, const struct evlist *evlist)
{
	u64 off = sizeof(struct perf_file_header);
	int i;

	l->ids_offset = off;
	for (i = 0; i < evlist->nr; i++)
		off += evlist->entries[i]->nr_ids * sizeof(u64);
	l->attrs_offset = off;
	l->attrs_size = evlist->nr * (OUR_ATTR_SIZE + sizeof(struct perf_file_section));
	l->data_offset = off + l->attrs_size;
}

static void perf_header__fill(const struct perf_header *h, struct perf_file_header *fh,
			      const struct file_layout *l, u64 data_size, bool features)
{
	int feat;

	memset(fh, 0, sizeof(*fh));
	fh->magic = PERF_MAGIC2;
	fh->size = sizeof(*fh);
	fh->attr_size = OUR_ATTR_SIZE + sizeof(struct perf_file_section);
	fh->attrs.offset = l->attrs_offset;
	fh->attrs.size = l->attrs_size;
	fh->data.offset = l->data_offset;
	fh->data.size = data_size;
	for (feat = 0; features && feat < HEADER_FEAT_BITS; feat++)
		if (h->feat[feat].data)
			fh->adds_features[feat / 64] |= 1ULL << (feat % 64);
}

static int perf_header__write_attrs(const struct evlist *evlist, struct perf_data *data,
				    const struct file_layout *l)
{
	u64 ids_off = l->ids_offset;
	size_t len = l->data_offset - l->ids_offset;
	char *buf = calloc(1, len + 1), *p;
	int i, err;

	if (!buf)
		return -ENOMEM;
	p = buf + (l->attrs_offset - l->ids_offset);
	for (i = 0; i < evlist->nr; i++) {
		const struct evsel *evsel = evlist->entries[i];
		struct perf_file_section ids = {
			.offset = ids_off,
			.size = evsel->nr_ids * sizeof(u64),
		};
		struct perf_event_attr attr = evsel->attr;

		/* An event with no ids has a NULL array: memcpy must not see it. */
		if (ids.size)
			memcpy(buf + (ids_off - l->ids_offset), evsel->ids, ids.size);
		ids_off += ids.size;
		/* Our attr is zero-extended: it is OUR_ATTR_SIZE bytes now. */
		attr.size = OUR_ATTR_SIZE;
		memcpy(p, &attr, sizeof(attr));
		memcpy(p + sizeof(attr), &ids, sizeof(ids));
		p += sizeof(attr) + sizeof(ids);
	}
	err = perf_data__pwrite(data, buf, len, l->ids_offset);
	free(buf);
	return err;
}

int perf_header__write_begin(struct perf_header *h, const struct evlist *evlist,
			     struct perf_data *data)
{
	struct perf_file_header fh;
	struct file_layout l;
	int err;

	if (data->is_pipe) {
		pr_err("%s: cannot write a file-mode perf.data to a pipe\n", data->path);
		return -EINVAL;
	}
	file_layout__init(&l, evlist);
	/* Provisional: no data, no features, so a killed writer is detectable. */
	perf_header__fill(h, &fh, &l, 0, false);
	err = perf_data__pwrite(data, &fh, sizeof(fh), 0);
	if (!err)
		err = perf_header__write_attrs(evlist, data, &l);
	if (!err && lseek(data->fd, l.data_offset, SEEK_SET) < 0)
		err = -errno;
	if (err) {
		pr_err("%s: cannot write header: %s\n", data->path, strerror(-err));
		return err;
	}
	data->pos = l.data_offset;
	h->data_offset = l.data_offset;
	h->data_size = 0;
	return 0;
}

int perf_header__write_end(struct perf_header *h, const struct evlist *evlist,
			   struct perf_data *data, u64 data_size)
{
	struct perf_file_section sec[HEADER_FEAT_BITS];
	struct perf_file_header fh;
	struct file_layout l;
	u64 table, off;
	int feat, n = 0, err = 0;

	file_layout__init(&l, evlist);
	if (l.data_offset != h->data_offset) {
		pr_err("%s: events changed while writing, cannot finish the header\n",
		       data->path);
		return -EINVAL;
	}
	table = h->data_offset + data_size;
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++)
		if (h->feat[feat].data)
			n++;
	off = table + n * sizeof(sec[0]);
	for (feat = 0, n = 0; feat < HEADER_FEAT_BITS && !err; feat++) {
		if (!h->feat[feat].data)
			continue;
		sec[n].offset = off;
		sec[n].size = h->feat[feat].size;
		err = perf_data__pwrite(data, h->feat[feat].data, sec[n].size, off);
		off += sec[n++].size;
	}
	if (!err && n)
		err = perf_data__pwrite(data, sec, n * sizeof(sec[0]), table);
	if (!err && ftruncate(data->fd, off) < 0)
		err = -errno;
	if (!err) {
		perf_header__fill(h, &fh, &l, data_size, true);
		err = perf_data__pwrite(data, &fh, sizeof(fh), 0);
	}
	if (err) {
		pr_err("%s: cannot write header: %s\n", data->path, strerror(-err));
		return err;
	}
	h->data_size = data_size;
	return 0;
}

static int write_pipe_attr(const struct evsel *evsel, struct perf_data *data)
{
	size_t ids = evsel->nr_ids * sizeof(u64);
	size_t size = sizeof(struct perf_event_header) + OUR_ATTR_SIZE + ids;
	struct perf_record_header_attr *ev;
	int err;

	if (size > MAX_RECORD_SIZE) {
		pr_err("%s: event has too many ids (%u) for a pipe\n", data->path,
		       evsel->nr_ids);
		return -E2BIG;
	}
	ev = calloc(1, size);
	if (!ev)
		return -ENOMEM;
	ev->header.type = PERF_RECORD_HEADER_ATTR;
	ev->header.size = size;
	ev->attr = evsel->attr;
	ev->attr.size = OUR_ATTR_SIZE;
	memcpy((char *)ev + sizeof(ev->header) + OUR_ATTR_SIZE, evsel->ids, ids);
	err = perf_data__write(data, ev, size);
	free(ev);
	return err;
}

static int write_pipe_feat(struct perf_data *data, u64 feat, const void *buf, u64 size)
{
	struct perf_record_header_feature ev = {
		.header.type = PERF_RECORD_HEADER_FEATURE,
		.header.size = sizeof(ev) + size,
		.feat_id = feat,
	};
	int err;

	err = perf_data__write(data, &ev, sizeof(ev));
	if (!err && size)
		err = perf_data__write(data, buf, size);
	return err;
}

/*
 * A stream carries tracing data as a record followed by the bytes (padded
 * to 8), not as a feature: it is too big for a record and readers expect it.
 */
static int write_pipe_tracing_data(struct perf_data *data, const struct perf_header_feat_sec *s)
{
	static const char zeros[8];
	struct perf_record_header_tracing_data ev = {
		.header.type = PERF_RECORD_HEADER_TRACING_DATA,
		.header.size = sizeof(ev),
	};
	u64 padded = PERF_ALIGN(s->size, 8);
	int err;

	if (padded > UINT32_MAX)
		return -E2BIG;
	ev.size = padded;
	err = perf_data__write(data, &ev, sizeof(ev));
	if (!err)
		err = perf_data__write(data, s->data, s->size);
	if (!err && padded != s->size)
		err = perf_data__write(data, zeros, padded - s->size);
	return err;
}

/* Table entries may have type 0 (upstream writes them so): make records. */
static int write_pipe_build_id(void *priv, const struct perf_record_header_build_id *ev,
			       const u8 *build_id, u8 size, const char *filename)
{
	struct perf_event_header hdr = ev->header;
	int err;

	hdr.type = PERF_RECORD_HEADER_BUILD_ID;
	err = perf_data__write(priv, &hdr, sizeof(hdr));
	if (!err)
		err = perf_data__write(priv, (const char *)ev + sizeof(hdr),
				       ev->header.size - sizeof(hdr));
	return err;
}

int perf_header__write_pipe(const struct perf_header *h, const struct evlist *evlist,
			    struct perf_data *data)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	int feat, i, err;

	err = perf_data__write(data, &ph, sizeof(ph));
	for (i = 0; i < evlist->nr && !err; i++)
		err = write_pipe_attr(evlist->entries[i], data);
	for (feat = 1; feat < HEADER_FEAT_BITS && !err; feat++) {
		const struct perf_header_feat_sec *s = &h->feat[feat];

		if (!s->data || feat == HEADER_BUILD_ID || feat == HEADER_TRACING_DATA)
			continue;
		/* A stream's reader fails on a feature id it does not know (6.1 does). */
		if (feat == HEADER_UNSECURED_BUILD_ID)
			continue;
		if (s->size > MAX_RECORD_SIZE - sizeof(struct perf_record_header_feature)) {
			pr_warning("%s: feature %s too big for a pipe record, not written\n",
				   data->path, perf_header__feat_name(feat));
			continue;
		}
		err = write_pipe_feat(data, feat, s->data, s->size);
	}
	/* Readers (upstream too) take this as the end of the features. */
	if (!err)
		err = write_pipe_feat(data, HEADER_LAST_FEATURE, NULL, 0);
	if (!err && h->feat[HEADER_TRACING_DATA].data)
		err = write_pipe_tracing_data(data, &h->feat[HEADER_TRACING_DATA]);
	if (!err)
		err = perf_header__for_each_build_id(h, write_pipe_build_id, data);
	if (err && err != -EINVAL)
		pr_err("%s: cannot write header: %s\n", data->path, strerror(-err));
	return err == -EINVAL ? 0 : err;
}
