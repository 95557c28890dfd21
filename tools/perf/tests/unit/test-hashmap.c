// SPDX-License-Identifier: GPL-2.0
/*
 * The generic hash table: values come back under their hash, oldest
 * first, across growth; colliding hashes do not leak into each other.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include "util/base/hashmap.h"

static void test_empty(void **state)
{
	struct hashmap m;
	size_t it = 0;

	hashmap__init(&m);
	assert_null(hashmap__next(&m, 42, &it));
	hashmap__exit(&m);
}

/* 10000 values, 3 per hash, across many doublings: each hash's in order. */
static void test_order_across_growth(void **state)
{
	static long vals[30000];
	struct hashmap m;
	long i;

	hashmap__init(&m);
	for (i = 0; i < 30000; i++) {
		vals[i] = i;
		assert_int_equal(hashmap__add(&m, hash__bytes(&(long){ i % 10000 }, sizeof(long), 0),
					      &vals[i]), 0);
	}
	assert_int_equal(hashmap__nr(&m), 30000);
	for (i = 0; i < 10000; i++) {
		u64 h = hash__bytes(&i, sizeof(i), 0);
		size_t it = 0;
		long *v;

		v = hashmap__next(&m, h, &it);
		assert_non_null(v);
		assert_int_equal(*v, i);
		v = hashmap__next(&m, h, &it);
		assert_int_equal(*v, i + 10000);
		v = hashmap__next(&m, h, &it);
		assert_int_equal(*v, i + 20000);
		assert_null(hashmap__next(&m, h, &it));
	}
	hashmap__exit(&m);
}

/* Hashes that share a home slot: each lookup sees only its own. */
static void test_collisions(void **state)
{
	int a = 1, b = 2, c = 3;
	struct hashmap m;
	size_t it = 0;

	hashmap__init(&m);
	/* 64 slots at first: 5, 5 + 64 and 5 + 128 start at the same slot */
	assert_int_equal(hashmap__add(&m, 5, &a), 0);
	assert_int_equal(hashmap__add(&m, 5 + 64, &b), 0);
	assert_int_equal(hashmap__add(&m, 5, &c), 0);
	assert_ptr_equal(hashmap__next(&m, 5, &it), &a);
	assert_ptr_equal(hashmap__next(&m, 5, &it), &c);
	assert_null(hashmap__next(&m, 5, &it));
	it = 0;
	assert_ptr_equal(hashmap__next(&m, 5 + 64, &it), &b);
	assert_null(hashmap__next(&m, 5 + 64, &it));
	it = 0;
	assert_null(hashmap__next(&m, 5 + 128, &it));
	hashmap__exit(&m);
}

static void test_hash_functions(void **state)
{
	assert_true(hash__str("abc", 0) == hash__bytes("abc", 3, 0));
	assert_true(hash__str("abc", 0) != hash__str("abd", 0));
	assert_true(hash__str("abc", 0) != hash__str("abc", 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_order_across_growth),
		cmocka_unit_test(test_collisions),
		cmocka_unit_test(test_hash_functions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
