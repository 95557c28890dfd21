// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data header: file-mode write/read round trip (attrs, ids, features
 * known and unknown, build-id table), pipe-mode round trip, and damaged
 * headers (bad feature sections dropped, killed writer, foreign magic).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/data/header.h"
#include "util/session/session.h"

struct tmpfile {
	char path[64];
};

static void tmpfile__make(struct tmpfile *t)
{
	int fd;

	strcpy(t->path, "/tmp/test-header-XXXXXX");
	fd = mkstemp(t->path);
	assert_true(fd >= 0);
	close(fd);
	unlink(t->path);
}

static void make_evlist(struct evlist *el)
{
	struct perf_event_attr attr;
	u64 ids1[] = { 11, 12, 13 }, ids2[] = { 21 };

	evlist__init(el);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ID;
	attr.flags = PERF_ATTR_FLAG_SAMPLE_ID_ALL;
	assert_non_null(evlist__add(el, &attr, sizeof(attr), ids1, 3));
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.flags |= PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID;
	assert_non_null(evlist__add(el, &attr, sizeof(attr), ids2, 1));
}

static const u8 bid_sha1[20] = { 0xab, 0xf9, 0xec, 1, 2, 3, 4, 5, 6, 7,
				 8, 9, 10, 11, 12, 13, 14, 15, 16, 0x0b };
static const u8 bid_md5[16] = { 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4,
				5, 6, 7, 8, 9, 10, 11, 12 };

static void fill_header(struct perf_header *h)
{
	static const char blob[] = "feature 200 is nothing we know";

	perf_header__init(h);
	assert_int_equal(perf_header__set_feat_string(h, HEADER_HOSTNAME, "testhost"), 0);
	assert_int_equal(perf_header__set_feat(h, 200, blob, sizeof(blob)), 0);
	assert_int_equal(perf_header__add_build_id(h, PERF_RECORD_MISC_KERNEL, -1, bid_sha1, 20,
						   "[kernel.kallsyms]"), 0);
	assert_int_equal(perf_header__add_build_id(h, PERF_RECORD_MISC_USER, -1, bid_md5, 16,
						   "/usr/lib/libmd5.so"), 0);
}

struct bid_seen {
	int n;
	char names[4][64];
	u8 sizes[4];
	u8 ids[4][20];
};

static int collect_bid(void *priv, const struct perf_record_header_build_id *ev,
		       const u8 *build_id, u8 size, const char *filename)
{
	struct bid_seen *s = priv;

	assert_true(s->n < 4);
	snprintf(s->names[s->n], sizeof(s->names[0]), "%s", filename);
	s->sizes[s->n] = size;
	memcpy(s->ids[s->n], build_id, size);
	s->n++;
	return 0;
}

static void check_header(const struct perf_header *h, const struct evlist *el)
{
	struct bid_seen seen = { 0 };
	const char *blob;
	char *host;
	u64 size;

	assert_int_equal(el->nr, 2);
	assert_int_equal(el->entries[0]->attr.config, PERF_COUNT_SW_CPU_CLOCK);
	assert_int_equal(el->entries[0]->nr_ids, 3);
	assert_int_equal(el->entries[0]->ids[2], 13);
	assert_int_equal(el->entries[1]->attr.config, PERF_COUNT_SW_DUMMY);
	assert_true(el->entries[1]->attr.flags & PERF_ATTR_FLAG_BUILD_ID);
	assert_int_equal(el->entries[1]->nr_ids, 1);
	assert_int_equal(el->entries[1]->ids[0], 21);

	host = perf_header__feat_string(h, HEADER_HOSTNAME);
	assert_non_null(host);
	assert_string_equal(host, "testhost");
	free(host);
	blob = perf_header__feat(h, 200, &size);
	assert_non_null(blob);
	assert_int_equal(size, sizeof("feature 200 is nothing we know"));
	assert_string_equal(blob, "feature 200 is nothing we know");
	assert_false(perf_header__has_feat(h, HEADER_CMDLINE));

	assert_int_equal(perf_header__for_each_build_id(h, collect_bid, &seen), 0);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.names[0], "[kernel.kallsyms]");
	assert_int_equal(seen.sizes[0], 20);
	assert_memory_equal(seen.ids[0], bid_sha1, 20);
	assert_string_equal(seen.names[1], "/usr/lib/libmd5.so");
	assert_int_equal(seen.sizes[1], 16);
	assert_memory_equal(seen.ids[1], bid_md5, 16);
}

