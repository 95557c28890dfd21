// SPDX-License-Identifier: GPL-2.0
/*
 * perf record -z's compressor: what it writes is whole COMPRESSED records
 * of one zstd stream that inflate back to the input, none bigger than a
 * record may be, and none inflating past the flush bound (upstream's
 * reader gives each record mmap_len bytes and drops the rest).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zstd.h>
#include "record/compress.h"
#include "util/data/event.h"

#define FLUSH_AT	(64 * 1024)
#define INPUT_MAX	(1024 * 1024)

/* The reader's side: one stream, each record inflated on its own. */
struct sink {
	ZSTD_DStream *d;
	char *out;		/* everything inflated so far */
	size_t len;
	size_t max_record_out;	/* most any one record inflated to */
	unsigned int records;
	int fail_after;		/* writes before an -ENOSPC, or -1 */
};

static int sink_write(void *priv, const void *buf, size_t len)
{
	struct sink *s = priv;
	const struct perf_event_header *h = buf;
	ZSTD_inBuffer in;
	size_t before = s->len;

	if (s->fail_after == 0)
		return -ENOSPC;
	if (s->fail_after > 0)
		s->fail_after--;
	/* One write, one whole record. */
	assert_true(len >= sizeof(*h));
	assert_int_equal(h->type, PERF_RECORD_COMPRESSED);
	assert_int_equal(h->size, len);
	assert_true(len > sizeof(*h));
	in = (ZSTD_inBuffer){ (const char *)buf + sizeof(*h), len - sizeof(*h), 0 };
	while (in.pos < in.size) {
		ZSTD_outBuffer out = { s->out + s->len, INPUT_MAX - s->len, 0 };
		size_t r = ZSTD_decompressStream(s->d, &out, &in);

		assert_false(ZSTD_isError(r));
		s->len += out.pos;
		assert_true(s->len <= INPUT_MAX);
	}
	if (s->len - before > s->max_record_out)
		s->max_record_out = s->len - before;
	s->records++;
	return 0;
}

static void sink_init(struct sink *s)
{
	memset(s, 0, sizeof(*s));
	s->d = ZSTD_createDStream();
	s->out = malloc(INPUT_MAX);
	s->fail_after = -1;
	assert_non_null(s->d);
	assert_non_null(s->out);
	ZSTD_initDStream(s->d);
}

static void sink_exit(struct sink *s)
{
	ZSTD_freeDStream(s->d);
	free(s->out);
}

/* Half compressible (records of a few kinds), half noise. */
static char *make_input(size_t len)
{
	char *p = malloc(len);
	unsigned int x = 12345;
	size_t i;

	assert_non_null(p);
	for (i = 0; i < len; i++) {
		x = x * 1103515245 + 12345;
		p[i] = (i / 4096) % 2 ? (char)(x >> 16) : (char)("sample"[i % 6] + (i / 64) % 3);
	}
	return p;
}

static void test_roundtrip_bounded(void **state)
{
	struct record_compress c;
	struct sink s;
	char *in = make_input(INPUT_MAX);
	size_t off = 0, step = 1;

	sink_init(&s);
	assert_int_equal(record_compress__init(&c, 3, FLUSH_AT, sink_write, &s), 0);
	/* Writes of every size, like a ring buffer read's pieces, flushed now and then. */
	while (off < INPUT_MAX) {
		size_t n = step < INPUT_MAX - off ? step : INPUT_MAX - off;

		assert_int_equal(record_compress__write(&c, in + off, n), 0);
		off += n;
		step = step * 3 + 1;
		if (step > 200 * 1024)
			step = 7;
		if (off % 5 == 0)
			assert_int_equal(record_compress__flush(&c), 0);
	}
	assert_int_equal(record_compress__flush(&c), 0);
	assert_int_equal(s.len, INPUT_MAX);
	assert_memory_equal(s.out, in, INPUT_MAX);
	assert_true(s.max_record_out <= FLUSH_AT);
	assert_true(s.records > 1);
	assert_int_equal(c.bytes_in, INPUT_MAX);
	assert_true(c.bytes_out > 0 && c.bytes_out < INPUT_MAX);
	assert_true(record_compress__ratio(&c) >= 1);
	record_compress__exit(&c);
	sink_exit(&s);
	free(in);
}

/* A new file is a new stream: a fresh reader inflates it alone. */
static void test_reset_new_stream(void **state)
{
	struct record_compress c;
	struct sink a, b;
	char *in = make_input(100000);

	sink_init(&a);
	sink_init(&b);
	assert_int_equal(record_compress__init(&c, 1, FLUSH_AT, sink_write, &a), 0);
	assert_int_equal(record_compress__write(&c, in, 100000), 0);
	assert_int_equal(record_compress__flush(&c), 0);
	record_compress__reset(&c);
	assert_int_equal(c.bytes_in, 0);
	assert_int_equal(record_compress__ratio(&c), 0);
	c.priv = &b;
	assert_int_equal(record_compress__write(&c, in + 1000, 50000), 0);
	assert_int_equal(record_compress__flush(&c), 0);
	assert_int_equal(b.len, 50000);
	assert_memory_equal(b.out, in + 1000, 50000);
	record_compress__exit(&c);
	sink_exit(&a);
	sink_exit(&b);
	free(in);
}

/* A write error (a full disk) comes back to the caller, once. */
static void test_write_error(void **state)
{
	struct record_compress c;
	struct sink s;
	char *in = make_input(INPUT_MAX);
	int ret = 0;
	size_t off;

	sink_init(&s);
	s.fail_after = 1;
	assert_int_equal(record_compress__init(&c, 1, FLUSH_AT, sink_write, &s), 0);
	for (off = 0; off < INPUT_MAX && !ret; off += 8192)
		ret = record_compress__write(&c, in + off, 8192);
	assert_int_equal(ret, -ENOSPC);
	assert_int_equal(s.records, 1);
	record_compress__exit(&c);
	sink_exit(&s);
	free(in);
}

/* Every level has a bounded state (level 22 alone would take 650 MiB). */
static void test_memory_bounded(void **state)
{
	struct record_compress c;
	struct sink s;
	char *in = make_input(INPUT_MAX);
	int level;

	for (level = 1; level <= COMPRESS_LEVEL_MAX; level += 7) {
		sink_init(&s);
		assert_int_equal(record_compress__init(&c, level, FLUSH_AT, sink_write, &s), 0);
		assert_int_equal(record_compress__write(&c, in, INPUT_MAX), 0);
		assert_int_equal(record_compress__flush(&c), 0);
		assert_true(record_compress__memory(&c) < 64 * 1024 * 1024);
		assert_memory_equal(s.out, in, INPUT_MAX);
		record_compress__exit(&c);
		sink_exit(&s);
	}
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip_bounded),
		cmocka_unit_test(test_reset_new_stream),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_memory_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
