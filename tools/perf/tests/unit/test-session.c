// SPDX-License-Identifier: GPL-2.0
/*
 * Record walking: payloads that follow TRACING_DATA and AUXTRACE records,
 * records of odd sizes (misaligned), COMPRESSED records whose zstd frame
 * and inner records straddle two containers, and damage: a truncated
 * stream tail is tolerated, a bad record inside a sized data section is not.
 * A file longer than the reader's windows, in time order through the queue.
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
#include <zstd.h>
#include <cmocka.h>
#include "util/data/header.h"
#include "util/session/session.h"
#include "record/compress.h"

struct buf {
	char *p;
	size_t len, cap;
};

static void buf__add(struct buf *b, const void *p, size_t len)
{
	if (b->len + len > b->cap) {
		b->cap = (b->len + len) * 2;
		b->p = realloc(b->p, b->cap);
	}
	assert_non_null(b->p);
	memcpy(b->p + b->len, p, len);
	b->len += len;
}

static void add_comm(struct buf *b, const char *name)
{
	char rec[32] = { 0 };
	struct perf_record_comm *comm = (void *)rec;

	comm->header.type = PERF_RECORD_COMM;
	comm->header.size = sizeof(rec);
	comm->pid = comm->tid = 7;
	strncpy(comm->comm, name, 15);
	buf__add(b, rec, sizeof(rec));
}

static void add_odd(struct buf *b)
{
	struct perf_event_header h = { .type = 201, .size = 12 };
	u32 junk = 0xdeadbeef;

	buf__add(b, &h, sizeof(h));
	buf__add(b, &junk, sizeof(junk));
}

static void add_tracing_data(struct buf *b, u32 payload)
{
	struct perf_record_header_tracing_data td = {
		.header = { .type = PERF_RECORD_HEADER_TRACING_DATA, .size = sizeof(td) },
		.size = payload,
	};
	char *p = malloc(payload);

	assert_non_null(p);
	memset(p, 0x5a, payload);
	buf__add(b, &td, sizeof(td));
	buf__add(b, p, payload);
	free(p);
}

static void add_auxtrace(struct buf *b, u64 payload)
{
	struct perf_record_auxtrace at = {
		.header = { .type = PERF_RECORD_AUXTRACE, .size = sizeof(at) },
		.size = payload,
	};
	char *p = calloc(1, payload);

	assert_non_null(p);
	buf__add(b, &at, sizeof(at));
	buf__add(b, p, payload);
	free(p);
}

/* @inner compressed into one zstd frame, cut into two COMPRESSED records. */
static void add_compressed(struct buf *b, const struct buf *inner)
{
	size_t cap = ZSTD_compressBound(inner->len), n, cut;
	char *z = malloc(cap);
	struct perf_event_header h = { .type = PERF_RECORD_COMPRESSED };

	assert_non_null(z);
	n = ZSTD_compress(z, cap, inner->p, inner->len, 3);
	assert_false(ZSTD_isError(n));
	cut = n / 2;
	h.size = sizeof(h) + cut;
	buf__add(b, &h, sizeof(h));
	buf__add(b, z, cut);
	h.size = sizeof(h) + n - cut;
	buf__add(b, &h, sizeof(h));
	buf__add(b, z + cut, n - cut);
	free(z);
}

static void make_evlist(struct evlist *el, u64 sample_type)
{
	struct perf_event_attr attr;
	u64 id = 1;

	evlist__init(el);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.sample_type = sample_type;
	attr.flags = PERF_ATTR_FLAG_COMM;
	assert_non_null(evlist__add(el, &attr, sizeof(attr), &id, 1));
}

/* Write @recs as a stream (pipe format) or a file with a sized data section. */
static void write_data_full(const char *path, const struct buf *recs, bool pipe,
			    u64 sample_type, u64 declared)
{
	struct perf_data out;
	struct perf_header h;
	struct evlist el;

	make_evlist(&el, sample_type);
	perf_header__init(&h);
	assert_int_equal(perf_data__open(&out, path, PERF_DATA_WRITE, true), 0);
	if (pipe) {
		out.is_pipe = true;
		assert_int_equal(perf_header__write_pipe(&h, &el, &out), 0);
		assert_int_equal(perf_data__write(&out, recs->p, recs->len), 0);
	} else {
		assert_int_equal(perf_header__write_begin(&h, &el, &out), 0);
		assert_int_equal(perf_data__write(&out, recs->p, recs->len), 0);
		/* ~0: the writer was killed before it could finish the header */
		if (declared != ~0ULL)
			assert_int_equal(perf_header__write_end(&h, &el, &out, declared), 0);
	}
	perf_data__close(&out);
	perf_header__exit(&h);
	evlist__exit(&el);
}