/* A minimal record stream: COMM, a 12-byte odd record, FINISHED_ROUND. */
static size_t some_records(char *buf)
{
	struct perf_record_comm *comm = (void *)buf;
	struct perf_event_header *odd, *round;

	memset(buf, 0, 64);
	comm->header.type = PERF_RECORD_COMM;
	comm->header.size = 32;
	comm->pid = comm->tid = 42;
	strcpy(comm->comm, "demo");
	odd = (void *)(buf + 32);
	odd->type = 200;	/* unknown, and not a multiple of 8 long */
	odd->size = 12;
	round = (void *)(buf + 44);
	round->type = PERF_RECORD_FINISHED_ROUND;
	round->size = 8;
	return 52;
}

static int write_file(const char *path, struct evlist *el, struct perf_header *h)
{
	struct perf_data out;
	char recs[64];
	size_t len = some_records(recs);

	assert_int_equal(perf_data__open(&out, path, PERF_DATA_WRITE, true), 0);
	assert_int_equal(perf_header__write_begin(h, el, &out), 0);
	assert_int_equal(perf_data__write(&out, recs, len), 0);
	assert_int_equal(perf_header__write_end(h, el, &out, len), 0);
	perf_data__close(&out);
	return 0;
}

struct counter {
	struct perf_tool tool;
	int events, comms, header_done;
};

static int count_event(struct perf_tool *tool, struct perf_session *s,
		       const union perf_event *event, u64 off)
{
	((struct counter *)tool)->events++;
	return 0;
}

static int count_comm(struct perf_tool *tool, struct perf_session *s,
		      const union perf_event *event, const struct perf_sample *sample)
{
	assert_string_equal(event->comm.comm, "demo");
	((struct counter *)tool)->comms++;
	return 0;
}

static int count_header_done(struct perf_tool *tool, struct perf_session *s)
{
	((struct counter *)tool)->header_done++;
	return 0;
}

static void test_file_round_trip(void **state)
{
	struct counter c = { .tool = { .event = count_event, .comm = count_comm,
				       .header_done = count_header_done } };
	struct perf_session session;
	struct perf_header h;
	struct perf_data in;
	struct evlist el;
	struct tmpfile t;

	tmpfile__make(&t);
	make_evlist(&el);
	fill_header(&h);
	write_file(t.path, &el, &h);
	perf_header__exit(&h);
	evlist__exit(&el);

	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_false(session.header.is_pipe);
	assert_false(session.header.data_size_guessed);
	assert_int_equal(session.header.data_size, 52);
	check_header(&session.header, &session.evlist);
	assert_int_equal(perf_session__process_events(&session, &c.tool), 0);
	assert_int_equal(c.events, 3);
	assert_int_equal(c.comms, 1);
	assert_int_equal(c.header_done, 1);
	assert_int_equal(session.stats.nr_records, 3);
	assert_int_equal(session.stats.nr_unknown_events, 1);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_FINISHED_ROUND], 1);
	assert_false(session.stats.truncated);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);
}

