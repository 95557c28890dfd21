// SPDX-License-Identifier: GPL-2.0
/*
 * perf record --overwrite and --switch-output pure parts: the backward
 * ring-buffer reader on a hand-built buffer (written downwards like the
 * kernel does with attr.write_backward), and the --switch-output values.
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
#include "record/switch-output.h"

#define DATA_SIZE	4096

struct fake {
	struct perf_mmap map;
	unsigned char *mem;		/* control page + data */
	u64 head;			/* the "kernel's" head: moves down */
	u16 seen[DATA_SIZE / 8];	/* misc (a sequence number) of each output record */
	int nr;
	int torn;			/* records whose bytes were not what was put */
};

static struct perf_event_mmap_page *pc(struct fake *f)
{
	return (void *)f->mem;
}

static int fake_write(void *priv, const void *buf, size_t len)
{
	return 0;
}

/* Records come whole (bounced if they wrap): check and note each. */
static int fake_record(void *priv, const union perf_event *ev, struct perf_event_header *fix)
{
	struct fake *f = priv;
	const unsigned char *p = (const void *)ev;
	u16 i;

	for (i = sizeof(ev->header); i < ev->header.size; i++)
		if (p[i] != (unsigned char)(ev->header.misc + i))
			f->torn++;
	f->seen[f->nr++] = ev->header.misc;
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
	f->map.overwrite = true;
	f->map.bounce = malloc(65536);
	f->map.offs = malloc(DATA_SIZE / 8 * sizeof(*f->map.offs));
	assert_non_null(f->map.bounce);
	assert_non_null(f->map.offs);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fake *f = *state;

	free(f->map.bounce);
	free(f->map.offs);
	free(f->mem);
	free(f);
	return 0;
}

/* The kernel's backward write: head moves down by @size, the record goes there. */
static void put_record(struct fake *f, u16 size, u16 seq)
{
	unsigned char *data = f->mem + pc(f)->data_offset;
	struct perf_event_header h = { .type = PERF_RECORD_SAMPLE, .misc = seq, .size = size };
	u16 i;

	f->head -= size;
	for (i = 0; i < size; i++)
		data[(f->head + i) & (DATA_SIZE - 1)] = (unsigned char)(seq + i);
	memcpy(data + (f->head & (DATA_SIZE - 1)), &h, sizeof(h));
	pc(f)->data_head = f->head;
}

static void test_not_full_oldest_first(void **state)
{
	struct fake *f = *state;

	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 0);
	put_record(f, 24, 1);
	put_record(f, 40, 2);
	put_record(f, 16, 3);
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 80);
	assert_int_equal(f->nr, 3);
	assert_int_equal(f->seen[0], 1);
	assert_int_equal(f->seen[1], 2);
	assert_int_equal(f->seen[2], 3);
	assert_int_equal(f->torn, 0);
	/* Nothing new: nothing again. */
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 0);
	assert_int_equal(f->nr, 3);
}

static void test_only_new_since_last_read(void **state)
{
	struct fake *f = *state;

	put_record(f, 24, 1);
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 24);
	put_record(f, 24, 2);
	put_record(f, 24, 3);
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 48);
	assert_int_equal(f->nr, 3);
	assert_int_equal(f->seen[1], 2);
	assert_int_equal(f->seen[2], 3);
}

/*
 * 200 records of 48 bytes do not fit in 4096: the newest 85 come out,
 * in order, and the one the kernel half overwrote does not.
 */
static void test_wrapped_keeps_newest(void **state)
{
	struct fake *f = *state;
	int i;

	for (i = 1; i <= 200; i++)
		put_record(f, 48, (u16)i);
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), 85 * 48);
	assert_int_equal(f->nr, 85);
	for (i = 0; i < 85; i++)
		assert_int_equal(f->seen[i], 200 - 84 + i);
	assert_int_equal(f->torn, 0);
}

