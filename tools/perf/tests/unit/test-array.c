// SPDX-License-Identifier: GPL-2.0
/*
 * The growing array: capacity doubles from its first size, what was
 * stored survives a move, and sizes that cannot be represented fail with
 * -EOVERFLOW before any allocation, leaving the array as it was.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include "util/base/array.h"

/* A failed allocation is what one test is about: NULL, not an abort. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

static void test_first_and_doubling(void **state)
{
	long *v = NULL;
	size_t cap = 0, i;

	assert_int_equal(ARRAY_GROW(v, cap, 1), 0);
	assert_non_null(v);
	assert_int_equal(cap, ARRAY__FIRST);
	/* fits already: nothing changes */
	assert_int_equal(ARRAY_GROW(v, cap, ARRAY__FIRST), 0);
	assert_int_equal(cap, ARRAY__FIRST);
	assert_int_equal(ARRAY_GROW(v, cap, ARRAY__FIRST + 1), 0);
	assert_int_equal(cap, 2 * ARRAY__FIRST);
	/* a big jump: doubled until it holds the need */
	assert_int_equal(ARRAY_GROW(v, cap, 1000), 0);
	assert_int_equal(cap, 1024);
	for (i = 0; i < 1000; i++)
		v[i] = (long)i;
	assert_int_equal(ARRAY_GROW(v, cap, 1025), 0);
	assert_int_equal(cap, 2048);
	for (i = 0; i < 1000; i++)
		assert_int_equal(v[i], i);
	free(v);
}

/* One at a time, as appenders call it: every element kept. */
static void test_append(void **state)
{
	struct { u64 a; char b[13]; } *v = NULL;
	u32 nr = 0, cap = 0, i;

	for (i = 0; i < 100000; i++) {
		assert_int_equal(ARRAY_GROW(v, cap, nr + 1), 0);
		assert_true(cap >= nr + 1);
		v[nr].a = i;
		v[nr++].b[12] = (char)i;
	}
	for (i = 0; i < nr; i++) {
		assert_int_equal(v[i].a, i);
		assert_int_equal(v[i].b[12], (char)i);
	}
	free(v);
}

static void test_overflow(void **state)
{
	char *keep = malloc(8);
	char *p = keep;
	size_t cap = 8;
	u32 cap32 = 8;

	assert_non_null(keep);
	/* need * elem past SIZE_MAX */
	assert_int_equal(array__grow(&p, &cap, SIZE_MAX / 4, 8), -EOVERFLOW);
	assert_ptr_equal(p, keep);
	assert_int_equal(cap, 8);
	/* doubling would wrap: the need itself, whose size then overflows */
	assert_int_equal(array__grow(&p, &cap, SIZE_MAX / 2 + 2, 2), -EOVERFLOW);
	assert_ptr_equal(p, keep);
	/* a u32 capacity cannot say more than UINT32_MAX */
	assert_int_equal(array__grow_u32(&p, &cap32, (size_t)UINT32_MAX + 1, 1), -EOVERFLOW);
	assert_ptr_equal(p, keep);
	assert_int_equal(cap32, 8);
	assert_int_equal(array__grow(&p, &cap, 16, 0), -EINVAL);
	free(keep);
}

/* Too big to allocate but representable: -ENOMEM, the old array kept. */
static void test_nomem(void **state)
{
	int *v = NULL;
	size_t cap = 0;

	assert_int_equal(ARRAY_GROW(v, cap, 4), 0);
	v[3] = 7;
	assert_int_equal(array__grow(&v, &cap, SIZE_MAX / 8, sizeof(*v)), -ENOMEM);
	assert_int_equal(cap, ARRAY__FIRST);
	assert_int_equal(v[3], 7);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_and_doubling),
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_nomem),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
