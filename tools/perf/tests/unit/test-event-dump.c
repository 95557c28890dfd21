// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event__dump (perf script -D): exact text for MMAP3 with and
 * without a build-id, type 23 when no attr asked for MMAP3, the MMAP2
 * misc bit that lies, the raw hex layout, malformed records.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "script/dump.h"

static const u8 bid[20] = {
	0xab, 0xf9, 0xec, 0x0e, 0xc5, 0x94, 0x66, 0x00, 0xc9, 0x06,
	0x41, 0xcf, 0x5d, 0xb9, 0x98, 0x47, 0x2f, 0xac, 0x41, 0x0b,
};

struct out {
	char *buf;
	size_t len;
};

/* The whole dump of @ev, and a pointer to its last (decoded) line. */
static const char *dump(struct out *o, const struct evlist *el, const union perf_event *ev)
{
	FILE *fp = open_memstream(&o->buf, &o->len);
	const char *last;

	assert_non_null(fp);
	perf_event__dump(fp, el, ev, 0x100, "t.data");
	fclose(fp);
	last = strstr(o->buf, "\n\n");
	assert_non_null(last);
	/* the decoded line follows the blank line that ends the hex dump */
	while (strstr(last + 2, "\n\n"))
		last = strstr(last + 2, "\n\n");
	return last + 2;
}

static void evlist_one(struct evlist *el, u64 flags)
{
	struct perf_event_attr attr = { 0 };

	evlist__init(el);
	attr.size = sizeof(attr);
	attr.flags = flags;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	assert_non_null(evlist__add(el, &attr, sizeof(attr), NULL, 0));
}

static union perf_event *mmap3(u64 *buf, u8 size, u8 status)
{
	struct perf_record_mmap3 *m = (struct perf_record_mmap3 *)buf;

	memset(buf, 0, 160);
	m->header.type = PERF_RECORD_MMAP3;
	m->header.misc = PERF_RECORD_MISC_USER;
	m->header.size = 96 + 16;
	m->pid = 1;
	m->tid = 2;
	m->addr = 0x7f0000;
	m->len = 0x3000;
	m->pgoff = 0x1000;
	m->maj = 8;
	m->min = 3;
	m->ino = 99;
	m->ino_generation = 7;
	m->prot = 5;
	m->flags = 2;
	m->build_id_size = size;
	m->build_id_status = status;
	memcpy(m->build_id, bid, size);
	strcpy(m->filename, "/lib/libc.so.6");
	return (union perf_event *)buf;
}

static void test_mmap3(void **state)
{
	struct evlist el;
	struct out o;
	u64 buf[20];

	evlist_one(&el, PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_MMAP3);
	assert_string_equal(dump(&o, &el, mmap3(buf, 20, PERF_MMAP3_BUILD_ID_OK)),
		"-1 -1 0x100 [0x70]: PERF_RECORD_MMAP3 1/2: [0x7f0000(0x3000) @ 0x1000 08:03 99 7 "
		"<abf9ec0ec5946600c90641cf5db998472fac410b>]: r-xp /lib/libc.so.6\n");
	free(o.buf);
	assert_string_equal(dump(&o, &el, mmap3(buf, 16, PERF_MMAP3_BUILD_ID_OK)),
		"-1 -1 0x100 [0x70]: PERF_RECORD_MMAP3 1/2: [0x7f0000(0x3000) @ 0x1000 08:03 99 7 "
		"<abf9ec0ec5946600c90641cf5db99847>]: r-xp /lib/libc.so.6\n");
	free(o.buf);
	assert_string_equal(dump(&o, &el, mmap3(buf, 0, PERF_MMAP3_BUILD_ID_NO_NOTE)),
		"-1 -1 0x100 [0x70]: PERF_RECORD_MMAP3 1/2: [0x7f0000(0x3000) @ 0x1000 08:03 99 7 "
		"<no build-id: no build-id note>]: r-xp /lib/libc.so.6\n");
	free(o.buf);
	assert_string_equal(dump(&o, &el, mmap3(buf, 0, PERF_MMAP3_BUILD_ID_NOT_REGULAR)),
		"-1 -1 0x100 [0x70]: PERF_RECORD_MMAP3 1/2: [0x7f0000(0x3000) @ 0x1000 08:03 99 7 "
		"<no build-id: not a regular file>]: r-xp /lib/libc.so.6\n");
	free(o.buf);
	evlist__exit(&el);

	/* no attr asked for MMAP3: type 23 is someone else's record */
	evlist_one(&el, PERF_ATTR_FLAG_MMAP2);
	assert_string_equal(dump(&o, &el, mmap3(buf, 20, PERF_MMAP3_BUILD_ID_OK)),
			    "-1 -1 0x100 [0x70]: PERF_RECORD_TYPE_23\n");
	free(o.buf);
	evlist__exit(&el);
}

