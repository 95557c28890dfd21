// SPDX-License-Identifier: GPL-2.0
/*
 * evsel__parse_sample / evsel__parse_id_sample on records built in
 * memory: every sample_type bit, read_format variants, and every
 * truncation of a valid record must give -EINVAL, never a bad read
 * (this binary runs under ASan: the truncated copies are exact-size
 * heap buffers, so a read past the end aborts the test).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/data/evsel.h"

struct rec {
	u64 buf[256];
	size_t n;	/* u64 words after the header */
};

static void rec__init(struct rec *r)
{
	memset(r, 0, sizeof(*r));
	r->n = 1;
}

static void rec__u64(struct rec *r, u64 v)
{
	r->buf[r->n++] = v;
}

static void rec__u32x2(struct rec *r, u32 a, u32 b)
{
	u32 v[2] = { a, b };

	memcpy(&r->buf[r->n++], v, 8);
}

static union perf_event *rec__finish(struct rec *r, u32 type, u16 misc)
{
	struct perf_event_header *h = (struct perf_event_header *)r->buf;

	h->type = type;
	h->misc = misc;
	h->size = r->n * 8;
	return (union perf_event *)r->buf;
}

/* Every prefix of @ev (fixed-up size) must be rejected, in its own buffer. */
static void assert_truncations_fail(const struct evsel *evsel, const union perf_event *ev,
				    bool id_sample)
{
	struct perf_sample s;
	u16 len;

	for (len = 8; len < ev->header.size; len++) {
		union perf_event *t = malloc(len);

		assert_non_null(t);
		memcpy(t, ev, len);
		t->header.size = len;
		if (id_sample)
			assert_int_equal(evsel__parse_id_sample(evsel, t, &s), -EINVAL);
		else
			assert_int_equal(evsel__parse_sample(evsel, t, &s), -EINVAL);
		free(t);
	}
}

static void test_all_fields(void **state)
{
	struct evsel evsel = { 0 };
	struct perf_sample s;
	union perf_event *ev;
	struct rec r;
	int i;

	evsel.attr.sample_type = PERF_SAMPLE_MAX - 1;	/* every bit */
	evsel.attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_ID;
	evsel.attr.branch_sample_type = PERF_SAMPLE_BRANCH_HW_INDEX;
	evsel.attr.sample_regs_user = 0x7;		/* 3 regs */
	evsel.attr.sample_regs_intr = 0x3;		/* 2 regs */

	rec__init(&r);
	rec__u64(&r, 77);			/* IDENTIFIER */
	rec__u64(&r, 0x401000);			/* IP */
	rec__u32x2(&r, 100, 101);		/* TID */
	rec__u64(&r, 123456789);		/* TIME */
	rec__u64(&r, 0xdead);			/* ADDR */
	rec__u64(&r, 77);			/* ID */
	rec__u64(&r, 78);			/* STREAM_ID */
	rec__u32x2(&r, 3, 0);			/* CPU */
	rec__u64(&r, 4000);			/* PERIOD */
	rec__u64(&r, 1); rec__u64(&r, 2); rec__u64(&r, 77);	/* READ */
	rec__u64(&r, 3);			/* CALLCHAIN nr */
	rec__u64(&r, PERF_CONTEXT_USER); rec__u64(&r, 0x401000); rec__u64(&r, 0x402000);
	rec__u32x2(&r, 5, 0x04030201);		/* RAW size 5 + 4 data bytes */
	rec__u64(&r, 0x05);			/* last raw byte, padding */
	rec__u64(&r, 2);			/* BRANCH nr */
	rec__u64(&r, 9);			/* hw_idx */
	for (i = 0; i < 6; i++)
		rec__u64(&r, 0x500 + i);	/* 2 x 24-byte entries */
	rec__u64(&r, 2);			/* REGS_USER abi */
	rec__u64(&r, 1); rec__u64(&r, 2); rec__u64(&r, 3);
	rec__u64(&r, 16);			/* STACK_USER size */
	rec__u64(&r, 0); rec__u64(&r, 0);
	rec__u64(&r, 12);			/* dyn_size */
	rec__u64(&r, 0x0000000500000007ULL);	/* WEIGHT_STRUCT */
	rec__u64(&r, 0x42);			/* DATA_SRC */
	rec__u64(&r, 0x43);			/* TRANSACTION */
	rec__u64(&r, 2); rec__u64(&r, 1); rec__u64(&r, 2);	/* REGS_INTR */
	rec__u64(&r, 0x1000);			/* PHYS_ADDR */
	rec__u64(&r, 55);			/* CGROUP */
	rec__u64(&r, 4096);			/* DATA_PAGE_SIZE */
	rec__u64(&r, 8192);			/* CODE_PAGE_SIZE */
	rec__u64(&r, 8); rec__u64(&r, 0);	/* AUX size 8 + data */
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);

	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), 0);
	assert_int_equal(s.id, 77);
	assert_int_equal(s.ip, 0x401000);
	assert_int_equal(s.pid, 100);
	assert_int_equal(s.tid, 101);
	assert_int_equal(s.time, 123456789);
	assert_int_equal(s.addr, 0xdead);
	assert_int_equal(s.stream_id, 78);
	assert_int_equal(s.cpu, 3);
	assert_int_equal(s.period, 4000);
	assert_non_null(s.callchain);
	assert_int_equal(s.callchain->nr, 3);
	assert_int_equal(s.callchain->ips[2], 0x402000);
	assert_int_equal(s.raw_size, 5);
	assert_int_equal(((const u8 *)s.raw_data)[4], 5);
	assert_int_equal(s.branch_nr, 2);
	assert_int_equal(((const u64 *)s.branch_entries)[0], 0x500);
	assert_int_equal(s.user_regs_abi, 2);
	assert_int_equal(s.user_stack_size, 12);
	assert_int_equal(s.weight, 7);
	assert_int_equal(s.data_src, 0x42);
	assert_int_equal(s.transaction, 0x43);
	assert_int_equal(s.phys_addr, 0x1000);
	assert_int_equal(s.cgroup, 55);
	assert_int_equal(s.data_page_size, 4096);
	assert_int_equal(s.code_page_size, 8192);
	assert_int_equal(s.cpumode, PERF_RECORD_MISC_USER);

	assert_truncations_fail(&evsel, ev, false);
}