static void write_data_type(const char *path, const struct buf *recs, bool pipe,
			    u64 sample_type)
{
	write_data_full(path, recs, pipe, sample_type, recs->len);
}

static void write_data(const char *path, const struct buf *recs, bool pipe)
{
	write_data_type(path, recs, pipe, PERF_SAMPLE_IP);
}

struct seen {
	struct perf_tool tool;
	int comms, inner, odd;
	u64 payload;
	char last_comm[16];
};

static int seen_event(struct perf_tool *tool, struct perf_session *s,
		      const union perf_event *event, u64 off)
{
	struct seen *sn = (struct seen *)tool;

	/* every record handed over is 8-aligned, whatever its size */
	assert_int_equal((uintptr_t)event & 7, 0);
	if (s->decompressing)
		sn->inner++;
	if (event->header.type == 201)
		sn->odd++;
	return 0;
}

static int seen_comm(struct perf_tool *tool, struct perf_session *s,
		     const union perf_event *event, const struct perf_sample *sample)
{
	struct seen *sn = (struct seen *)tool;

	sn->comms++;
	snprintf(sn->last_comm, sizeof(sn->last_comm), "%s", event->comm.comm);
	return 0;
}

static int seen_payload(struct perf_tool *tool, struct perf_session *s,
			const union perf_event *event, const void *data, size_t len)
{
	((struct seen *)tool)->payload += len;
	return 0;
}

static int run(const char *path, struct seen *sn, struct perf_session *session)
{
	struct perf_data in;
	int err;

	memset(sn, 0, sizeof(*sn));
	sn->tool.event = seen_event;
	sn->tool.comm = seen_comm;
	sn->tool.payload = seen_payload;
	assert_int_equal(perf_data__open(&in, path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(session, &in), 0);
	err = perf_session__process_events(session, &sn->tool);
	perf_session__close(session);
	perf_data__close(&in);
	return err;
}

static void tmp_path(char *path)
{
	int fd;

	strcpy(path, "/tmp/test-session-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	unlink(path);
}

/* odd, TRACING_DATA+24, comm a, AUXTRACE+4096, COMPRESSED x2 {comm b, odd, comm c}, odd */
static void build(struct buf *recs)
{
	struct buf inner = { 0 };

	add_odd(recs);
	add_tracing_data(recs, 24);
	add_comm(recs, "a");
	add_auxtrace(recs, 4096);
	add_comm(&inner, "b");
	add_odd(&inner);
	add_comm(&inner, "c");
	add_compressed(recs, &inner);
	add_odd(recs);
	free(inner.p);
}

static void check_walk(bool pipe)
{
	struct perf_session session;
	struct buf recs = { 0 };
	struct seen sn;
	char path[64];

	tmp_path(path);
	build(&recs);
	write_data(path, &recs, pipe);
	assert_int_equal(run(path, &sn, &session), 0);
	assert_int_equal(sn.comms, 3);
	assert_string_equal(sn.last_comm, "c");
	assert_int_equal(sn.inner, 3);
	assert_int_equal(sn.odd, 3);
	assert_int_equal(sn.payload, 24 + 4096);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_COMPRESSED], 2);
	assert_int_equal(session.stats.nr_events[PERF_RECORD_COMM], 3);
	assert_false(session.stats.truncated);
	free(recs.p);
	unlink(path);
}

static void test_walk_file(void **state)
{
	check_walk(false);
}

static void test_walk_pipe(void **state)
{
	check_walk(true);
}

/*
 * A COMPRESSED record may inflate to more than the reader buffers at once
 * (upstream writes up to its mmap_len, 4 MiB with -m 1024): what zstd
 * still holds once the input is consumed is read out before the next
 * record, and none is lost at the end.
 */
static int compress_to_buf(void *priv, const void *p, size_t len)
{
	buf__add(priv, p, len);
	return 0;
}

