// SPDX-License-Identifier: GPL-2.0
/*
 * util/symbols/kmodules.c: /proc/modules lines, module names of files, and the
 * search for each loaded module's file by name and build-id in a tree
 * made here (two builds of one module, '-' vs '_', a symlink loop).  The
 * real thing, a loaded module in a booted kernel, is in t8000.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "util/symbols/kmodules.h"
#include "buildid-test-elf.h"

static void test_parse(void **state)
{
	static const char text[] =
		"nft_chain_nat 16384 7 - Live 0xffffffffc0a1b000\n"
		"snd_hda_codec 204800 4 snd_hda_codec_hdmi,snd_hda_intel, Live 0xffffffffc09c0000 (E)\n"
		"going_away 16384 0 - Unloading 0xffffffffc0990000\n"
		"hidden 16384 0 - Live 0x0000000000000000\n"
		"garbage line\n"
		"wraps 4096 0 - Live 0xfffffffffffff800\n";
	struct kmodules km = { NULL, 0 };
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	char *big;
	size_t i;

	assert_non_null(f);
	assert_int_equal(kmodules__parse(&km, f), 0);
	fclose(f);
	/* a module many others use: its line is longer than any buffer guess */
	big = malloc(20000);
	assert_non_null(big);
	strcpy(big, "popular 65536 300 ");
	for (i = 0; i < 1000; i++)
		strcat(big, "user_module,");
	strcat(big, " Live 0xffffffffc0c00000\n");
	f = fmemopen(big, strlen(big), "r");
	assert_non_null(f);
	assert_int_equal(kmodules__parse(&km, f), 0);
	fclose(f);
	free(big);
	assert_int_equal(km.nr, 3);
	assert_string_equal(km.mods[2].name, "popular");
	assert_true(km.mods[2].start == 0xffffffffc0c00000ULL);
	km.nr = 2;
	assert_int_equal(km.nr, 2);
	assert_string_equal(km.mods[0].name, "nft_chain_nat");
	assert_true(km.mods[0].start == 0xffffffffc0a1b000ULL);
	assert_int_equal(km.mods[0].size, 16384);
	assert_string_equal(km.mods[1].name, "snd_hda_codec");
	assert_true(km.mods[1].start == 0xffffffffc09c0000ULL);
	assert_int_equal(km.mods[1].size, 204800);
	kmodules__exit(&km);
}

static void test_name_of_file(void **state)
{
	char name[KMODULE_NAME_MAX];

	assert_true(kmodule__name_of_file("/lib/modules/x/kernel/a/snd-hda-intel.ko.xz",
					  name, sizeof(name)));
	assert_string_equal(name, "snd_hda_intel");
	assert_true(kmodule__name_of_file("e1000e.ko", name, sizeof(name)));
	assert_string_equal(name, "e1000e");
	assert_true(kmodule__name_of_file("x.ko.zst", name, sizeof(name)));
	assert_string_equal(name, "x");
	assert_true(kmodule__name_of_file("y.ko.gz", name, sizeof(name)));
	assert_string_equal(name, "y");
	assert_false(kmodule__name_of_file(".ko", name, sizeof(name)));
	assert_false(kmodule__name_of_file("modules.dep", name, sizeof(name)));
	assert_false(kmodule__name_of_file("a.ko.bz2", name, sizeof(name)));
	assert_false(kmodule__name_of_file("abcdefgh.ko", name, 8));
}

/* A module-like ET_REL file at @path whose build-id is 20 x @fill. */
static void write_module(const char *path, u8 fill)
{
	u8 id[20];
	struct telf_spec s = {
		.is64 = true, .shdrs = true, .nr = 1,
		.areas = { { .off = 0x100, .align = 4, .nr = 1,
			     .notes = { { "GNU", NT_GNU_BUILD_ID, id, 20 } } } },
	};
	struct telf t;
	int fd;

	memset(id, fill, sizeof(id));
	assert_int_equal(telf__build(&s, &t), 0);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, t.buf, t.len), (ssize_t)t.len);
	close(fd);
	free(t.buf);
}

static void add_module(struct kmodules *km, const char *name, u8 fill)
{
	struct kmodule *m;

	km->mods = realloc(km->mods, (km->nr + 1) * sizeof(*km->mods));
	assert_non_null(km->mods);
	m = &km->mods[km->nr++];
	memset(m, 0, sizeof(*m));
	strcpy(m->name, name);
	m->start = 0xffffffffc0000000ULL + km->nr * 0x10000;
	m->size = 0x1000;
	if (fill) {
		memset(m->bid.data, fill, 20);
		m->bid.size = 20;
	}
}

static void test_find_files(void **state)
{
	char dir[] = "/tmp/test-kmodules.XXXXXX", path[512], want[512];
	struct kmodules km = { NULL, 0 };

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/kernel", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/updates", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	/* Two builds of foo_bar: only the one with the loaded id is it. */
	snprintf(path, sizeof(path), "%s/kernel/foo-bar.ko", dir);
	write_module(path, 0x11);
	snprintf(want, sizeof(want), "%s/updates/foo_bar.ko", dir);
	write_module(want, 0x22);
	/* No id known: any file of that name. */
	snprintf(path, sizeof(path), "%s/kernel/noid.ko", dir);
	write_module(path, 0x33);
	/* A loop the walk must not follow. */
	snprintf(path, sizeof(path), "%s/kernel/loop", dir);
	assert_int_equal(symlink("..", path), 0);

	add_module(&km, "foo_bar", 0x22);
	add_module(&km, "noid", 0);
	add_module(&km, "absent", 0x44);
	add_module(&km, "stale", 0x55);
	snprintf(path, sizeof(path), "%s/kernel/stale.ko", dir);
	write_module(path, 0x66);

	assert_int_equal(kmodules__find_files(&km, dir), 0);
	assert_string_equal(km.mods[0].path, want);
	snprintf(path, sizeof(path), "%s/kernel/noid.ko", dir);
	assert_string_equal(km.mods[1].path, path);
	assert_string_equal(km.mods[2].path, "[absent]");
	/* A file of that name with another id is not the loaded module. */
	assert_string_equal(km.mods[3].path, "[stale]");
	kmodules__exit(&km);

	/* No tree at all: every module by name. */
	add_module(&km, "foo_bar", 0x22);
	assert_int_equal(kmodules__find_files(&km, "/nonexistent/lib/modules"), 0);
	assert_string_equal(km.mods[0].path, "[foo_bar]");
	kmodules__exit(&km);

	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	assert_int_equal(system(path), 0);
}

/* On the host running the tests: whatever it has loaded, nothing breaks. */
static void test_read_running(void **state)
{
	struct kmodules km;
	size_t i;

	assert_int_equal(kmodules__read(&km), 0);
	for (i = 0; i < km.nr; i++) {
		assert_non_null(km.mods[i].path);
		assert_true(km.mods[i].start && km.mods[i].size);
	}
	kmodules__exit(&km);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_name_of_file),
		cmocka_unit_test(test_find_files),
		cmocka_unit_test(test_read_running),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
