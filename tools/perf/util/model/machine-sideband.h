/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The side-band half of every command that resolves samples (report,
 * script, the test drivers): perf_tool callbacks that keep a machine up to
 * date with MMAP*, COMM, FORK and EXIT records and with the header's
 * build-id table.  A command embeds struct machine_tool first in its own
 * state, sets .tool.sample (and whatever else it wants), and casts back.
 */
#ifndef __PERF_MACHINE_TOOL_H
#define __PERF_MACHINE_TOOL_H

#include "util/session/session.h"
#include "util/model/machine.h"

struct machine_tool {
	struct perf_tool	tool;		/* first: callbacks get &tool */
	struct machine		*machine;	/* borrowed */
	/* Malformed side-band records skipped (counted, not fatal). */
	u64			nr_bad_sideband;
};

/*
 * Fill mt->tool's mmap, comm, fork, exit and header_done callbacks (any
 * other callback is left as it is, so set .sample before or after).
 * header_done feeds the header's build-id table to the machine, so an
 * MMAP2 without build-id still gets its DSO's id when the table has it.
 */
void machine_tool__init(struct machine_tool *mt, struct machine *machine);

static inline struct machine_tool *machine_tool__from_tool(struct perf_tool *tool)
{
	return (struct machine_tool *)tool;
}

#endif
