// SPDX-License-Identifier: GPL-2.0
/*
 * perf buildid-cache: manage the build-id cache (~/.debug) by hand, with
 * upstream's flags.  The cache itself is util/cache/build-id-cache*.c, which
 * writes only below the cache directory, whatever the names.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "buildid-list/store.h"
#include "util/model/dso-hits.h"
#include "util/cache/debuginfod.h"
#include "util/base/parse-options.h"

static const char * const buildid_cache_usage[] = { "perf buildid-cache [<options>]", NULL };

enum bc_op { BC_ADD, BC_REMOVE, BC_PURGE, BC_UPDATE, BC_NR_OPS };

struct buildid_cache {
	char dir[PATH_MAX];
	const char *lists[BC_NR_OPS][16];	/* comma-separated file lists */
	int nr_lists[BC_NR_OPS];
	const char *missing;
	bool list, purge_all, force, debuginfod;
	const char *debuginfod_urls;
	struct debuginfod_fetcher *fetcher;
	int verbose;
	int failed;
};

/* The name a file is cached under: its absolute, resolved path. */
static int cache_name(const char *file, char *name)
{
	if (realpath(file, name))
		return 0;
	if (file[0] == '/' && strlen(file) < PATH_MAX) {
		strcpy(name, file);	/* gone, but an absolute name still names entries */
		return 0;
	}
	return -errno;
}

/* --debuginfod: the separate debuginfo next to the binary, as "debug". */
static void bc__add_debuginfo(struct buildid_cache *bc, const char *name,
			      const struct build_id *bid)
{
	char *path = NULL;
	struct build_id want = *bid;

	if (!bc->fetcher ||
	    debuginfod_fetcher__fetch(bc->fetcher, bid, DEBUGINFOD_KIND_DEBUGINFO, &path))
		return;
	if (build_id_cache__add_file(bc->dir, path, name, &want, "debug"))
		pr_debug(bc->verbose, 1, "debuginfo of %s not cached\n", name);
	free(path);
}

static int bc__add(struct buildid_cache *bc, const char *file)
{
	struct build_id bid = { .size = 0 };
	char name[PATH_MAX], hex[SBUILD_ID_SIZE];
	int ret = cache_name(file, name);

	if (!ret)
		ret = build_id_cache__add_file(bc->dir, name, NULL, &bid, NULL);
	if (ret) {
		pr_err("Couldn't add %s: %s\n", file,
		       ret == -ESTALE ? "no build-id" : strerror(-ret));
		return ret;
	}
	bc__add_debuginfo(bc, name, &bid);
	build_id__sprintf(&bid, hex);
	pr_debug(bc->verbose, 1, "Adding %s %s: Ok\n", hex, name);
	return 0;
}

static int bc__remove(struct buildid_cache *bc, const char *file)
{
	struct build_id bid;
	char name[PATH_MAX], hex[SBUILD_ID_SIZE];
	int ret = cache_name(file, name);

	if (!ret)
		ret = filename__read_build_id(name, &bid);
	if (!ret)
		ret = build_id_cache__remove(bc->dir, name, &bid);
	if (ret) {
		pr_err("Couldn't remove %s: %s\n", file, strerror(-ret));
		return ret;
	}
	build_id__sprintf(&bid, hex);
	pr_debug(bc->verbose, 1, "Removing %s %s: Ok\n", hex, name);
	return 0;
}

static int bc__purge(struct buildid_cache *bc, const char *file)
{
	char name[PATH_MAX];
	int ret = cache_name(file, name);

	if (!ret)
		ret = build_id_cache__purge(bc->dir, name);
	if (ret < 0) {
		pr_err("Couldn't remove %s: %s\n", file, strerror(-ret));
		return ret;
	}
	pr_debug(bc->verbose, 1, "Removing %s (%d entries): Ok\n", name, ret);
	return 0;
}

/* -u: the entry for the file's current build-id, written afresh. */
static int bc__update(struct buildid_cache *bc, const char *file)
{
	struct build_id bid;
	char name[PATH_MAX];

	if (!cache_name(file, name) && !filename__read_build_id(name, &bid))
		build_id_cache__remove(bc->dir, name, &bid);
	return bc__add(bc, file);
}

static int (* const bc_ops[BC_NR_OPS])(struct buildid_cache *, const char *) = {
	[BC_ADD] = bc__add, [BC_REMOVE] = bc__remove, [BC_PURGE] = bc__purge,
	[BC_UPDATE] = bc__update,
};

static void bc__run_lists(struct buildid_cache *bc)
{
	int op, i;

	for (op = 0; op < BC_NR_OPS; op++) {
		for (i = 0; i < bc->nr_lists[op]; i++) {
			char *list = strdup(bc->lists[op][i]), *save = NULL, *file;

			if (!list) {
				bc->failed++;
				return;
			}
			for (file = strtok_r(list, ",", &save); file; file = strtok_r(NULL, ",", &save))
				bc->failed += bc_ops[op](bc, file) != 0;
			free(list);
		}
	}
}

