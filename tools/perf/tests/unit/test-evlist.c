// SPDX-License-Identifier: GPL-2.0
/* evlist: id hash, record -> event with IDENTIFIER and ID-only layouts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/data/evlist.h"
#include "util/data/header.h"

static struct evsel *add(struct evlist *el, u64 config, u64 sample_type, u64 flags,
			 u64 first_id, u32 nr)
{
	struct perf_event_attr attr = { 0 };
	u64 ids[64];
	u32 i;

	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = PERF_ATTR_SIZE_VER7;
	attr.config = config;
	attr.sample_type = sample_type;
	attr.flags = flags | PERF_ATTR_FLAG_SAMPLE_ID_ALL;
	for (i = 0; i < nr; i++)
		ids[i] = first_id + i;
	return evlist__add(el, &attr, sizeof(attr), ids, nr);
}

static void test_id_hash(void **state)
{
	struct evlist el;
	struct evsel *a, *b;
	u64 more[1000];
	int i;

	evlist__init(&el);
	a = add(&el, 0, PERF_SAMPLE_IP, 0, 1000, 2);
	b = add(&el, 1, PERF_SAMPLE_IP, 0, 2000, 2);
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(el.nr, 2);
	assert_int_equal(a->idx, 0);
	assert_int_equal(b->idx, 1);
	assert_ptr_equal(evlist__id2evsel(&el, 1001), a);
	assert_ptr_equal(evlist__id2evsel(&el, 2000), b);
	assert_null(evlist__id2evsel(&el, 3000));
	/* growth keeps everything findable */
	for (i = 0; i < 1000; i++)
		more[i] = 5000 + i * 4096;
	assert_int_equal(evsel__add_ids(&el, b, more, 1000), 0);
	assert_int_equal(b->nr_ids, 1002);
	assert_int_equal(el.nr_ids, 1004);
	assert_ptr_equal(evlist__id2evsel(&el, 5000 + 999 * 4096), b);
	assert_ptr_equal(evlist__id2evsel(&el, 1000), a);
	evlist__exit(&el);
}

static void test_attr_sizes(void **state)
{
	struct evlist el;
	struct evsel *e;
	u8 big[200];
	struct perf_event_attr *attr = (struct perf_event_attr *)big;

	evlist__init(&el);
	memset(big, 0xff, sizeof(big));
	attr->type = PERF_TYPE_HARDWARE;
	attr->config = 1;
	attr->flags = PERF_ATTR_FLAG_MMAP2;
	/* VER0 attr: fields past 64 bytes are zero, not garbage */
	e = evlist__add(&el, big, PERF_ATTR_SIZE_VER0, NULL, 0);
	assert_non_null(e);
	assert_int_equal(e->attr_size, 64);
	assert_int_equal(e->attr.branch_sample_type, 0);
	assert_int_equal(e->attr.sig_data, 0);
	/* a bigger attr than ours: the extra is ignored */
	e = evlist__add(&el, big, sizeof(big), NULL, 0);
	assert_non_null(e);
	assert_int_equal(e->attr_size, sizeof(big));
	assert_string_equal(evsel__name(el.entries[0]), "instructions");
	assert_false(evlist__wants_mmap3(&el));
	evlist__exit(&el);
}

static union perf_event *sample(u64 *buf, const u64 *body, int n, u32 type)
{
	union perf_event *ev = (union perf_event *)buf;

	ev->header.type = type;
	ev->header.misc = 0;
	ev->header.size = 8 + 8 * n;
	memcpy(buf + 1, body, 8 * n);
	return ev;
}

static void test_event2evsel_identifier(void **state)
{
	struct evlist el;
	struct evsel *a, *b;
	u64 buf[16];
	/* IDENTIFIER first in a sample, last in a trailer */
	u64 s1[] = { 2001, 0x401000, 5 };
	u64 lost[] = { 1, 2, 0x1234, 1000 };

	evlist__init(&el);
	a = add(&el, 0, PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TIME, 0, 1000, 2);
	b = add(&el, 1, PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN,
		PERF_ATTR_FLAG_MMAP3, 2000, 2);
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, s1, 3, PERF_RECORD_SAMPLE)), b);
	s1[0] = 1000;
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, s1, 3, PERF_RECORD_SAMPLE)), a);
	s1[0] = 7;
	assert_null(evlist__event2evsel(&el, sample(buf, s1, 3, PERF_RECORD_SAMPLE)));
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, lost, 4, PERF_RECORD_LOST)), a);
	lost[3] = 2001;
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, lost, 4, PERF_RECORD_LOST)), b);
	/* a sample too short to hold the id */
	assert_null(evlist__event2evsel(&el, sample(buf, s1, 0, PERF_RECORD_SAMPLE)));
	assert_true(evlist__wants_mmap3(&el));
	evlist__exit(&el);
}