/* GROUP: nr, enabled?, running?, nr * {value, id?, lost?} */
static void test_read_group(void **state)
{
	u64 formats[] = {
		PERF_FORMAT_GROUP,
		PERF_FORMAT_GROUP | PERF_FORMAT_ID,
		PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
			PERF_FORMAT_ID | PERF_FORMAT_LOST,
		PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_LOST,
		0,
	};
	size_t f;

	for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		u64 rf = formats[f];
		struct evsel evsel = { 0 };
		struct perf_sample s;
		union perf_event *ev;
		struct rec r;
		u64 i, nr = (rf & PERF_FORMAT_GROUP) ? 3 : 1;

		evsel.attr.sample_type = PERF_SAMPLE_READ | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ |
					 PERF_SAMPLE_CGROUP;
		evsel.attr.read_format = rf;
		rec__init(&r);
		rec__u64(&r, 1000);			/* PERIOD */
		if (rf & PERF_FORMAT_GROUP)
			rec__u64(&r, nr);
		else
			rec__u64(&r, 5);		/* value */
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			rec__u64(&r, 10);
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			rec__u64(&r, 11);
		for (i = 0; i < nr; i++) {
			if (rf & PERF_FORMAT_GROUP)
				rec__u64(&r, 5);	/* value */
			if (rf & PERF_FORMAT_ID)
				rec__u64(&r, 100 + i);
			if (rf & PERF_FORMAT_LOST)
				rec__u64(&r, 0);
		}
		rec__u64(&r, 0xc6);			/* CGROUP, after READ */
		ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
		assert_int_equal(evsel__parse_sample(&evsel, ev, &s), 0);
		assert_int_equal(s.period, 1000);
		assert_int_equal(s.cgroup, 0xc6);
		assert_truncations_fail(&evsel, ev, false);
	}
}

/* A hostile nr must not overflow the size check (nr * 8 wraps to 0). */
static void test_hostile_counts(void **state)
{
	struct evsel evsel = { 0 };
	struct perf_sample s;
	union perf_event *ev;
	struct rec r;

	evsel.attr.sample_type = PERF_SAMPLE_CALLCHAIN;
	rec__init(&r);
	rec__u64(&r, 1ULL << 61);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), -EINVAL);

	evsel.attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
	rec__init(&r);
	rec__u64(&r, 0xaaaaaaaaaaaaaab);	/* * 24 wraps to a small number */
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), -EINVAL);

	evsel.attr.sample_type = PERF_SAMPLE_READ;
	evsel.attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID;
	rec__init(&r);
	rec__u64(&r, 1ULL << 60);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), -EINVAL);

	/* stack dyn_size larger than the stack copy is a lie */
	evsel.attr.sample_type = PERF_SAMPLE_STACK_USER;
	rec__init(&r);
	rec__u64(&r, 8);
	rec__u64(&r, 0);
	rec__u64(&r, 9);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), -EINVAL);

	/* RAW size that runs past the record */
	evsel.attr.sample_type = PERF_SAMPLE_RAW;
	rec__init(&r);
	rec__u32x2(&r, 0xfffffff0, 0);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), -EINVAL);

	/* not sampled, the period is the fixed one of the attr (-c 1000) */
	evsel.attr.sample_type = PERF_SAMPLE_IP;
	evsel.attr.sample_period = 1000;
	rec__init(&r);
	rec__u64(&r, 0x401000);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), 0);
	assert_int_equal(s.period, 1000);
	evsel.attr.sample_period = 0;

	/* regs: abi 0 means no registers follow */
	evsel.attr.sample_type = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_PERIOD;
	evsel.attr.sample_regs_user = ~0ULL;
	rec__init(&r);
	rec__u64(&r, 500);
	rec__u64(&r, 0);
	ev = rec__finish(&r, PERF_RECORD_SAMPLE, 0);
	assert_int_equal(evsel__parse_sample(&evsel, ev, &s), 0);
	assert_int_equal(s.period, 500);
	assert_int_equal(s.user_regs_abi, 0);
}

