// SPDX-License-Identifier: GPL-2.0
/*
 * The protobuf wire format (util/base/protobuf) and the pprof profile
 * (data/pprof-profile): varints at their edges, nested lengths that need
 * more than one byte, deduplication while building, an encode/decode
 * round trip with and without gzip, and the decoder's refusals.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/base/protobuf.h"
#include "data/pprof-profile.h"

static void test_varints(void **state)
{
	static const u64 vals[] = { 0, 1, 127, 128, 300, 16383, 16384, 1ULL << 35,
				    UINT64_MAX };
	struct pb_buf b;
	struct pb_reader r;
	u64 v;
	size_t i;

	pb_buf__init(&b);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		pb__varint(&b, vals[i]);
	assert_int_equal(b.err, 0);
	/* 300 is the format's own example: ac 02 */
	assert_memory_equal(b.data + 3, "\x80\x01\xac\x02", 4);
	pb_reader__init(&r, b.data, b.len);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		assert_int_equal(pb_reader__varint(&r, &v), 1);
		assert_true(v == vals[i]);
	}
	assert_int_equal(pb_reader__varint(&r, &v), 0);
	/* cut short; eleven bytes */
	pb_reader__init(&r, "\x80", 1);
	assert_int_equal(pb_reader__varint(&r, &v), -EINVAL);
	pb_reader__init(&r, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 11);
	assert_int_equal(pb_reader__varint(&r, &v), -EINVAL);
	pb_buf__exit(&b);
}

/* A nested message of 200 bytes: its length takes two bytes, moved in. */
static void test_nested_length(void **state)
{
	struct pb_buf b;
	struct pb_reader r;
	struct pb_field f, g;
	char blob[200];
	size_t m;

	memset(blob, 'x', sizeof(blob));
	pb_buf__init(&b);
	m = pb_buf__begin(&b, 3);
	pb__bytes(&b, 1, blob, sizeof(blob));
	pb_buf__end(&b, m);
	pb__uint64(&b, 4, 7);
	assert_int_equal(b.err, 0);
	pb_reader__init(&r, b.data, b.len);
	assert_int_equal(pb_reader__next(&r, &f), 1);
	assert_int_equal(f.field, 3);
	assert_int_equal(f.wire, PB_WIRE_LEN);
	assert_int_equal(f.sub.end - f.sub.p, 203);
	assert_int_equal(pb_reader__next(&f.sub, &g), 1);
	assert_int_equal(g.sub.end - g.sub.p, 200);
	assert_int_equal(pb_reader__next(&r, &f), 1);
	assert_int_equal(f.field, 4);
	assert_true(f.v == 7);
	assert_int_equal(pb_reader__next(&r, &f), 0);
	/* a length past the end */
	pb_reader__init(&r, "\x1a\x05\x00", 3);
	assert_int_equal(pb_reader__next(&r, &f), -EINVAL);
	pb_buf__exit(&b);
}

/* Two samples on one chain, one on another: two Samples, values summed. */
static void build(struct pprof_profile *p)
{
	struct pprof_mapping m = { .start = 0x1000, .limit = 0x2000, .offset = 0x1000 };
	struct pprof_label lab = { 0 };
	u64 fa, fb, la, lb, chain[2];
	s64 one[2] = { 1, 10000000 };
	bool added;

	assert_int_equal(pprof_profile__init(p), 0);
	assert_int_equal(pprof_profile__add_type(p, "samples", "count"), 0);
	assert_int_equal(pprof_profile__add_type(p, "cpu", "nanoseconds"), 0);
	m.filename = pprof_profile__string(p, "/usr/bin/app");
	m.build_id = pprof_profile__string(p, "0123456789abcdef0123456789abcdef01234567");
	m.has_functions = true;
	assert_int_equal(pprof_profile__add_mapping(p, &m), 0);
	assert_int_equal(m.id, 1);
	assert_int_equal(pprof_profile__function(p, pprof_profile__string(p, "hot"),
						 pprof_profile__string(p, "hot"), 0, &fa), 0);
	assert_int_equal(pprof_profile__function(p, pprof_profile__string(p, "main"),
						 pprof_profile__string(p, "main"), 0, &fb), 0);
	assert_int_equal(pprof_profile__location(p, 1, 0x1100, &la, &added), 0);
	assert_true(added);
	assert_int_equal(pprof_profile__add_line(p, la, fa, 0), 0);
	assert_int_equal(pprof_profile__location(p, 1, 0x1200, &lb, &added), 0);
	assert_int_equal(pprof_profile__add_line(p, lb, fb, 0), 0);
	/* an older location takes no more lines */
	assert_int_equal(pprof_profile__add_line(p, la, fb, 0), -EINVAL);
	assert_int_equal(pprof_profile__location(p, 1, 0x1100, &la, &added), 0);
	assert_false(added);
	lab.key = pprof_profile__string(p, "pid");
	lab.num = 42;
	chain[0] = la;
	chain[1] = lb;
	assert_int_equal(pprof_profile__add_sample(p, chain, 2, &lab, 1, one), 0);
	assert_int_equal(pprof_profile__add_sample(p, chain, 2, &lab, 1, one), 0);
	assert_int_equal(pprof_profile__add_sample(p, chain + 1, 1, &lab, 1, one), 0);
	/* the width of the values is fixed by now */
	assert_int_equal(pprof_profile__add_type(p, "x", "y"), -EBUSY);
	p->period_type = p->types[1];
	p->period = 10000000;
	p->duration_nanos = -5;		/* negative int64: ten bytes on the wire */
}