/* -M: what perf.data refers to that the cache lacks. */
static int bc__print_missing(void *priv, const struct build_id *bid, const char *name)
{
	struct buildid_cache *bc = priv;
	char hex[SBUILD_ID_SIZE];

	if (!build_id_cache__cached(bc->dir, bid)) {
		build_id__sprintf(bid, hex);
		printf("%s %s\n", hex, name);
	}
	return 0;
}

static int bc__add_list(struct buildid_cache *bc, enum bc_op op, const char *arg)
{
	if (bc->nr_lists[op] == (int)(sizeof(bc->lists[op]) / sizeof(bc->lists[op][0]))) {
		pr_err("  Error: too many file lists\n");
		return PERF_USAGE_ERROR;
	}
	bc->lists[op][bc->nr_lists[op]++] = arg;
	return 0;
}

enum { OPT_DEBUGINFOD = BC_NR_OPS };

static int bc__option(void *ctx, int key, const char *arg, bool unset)
{
	struct buildid_cache *bc = ctx;

	if (key == OPT_DEBUGINFOD) {
		bc->debuginfod = !unset;
		bc->debuginfod_urls = arg;
		return 0;
	}
	return bc__add_list(bc, key, arg);
}

#define BC_LIST(s, l, op, h) { PARSE_OPT_CALLBACK, s, l, NULL, "file list", h, 0, op }

static int bc__parse(struct buildid_cache *bc, int argc, const char **argv)
{
	const char *unsupported = NULL;
	const struct parse_opt opts[] = {
		BC_LIST('a', "add", BC_ADD, "file(s) to add"),
		BC_LIST('p', "purge", BC_PURGE, "file(s) to remove (remove old caches too)"),
		BC_LIST('r', "remove", BC_REMOVE, "file(s) to remove"),
		BC_LIST('u', "update", BC_UPDATE, "file(s) to update"),
		{ PARSE_OPT_BOOL, 'f', "force", &bc->force, NULL, "don't complain, do it" },
		{ PARSE_OPT_BOOL, 'l', "list", &bc->list, NULL, "list all cached files" },
		{ PARSE_OPT_STRING, 'M', "missing", &bc->missing, "file",
		  "to find missing build ids in the cache" },
		{ PARSE_OPT_BOOL, 'P', "purge-all", &bc->purge_all, NULL, "purge all cached files" },
		{ PARSE_OPT_INCR, 'v', "verbose", &bc->verbose, NULL, "be more verbose" },
		{ PARSE_OPT_CALLBACK, 0, "debuginfod", NULL, "debuginfod urls",
		  "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls",
		  PARSE_OPT_OPTARG | PARSE_OPT_CANNEG, OPT_DEBUGINFOD },
		{ PARSE_OPT_STRING, 'k', "kcore", &unsupported, "file",
		  "kernel core copies are not kept in this cache", PARSE_OPT_UNSUPPORTED },
		{ PARSE_OPT_STRING, 0, "target-ns", &unsupported, "n",
		  "files are added by their path in our mount namespace", PARSE_OPT_UNSUPPORTED },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = {
		.cmd = "buildid-cache", .usage = buildid_cache_usage, .opts = opts,
		.cb = bc__option, .ctx = bc,
	};
	return parse_opts__parse_no_args(&p, argc, argv);
}

int cmd_buildid_cache(int argc, const char **argv)
{
	struct buildid_cache bc = { .verbose = 0 };
	int ret = bc__parse(&bc, argc, argv);

	if (ret)
		return ret;
	ret = build_id_cache__dir(bc.dir, sizeof(bc.dir));
	if (ret) {
		pr_err("perf buildid-cache: no cache directory (HOME unset): %s\n", strerror(-ret));
		return 1;
	}
	if (bc.debuginfod && (!bc.debuginfod_urls || *bc.debuginfod_urls)) {
		struct debuginfod_opts opts = {
			.urls = bc.debuginfod_urls, .verbose = bc.verbose, .progress = true,
		};

		bc.fetcher = debuginfod_fetcher__new(&opts);
	}
	if (bc.purge_all) {
		ret = build_id_cache__purge_all(bc.dir);
		if (ret < 0) {
			pr_err("Couldn't remove some caches: %s\n", strerror(-ret));
			bc.failed++;
		} else {
			pr_debug(bc.verbose, 1, "Removed %d entries\n", ret);
		}
	}
	bc__run_lists(&bc);
	if (bc.missing) {
		struct dso_hits_opts opts = {
			.input = bc.missing, .force = bc.force, .hits = true, .verbose = bc.verbose,
		};

		ret = dso_hits__for_each_build_id(&opts, bc__print_missing, &bc);
		bc.failed += ret != 0;
	}
	if (bc.list) {
		ret = build_id_cache__list(bc.dir, stdout);
		if (ret) {
			pr_err("perf buildid-cache: %s: %s\n", bc.dir, strerror(-ret));
			bc.failed++;
		}
	}
	debuginfod_fetcher__delete(bc.fetcher);
	return bc.failed ? 1 : 0;
}
