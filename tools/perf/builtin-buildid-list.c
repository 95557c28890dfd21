// SPDX-License-Identifier: GPL-2.0
/*
 * perf buildid-list: the build-ids a perf.data refers to, one
 * "<build-id> <path>" line per DSO, as upstream prints them.  Which DSOs
 * those are (the BUILD_ID table, or the DSOs samples hit) is the shared
 * model's answer: util/model/dso-hits.h.  --store puts them into the build-id
 * cache: buildid-list/store.h.
 */
#include <errno.h>
#include <stdio.h>
#include "builtin.h"
#include "util/symbols/build-id.h"
#include "buildid-list/store.h"
#include "util/model/dso-hits.h"
#include "util/base/parse-options.h"

static const char * const buildid_list_usage[] = { "perf buildid-list [<options>]", NULL };

struct bl_opts {
	struct dso_hits_opts hits;
	const char *debuginfod_urls;
	bool kernel, kernel_maps, store, no_debuginfod;
};

static int bl__option(void *ctx, int key, const char *arg, bool unset)
{
	struct bl_opts *o = ctx;

	/* --debuginfod without URLs: DEBUGINFOD_URLS; --no-debuginfod: none */
	o->no_debuginfod = unset;
	o->debuginfod_urls = unset ? NULL : arg ? arg : "";
	return 0;
}

static int bl__parse(struct bl_opts *o, int argc, const char **argv)
{
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'f', "force", &o->hits.force, NULL, "don't complain, do it" },
		{ PARSE_OPT_BOOL, 'H', "with-hits", &o->hits.hits, NULL, "Show only DSOs with hits" },
		{ PARSE_OPT_STRING, 'i', "input", &o->hits.input, "file", "input file name" },
		{ PARSE_OPT_BOOL, 'k', "kernel", &o->kernel, NULL, "Show current kernel build id" },
		{ PARSE_OPT_BOOL, 'm', "kernel-maps", &o->kernel_maps, NULL,
		  "Show build id of current kernel + modules" },
		{ PARSE_OPT_INCR, 'v', "verbose", &o->hits.verbose, NULL, "be more verbose" },
		{ PARSE_OPT_BOOL, 0, "buildid-all", &o->hits.all, NULL,
		  "every DSO the records map, hit or not" },
		{ PARSE_OPT_BOOL, 0, "store", &o->store, NULL,
		  "put every DSO into the build-id cache (OK/FAIL per DSO)" },
		{ PARSE_OPT_CALLBACK, 0, "debuginfod", NULL, "debuginfod urls",
		  "with --store: servers to ask (default: DEBUGINFOD_URLS)",
		  PARSE_OPT_OPTARG | PARSE_OPT_CANNEG },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "buildid-list", .usage = buildid_list_usage, .opts = opts,
		.cb = bl__option, .ctx = o,
	};
	return parse_opts__parse_no_args(&p, argc, argv);
}

/* The id padded to 40 columns (blank when unknown), then the name. */
static int bl__print_one(void *priv, const struct machine *machine, const struct dso *dso)
{
	char hex[SBUILD_ID_SIZE] = "";

	if (dso__has_build_id(dso))
		build_id__sprintf(&dso->id.bid, hex);
	printf("%-40s %s\n", hex, dso->long_name);
	return 0;
}

int cmd_buildid_list(int argc, const char **argv)
{
	struct bl_opts o = { .kernel = false };
	struct dso_hits hits;
	int err = bl__parse(&o, argc, argv);

	if (err)
		return err;
	if (o.kernel || o.kernel_maps)
		return build_id_store__print_kernel(o.kernel_maps);
	if (o.store) {
		/* what the analysis box needs: call-chain frames' DSOs too */
		o.hits.callchain = true;
		return buildid_store__cmd(&o.hits, o.no_debuginfod ? NULL : o.debuginfod_urls,
					  o.no_debuginfod);
	}
	err = dso_hits__load(&hits, &o.hits);
	/* a damaged file: what was read before the damage is listed */
	if (err != -EIO)
		dso_hits__for_each(&hits, bl__print_one, NULL);
	dso_hits__exit(&hits);
	return err ? 1 : 0;
}