static void test_build_dedup(void **state)
{
	struct pprof_profile p;

	build(&p);
	assert_int_equal(p.nr_samples, 2);
	assert_int_equal(p.nr_locations, 2);
	assert_int_equal(p.nr_functions, 2);
	assert_true(p.values[p.samples[0].first_value] == 2);
	assert_true(p.values[p.samples[0].first_value + 1] == 20000000);
	assert_string_equal(pprof_profile__str(&p, 0), "");
	assert_int_equal(pprof_profile__string(&p, "hot"), pprof_profile__string(&p, "hot"));
	pprof_profile__exit(&p);
}

static void test_round_trip(void **state)
{
	struct pprof_profile p, q;
	u8 *data;
	size_t len;

	build(&p);
	assert_int_equal(pprof_profile__encode(&p, &data, &len), 0);
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, data, len, 0), 0);
	assert_true(pprof_profile__equal(&p, &q));
	assert_string_equal(pprof_profile__str(&q, q.mappings[0].filename), "/usr/bin/app");
	pprof_profile__exit(&q);
	/* too big for the caller's limit */
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, data, len, len - 1), -EFBIG);
	pprof_profile__exit(&q);
	free(data);
	pprof_profile__exit(&p);
}

/* The main binary moved first: ids renumbered, locations follow. */
static void test_mapping_first(void **state)
{
	struct pprof_mapping m = { .start = 0x5000, .limit = 0x6000 };
	struct pprof_profile p, q;
	u64 lid;
	bool added;
	u8 *data;
	size_t len;

	build(&p);
	m.filename = pprof_profile__string(&p, "/usr/bin/main");
	assert_int_equal(pprof_profile__add_mapping(&p, &m), 0);
	assert_int_equal(pprof_profile__location(&p, 2, 0x5100, &lid, &added), 0);
	pprof_profile__mapping_first(&p, 2);
	assert_string_equal(pprof_profile__str(&p, p.mappings[0].filename), "/usr/bin/main");
	assert_int_equal(p.mappings[0].id, 1);
	assert_int_equal(p.mappings[1].id, 2);
	assert_int_equal(p.locations[0].mapping_id, 2);	/* app's, now second */
	assert_int_equal(p.locations[2].mapping_id, 1);
	assert_int_equal(pprof_profile__encode(&p, &data, &len), 0);
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, data, len, 0), 0);
	assert_true(pprof_profile__equal(&p, &q));
	free(data);
	pprof_profile__exit(&q);
	pprof_profile__exit(&p);
}

/* Written to a file, gzipped; read back whole and cut short. */
static void test_gzip_file(void **state)
{
	char path[] = "/tmp/test-pprof-XXXXXX";
	struct pprof_profile p, q;
	u8 buf[65536];
	FILE *fp;
	size_t len;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	build(&p);
	assert_int_equal(pprof_profile__write(&p, path), 0);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	len = fread(buf, 1, sizeof(buf), fp);
	fclose(fp);
	unlink(path);
	assert_true(len > 20 && buf[0] == 0x1f && buf[1] == 0x8b);
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, buf, len, 0), 0);
	assert_true(pprof_profile__equal(&p, &q));
	pprof_profile__exit(&q);
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, buf, len - 9, 0), -EINVAL);
	pprof_profile__exit(&q);
	pprof_profile__exit(&p);
	/* a directory that does not exist: the error, nothing left behind */
	build(&p);
	assert_int_equal(pprof_profile__write(&p, "/nonexistent/dir/x.pb.gz"), -ENOENT);
	pprof_profile__exit(&p);
}

/* References that lead nowhere are refused before anyone follows them. */
static void test_decode_refuses(void **state)
{
	static const struct {
		const char *what;
		const char *bytes;
		size_t len;
	} bad[] = {
		/* no string table: string 0 must be "" */
		{ "no strings", "", 0 },
		{ "string 0 not empty", "\x32\x01x", 3 },
		/* a sample type naming string 5 of one */
		{ "type index", "\x0a\x02\x08\x05\x32\x00", 6 },
		/* a sample with one value for no type */
		{ "value count", "\x12\x02\x10\x01\x32\x00", 6 },
		/* a sample naming location 9 that is not there */
		{ "location id", "\x12\x02\x08\x09\x32\x00", 6 },
		/* a location naming mapping 3 */
		{ "mapping id", "\x22\x04\x08\x01\x10\x03\x32\x00", 8 },
		/* two mappings with id 1 */
		{ "duplicate id", "\x1a\x02\x08\x01\x1a\x02\x08\x01\x32\x00", 10 },
		/* a string holding a NUL */
		{ "NUL in string", "\x32\x00\x32\x02\x61\x00", 6 },
		/* wire type 3 (a group) */
		{ "group", "\x0b", 1 },
	};
	struct pprof_profile q;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(pprof_profile__init(&q), 0);
		if (pprof_profile__decode(&q, bad[i].bytes, bad[i].len, 0) != -EINVAL)
			fail_msg("%s: accepted", bad[i].what);
		pprof_profile__exit(&q);
	}
	/* the smallest valid profile: the string table's "" */
	assert_int_equal(pprof_profile__init(&q), 0);
	assert_int_equal(pprof_profile__decode(&q, "\x32\x00", 2, 0), 0);
	pprof_profile__exit(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varints),
		cmocka_unit_test(test_nested_length),
		cmocka_unit_test(test_build_dedup),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_mapping_first),
		cmocka_unit_test(test_gzip_file),
		cmocka_unit_test(test_decode_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