/* Records that straddle the end of the buffer come whole. */
static void test_record_across_the_end(void **state)
{
	struct fake *f = *state;
	int i;

	for (i = 1; i <= 100; i++)
		put_record(f, (u16)(i % 2 ? 56 : 24), (u16)i);
	assert_true(perf_mmap__read_backward(&f->map, &fake_ops, f) > 0);
	assert_true(f->nr > 40);
	assert_int_equal(f->seen[f->nr - 1], 100);
	assert_int_equal(f->torn, 0);
}

/* A bad size ends the walk: the newer records before it are kept. */
static void test_bad_size_keeps_newer(void **state)
{
	struct fake *f = *state;
	unsigned char *data = f->mem + pc(f)->data_offset;
	struct perf_event_header *h;

	put_record(f, 24, 1);
	h = (void *)(data + (f->head & (DATA_SIZE - 1)));
	h->size = 12;		/* not a multiple of 8 */
	put_record(f, 24, 2);
	put_record(f, 24, 3);
	assert_int_equal(perf_mmap__read_backward(&f->map, &fake_ops, f), -EINVAL);
	assert_int_equal(f->nr, 2);
	assert_int_equal(f->seen[0], 2);
	assert_int_equal(f->seen[1], 3);
}

static void test_switch_output_values(void **state)
{
	struct switch_output so;

	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, NULL), 0);
	assert_true(so.enabled && so.signal);
	assert_int_equal(so.size, 0);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "signal"), 0);
	assert_true(so.signal);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "1M"), 0);
	assert_int_equal(so.size, 1 << 20);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "100K"), 0);
	assert_int_equal(so.size, 100 << 10);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "512B"), 0);
	assert_int_equal(so.size, 512);
	memset(&so, 0, sizeof(so));
	/* Lower-case m is minutes, like upstream. */
	assert_int_equal(switch_output__parse(&so, "1m"), 0);
	assert_int_equal(so.time_ms, 60000);
	assert_int_equal(so.size, 0);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "30s"), 0);
	assert_int_equal(so.time_ms, 30000);
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "2d"), 0);
	assert_int_equal(so.time_ms, 2ULL * 86400 * 1000);
	assert_int_equal(switch_output__parse(&so, "1"), -EINVAL);
	assert_false(so.enabled);
	assert_int_equal(switch_output__parse(&so, "M"), -EINVAL);
	assert_int_equal(switch_output__parse(&so, "-1M"), -EINVAL);
	assert_int_equal(switch_output__parse(&so, "1MB"), -EINVAL);
	assert_int_equal(switch_output__parse(&so, "0s"), -EINVAL);
	assert_int_equal(switch_output__parse(&so, "99999999999999999999G"), -EINVAL);
	assert_int_equal(switch_output__parse(&so, ""), -EINVAL);
}

static void test_switch_output_due(void **state)
{
	struct switch_output so;

	memset(&so, 0, sizeof(so));
	assert_false(switch_output__due(&so, 1ULL << 40));
	assert_int_equal(switch_output__parse(&so, "4K"), 0);
	assert_int_equal(switch_output__poll_timeout(&so), -1);
	assert_false(switch_output__due(&so, 4095));
	assert_true(switch_output__due(&so, 4096));
	memset(&so, 0, sizeof(so));
	assert_int_equal(switch_output__parse(&so, "1h"), 0);
	switch_output__arm(&so);
	assert_false(switch_output__due(&so, 1ULL << 40));
	assert_true(switch_output__poll_timeout(&so) > 3500 * 1000);
	so.deadline_ns = 1;	/* long past */
	assert_true(switch_output__due(&so, 0));
	assert_int_equal(switch_output__poll_timeout(&so), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_not_full_oldest_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_only_new_since_last_read, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrapped_keeps_newest, setup, teardown),
		cmocka_unit_test_setup_teardown(test_record_across_the_end, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_size_keeps_newer, setup, teardown),
		cmocka_unit_test(test_switch_output_values),
		cmocka_unit_test(test_switch_output_due),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
