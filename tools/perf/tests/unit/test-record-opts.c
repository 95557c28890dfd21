// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's pure helpers: event names (-e), option parsing, the DSO
 * build-id table, CPU lists.
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
#include "util/data/build-id-table.h"
#include "record/evlist-open.h"
#include "record/parse-events.h"
#include "record/opts.h"

static void test_event_names(void **state)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	assert_int_equal(parse_events__one("cpu-clock", &attr), 0);
	assert_int_equal(attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(attr.config, PERF_COUNT_SW_CPU_CLOCK);
	assert_int_equal(parse_events__one("cs", &attr), 0);
	assert_int_equal(attr.config, PERF_COUNT_SW_CONTEXT_SWITCHES);
	assert_int_equal(parse_events__one("cycles", &attr), 0);
	assert_int_equal(attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(attr.config, PERF_COUNT_HW_CPU_CYCLES);
	assert_int_equal(parse_events__one("major-faults", &attr), 0);
	assert_int_equal(attr.config, PERF_COUNT_SW_PAGE_FAULTS_MAJ);
	assert_int_equal(parse_events__one("foo", &attr), -ENOENT);
	assert_int_equal(parse_events__one("cpu-clockx", &attr), -ENOENT);
	assert_int_equal(parse_events__one("", &attr), -ENOENT);
	assert_string_equal(parse_events__name(PERF_TYPE_HARDWARE, 0), "cycles");
	assert_string_equal(parse_events__name(PERF_TYPE_HARDWARE, 4), "branches");
	assert_null(parse_events__name(PERF_TYPE_RAW, 1));
}

static void test_event_modifiers(void **state)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	assert_int_equal(parse_events__one("cycles:u", &attr), 0);
	assert_true(attr.flags & PERF_ATTR_FLAG_EXCLUDE_KERNEL);
	assert_true(attr.flags & PERF_ATTR_FLAG_EXCLUDE_HV);
	assert_false(attr.flags & PERF_ATTR_FLAG_EXCLUDE_USER);
	memset(&attr, 0, sizeof(attr));
	assert_int_equal(parse_events__one("cycles:kpp", &attr), 0);
	assert_true(attr.flags & PERF_ATTR_FLAG_EXCLUDE_USER);
	assert_int_equal((attr.flags & PERF_ATTR_FLAG_PRECISE_IP_MASK) >>
			 PERF_ATTR_FLAG_PRECISE_IP_SHIFT, 2);
	assert_int_equal(parse_events__one("cycles:pppp", &attr), -EINVAL);
	assert_int_equal(parse_events__one("cycles:x", &attr), -EINVAL);
}

/* Parse "record ARGS..." (NULL-terminated), with stderr silenced. */
static int parse(struct record_opts *opts, int *cmd_idx, ...)
{
	const char *argv[32] = { "record" };
	int argc = 1, ret, saved;
	va_list ap;

	va_start(ap, cmd_idx);
	while ((argv[argc] = va_arg(ap, const char *)) != NULL)
		argc++;
	va_end(ap);
	memset(opts, 0, sizeof(*opts));
	fflush(stderr);
	saved = dup(2);
	assert_true(freopen("/dev/null", "w", stderr) != NULL);
	ret = record_opts__parse(opts, argc, (char **)argv, cmd_idx);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	return ret;
}

static void test_options(void **state)
{
	struct record_opts o;
	u64 max;
	int idx;

	assert_int_equal(parse(&o, &idx, "--", "ls", "-l", NULL), 0);
	assert_int_equal(idx, 2);
	assert_int_equal(o.freq, DEFAULT_FREQ);
	assert_int_equal(o.mmap_pages, DEFAULT_MMAP_PAGES);
	assert_string_equal(o.output, "perf.data");
	record_opts__exit(&o);

	/* The workload's own options are not ours. */
	assert_int_equal(parse(&o, &idx, "-g", "ls", "-a", NULL), 0);
	assert_int_equal(idx, 2);
	assert_true(o.callgraph);
	assert_false(o.system_wide);
	record_opts__exit(&o);

	assert_int_equal(parse(&o, &idx, "-e", "cpu-clock,page-faults", "-e", "cs",
			       "-c", "1000", "-o", "-", "-m", "3", "-qBN", NULL), 0);
	assert_int_equal(o.nr_events, 3);
	assert_string_equal(o.events[1], "page-faults");
	assert_string_equal(o.events[2], "cs");
	assert_int_equal(o.freq, 0);
	assert_int_equal(o.period, 1000);
	assert_string_equal(o.output, "-");
	assert_int_equal(o.mmap_pages, 4);	/* rounded up to a power of 2 */
	assert_true(o.quiet && o.no_buildid && o.no_buildid_cache);
	record_opts__exit(&o);

	/* Above the kernel's limit: throttled to it, like upstream. */
	assert_int_equal(parse(&o, &idx, "-F", "max", NULL), 0);
	max = o.freq;
	assert_true(max > 0);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-F", "18446744073709551615", NULL), 0);
	assert_int_equal(o.freq, max);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-F", "18446744073709551615", "--strict-freq", "-F", "1",
			       NULL), 0);
	assert_int_equal(o.freq, 1);
	record_opts__exit(&o);

	/* --call-graph dwarf: upstream's default 8192, sizes rounded up to u64 */
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf", NULL), 0);
	assert_true(o.callgraph);
	assert_int_equal(o.stack_dump_size, 8192);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph=dwarf,100", NULL), 0);
	assert_int_equal(o.stack_dump_size, 104);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf,65528", "--call-graph", "fp", NULL), 0);
	assert_true(o.callgraph);
	assert_int_equal(o.stack_dump_size, 0);
	record_opts__exit(&o);

	assert_int_equal(parse(&o, &idx, "-m", "1M", NULL), 0);
	assert_int_equal(o.mmap_pages, (1 << 20) / sysconf(_SC_PAGESIZE));
	record_opts__exit(&o);
}