static void test_event2evsel_id_only(void **state)
{
	struct evlist el;
	struct evsel *a, *b;
	u64 buf[16];
	u64 st = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |
		 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD;
	/* IP, TID, TIME, ID, CPU, PERIOD */
	u64 s1[] = { 0x401000, 0x0000000b0000000aULL, 777, 2000, 1, 4000 };
	/* COMM body (pid, tid, "ls"), trailer TID, TIME, ID, CPU */
	u64 comm[] = { 0x0000000b0000000aULL, 0x736c, 0x0000000b0000000aULL, 777, 1001, 1 };

	evlist__init(&el);
	a = add(&el, 0, st, 0, 1000, 2);
	b = add(&el, 1, st, 0, 2000, 2);
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, s1, 6, PERF_RECORD_SAMPLE)), b);
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, comm, 6, PERF_RECORD_COMM)), a);
	/* user records carry no id */
	assert_null(evlist__event2evsel(&el, sample(buf, comm, 6, PERF_RECORD_FINISHED_ROUND)));

	/* sample_types differ and there is no IDENTIFIER: ID's place is unknown */
	b->attr.sample_type |= PERF_SAMPLE_ADDR;
	assert_null(evlist__event2evsel(&el, sample(buf, s1, 6, PERF_RECORD_SAMPLE)));
	evlist__exit(&el);

	/* one event: it owns every record, id or not */
	evlist__init(&el);
	a = add(&el, 0, PERF_SAMPLE_IP, 0, 0, 0);
	assert_ptr_equal(evlist__event2evsel(&el, sample(buf, s1, 6, PERF_RECORD_SAMPLE)), a);
	evlist__exit(&el);
}

/* EVENT_DESC: u32 nr, u32 attr_size, nr * { attr, u32 nr_ids, string, ids } */
static size_t desc_entry(u8 *p, const char *name, u64 id)
{
	u32 nr_ids = 1, len = 16;
	size_t n = 0;

	memset(p, 0, 8);		/* an 8-byte "attr" */
	n += 8;
	memcpy(p + n, &nr_ids, 4);
	n += 4;
	memcpy(p + n, &len, 4);
	n += 4;
	memset(p + n, 0, len);
	strcpy((char *)p + n, name);
	n += len;
	memcpy(p + n, &id, 8);
	return n + 8;
}

static void test_event_desc_names(void **state)
{
	struct evlist el;
	u8 buf[256];
	u32 hdr[2] = { 2, 8 };
	size_t n = 8, full;

	evlist__init(&el);
	add(&el, 0, PERF_SAMPLE_IP, 0, 1000, 1);
	add(&el, 1, PERF_SAMPLE_IP, 0, 2000, 1);
	memcpy(buf, hdr, 8);
	/* listed in the other order: the ids decide */
	n += desc_entry(buf + n, "task-clock:k", 2000);
	n += desc_entry(buf + n, "cpu-clock:u", 1000);
	full = n;
	assert_int_equal(evlist__set_event_desc_names(&el, buf, full), 0);
	assert_string_equal(evsel__name(el.entries[0]), "cpu-clock:u");
	assert_string_equal(evsel__name(el.entries[1]), "task-clock:k");

	/* every truncation is refused without reading past the end */
	for (n = 0; n < full; n++) {
		u8 *t = malloc(n ? n : 1);

		memcpy(t, buf, n);
		assert_int_equal(evlist__set_event_desc_names(&el, t, n), -EINVAL);
		free(t);
	}
	/* a hostile id count */
	memset(buf + 8 + 8, 0xff, 4);
	assert_int_equal(evlist__set_event_desc_names(&el, buf, full), -EINVAL);
	evlist__exit(&el);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_id_hash),
		cmocka_unit_test(test_attr_sizes),
		cmocka_unit_test(test_event2evsel_identifier),
		cmocka_unit_test(test_event2evsel_id_only),
		cmocka_unit_test(test_event_desc_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
