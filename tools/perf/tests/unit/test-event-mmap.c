// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event__parse_mmap: MMAP, both forms of MMAP2 (and the kernel's
 * lying misc bit), MMAP3 with and without a build-id, bad records.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "util/data/event.h"

static const u8 bid[20] = {
	0xab, 0xf9, 0xec, 0x0e, 0xc5, 0x94, 0x66, 0x00, 0xc9, 0x06,
	0x41, 0xcf, 0x5d, 0xb9, 0x98, 0x47, 0x2f, 0xac, 0x41, 0x0b,
};

/* An MMAP2 with maj/min/ino, as the kernel writes it for a session without build-ids. */
static union perf_event *mmap2_inode(u64 *buf, u16 misc)
{
	struct perf_record_mmap2 *m = (struct perf_record_mmap2 *)buf;

	memset(buf, 0, 128);
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = misc;
	m->header.size = 72 + 16;
	m->pid = 10;
	m->tid = 11;
	m->start = 0x400000;
	m->len = 0x1000;
	m->pgoff = 0x2000;
	m->maj = 0xfe;		/* read as build_id_size this is 254: implausible */
	m->min = 1;
	m->ino = 247728;
	m->ino_generation = 3;
	m->prot = 5;
	m->flags = 2;
	strcpy(m->filename, "/usr/bin/ls");
	return (union perf_event *)buf;
}

static void test_mmap2_lying_misc_bit(void **state)
{
	struct perf_event_attr attr = { .flags = PERF_ATTR_FLAG_MMAP2 };
	struct perf_mmap_info info;
	u64 buf[16];
	union perf_event *ev = mmap2_inode(buf, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);

	/* misc says build-id, but our attr never asked for one */
	assert_int_equal(perf_event__parse_mmap(ev, &attr, &info), 0);
	assert_true(info.has_inode);
	assert_false(info.has_build_id);
	assert_int_equal(info.maj, 0xfe);
	assert_int_equal(info.min, 1);
	assert_int_equal(info.ino, 247728);
	assert_int_equal(info.ino_generation, 3);
	assert_int_equal(info.pid, 10);
	assert_int_equal(info.start, 0x400000);
	assert_int_equal(info.pgoff, 0x2000);
	assert_int_equal(info.prot, 5);
	assert_string_equal(info.filename, "/usr/bin/ls");

	/* attr asked, but size byte (maj = 0xfe) is not 1..20: inode form */
	attr.flags |= PERF_ATTR_FLAG_BUILD_ID;
	assert_int_equal(perf_event__parse_mmap(ev, &attr, &info), 0);
	assert_true(info.has_inode);
	assert_false(info.has_build_id);

	/* no attr known: inode form */
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_false(info.has_build_id);
}

static void test_mmap2_build_id(void **state)
{
	struct perf_event_attr attr = { .flags = PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID };
	struct perf_mmap_info info;
	u64 buf[16];
	union perf_event *ev = mmap2_inode(buf, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);

	memset(&ev->mmap2.build_id_size, 0, 24);
	ev->mmap2.build_id_size = 20;
	memcpy(ev->mmap2.build_id, bid, 20);
	assert_int_equal(perf_event__parse_mmap(ev, &attr, &info), 0);
	assert_true(info.has_build_id);
	assert_false(info.has_inode);
	assert_int_equal(info.build_id_size, 20);
	assert_memory_equal(info.build_id, bid, 20);

	/* the kernel failed to parse: it clears the bit and writes the inode */
	ev = mmap2_inode(buf, PERF_RECORD_MISC_USER);
	assert_int_equal(perf_event__parse_mmap(ev, &attr, &info), 0);
	assert_false(info.has_build_id);
	assert_true(info.has_inode);
	assert_int_equal(info.ino, 247728);
}

static union perf_event *mmap3(u64 *buf, u8 size, u8 status)
{
	struct perf_record_mmap3 *m = (struct perf_record_mmap3 *)buf;

	memset(buf, 0, 160);
	m->header.type = PERF_RECORD_MMAP3;
	m->header.size = 96 + 24;
	m->pid = 1;
	m->tid = 2;
	m->addr = 0x7f0000;
	m->len = 0x3000;
	m->maj = 8;
	m->min = 3;
	m->ino = 99;
	m->ino_generation = 7;
	m->prot = 5;
	m->flags = 2;
	m->build_id_size = size;
	m->build_id_status = status;
	if (size && size <= 20)
		memcpy(m->build_id, bid, size);
	strcpy(m->filename, "/lib/libc.so.6");
	return (union perf_event *)buf;
}

