/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's loaded modules, as perf record describes them at
 * start-up: where each one sits (/proc/modules), its build-id (the note
 * the kernel keeps in /sys/module/<name>/notes) and the file it was loaded
 * from (/lib/modules/<release>/..., plain or .ko.gz/.xz/.zst), so that a
 * later report can find its symbols by build-id.
 */
#ifndef __PERF_KMODULES_H
#define __PERF_KMODULES_H

#include <stdio.h>
#include <linux/types.h>
#include "util/symbols/build-id.h"

#define KMODULE_NAME_MAX	64	/* MODULE_NAME_LEN on 64-bit */

struct kmodule {
	char name[KMODULE_NAME_MAX];
	u64 start;			/* base of its core text */
	u64 size;
	struct build_id bid;		/* size 0: the kernel keeps none */
	char *path;			/* the .ko whose id matches, or "[name]" */
};

struct kmodules {
	struct kmodule *mods;
	size_t nr;
};

/*
 * Lines of /proc/modules ("name size refs deps state 0xaddr ...") into
 * @km.  Unloading modules and lines that do not parse are skipped;
 * address 0 (hidden by kptr_restrict) too: a map there would only
 * mislead.  0 or -ENOMEM.
 */
int kmodules__parse(struct kmodules *km, FILE *f);

/*
 * Everything perf record needs: kmodules__parse() of /proc/modules, then
 * the ids from sysfs and the files under /lib/modules/<release>.  A
 * kernel without modules gives nr 0.  0 or -ENOMEM.
 */
int kmodules__read(struct kmodules *km);

/*
 * Find the file of every module under @dir (searched recursively, symlinks
 * not followed): a name match ('-' and '_' are one, any .ko suffix) whose
 * build-id equals the loaded module's.  A module without a known id takes
 * the first name match; one with no matching file is named "[name]".
 * 0 or -ENOMEM.
 */
int kmodules__find_files(struct kmodules *km, const char *dir);

void kmodules__exit(struct kmodules *km);

/*
 * @file's module name, as the kernel spells it, into @name: the basename
 * without ".ko[.gz|.xz|.zst]", '-' read as '_'.  False if @file is not a
 * module's file name.
 */
bool kmodule__name_of_file(const char *file, char *name, size_t size);

#endif
