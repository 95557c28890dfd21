// SPDX-License-Identifier: GPL-2.0
/*
 * Time ordering: the queue alone (upstream's round rule: a round marker
 * delivers what is no later than the previous round's maximum; ties in
 * file order; copies outlive their source; bounded without round markers;
 * a deliver error stops), then through perf_session__process_events() on
 * files and streams whose per-CPU records interleave, with records inside
 * COMPRESSED containers, records without a time, and the @event callback
 * still in file order.
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
#include "util/session/ordered-events.h"
#include "util/data/header.h"
#include "util/session/session.h"

/* ---- the queue alone ---------------------------------------------------- */

struct got {
	u64 time[64];
	u64 tag[64];		/* the record's payload word */
	size_t nr;
	size_t fail_at;		/* deliver fails at this count (0: never) */
};

static int got_deliver(struct ordered_events *oe, const struct ordered_event *ev, void *priv)
{
	struct got *g = priv;
	u64 tag;

	assert_true(g->nr < 64);
	memcpy(&tag, (const char *)ev->event + 8, 8);
	g->time[g->nr] = ev->time;
	g->tag[g->nr] = tag;
	g->nr++;
	return g->fail_at && g->nr == g->fail_at ? -EIO : 0;
}

struct rec {
	struct perf_event_header header;
	u64 tag;
};

static void queue(struct ordered_events *oe, struct rec *r, u64 time, u64 tag, bool copy)
{
	r->header.type = PERF_RECORD_SAMPLE;
	r->header.size = sizeof(*r);
	r->tag = tag;
	assert_int_equal(ordered_events__queue(oe, (void *)r, time, 0, copy), 0);
}

static void assert_times(const struct got *g, const u64 *want, size_t nr)
{
	size_t i;

	assert_int_equal(g->nr, nr);
	for (i = 0; i < nr; i++)
		assert_int_equal(g->time[i], want[i]);
}

static void test_round_rule(void **state)
{
	static struct rec r[16];
	const u64 after1[] = { 10, 20, 25, 30 };
	const u64 all[] = { 10, 20, 25, 30, 35, 40, 50 };
	struct ordered_events oe;
	struct got g = { .nr = 0 };

	ordered_events__init(&oe, got_deliver, &g);
	/* round 1: two CPUs' records interleaved */
	queue(&oe, &r[0], 10, 0, false);
	queue(&oe, &r[1], 30, 1, false);
	queue(&oe, &r[2], 20, 2, false);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__ROUND), 0);
	assert_int_equal(g.nr, 0);	/* nothing is older than "before the first round" */
	/* round 2 may still hold records older than round 1's maximum */
	queue(&oe, &r[3], 25, 3, false);
	queue(&oe, &r[4], 40, 4, false);
	queue(&oe, &r[5], 35, 5, false);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__ROUND), 0);
	assert_times(&g, after1, 4);
	assert_int_equal(ordered_events__nr(&oe), 2);
	queue(&oe, &r[6], 50, 6, false);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	assert_times(&g, all, 7);
	assert_int_equal(oe.nr_unordered, 0);
	/* a record older than one already delivered: counted, still delivered */
	queue(&oe, &r[7], 5, 7, false);
	assert_int_equal(oe.nr_unordered, 1);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	assert_int_equal(g.time[7], 5);
	ordered_events__exit(&oe);
}

static void test_ties_keep_queue_order(void **state)
{
	static struct rec r[8];
	struct ordered_events oe;
	struct got g = { .nr = 0 };
	size_t i;

	ordered_events__init(&oe, got_deliver, &g);
	for (i = 0; i < 8; i++)
		queue(&oe, &r[i], i < 4 ? 100 : 50, i, false);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	for (i = 0; i < 8; i++)
		assert_int_equal(g.tag[i], (i + 4) % 8);
	ordered_events__exit(&oe);
}

static void test_copies_outlive_source(void **state)
{
	struct ordered_events oe;
	struct got g = { .nr = 0 };
	struct rec src;
	size_t i;

	ordered_events__init(&oe, got_deliver, &g);
	/* one buffer reused for every record, as a stream or zstd buffer is */
	for (i = 0; i < 40; i++)
		queue(&oe, &src, 1000 - i, i, true);
	memset(&src, 0xff, sizeof(src));
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	assert_int_equal(g.nr, 40);
	for (i = 0; i < 40; i++)
		assert_int_equal(g.tag[i], 39 - i);
	ordered_events__exit(&oe);
}

/* Many copied records across chunks, delivered round by round (ASan checks). */
static int count_deliver(struct ordered_events *oe, const struct ordered_event *ev, void *priv)
{
	u64 *n = priv, tag;

	memcpy(&tag, (const char *)ev->event + 8, 8);
	assert_int_equal(tag, ev->time);
	(*n)++;
	return 0;
}