static void test_compressed_inflates_big(void **state)
{
	struct record_compress z;
	struct perf_session session;
	struct buf recs = { 0 }, inner = { 0 };
	struct seen sn;
	char path[64], name[16];
	/* 354 KiB: two whole zstd blocks, then one that overflows the buffer */
	int i, n = 11300;

	tmp_path(path);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "c%d", i % 7);
		add_comm(&inner, name);
	}
	/* As perf record -z -m 1024 writes it: flushed every 4 MiB of input. */
	assert_int_equal(record_compress__init(&z, 22, 4 << 20, compress_to_buf, &recs), 0);
	assert_int_equal(record_compress__write(&z, inner.p, inner.len), 0);
	assert_int_equal(record_compress__flush(&z), 0);
	record_compress__exit(&z);
	add_comm(&recs, "after");
	write_data(path, &recs, false);
	assert_int_equal(run(path, &sn, &session), 0);
	assert_int_equal(sn.comms, n + 1);
	assert_string_equal(sn.last_comm, "after");
	assert_int_equal(session.stats.nr_bad_records, 0);
	free(inner.p);
	free(recs.p);
	unlink(path);
}

static void test_truncated_stream_tail(void **state)
{
	struct perf_session session;
	struct buf recs = { 0 };
	struct seen sn;
	char path[64];

	tmp_path(path);
	add_comm(&recs, "a");
	add_comm(&recs, "b");
	recs.len -= 5;			/* the writer died inside "b" */
	write_data(path, &recs, true);
	assert_int_equal(run(path, &sn, &session), 0);
	assert_int_equal(sn.comms, 1);
	assert_true(session.stats.truncated);
	free(recs.p);
	unlink(path);
}

static void test_bad_record_in_sized_file(void **state)
{
	struct perf_event_header bad = { .type = PERF_RECORD_COMM, .size = 4 };
	struct perf_session session;
	struct buf recs = { 0 };
	struct seen sn;
	char path[64];

	tmp_path(path);
	add_comm(&recs, "a");
	buf__add(&recs, &bad, sizeof(bad));
	add_comm(&recs, "b");
	write_data(path, &recs, false);
	assert_int_equal(run(path, &sn, &session), -EINVAL);
	assert_int_equal(sn.comms, 1);
	assert_true(session.stats.truncated);
	free(recs.p);
	unlink(path);
}

static void test_payload_past_end(void **state)
{
	struct perf_record_header_tracing_data td = {
		.header = { .type = PERF_RECORD_HEADER_TRACING_DATA, .size = sizeof(td) },
		.size = 0xfffffff0,
	};
	struct perf_session session;
	struct buf recs = { 0 };
	struct seen sn;
	char path[64];

	tmp_path(path);
	add_comm(&recs, "a");
	buf__add(&recs, &td, sizeof(td));
	add_comm(&recs, "b");
	write_data(path, &recs, false);
	assert_int_equal(run(path, &sn, &session), -EINVAL);
	assert_int_equal(sn.comms, 1);
	write_data(path, &recs, true);
	assert_int_equal(run(path, &sn, &session), 0);	/* a stream's tail */
	assert_int_equal(sn.comms, 1);
	assert_true(session.stats.truncated);
	free(recs.p);
	unlink(path);
}

/*
 * A file several read windows (4 MiB) long: rounds of two interleaved
 * "CPUs" of samples (ip, time), records cut at every window boundary, a
 * misaligning odd record now and then, and a payload longer than a
 * window.  Samples come out in time order with their contents intact:
 * queued records point into windows, which must stay mapped until they
 * are delivered.
 */
struct ordered_seen {
	struct perf_tool tool;
	u64 n, last_time, payload;
	bool bad;
};

static int ordered_sample(struct perf_tool *tool, struct perf_session *s,
			  const union perf_event *event, const struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct ordered_seen *os = (struct ordered_seen *)tool;

	if (sample->time <= os->last_time || sample->ip != sample->time * 3)
		os->bad = true;
	os->last_time = sample->time;
	os->n++;
	return 0;
}

static int ordered_payload(struct perf_tool *tool, struct perf_session *s,
			   const union perf_event *event, const void *data, size_t len)
{
	((struct ordered_seen *)tool)->payload += len;
	return 0;
}

