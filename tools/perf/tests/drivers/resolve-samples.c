// SPDX-License-Identifier: GPL-2.0
/*
 * resolve-samples: the symbol-resolution model (machine/thread/map/dso/
 * symbol) run over a perf.data file, for the shell tests until perf report
 * and perf script use it.  Not installed, not a perf command.
 *
 *   resolve-samples [-i FILE] [--buildid-dir DIR] [--kallsyms FILE] [--mismatches]
 *
 * Prints one line per sample in the layout of upstream's
 * `perf script -F comm,tid,ip,sym,dso`:  comm tid ip sym (dso), with
 * [unknown] for what cannot be resolved.  --mismatches then lists the
 * DSOs whose recorded path now holds a file with another build-id.
 * Exit 0, 1 on error, 129 on a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/symbols/build-id.h"
#include "util/data/data.h"
#include "util/session/session.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/model/thread.h"
#include "util/model/map.h"

struct resolver {
	struct machine_tool mt;		/* first: the callbacks get &mt.tool */
	struct machine machine;
};

static int on_sample(struct perf_tool *tool, struct perf_session *session,
		     const union perf_event *event, const struct perf_sample *sample,
		     struct evsel *evsel)
{
	struct resolver *r = (struct resolver *)tool;
	struct addr_location al;
	int err;

	err = machine__resolve(&r->machine, sample->pid, sample->tid, sample->cpumode, sample->ip,
			       &al);
	if (err)
		return err;
	printf("%16s %5d %16llx %s (%s)\n", thread__comm_str(al.thread), (int)sample->tid,
	       (unsigned long long)sample->ip, al.sym ? al.sym->name : "[unknown]",
	       al.dso ? al.dso->long_name : "[unknown]");
	return 0;
}

static void print_mismatches(const struct machine *machine)
{
	size_t i;

	for (i = 0; i < machine->dsos.nr; i++) {
		const struct dso *dso = machine->dsos.entries[i];
		char hex[SBUILD_ID_SIZE];

		if (!dso->build_id_mismatch)
			continue;
		build_id__sprintf(&dso->id.bid, hex);
		printf("build-id mismatch: %s %s\n", dso->long_name, hex);
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input",	 required_argument, NULL, 'i' },
		{ "buildid-dir", required_argument, NULL, 'B' },
		{ "kallsyms",	 required_argument, NULL, 'k' },
		{ "mismatches",	 no_argument,	    NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	struct dso_load_opts opts = { .buildid_dir = NULL };
	struct resolver r = { .mt.tool.sample = on_sample };
	const char *input = "perf.data";
	struct perf_session session;
	struct perf_data data;
	bool mismatches = false;
	int c, err;

	while ((c = getopt_long(argc, argv, "i:", longopts, NULL)) != -1) {
		switch (c) {
		case 'i': input = optarg; break;
		case 'B': opts.buildid_dir = optarg; break;
		case 'k': opts.kallsyms = optarg; break;
		case 'm': mismatches = true; break;
		default:
			fprintf(stderr, "usage: resolve-samples [-i FILE] [--buildid-dir DIR] "
					"[--kallsyms FILE] [--mismatches]\n");
			return 129;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "resolve-samples: unexpected argument '%s'\n", argv[optind]);
		return 129;
	}
	if (machine__init(&r.machine, &opts))
		return 1;
	machine_tool__init(&r.mt, &r.machine);
	err = perf_data__open(&data, input, PERF_DATA_READ, false);
	if (err)
		goto out_machine;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_data;
	err = perf_session__process_events(&session, &r.mt.tool);
	if (!err && mismatches)
		print_mismatches(&r.machine);
	perf_session__close(&session);
out_data:
	perf_data__close(&data);
out_machine:
	machine__exit(&r.machine);
	return err ? 1 : 0;
}
