// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's ring-buffer reader on a hand-built buffer: records that
 * wrap around the end, a record whose header the inspector rewrites, a
 * corrupt size, and the tail handed back to the "kernel".
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "record/ring-buffer.h"

#define DATA_SIZE	4096

struct fake {
	struct perf_mmap map;
	unsigned char *mem;		/* control page + data */
	unsigned char out[3 * DATA_SIZE];
	size_t out_len;
	int nr_records;
	bool clear_misc;		/* rewrite headers with misc cleared */
	int writes;
};

static struct perf_event_mmap_page *pc(struct fake *f)
{
	return (void *)f->mem;
}

static int fake_write(void *priv, const void *buf, size_t len)
{
	struct fake *f = priv;

	assert_true(f->out_len + len <= sizeof(f->out));
	memcpy(f->out + f->out_len, buf, len);
	f->out_len += len;
	f->writes++;
	return 0;
}

static int fake_record(void *priv, const union perf_event *ev, struct perf_event_header *fix)
{
	struct fake *f = priv;

	f->nr_records++;
	if (f->clear_misc && ev->header.misc) {
		*fix = ev->header;
		fix->misc = 0;
		return 1;
	}
	return 0;
}

static const struct perf_mmap_ops fake_ops = {
	.record = fake_record,
	.write = fake_write,
};

static int setup(void **state)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct fake *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->mem = calloc(1, page + DATA_SIZE);
	assert_non_null(f->mem);
	pc(f)->data_offset = page;
	pc(f)->data_size = DATA_SIZE;
	f->map.base = f->mem;
	f->map.mask = DATA_SIZE - 1;
	f->map.bounce = malloc(65536);
	assert_non_null(f->map.bounce);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fake *f = *state;

	free(f->map.bounce);
	free(f->mem);
	free(f);
	return 0;
}

/* Put a record of @size bytes (pattern @seed, misc @misc) at position @pos. */
static void put_record(struct fake *f, u64 pos, u16 size, u8 seed, u16 misc)
{
	unsigned char rec[512];
	struct perf_event_header *h = (void *)rec;
	unsigned char *data = f->mem + pc(f)->data_offset;
	u16 i;

	assert_true(size <= sizeof(rec));
	for (i = 0; i < size; i++)
		rec[i] = (unsigned char)(seed + i);
	h->type = PERF_RECORD_SAMPLE;
	h->misc = misc;
	h->size = size;
	for (i = 0; i < size; i++)
		data[(pos + i) & (DATA_SIZE - 1)] = rec[i];
}

static void test_empty(void **state)
{
	struct fake *f = *state;

	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), 0);
	assert_int_equal(f->writes, 0);
}

static void test_wrapping_record(void **state)
{
	struct fake *f = *state;
	u64 start = DATA_SIZE - 64;	/* a 128-byte record straddles the end */
	unsigned char expect[160];
	struct perf_event_header *h;

	f->map.prev = start;
	put_record(f, start, 128, 1, 0);
	put_record(f, start + 128, 32, 9, 0);
	pc(f)->data_head = start + 160;
	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), 160);
	assert_int_equal(f->nr_records, 2);
	assert_int_equal(f->out_len, 160);
	/* Two writes: the piece before the end, the piece after. */
	assert_int_equal(f->writes, 2);
	h = (void *)f->out;
	assert_int_equal(h->size, 128);
	memcpy(expect, f->out, sizeof(expect));
	assert_int_equal(expect[8], (unsigned char)(1 + 8));
	assert_int_equal(expect[127], (unsigned char)(1 + 127));
	assert_int_equal(pc(f)->data_tail, start + 160);
	assert_int_equal(f->map.prev, start + 160);
}

static void test_rewritten_header(void **state)
{
	struct fake *f = *state;
	struct perf_event_header *h;

	f->clear_misc = true;
	put_record(f, 0, 24, 1, 0);
	put_record(f, 24, 40, 2, 0x4002);	/* gets its misc cleared */
	put_record(f, 64, 16, 3, 0);
	pc(f)->data_head = 80;
	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), 80);
	assert_int_equal(f->out_len, 80);
	h = (void *)(f->out + 24);
	assert_int_equal(h->size, 40);
	assert_int_equal(h->misc, 0);
	assert_int_equal(f->out[24 + 8], (unsigned char)(2 + 8));
	h = (void *)(f->out + 64);
	assert_int_equal(h->size, 16);
	assert_int_equal(f->out[64 + 15], (unsigned char)(3 + 15));
	/* The ring itself is untouched (its data pages are read-only). */
	h = (void *)(f->mem + pc(f)->data_offset + 24);
	assert_int_equal(h->misc, 0x4002);
}

static void test_bad_size_drops_rest(void **state)
{
	struct fake *f = *state;

	put_record(f, 0, 24, 1, 0);
	put_record(f, 24, 12, 2, 0);		/* not a multiple of 8 */
	put_record(f, 36, 20, 3, 0);
	pc(f)->data_head = 64;
	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), -EINVAL);
	assert_int_equal(f->out_len, 24);	/* the good record only */
	assert_int_equal(pc(f)->data_tail, 64);	/* the space is released */
}

static void test_zero_size(void **state)
{
	struct fake *f = *state;

	put_record(f, 0, 8, 1, 0);
	((struct perf_event_header *)(f->mem + pc(f)->data_offset + 8))->size = 0;
	pc(f)->data_head = 64;
	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), -EINVAL);
	assert_int_equal(f->out_len, 8);
}

static void test_head_beyond_size(void **state)
{
	struct fake *f = *state;

	pc(f)->data_head = DATA_SIZE + 8;
	assert_int_equal(perf_mmap__read(&f->map, &fake_ops, f), -EINVAL);
	assert_int_equal(f->writes, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_empty, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrapping_record, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rewritten_header, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_size_drops_rest, setup, teardown),
		cmocka_unit_test_setup_teardown(test_zero_size, setup, teardown),
		cmocka_unit_test_setup_teardown(test_head_beyond_size, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