static void add_sample(struct buf *b, u64 time)
{
	struct {
		struct perf_event_header h;
		u64 ip, time;
	} rec = { { PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, sizeof(rec) }, time * 3, time };

	buf__add(b, &rec, sizeof(rec));
}

static void test_walk_file_in_windows(void **state)
{
	struct perf_event_header round = { .type = PERF_RECORD_FINISHED_ROUND,
					   .size = sizeof(round) };
	const u64 rounds = 600, per_cpu = 300;
	struct perf_session session;
	struct buf recs = { 0 };
	struct ordered_seen os;
	struct perf_data in;
	char path[64];
	u64 r, k;
	int pass;

	tmp_path(path);
	for (r = 0; r < rounds; r++) {
		/* each CPU's records are in order, the CPUs one after the other */
		for (k = 0; k < per_cpu; k++)
			add_sample(&recs, 1 + r * 2 * per_cpu + 2 * k);
		if (r % 50 == 7)
			add_odd(&recs);
		for (k = 0; k < per_cpu; k++)
			add_sample(&recs, 2 + r * 2 * per_cpu + 2 * k);
		if (r == rounds / 2)
			add_auxtrace(&recs, 5 << 20);
		buf__add(&recs, &round, sizeof(round));
	}
	assert_true(recs.len > (12u << 20));
	write_data_type(path, &recs, false, PERF_SAMPLE_IP | PERF_SAMPLE_TIME);
	for (pass = 0; pass < 2; pass++) {
		memset(&os, 0, sizeof(os));
		os.tool.sample = ordered_sample;
		os.tool.payload = ordered_payload;
		os.tool.ordered_events = pass;
		assert_int_equal(perf_data__open(&in, path, PERF_DATA_READ, false), 0);
		assert_int_equal(perf_session__open(&session, &in), 0);
		assert_int_equal(perf_session__process_events(&session, &os.tool), 0);
		perf_session__close(&session);
		perf_data__close(&in);
		assert_int_equal(os.n, rounds * 2 * per_cpu);
		assert_int_equal(os.payload, 5 << 20);
		/* without the queue the CPUs come out one after the other */
		if (pass)
			assert_false(os.bad);
		else
			assert_true(os.bad);
	}
	free(recs.p);
	unlink(path);
}

/*
 * Damage in a file whose data size is a guess (the header says 0, as
 * after perf record was killed) ends the walk, even with megabytes after it: reading on
 * at the next window would resync in the middle of records.  A payload
 * longer than the rest of the file is refused at once, not read for.
 */
static void test_damage_ends_windowed_walk(void **state)
{
	struct perf_record_auxtrace at = {
		.header = { .type = PERF_RECORD_AUXTRACE, .size = sizeof(at) },
		.size = 1ULL << 40,
	};
	u64 zero[4] = { 0 };		/* records stay 32-aligned after it */
	struct perf_session session;
	struct buf recs = { 0 };
	struct seen sn;
	char path[64];
	int i;

	tmp_path(path);
	for (i = 0; i < 2048; i++)		/* 64 KiB of COMMs */
		add_comm(&recs, "x");
	buf__add(&recs, zero, sizeof(zero));	/* a record of size 0 */
	while (recs.len < (3u << 20))
		add_comm(&recs, "y");
	write_data_full(path, &recs, false, PERF_SAMPLE_IP, ~0ULL);
	assert_int_equal(run(path, &sn, &session), 0);
	assert_int_equal(sn.comms, 2048);
	assert_string_equal(sn.last_comm, "x");
	assert_true(session.stats.truncated);

	recs.len = 0;
	add_comm(&recs, "a");
	buf__add(&recs, &at, sizeof(at));
	while (recs.len < (3u << 20))
		add_comm(&recs, "b");
	write_data(path, &recs, false);
	assert_int_equal(run(path, &sn, &session), -EINVAL);
	assert_int_equal(sn.comms, 1);
	free(recs.p);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk_file),
		cmocka_unit_test(test_walk_pipe),
		cmocka_unit_test(test_compressed_inflates_big),
		cmocka_unit_test(test_truncated_stream_tail),
		cmocka_unit_test(test_bad_record_in_sized_file),
		cmocka_unit_test(test_payload_past_end),
		cmocka_unit_test(test_walk_file_in_windows),
		cmocka_unit_test(test_damage_ends_windowed_walk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
