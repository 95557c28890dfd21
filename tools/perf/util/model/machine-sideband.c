// SPDX-License-Identifier: GPL-2.0
/*
 * Side-band records into the machine.  A malformed or empty MMAP, COMM,
 * FORK or EXIT loses one record's worth of information, not the report:
 * it is counted and skipped.  Only allocation failure stops the walk.
 */
#include <errno.h>
#include "util/model/machine-sideband.h"

static int machine_tool__result(struct machine_tool *mt, int err)
{
	if (err == -EINVAL) {
		mt->nr_bad_sideband++;
		return 0;
	}
	return err;
}

static int machine_tool__add_build_id(void *priv, const struct perf_record_header_build_id *ev,
				      const u8 *data, u8 size, const char *filename)
{
	struct machine_tool *mt = priv;
	struct build_id bid;

	build_id__init(&bid, data, size);
	return machine__add_build_id(mt->machine, filename, &bid);
}

static int machine_tool__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct machine_tool *mt = machine_tool__from_tool(tool);

	return perf_header__for_each_build_id(&session->header, machine_tool__add_build_id, mt);
}

static int machine_tool__mmap(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, const struct perf_mmap_info *info,
			      const struct perf_sample *sample)
{
	struct machine_tool *mt = machine_tool__from_tool(tool);

	return machine_tool__result(mt, machine__process_mmap(mt->machine, info));
}

static int machine_tool__comm(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, const struct perf_sample *sample)
{
	struct machine_tool *mt = machine_tool__from_tool(tool);

	return machine_tool__result(mt, machine__process_comm_event(mt->machine, event));
}

static int machine_tool__fork(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, const struct perf_sample *sample)
{
	struct machine_tool *mt = machine_tool__from_tool(tool);

	return machine_tool__result(mt, machine__process_fork_event(mt->machine, event));
}

static int machine_tool__exit(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, const struct perf_sample *sample)
{
	struct machine_tool *mt = machine_tool__from_tool(tool);

	return machine_tool__result(mt, machine__process_exit_event(mt->machine, event));
}

void machine_tool__init(struct machine_tool *mt, struct machine *machine)
{
	mt->machine = machine;
	mt->nr_bad_sideband = 0;
	mt->tool.mmap = machine_tool__mmap;
	mt->tool.comm = machine_tool__comm;
	mt->tool.fork = machine_tool__fork;
	mt->tool.exit = machine_tool__exit;
	mt->tool.header_done = machine_tool__header_done;
}