static void test_pipe_round_trip(void **state)
{
	struct counter c = { .tool = { .event = count_event, .comm = count_comm,
				       .header_done = count_header_done } };
	struct perf_session session;
	struct perf_data out, in;
	struct perf_header h;
	struct evlist el;
	struct tmpfile t;
	char recs[64];
	size_t len = some_records(recs);

	tmpfile__make(&t);
	make_evlist(&el);
	fill_header(&h);
	assert_int_equal(perf_data__open(&out, t.path, PERF_DATA_WRITE, true), 0);
	out.is_pipe = true;		/* a stream, even though it lands in a file */
	assert_int_equal(perf_header__write_pipe(&h, &el, &out), 0);
	assert_int_equal(perf_data__write(&out, recs, len), 0);
	perf_data__close(&out);
	perf_header__exit(&h);
	evlist__exit(&el);

	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_true(session.header.is_pipe);
	assert_int_equal(session.evlist.nr, 0);	/* attrs come as records */
	assert_int_equal(perf_session__process_events(&session, &c.tool), 0);
	check_header(&session.header, &session.evlist);
	/* 2 ATTR + HOSTNAME + feature 200 + end mark + 2 BUILD_ID + 3 records */
	assert_int_equal(c.events, 10);
	assert_int_equal(c.comms, 1);
	assert_int_equal(c.header_done, 1);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_HEADER_ATTR], 2);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_HEADER_BUILD_ID], 2);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_HEADER_FEATURE], 3);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);
}

/* UNSECURED_BUILD_ID: written in file mode, read back, never in a stream. */
static void fill_unsecured(struct perf_header *h)
{
	perf_header__init(h);
	assert_int_equal(perf_header__set_feat_string(h, HEADER_HOSTNAME, "testhost"), 0);
	assert_int_equal(perf_header__begin_unsecured(h, 3), 0);
	assert_int_equal(perf_header__add_unsecured(h, bid_sha1, 20, "/srv/app"), 0);
	assert_int_equal(perf_header__add_unsecured(h, bid_md5, 16, "/srv/libx.so"), 0);
}

static void test_unsecured(void **state)
{
	struct counter c = { .tool = { .event = count_event, .comm = count_comm,
				       .header_done = count_header_done } };
	struct bid_seen seen = { 0 };
	struct perf_session session;
	struct perf_data out, in;
	struct perf_header h;
	struct evlist el;
	struct tmpfile t;
	u64 nr_lost = 0;
	char recs[64];
	size_t len = some_records(recs);

	tmpfile__make(&t);
	make_evlist(&el);
	fill_unsecured(&h);
	write_file(t.path, &el, &h);
	perf_header__exit(&h);
	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_int_equal(perf_header__unsecured_nr(&session.header, &nr_lost), 0);
	assert_int_equal(nr_lost, 3);
	assert_int_equal(perf_header__for_each_unsecured(&session.header, collect_bid, &seen), 0);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.names[0], "/srv/app");
	assert_memory_equal(seen.ids[0], bid_sha1, 20);
	assert_string_equal(seen.names[1], "/srv/libx.so");
	assert_int_equal(seen.sizes[1], 16);
	/* not a BUILD_ID entry: buildid-list stays upstream's */
	seen.n = 0;
	assert_int_equal(perf_header__for_each_build_id(&session.header, collect_bid, &seen), 0);
	assert_int_equal(seen.n, 0);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);

	/* A stream: upstream fails on an unknown feature id, so it is left out. */
	fill_unsecured(&h);
	assert_int_equal(perf_data__open(&out, t.path, PERF_DATA_WRITE, true), 0);
	out.is_pipe = true;
	assert_int_equal(perf_header__write_pipe(&h, &el, &out), 0);
	assert_int_equal(perf_data__write(&out, recs, len), 0);
	perf_data__close(&out);
	perf_header__exit(&h);
	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_int_equal(perf_session__process_events(&session, &c.tool), 0);
	/* HOSTNAME and the end mark */
	assert_int_equal(session.stats.nr_events[PERF_RECORD_HEADER_FEATURE], 2);
	assert_int_equal(perf_header__unsecured_nr(&session.header, &nr_lost), -ENOENT);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);
	evlist__exit(&el);
}

