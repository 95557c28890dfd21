// SPDX-License-Identifier: GPL-2.0
/* The debuginfod hook of dso__load(), and a concurrent prefetch for it. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "debuginfod.h"
#include "debuginfod-dso.h"
#include "dso.h"

#define DEBUG_DIR	"/usr/lib/debug"

/* dso_debuginfod_fn: the fetcher remembers every answer, so ask freely. */
static int debuginfod_dso__fetch(void *priv, const struct build_id *bid, bool debuginfo,
				 char **path)
{
	return debuginfod_fetcher__fetch(priv, bid, debuginfo ? DEBUGINFOD_KIND_DEBUGINFO :
					 DEBUGINFOD_KIND_EXECUTABLE, path);
}

int debuginfod__setup_dso_hook(struct dso_load_opts *opts, const char *urls, int verbose,
			       struct debuginfod_fetcher **fetcher)
{
	struct debuginfod_opts dopts = {
		.urls = urls,
		.verbose = verbose,
		.progress = true,
	};
	struct debuginfod_fetcher *f;

	*fetcher = NULL;
	if (urls && !*urls)
		return -EINVAL;
	if (!urls && !debuginfod__configured())
		return 0;
	f = debuginfod_fetcher__new(&dopts);
	if (!f)
		return errno == ENOENT ? 0 : -ENOMEM;	/* no library: go on without */
	opts->debuginfod = debuginfod_dso__fetch;
	opts->debuginfod_priv = f;
	*fetcher = f;
	return 0;
}

static const char *cache_dir(const struct dso_load_opts *opts, char *buf, size_t size)
{
	const char *dir = opts->buildid_dir, *home;

	if (!dir)
		dir = getenv("PERF_BUILDID_DIR");
	if (dir && *dir)
		return dir;
	home = getenv("HOME");
	if (!home || !*home || (size_t)snprintf(buf, size, "%s/.debug", home) >= size)
		return NULL;
	return buf;
}

/*
 * A cheap guess whether dso__load() will find the DSO without debuginfod:
 * an entry in the cache or the debug dir, or the right file at its path.
 * A wrong guess costs a request whose answer may go unused, nothing more.
 */
static bool dso__has_local_source(const struct dso *dso, const struct dso_load_opts *opts)
{
	const char *debug_dir = opts->debug_dir ? opts->debug_dir : DEBUG_DIR;
	char hex[SBUILD_ID_SIZE], buf[PATH_MAX], path[PATH_MAX];
	struct build_id bid = { .size = 0 };
	const char *dir = cache_dir(opts, buf, sizeof(buf));

	build_id__sprintf(&dso->id.bid, hex);
	if (dir && (size_t)snprintf(path, sizeof(path), "%s/.build-id/%.2s/%s", dir, hex,
				    hex + 2) < sizeof(path) && !access(path, R_OK))
		return true;
	if ((size_t)snprintf(path, sizeof(path), "%s/.build-id/%.2s/%s.debug", debug_dir, hex,
			     hex + 2) < sizeof(path) && !access(path, R_OK))
		return true;
	return dso->long_name[0] == '/' && !filename__read_build_id(dso->long_name, &bid) &&
	       build_id__equal(&bid, &dso->id.bid);
}

static int prefetch(struct debuginfod_fetcher *f, struct build_id *ids, size_t n,
		    enum debuginfod_kind kind, bool *found)
{
	struct debuginfod_result *res = calloc(n, sizeof(*res));
	size_t i;
	int ret;

	if (!res)
		return -ENOMEM;
	ret = debuginfod_fetcher__fetch_many(f, ids, n, kind, res);
	for (i = 0; ret >= 0 && i < n; i++) {
		found[i] = found[i] || !res[i].err;
		debuginfod_result__exit(&res[i]);
	}
	free(res);
	return ret;
}

int debuginfod__prefetch_dsos(struct debuginfod_fetcher *fetcher, const struct dsos *dsos,
			      const struct dso_load_opts *opts)
{
	struct build_id *ids;
	size_t i, n = 0, m = 0;
	bool *found;
	int ret = -ENOMEM, nr;

	if (!fetcher || !dsos->nr)
		return 0;
	ids = calloc(dsos->nr, sizeof(*ids));
	found = calloc(dsos->nr, sizeof(*found));
	if (!ids || !found)
		goto out;
	for (i = 0; i < dsos->nr; i++) {
		const struct dso *dso = dsos->entries[i];

		if (dso__has_build_id(dso) && !dso->kernel &&
		    dso->load_state == DSO_LOAD__NOT_TRIED && !dso__has_local_source(dso, opts))
			ids[n++] = dso->id.bid;
	}
	if (!n) {
		ret = 0;
		goto out;
	}
	/* The loader asks for debuginfo first, then for the executable. */
	ret = prefetch(fetcher, ids, n, DEBUGINFOD_KIND_DEBUGINFO, found);
	if (ret < 0)
		goto out;
	nr = ret;
	for (i = 0; i < n; i++) {
		if (!found[i]) {
			ids[m] = ids[i];
			found[m++] = false;
		}
	}
	ret = m ? prefetch(fetcher, ids, m, DEBUGINFOD_KIND_EXECUTABLE, found) : 0;
	if (ret >= 0)
		ret += nr;
out:
	free(ids);
	free(found);
	return ret;
}