/* The trailer of a non-sample record, read from its end. */
static void test_id_sample(void **state)
{
	struct evsel evsel = { 0 };
	struct perf_sample s;
	union perf_event *ev;
	struct rec r;

	evsel.attr.flags = PERF_ATTR_FLAG_SAMPLE_ID_ALL;
	evsel.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
				 PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |
				 PERF_SAMPLE_PERIOD | PERF_SAMPLE_IDENTIFIER;
	assert_int_equal(evsel__id_hdr_size(&evsel), 48);

	rec__init(&r);
	rec__u64(&r, 0x1111);			/* body: LOST id */
	rec__u64(&r, 3);			/* body: LOST lost */
	rec__u32x2(&r, 10, 11);			/* TID */
	rec__u64(&r, 999);			/* TIME */
	rec__u64(&r, 42);			/* ID */
	rec__u64(&r, 43);			/* STREAM_ID */
	rec__u32x2(&r, 1, 0);			/* CPU */
	rec__u64(&r, 42);			/* IDENTIFIER */
	ev = rec__finish(&r, PERF_RECORD_LOST, 0);
	assert_int_equal(evsel__parse_id_sample(&evsel, ev, &s), 0);
	assert_int_equal(s.pid, 10);
	assert_int_equal(s.tid, 11);
	assert_int_equal(s.time, 999);
	assert_int_equal(s.id, 42);
	assert_int_equal(s.stream_id, 43);
	assert_int_equal(s.cpu, 1);
	assert_int_equal(s.ip, 0);		/* IP is not part of sample_id */

	/* too short for the trailer */
	ev->header.size = 8 + 40;
	assert_int_equal(evsel__parse_id_sample(&evsel, ev, &s), -EINVAL);
	ev->header.size = 8 + 48;
	assert_int_equal(evsel__parse_id_sample(&evsel, ev, &s), 0);

	/* no sample_id_all: nothing to read, zeroed sample */
	evsel.attr.flags = 0;
	assert_int_equal(evsel__id_hdr_size(&evsel), 0);
	ev->header.size = 8 + 16;
	assert_int_equal(evsel__parse_id_sample(&evsel, ev, &s), 0);
	assert_int_equal(s.time, 0);
	assert_int_equal(s.id, 0);
}

static void test_names(void **state)
{
	struct evsel e = { 0 };

	e.attr.type = PERF_TYPE_SOFTWARE;
	e.attr.config = PERF_COUNT_SW_TASK_CLOCK;
	assert_string_equal(evsel__name(&e), "task-clock");
	e.attr.config = PERF_COUNT_SW_CGROUP_SWITCHES;
	assert_string_equal(evsel__name(&e), "cgroup-switches");
	e.attr.type = PERF_TYPE_HARDWARE;
	e.attr.config = PERF_COUNT_HW_REF_CPU_CYCLES;
	assert_string_equal(evsel__name(&e), "ref-cycles");
	e.attr.config = PERF_COUNT_HW_STALLED_CYCLES_FRONTEND;
	assert_string_equal(evsel__name(&e), "stalled-cycles-frontend");
	e.attr.type = PERF_TYPE_RAW;
	e.attr.config = 0x1c2;
	assert_string_equal(evsel__name(&e), "raw 0x1c2");
	free(e.name);
	e.name = NULL;
	e.attr.type = 11;
	e.attr.config = 7;
	assert_string_equal(evsel__name(&e), "11:7");
	free(e.name);
	{
		char m[16];

		e.attr.flags = PERF_ATTR_FLAG_EXCLUDE_GUEST;
		assert_int_equal(evsel__modifiers(&e, m, sizeof(m)), 0);
		assert_string_equal(m, "");
		e.attr.flags = 0;
		evsel__modifiers(&e, m, sizeof(m));
		assert_string_equal(m, ":HG");
		e.attr.flags = PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_HV |
			       PERF_ATTR_FLAG_EXCLUDE_GUEST;
		evsel__modifiers(&e, m, sizeof(m));
		assert_string_equal(m, ":uH");
		e.attr.flags = PERF_ATTR_FLAG_EXCLUDE_USER | PERF_ATTR_FLAG_EXCLUDE_GUEST |
			       PERF_ATTR_FLAG_EXCLUDE_HOST;
		evsel__modifiers(&e, m, sizeof(m));
		assert_string_equal(m, ":kh");
		e.attr.flags = (2ULL << PERF_ATTR_FLAG_PRECISE_IP_SHIFT) | PERF_ATTR_FLAG_EXCLUDE_GUEST;
		evsel__modifiers(&e, m, sizeof(m));
		assert_string_equal(m, ":ppH");
		e.attr.flags = 0;
	}
	/* EVENT_DESC's name wins */
	e.name = (char *)"cpu/cycles/u";
	assert_string_equal(evsel__name(&e), "cpu/cycles/u");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_fields),
		cmocka_unit_test(test_read_group),
		cmocka_unit_test(test_hostile_counts),
		cmocka_unit_test(test_id_sample),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