/* A damaged section is cut to its good entries; one too short is dropped. */
static void test_unsecured_damaged(void **state)
{
	struct bid_seen seen = { 0 };
	struct unsecured_build_id_header uh;
	struct perf_header h;
	u64 size, nr_lost = 0;
	char *copy;
	const char *p;

	fill_unsecured(&h);
	p = perf_header__feat(&h, HEADER_UNSECURED_BUILD_ID, &size);
	copy = malloc(size + 8);
	assert_non_null(copy);
	memcpy(copy, p, size);
	memcpy(&uh, copy, sizeof(uh));
	uh.nr = 1000000;		/* more than it holds */
	uh.nr_lost = 1;			/* fewer than it holds */
	memcpy(copy, &uh, sizeof(uh));
	memset(copy + size, 0xff, 8);	/* and stray bytes */
	assert_int_equal(perf_header__set_feat(&h, HEADER_UNSECURED_BUILD_ID, copy, size + 8), 0);
	free(copy);
	perf_header__check_unsecured(&h, "test");
	assert_int_equal(perf_header__unsecured_nr(&h, &nr_lost), 0);
	assert_int_equal(nr_lost, 2);
	assert_int_equal(perf_header__for_each_unsecured(&h, collect_bid, &seen), 0);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.names[1], "/srv/libx.so");

	assert_int_equal(perf_header__set_feat(&h, HEADER_UNSECURED_BUILD_ID, "short", 5), 0);
	perf_header__check_unsecured(&h, "test");
	assert_false(perf_header__has_feat(&h, HEADER_UNSECURED_BUILD_ID));
	assert_int_equal(perf_header__unsecured_nr(&h, &nr_lost), -ENOENT);
	perf_header__exit(&h);
}

static void patch_u64(const char *path, u64 off, u64 val)
{
	FILE *f = fopen(path, "r+");

	assert_non_null(f);
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	assert_int_equal(fwrite(&val, sizeof(val), 1, f), 1);
	fclose(f);
}

static u64 read_u64(const char *path, u64 off)
{
	FILE *f = fopen(path, "r");
	u64 val = 0;

	assert_non_null(f);
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	assert_int_equal(fread(&val, sizeof(val), 1, f), 1);
	fclose(f);
	return val;
}

/* Features: bits 2 (BUILD_ID), 3 (HOSTNAME), 200: table entries 0, 1, 2. */
static void test_bad_feature_sections(void **state)
{
	struct perf_session session;
	struct perf_header h;
	struct perf_data in;
	struct evlist el;
	struct tmpfile t;
	u64 table, build_id_off;

	tmpfile__make(&t);
	make_evlist(&el);
	fill_header(&h);
	write_file(t.path, &el, &h);
	perf_header__exit(&h);
	evlist__exit(&el);

	table = read_u64(t.path, offsetof(struct perf_file_header, data)) +
		read_u64(t.path, offsetof(struct perf_file_header, data) + 8);
	build_id_off = read_u64(t.path, table);
	/* HOSTNAME now overlaps BUILD_ID; feature 200 runs past the end */
	patch_u64(t.path, table + 16, build_id_off + 8);
	patch_u64(t.path, table + 2 * 16 + 8, 1ULL << 40);

	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	/* the one that comes first in the table is kept, the overlapper not */
	assert_true(perf_header__has_feat(&session.header, HEADER_BUILD_ID));
	assert_false(perf_header__has_feat(&session.header, HEADER_HOSTNAME));
	assert_false(perf_header__has_feat(&session.header, 200));
	assert_int_equal(session.evlist.nr, 2);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);
}

static void test_killed_writer(void **state)
{
	struct counter c = { .tool = { .event = count_event } };
	struct perf_session session;
	struct perf_header h;
	struct perf_data in;
	struct evlist el;
	struct tmpfile t;

	tmpfile__make(&t);
	make_evlist(&el);
	fill_header(&h);
	write_file(t.path, &el, &h);
	perf_header__exit(&h);
	evlist__exit(&el);
	/* data size 0, as a writer killed before write_end leaves it */
	patch_u64(t.path, offsetof(struct perf_file_header, data) + 8, 0);

	assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_true(session.header.data_size_guessed);
	assert_false(perf_header__has_feat(&session.header, HEADER_HOSTNAME));
	/* the features after the records read as a damaged tail: tolerated */
	assert_int_equal(perf_session__process_events(&session, &c.tool), 0);
	assert_true(c.events >= 3);
	assert_true(session.stats.truncated);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(t.path);
}