static union perf_event *mmap2(u64 *buf, u16 misc)
{
	struct perf_record_mmap2 *m = (struct perf_record_mmap2 *)buf;

	memset(buf, 0, 128);
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = misc;
	m->header.size = 72 + 16;
	m->pid = 10;
	m->tid = 10;
	m->start = 0x55c0d4107000ULL;
	m->len = 0x13000;
	m->pgoff = 0x4000;
	m->maj = 0xfe;
	m->min = 0;
	m->ino = 247728;
	m->prot = 5;
	m->flags = 2;
	strcpy(m->filename, "/usr/bin/ls");
	return (union perf_event *)buf;
}

static void test_mmap2(void **state)
{
	struct evlist el;
	struct out o;
	u64 buf[16];
	union perf_event *ev;

	/* the kernel set the build-id bit on a record of a session without build-ids */
	evlist_one(&el, PERF_ATTR_FLAG_MMAP2);
	ev = mmap2(buf, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
	assert_string_equal(dump(&o, &el, ev),
		"-1 -1 0x100 [0x58]: PERF_RECORD_MMAP2 10/10: [0x55c0d4107000(0x13000) @ 0x4000 "
		"fe:00 247728 0]: r-xp /usr/bin/ls\n");
	free(o.buf);
	evlist__exit(&el);

	evlist_one(&el, PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID);
	ev->mmap2.build_id_size = 20;
	ev->mmap2.__reserved_1 = 0;
	ev->mmap2.__reserved_2 = 0;
	memcpy(ev->mmap2.build_id, bid, 20);
	assert_string_equal(dump(&o, &el, ev),
		"-1 -1 0x100 [0x58]: PERF_RECORD_MMAP2 10/10: [0x55c0d4107000(0x13000) @ 0x4000 "
		"<abf9ec0ec5946600c90641cf5db998472fac410b>]: r-xp /usr/bin/ls\n");
	free(o.buf);
	evlist__exit(&el);
}

static void test_raw_and_user_records(void **state)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = 8 };
	struct evlist el;
	struct out o;
	FILE *fp;

	evlist__init(&el);
	fp = open_memstream(&o.buf, &o.len);
	perf_event__dump(fp, &el, (const union perf_event *)&h, 0x808, "f.data");
	fclose(fp);
	assert_string_equal(o.buf,
		"\n0x808@f.data [0x8]: event: 68\n"
		".\n"
		". ... raw event: size 8 bytes\n"
		".  0000:  44 00 00 00 00 00 08 00                          D.......        \n"
		"\n"
		"-1 -1 0x808 [0x8]: PERF_RECORD_FINISHED_ROUND\n");
	free(o.buf);
	evlist__exit(&el);
}

static void test_malformed(void **state)
{
	struct evlist el;
	struct out o;
	u64 buf[8];
	union perf_event *ev = (union perf_event *)buf;

	evlist_one(&el, PERF_ATTR_FLAG_MMAP2);
	/* COMM whose name runs to the end of the record without a NUL */
	memset(buf, 'x', sizeof(buf));
	ev->header.type = PERF_RECORD_COMM;
	ev->header.misc = 0;
	ev->header.size = 32;
	assert_string_equal(dump(&o, &el, ev),
			    "-1 -1 0x100 [0x20]: PERF_RECORD_COMM: malformed record\n");
	free(o.buf);
	/* ID_INDEX with a huge nr */
	memset(buf, 0, sizeof(buf));
	ev->header.type = PERF_RECORD_ID_INDEX;
	ev->header.size = 48;
	ev->id_index.nr = 1ULL << 60;
	assert_string_equal(dump(&o, &el, ev),
			    "-1 -1 0x100 [0x30]: PERF_RECORD_ID_INDEX: malformed record\n");
	free(o.buf);
	/* a SAMPLE shorter than its sample_type */
	ev->header.type = PERF_RECORD_SAMPLE;
	ev->header.size = 16;
	assert_string_equal(dump(&o, &el, ev),
			    "0x100 [0x10]: PERF_RECORD_SAMPLE: malformed record\n");
	free(o.buf);
	evlist__exit(&el);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mmap3),
		cmocka_unit_test(test_mmap2),
		cmocka_unit_test(test_raw_and_user_records),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