static void test_copy_chunks_recycled(void **state)
{
	struct ordered_events oe;
	u64 n = 0, t = 1;
	struct rec src;
	int round, i;

	ordered_events__init(&oe, count_deliver, &n);
	for (round = 0; round < 50; round++) {
		for (i = 0; i < 20000; i++, t++)
			queue(&oe, &src, t, t, true);
		assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__ROUND), 0);
		/* never more than two rounds queued */
		assert_true(ordered_events__nr(&oe) <= 20000);
	}
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	assert_int_equal(n, 50 * 20000);
	ordered_events__exit(&oe);
}

static void test_bounded_without_rounds(void **state)
{
	static struct rec r[100];
	struct ordered_events oe;
	struct got g = { .nr = 0 };
	size_t i;

	ordered_events__init(&oe, got_deliver, &g);
	oe.max_queued = 8;
	for (i = 0; i < 40; i++) {
		queue(&oe, &r[i], 1000 + (i % 2 ? i : 100 - i), i, false);
		assert_true(ordered_events__nr(&oe) < 8);
	}
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	assert_int_equal(g.nr, 40);
	ordered_events__exit(&oe);
}

static void test_deliver_error_stops(void **state)
{
	static struct rec r[6];
	struct ordered_events oe;
	struct got g = { .fail_at = 3 };
	size_t i;

	ordered_events__init(&oe, got_deliver, &g);
	for (i = 0; i < 6; i++)
		queue(&oe, &r[i], 10 + i, i, true);
	assert_int_equal(ordered_events__flush(&oe, OE_FLUSH__FINAL), -EIO);
	assert_int_equal(g.nr, 3);
	assert_int_equal(ordered_events__nr(&oe), 3);
	ordered_events__exit(&oe);	/* frees the copies still queued */
}

/* ---- through the session ------------------------------------------------ */

struct buf {
	char *p;
	size_t len;
};

static void buf__add(struct buf *b, const void *p, size_t len)
{
	b->p = realloc(b->p, b->len + len);
	assert_non_null(b->p);
	memcpy(b->p + b->len, p, len);
	b->len += len;
}

/* SAMPLE with sample_type IP|TID|TIME|CPU: ip carries a tag. */
static void add_sample(struct buf *b, u64 time, u32 cpu, u64 tag)
{
	struct {
		struct perf_event_header header;
		u64 ip;
		u32 pid, tid;
		u64 time;
		u32 cpu, res;
	} s = {
		.header = { .type = PERF_RECORD_SAMPLE, .size = sizeof(s),
			    .misc = PERF_RECORD_MISC_USER },
		.ip = tag, .pid = 7, .tid = 7, .time = time, .cpu = cpu,
	};

	buf__add(b, &s, sizeof(s));
}

/* COMM with a sample_id_all trailer (TID, TIME, CPU). */
static void add_comm(struct buf *b, u64 time, const char *name)
{
	struct {
		struct perf_event_header header;
		u32 pid, tid;
		char comm[16];
		u32 spid, stid;
		u64 time;
		u32 cpu, res;
	} c = {
		.header = { .type = PERF_RECORD_COMM, .size = sizeof(c) },
		.pid = 7, .tid = 7, .spid = 7, .stid = 7, .time = time,
	};

	strncpy(c.comm, name, 15);
	buf__add(b, &c, sizeof(c));
}

static void add_round(struct buf *b)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(h) };

	buf__add(b, &h, sizeof(h));
}

static void add_compressed(struct buf *b, const struct buf *inner)
{
	size_t cap = ZSTD_compressBound(inner->len), n;
	char *z = malloc(cap);
	struct perf_event_header h = { .type = PERF_RECORD_COMPRESSED };

	assert_non_null(z);
	n = ZSTD_compress(z, cap, inner->p, inner->len, 3);
	assert_false(ZSTD_isError(n));
	h.size = sizeof(h) + n;
	buf__add(b, &h, sizeof(h));
	buf__add(b, z, n);
	free(z);
}

static void write_data(const char *path, const struct buf *recs, bool pipe, u64 sample_type)
{
	struct perf_event_attr attr;
	struct perf_data out;
	struct perf_header h;
	struct evlist el;
	u64 id = 1;

	evlist__init(&el);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.sample_type = sample_type;
	attr.flags = PERF_ATTR_FLAG_COMM | PERF_ATTR_FLAG_SAMPLE_ID_ALL;
	assert_non_null(evlist__add(&el, &attr, sizeof(attr), &id, 1));
	perf_header__init(&h);
	assert_int_equal(perf_data__open(&out, path, PERF_DATA_WRITE, true), 0);
	if (pipe) {
		out.is_pipe = true;
		assert_int_equal(perf_header__write_pipe(&h, &el, &out), 0);
		assert_int_equal(perf_data__write(&out, recs->p, recs->len), 0);
	} else {
		assert_int_equal(perf_header__write_begin(&h, &el, &out), 0);
		assert_int_equal(perf_data__write(&out, recs->p, recs->len), 0);
		assert_int_equal(perf_header__write_end(&h, &el, &out, recs->len), 0);
	}
	perf_data__close(&out);
	perf_header__exit(&h);
	evlist__exit(&el);
}