static void test_magic(void **state)
{
	static const u64 magics[] = { PERF_MAGIC2_SWAPPED, 0x454c494646524550ULL, 0 };
	struct perf_session session;
	struct perf_data in;
	struct tmpfile t;
	size_t i;

	for (i = 0; i < sizeof(magics) / sizeof(magics[0]); i++) {
		u64 hdr[16] = { magics[i], 104 };
		FILE *f;

		tmpfile__make(&t);
		f = fopen(t.path, "w");
		assert_non_null(f);
		assert_int_equal(fwrite(hdr, sizeof(hdr), 1, f), 1);
		fclose(f);
		assert_int_equal(perf_data__open(&in, t.path, PERF_DATA_READ, false), 0);
		assert_int_equal(perf_session__open(&session, &in), -EINVAL);
		perf_data__close(&in);
		unlink(t.path);
	}
}

/*
 * A file whose attrs are @asz bytes (older or newer perf than us): the
 * attr is copied up to our size and zero-extended, its ids still found.
 */
static void check_attr_size(u32 asz)
{
	struct perf_file_header fh;
	struct perf_session session;
	struct perf_data in;
	char path[64], *entry;
	u64 ids[2] = { 77, 78 };
	struct perf_file_section ids_sec = { sizeof(fh), sizeof(ids) };
	struct perf_event_attr attr;
	FILE *f;
	int fd;

	strcpy(path, "/tmp/test-header-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	memset(&fh, 0, sizeof(fh));
	fh.magic = PERF_MAGIC2;
	fh.size = sizeof(fh);
	fh.attr_size = asz + sizeof(ids_sec);
	fh.attrs.offset = sizeof(fh) + sizeof(ids);
	fh.attrs.size = fh.attr_size;
	fh.data.offset = fh.attrs.offset + fh.attrs.size;
	fh.data.size = 0;
	entry = calloc(1, fh.attr_size);
	assert_non_null(entry);
	/* 0xff everywhere, so a field copied from beyond asz would show */
	memset(entry, 0xff, asz);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = asz;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	memcpy(entry, &attr, 16);			/* type, size, config */
	memcpy(entry + asz, &ids_sec, sizeof(ids_sec));
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(&fh, sizeof(fh), 1, f), 1);
	assert_int_equal(fwrite(ids, sizeof(ids), 1, f), 1);
	assert_int_equal(fwrite(entry, fh.attr_size, 1, f), 1);
	assert_int_equal(fwrite(&fh, 8, 1, f), 1);	/* 8 bytes of "records" */
	fclose(f);
	free(entry);

	assert_int_equal(perf_data__open(&in, path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_int_equal(session.evlist.nr, 1);
	assert_int_equal(session.evlist.entries[0]->attr.config, PERF_COUNT_SW_TASK_CLOCK);
	assert_int_equal(session.evlist.entries[0]->nr_ids, 2);
	assert_int_equal(session.evlist.entries[0]->ids[1], 78);
	if (asz < sizeof(attr))		/* zero-extended, not 0xff */
		assert_int_equal(session.evlist.entries[0]->attr.sig_data, 0);
	else
		assert_int_equal(session.evlist.entries[0]->attr.sig_data, ~0ULL);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(path);
}

static void test_attr_sizes(void **state)
{
	check_attr_size(PERF_ATTR_SIZE_VER0);
	check_attr_size(PERF_ATTR_SIZE_VER5);
	check_attr_size(sizeof(struct perf_event_attr));
	check_attr_size(sizeof(struct perf_event_attr) + 32);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_round_trip),
		cmocka_unit_test(test_pipe_round_trip),
		cmocka_unit_test(test_bad_feature_sections),
		cmocka_unit_test(test_killed_writer),
		cmocka_unit_test(test_magic),
		cmocka_unit_test(test_attr_sizes),
		cmocka_unit_test(test_unsecured),
		cmocka_unit_test(test_unsecured_damaged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
