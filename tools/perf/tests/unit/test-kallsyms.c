// SPDX-License-Identifier: GPL-2.0
/*
 * The one kallsyms reader: rows walked in file order with malformed and
 * overlong lines skipped, the walk stopped by its callback, the kernel's
 * own _text/_etext (not a module's), hidden addresses read as zeros, and
 * a missing file or a FIFO refused with an errno, not a hang.
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
#include <sys/stat.h>
#include <cmocka.h>
#include "util/symbols/kallsyms.h"

struct seen {
	char	names[8][32];
	u64	addr[8];
	int	nr, stop_at;
};

static int seen__row(const struct kallsyms_row *row, void *priv)
{
	struct seen *s = priv;
	size_t len = kallsyms_row__namelen(row);

	assert_true(s->nr < 8 && len < 32);
	memcpy(s->names[s->nr], row->name, len);
	s->names[s->nr][len] = '\0';
	s->addr[s->nr++] = row->addr;
	return s->nr == s->stop_at ? 7 : 0;
}

static void test_walk(void **state)
{
	static char text[8192];
	struct seen s = { .nr = 0 };
	size_t len;

	len = (size_t)snprintf(text, sizeof(text),
		"ffffffff81000000 T _text\n"
		"not a row\n"
		"ffffffff81000010 t  blank_name\n"
		"ffffffffc0000000 t mod_fn\t[mod]\n"
		"ffffffff81000020 T ");
	/* one row longer than any kernel's: skipped, not cut */
	memset(text + len, 'x', KALLSYMS_LINE_MAX);
	len += KALLSYMS_LINE_MAX;
	len += (size_t)snprintf(text + len, sizeof(text) - len, "\n10 W last");
	assert_int_equal(kallsyms__for_each_row(text, len, seen__row, &s), 0);
	assert_int_equal(s.nr, 3);
	assert_string_equal(s.names[0], "_text");
	assert_int_equal(s.addr[0], 0xffffffff81000000ULL);
	assert_string_equal(s.names[1], "mod_fn");
	/* the last line needs no newline */
	assert_string_equal(s.names[2], "last");
	assert_int_equal(s.addr[2], 0x10);

	s = (struct seen){ .stop_at = 2 };
	assert_int_equal(kallsyms__for_each_row(text, len, seen__row, &s), 7);
	assert_int_equal(s.nr, 2);
}

static void test_text_range(void **state)
{
	static const char mods[] =
		"ffffffffc0001000 t _text\t[evil]\n"
		"ffffffff81000000 T _text\n"
		"ffffffff81000100 T _text_other\n"
		"ffffffff82000000 T _etext\n"
		"ffffffff83000000 T _etext\n";
	static const char hidden[] =
		"0000000000000000 T _text\n"
		"0000000000000000 T _etext\n";
	u64 start, end;

	kallsyms__text_range(mods, sizeof(mods) - 1, &start, &end);
	assert_int_equal(start, 0xffffffff81000000ULL);
	assert_int_equal(end, 0xffffffff82000000ULL);
	kallsyms__text_range(hidden, sizeof(hidden) - 1, &start, &end);
	assert_int_equal(start, 0);
	assert_int_equal(end, 0);
	kallsyms__text_range("", 0, &start, &end);
	assert_int_equal(start, 0);
	assert_int_equal(end, 0);
}

static void test_read(void **state)
{
	char dir[] = "/tmp/perf-kallsyms.XXXXXX", path[64], *text;
	static const char body[] = "ffffffff81000000 T _text\n";
	size_t len;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	assert_int_equal(kallsyms__read(path, &text, &len, true), -ENOENT);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(body, f);
	fclose(f);
	assert_int_equal(kallsyms__read(path, &text, &len, true), 0);
	assert_int_equal(len, sizeof(body) - 1);
	assert_memory_equal(text, body, len);
	free(text);
	unlink(path);
	/* a FIFO must not block the reader */
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(kallsyms__read(path, &text, &len, true), -EINVAL);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk),
		cmocka_unit_test(test_text_range),
		cmocka_unit_test(test_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