struct seen {
	struct perf_tool tool;
	char typed[256];	/* "s<tag>" / "c<name>" in delivery order */
	char raw[256];		/* record types as @event saw them */
};

static int seen_event(struct perf_tool *tool, struct perf_session *s,
		      const union perf_event *event, u64 off)
{
	struct seen *sn = (struct seen *)tool;
	size_t n = strlen(sn->raw);

	if (event->header.type == PERF_RECORD_SAMPLE || event->header.type == PERF_RECORD_COMM)
		snprintf(sn->raw + n, sizeof(sn->raw) - n, "%c",
			 event->header.type == PERF_RECORD_SAMPLE ? 's' : 'c');
	return 0;
}

static int seen_sample(struct perf_tool *tool, struct perf_session *s,
		       const union perf_event *event, const struct perf_sample *sample,
		       struct evsel *evsel)
{
	struct seen *sn = (struct seen *)tool;
	size_t n = strlen(sn->typed);

	snprintf(sn->typed + n, sizeof(sn->typed) - n, "%llu ", (unsigned long long)sample->ip);
	return 0;
}

static int seen_comm(struct perf_tool *tool, struct perf_session *s,
		     const union perf_event *event, const struct perf_sample *sample)
{
	struct seen *sn = (struct seen *)tool;
	size_t n = strlen(sn->typed);

	snprintf(sn->typed + n, sizeof(sn->typed) - n, "%s ", event->comm.comm);
	return 0;
}

static void run(const struct buf *recs, bool pipe, u64 sample_type, bool ordered, struct seen *sn)
{
	struct perf_session session;
	struct perf_data in;
	char path[64];
	int fd;

	strcpy(path, "/tmp/test-ordered-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_data(path, recs, pipe, sample_type);
	memset(sn, 0, sizeof(*sn));
	sn->tool.event = seen_event;
	sn->tool.sample = seen_sample;
	sn->tool.comm = seen_comm;
	sn->tool.ordered_events = ordered;
	assert_int_equal(perf_data__open(&in, path, PERF_DATA_READ, false), 0);
	assert_int_equal(perf_session__open(&session, &in), 0);
	assert_int_equal(perf_session__process_events(&session, &sn->tool), 0);
	assert_int_equal(session.stats.nr_unordered_events, 0);
	perf_session__close(&session);
	perf_data__close(&in);
	unlink(path);
}

#define TYPE_TIMED (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU)

/*
 * Two CPUs drained in turn, two rounds; the second round's CPU 1 buffer
 * is in a COMPRESSED container.  Tags: the sample's rank in time.
 * comm "x" at time 0 (synthesized) goes through first, in file order.
 */
static void build(struct buf *recs)
{
	struct buf inner = { 0 };

	add_comm(recs, 0, "x");
	add_sample(recs, 100, 0, 1);
	add_sample(recs, 300, 0, 4);
	add_sample(recs, 150, 1, 2);
	add_comm(recs, 200, "y");
	add_round(recs);
	add_sample(recs, 400, 0, 5);
	add_sample(recs, 250, 1, 3);	/* older than round 1's maximum */
	add_sample(&inner, 500, 1, 6);
	add_comm(&inner, 450, "z");
	add_compressed(recs, &inner);
	add_round(recs);
	add_sample(recs, 600, 0, 7);
	free(inner.p);
}

static void check_ordered(bool pipe)
{
	struct buf recs = { 0 };
	struct seen sn;

	build(&recs);
	run(&recs, pipe, TYPE_TIMED, true, &sn);
	assert_string_equal(sn.typed, "x 1 2 y 3 4 5 z 6 7 ");
	assert_string_equal(sn.raw, "cssscssscs");	/* @event: file order */
	run(&recs, pipe, TYPE_TIMED, false, &sn);
	assert_string_equal(sn.typed, "x 1 4 2 y 5 3 6 z 7 ");
	free(recs.p);
}

static void test_session_file(void **state)
{
	check_ordered(false);
}

static void test_session_pipe(void **state)
{
	check_ordered(true);
}

static void test_session_without_time(void **state)
{
	struct buf recs = { 0 };
	struct seen sn;

	/* no PERF_SAMPLE_TIME: nothing can be ordered, file order it is */
	add_sample(&recs, 0, 0, 1);
	add_sample(&recs, 0, 0, 2);
	add_round(&recs);
	add_sample(&recs, 0, 0, 3);
	run(&recs, false, PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CPU | PERF_SAMPLE_STREAM_ID,
	    true, &sn);
	assert_string_equal(sn.typed, "1 2 3 ");
	free(recs.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_rule),
		cmocka_unit_test(test_ties_keep_queue_order),
		cmocka_unit_test(test_copies_outlive_source),
		cmocka_unit_test(test_copy_chunks_recycled),
		cmocka_unit_test(test_bounded_without_rounds),
		cmocka_unit_test(test_deliver_error_stops),
		cmocka_unit_test(test_session_file),
		cmocka_unit_test(test_session_pipe),
		cmocka_unit_test(test_session_without_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