static void test_mmap3(void **state)
{
	struct perf_mmap_info info;
	u64 buf[20];
	union perf_event *ev;

	ev = mmap3(buf, 16, PERF_MMAP3_BUILD_ID_OK);
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_true(info.has_build_id);
	assert_true(info.has_inode);
	assert_int_equal(info.build_id_size, 16);
	assert_memory_equal(info.build_id, bid, 16);
	assert_int_equal(info.maj, 8);
	assert_int_equal(info.min, 3);
	assert_int_equal(info.ino, 99);
	assert_int_equal(info.start, 0x7f0000);
	assert_string_equal(info.filename, "/lib/libc.so.6");

	ev = mmap3(buf, 0, PERF_MMAP3_BUILD_ID_NO_NOTE);
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_false(info.has_build_id);
	assert_true(info.has_inode);
	assert_int_equal(info.build_id_status, PERF_MMAP3_BUILD_ID_NO_NOTE);

	/* status OK but an impossible size: not trusted */
	ev = mmap3(buf, 21, PERF_MMAP3_BUILD_ID_OK);
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_false(info.has_build_id);
	ev = mmap3(buf, 20, PERF_MMAP3_BUILD_ID_NOT_ELF);
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_false(info.has_build_id);
}

static void test_bad_records(void **state)
{
	struct perf_mmap_info info;
	u64 buf[20];
	union perf_event *ev;
	u16 len;

	/* filename not NUL-terminated inside the record */
	ev = mmap3(buf, 20, 0);
	memset(ev->mmap3.filename, 'x', 24);
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), -EINVAL);

	/* every short size, exact-size heap copies (ASan watches the reads) */
	ev = mmap3(buf, 20, 0);
	for (len = 8; len <= 96; len++) {
		union perf_event *t = malloc(len);

		memcpy(t, ev, len);
		t->header.size = len;
		assert_int_equal(perf_event__parse_mmap(t, NULL, &info), -EINVAL);
		t->header.type = PERF_RECORD_MMAP2;
		if (len <= 72)
			assert_int_equal(perf_event__parse_mmap(t, NULL, &info), -EINVAL);
		t->header.type = PERF_RECORD_MMAP;
		if (len <= 40)
			assert_int_equal(perf_event__parse_mmap(t, NULL, &info), -EINVAL);
		free(t);
	}

	/* plain MMAP */
	memset(buf, 0, sizeof(buf));
	ev = (union perf_event *)buf;
	ev->header.type = PERF_RECORD_MMAP;
	ev->header.size = 40 + 24;
	ev->header.misc = PERF_RECORD_MISC_KERNEL;
	ev->mmap.pid = (u32)-1;
	ev->mmap.start = 0xffffffff81000000ULL;
	strcpy(ev->mmap.filename, "[kernel.kallsyms]_text");
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), 0);
	assert_string_equal(info.filename, "[kernel.kallsyms]_text");
	assert_int_equal(info.start, 0xffffffff81000000ULL);
	assert_false(info.has_inode);
	assert_false(info.has_build_id);

	ev->header.type = PERF_RECORD_COMM;
	assert_int_equal(perf_event__parse_mmap(ev, NULL, &info), -EINVAL);
}

static void test_names(void **state)
{
	assert_string_equal(perf_event__name(PERF_RECORD_MMAP2), "MMAP2");
	assert_string_equal(perf_event__name(PERF_RECORD_SAMPLE), "SAMPLE");
	assert_string_equal(perf_event__name(PERF_RECORD_MMAP3), "MMAP3");
	assert_string_equal(perf_event__name(PERF_RECORD_HEADER_ATTR), "ATTR");
	assert_string_equal(perf_event__name(PERF_RECORD_HEADER_FEATURE), "FEATURE");
	assert_string_equal(perf_event__name(PERF_RECORD_FINISHED_ROUND), "FINISHED_ROUND");
	assert_string_equal(perf_event__name(PERF_RECORD_FINISHED_INIT), "FINISHED_INIT");
	assert_string_equal(perf_event__name(22), "UNKNOWN");
	assert_string_equal(perf_event__name(PERF_RECORD_HEADER_MAX), "UNKNOWN");
	assert_string_equal(perf_event__name(0xffffffff), "UNKNOWN");
	assert_true(perf_event__is_mmap3(23, true));
	assert_false(perf_event__is_mmap3(23, false));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mmap2_lying_misc_bit),
		cmocka_unit_test(test_mmap2_build_id),
		cmocka_unit_test(test_mmap3),
		cmocka_unit_test(test_bad_records),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
