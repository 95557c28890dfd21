// SPDX-License-Identifier: GPL-2.0
/*
 * perf buildid-list: the build-ids a perf.data refers to, one
 * "<build-id> <path>" line per DSO, as upstream prints them.  Which DSOs
 * those are (the BUILD_ID table, or the DSOs samples hit) is the shared
 * model's answer: util/dso-hits.h.  --store puts them into the build-id
 * cache: util/build-id-store.h.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include "builtin.h"
#include "util/build-id.h"
#include "util/build-id-store.h"
#include "util/dso-hits.h"
#include "util/usage.h"

static const char * const buildid_list_usage =
	"\n Usage: perf buildid-list [<options>]\n\n"
	"    -f, --force           don't complain, do it\n"
	"    -H, --with-hits       Show only DSOs with hits\n"
	"    -i, --input <file>    input file name\n"
	"    -k, --kernel          Show current kernel build id\n"
	"    -m, --kernel-maps     Show build id of current kernel + modules\n"
	"    -v, --verbose         be more verbose\n"
	"        --buildid-all     every DSO the records map, hit or not\n"
	"        --store           put every DSO into the build-id cache (OK/FAIL per DSO)\n"
	"        --debuginfod[=<debuginfod urls>]\n"
	"                          with --store: servers to ask (default: DEBUGINFOD_URLS)\n\n";

struct bl_opts {
	struct dso_hits_opts hits;
	const char *debuginfod_urls;
	bool kernel, kernel_maps, store, no_debuginfod;
};

enum { OPT_STORE = 256, OPT_DEBUGINFOD, OPT_NO_DEBUGINFOD, OPT_BUILDID_ALL };

static int bl__parse(struct bl_opts *o, int argc, const char **argv)
{
	static const struct option longopts[] = {
		{ "force",	no_argument,		NULL, 'f' },
		{ "with-hits",	no_argument,		NULL, 'H' },
		{ "input",	required_argument,	NULL, 'i' },
		{ "kernel",	no_argument,		NULL, 'k' },
		{ "kernel-maps", no_argument,		NULL, 'm' },
		{ "verbose",	no_argument,		NULL, 'v' },
		{ "buildid-all", no_argument,		NULL, OPT_BUILDID_ALL },
		{ "store",	no_argument,		NULL, OPT_STORE },
		{ "debuginfod",	optional_argument,	NULL, OPT_DEBUGINFOD },
		{ "no-debuginfod", no_argument,		NULL, OPT_NO_DEBUGINFOD },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, (char * const *)argv, ":fHi:kmvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o->hits.force = true; break;
		case 'H': o->hits.hits = true; break;
		case 'i': o->hits.input = optarg; break;
		case 'k': o->kernel = true; break;
		case 'm': o->kernel_maps = true; break;
		case 'v': o->hits.verbose++; break;
		case OPT_BUILDID_ALL: o->hits.all = true; break;
		case OPT_STORE: o->store = true; break;
		case OPT_DEBUGINFOD: o->debuginfod_urls = optarg ? optarg : ""; break;
		case OPT_NO_DEBUGINFOD: o->no_debuginfod = true; break;
		case 'h':
			fputs(buildid_list_usage, stdout);
			return PERF_USAGE_ERROR;
		default:
			return usage__getopt_error(c, argv, buildid_list_usage);
		}
	}
	if (optind < argc)
		return usage__extra_argument(argv[optind], buildid_list_usage);
	return 0;
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