static void test_bad_options(void **state)
{
	struct record_opts o;
	int idx;

	assert_int_equal(parse(&o, &idx, "-F", "abc", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-F", "0", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-c", "-5", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-m", "0", NULL), 129);
	record_opts__exit(&o);
	/* upstream's limits on the stack copy: 1..65528 bytes, rounded to u64 */
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf,0", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf,65529", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf,8k", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "dwarf,-8", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "lbr2", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--call-graph", "fp,8", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-p", "12x", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-p", "1", "-t", "2", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-p", "1", "--", "ls", NULL), 129);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--bogus", NULL), 129);
	record_opts__exit(&o);
	/* Upstream refuses both, in either order, with -EINVAL (exit 234). */
	assert_int_equal(parse(&o, &idx, "-F", "10", "-c", "100", NULL), 234);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-c", "100", "-F", "max", NULL), 234);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "--strict-freq", "-F", "18446744073709551615", NULL), 234);
	record_opts__exit(&o);
	assert_int_equal(parse(&o, &idx, "-o", NULL), 129);
	record_opts__exit(&o);
}

static void test_buildid_table(void **state)
{
	struct buildid_table t;
	u8 a[20], b[20];
	char path[32];
	int i;

	memset(a, 0xaa, sizeof(a));
	memset(b, 0xbb, sizeof(b));
	buildid_table__init(&t);
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, a, 20), 1);
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, a, 20), 0);
	/* Same path, other id (the file was replaced): a second DSO. */
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, b, 20), 1);
	/* md5-sized id, and no id yet: distinct entries. */
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, a, 16), 1);
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, NULL, 0), 1);
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_KERNEL, a, 20), 1);
	assert_int_equal(buildid_table__add(&t, "/bin/x", PERF_RECORD_MISC_USER, a, 21), -EINVAL);
	assert_int_equal(t.nr, 5);
	/* Growth keeps every entry findable. */
	for (i = 0; i < 1000; i++) {
		snprintf(path, sizeof(path), "/lib/l%d.so", i);
		assert_int_equal(buildid_table__add(&t, path, PERF_RECORD_MISC_USER, a, 20), 1);
	}
	for (i = 0; i < 1000; i++) {
		snprintf(path, sizeof(path), "/lib/l%d.so", i);
		assert_int_equal(buildid_table__add(&t, path, PERF_RECORD_MISC_USER, a, 20), 0);
	}
	assert_int_equal(t.nr, 1005);
	buildid_table__exit(&t);

	assert_true(buildid_table__skip_path("//anon"));
	assert_false(buildid_table__skip_path("[vdso]"));
	assert_true(buildid_table__skip_path("[stack]"));
	assert_true(buildid_table__skip_path("/memfd:x (deleted)"));
	assert_false(buildid_table__skip_path("/usr/bin/ls"));
}

static void test_cpu_list(void **state)
{
	struct cpu_list c;

	assert_int_equal(cpu_list__parse(&c, "0-2,5"), 0);
	assert_int_equal(c.nr, 4);
	assert_int_equal(c.cpus[3], 5);
	cpu_list__exit(&c);
	assert_int_equal(cpu_list__parse(&c, "3"), 0);
	assert_int_equal(c.nr, 1);
	cpu_list__exit(&c);
	assert_int_equal(cpu_list__parse(&c, "2-1"), -EINVAL);
	assert_int_equal(cpu_list__parse(&c, "a"), -EINVAL);
	assert_int_equal(cpu_list__parse(&c, "0,"), 0);
	cpu_list__exit(&c);
	assert_int_equal(cpu_list__parse(&c, "99999"), -EINVAL);
	assert_int_equal(cpu_list__parse(&c, NULL), 0);	/* the online CPUs */
	assert_int_equal(c.nr, sysconf(_SC_NPROCESSORS_ONLN));
	cpu_list__exit(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_names),
		cmocka_unit_test(test_event_modifiers),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_bad_options),
		cmocka_unit_test(test_buildid_table),
		cmocka_unit_test(test_cpu_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
