// SPDX-License-Identifier: GPL-2.0
/*
 * Weak stand-ins for util/callchain.h and util/callchain-tree.h, whose
 * implementations (callchain.c, callchain-tree.c) are being written in
 * parallel: until they are linked in, perf report resolves a sample's ip
 * alone (a one-frame call path) and prints no call graphs.  The real
 * definitions override these at link time; this file goes away once they
 * are on main.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "callchain.h"
#include "callchain-tree.h"
#include "machine.h"
#include "thread.h"

#define __weak	__attribute__((weak))

__weak void callchain_cursor__init(struct callchain_cursor *cursor)
{
	memset(cursor, 0, sizeof(*cursor));
}

__weak void callchain_cursor__exit(struct callchain_cursor *cursor)
{
	free(cursor->frames);
	memset(cursor, 0, sizeof(*cursor));
}

__weak int machine__resolve_callchain(struct machine *machine, struct thread *thread,
				      const struct perf_sample *sample,
				      struct callchain_cursor *cursor)
{
	struct addr_location al;
	int err;

	if (!cursor->alloc) {
		cursor->frames = calloc(1, sizeof(*cursor->frames));
		if (!cursor->frames)
			return -ENOMEM;
		cursor->alloc = 1;
	}
	err = machine__resolve(machine, sample->pid, sample->tid, sample->cpumode, sample->ip,
			       &al);
	if (err)
		return err;
	cursor->frames[0] = (struct callchain_frame){
		.ip = sample->ip, .addr = al.addr, .map = al.map, .dso = al.dso, .sym = al.sym,
		.cpumode = sample->cpumode,
	};
	cursor->nr = 1;
	return 0;
}

__weak void callchain_param__init(struct callchain_param *param)
{
	memset(param, 0, sizeof(*param));
	param->mode = CALLCHAIN_GRAPH;
	param->min_percent = 0.5;
}

__weak int callchain_param__parse(struct callchain_param *param, const char *arg)
{
	if (!strncmp(arg, "none", 4))
		param->mode = CALLCHAIN_NONE;
	return 0;
}

/* No tree is kept: every entry shares this placeholder. */
static struct callchain_param callchain_tree_placeholder;

__weak struct callchain_tree *callchain_tree__new(const struct callchain_param *param)
{
	return (struct callchain_tree *)&callchain_tree_placeholder;
}

__weak void callchain_tree__delete(struct callchain_tree *tree)
{
}

__weak int callchain_tree__add_sample(struct callchain_tree *tree,
				      const struct callchain_cursor *cursor, size_t pos, u64 period)
{
	return 0;
}

__weak size_t callchain_tree__fprintf(FILE *fp, const struct callchain_tree *tree,
				      u64 entry_period, u64 total_period,
				      const struct callchain_param *param)
{
	return 0;
}

__weak u64 callchain_tree__total(const struct callchain_tree *tree)
{
	return 0;
}
