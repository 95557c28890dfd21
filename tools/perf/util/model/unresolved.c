// SPDX-License-Identifier: GPL-2.0
/*
 * Why frames stayed unresolved, said once at the end (see unresolved.h).
 *
 * Everything here is read from the DSOs' state after the walk: what
 * dso__load() tried is fixed by the options (the cache directory, the
 * kallsyms path, whether a debuginfod hook was plugged), and the one
 * outcome that is not (a file at the recorded path with another build-id)
 * is dso->build_id_mismatch.  So dso.c needs no bookkeeping for this.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/model/unresolved.h"
#include "util/base/array.h"
#include "util/cache/build-id-cache.h"
#include "util/model/machine.h"
#include "util/model/dso.h"
#include "util/symbols/kallsyms.h"
#include "util/data/header.h"

/*
 * Mappings that are no file (anonymous memory, shared memory, devices):
 * they have no symbols to find, so nothing is missing.
 */
static bool name_is_file(const char *name)
{
	static const char * const not_files[] = {
		"//", "/dev/", "/memfd:", "/SYSV", "/anon_hugepage", "/tmp/perf-",
	};
	size_t i;

	if (name[0] != '/')
		return false;
	for (i = 0; i < sizeof(not_files) / sizeof(not_files[0]); i++)
		if (!strncmp(name, not_files[i], strlen(not_files[i])))
			return false;
	return true;
}

static bool dso__counts(const struct machine *machine, const struct dso *dso)
{
	if (dso->load_state != DSO_LOAD__FAILED)
		return false;
	/* a module without its .ko is resolved through the kernel's kallsyms */
	if (dso->kmod)
		return !machine->kernel_dso ||
		       machine->kernel_dso->load_state != DSO_LOAD__LOADED;
	return dso->kernel || !strcmp(dso->long_name, "[vdso]") || name_is_file(dso->long_name);
}

/* Upstream's lines, in its words: scripts grep for them. */
static void print_upstream_line(const struct dso *dso, FILE *out)
{
	char hex[SBUILD_ID_SIZE];

	if (!dso__has_build_id(dso))
		return;
	build_id__sprintf(&dso->id.bid, hex);
	if (dso->kernel)
		fprintf(out, "No kallsyms or vmlinux with build-id %s was found\n", hex);
	else if (dso->build_id_mismatch)
		fprintf(out, "%s with build id %s not found, continuing without symbols\n",
			dso->long_name, hex);
}

/* "cache: not in DIR", or why the entry there was not used. */
static void describe_cache(const struct machine *machine, const struct dso *dso,
			   const char *hex, char *buf, size_t size)
{
	char dir[PATH_MAX], link[PATH_MAX];
	struct stat st;

	if (build_id_cache__dir_of(dir, sizeof(dir), machine->load_opts.buildid_dir)) {
		snprintf(buf, size, "cache: none ($HOME unset)");
		return;
	}
	if (build_id_cache__path(link, sizeof(link), dir, hex, "") || lstat(link, &st) < 0)
		snprintf(buf, size, "cache: not in %s", dir);
	else
		snprintf(buf, size, "cache: entry unusable (see above)");
}

/* The recorded path (for the kernel: kallsyms) and why it was not used. */
static void describe_path(const struct machine *machine, const struct dso *dso,
			  char *buf, size_t size)
{
	const char *kallsyms = machine->load_opts.kallsyms ? machine->load_opts.kallsyms :
							     KALLSYMS_PROC_PATH;
	struct stat st;

	if (dso->kernel) {
		if (dso->build_id_mismatch)
			snprintf(buf, size, "%s: of another kernel", kallsyms);
		else
			snprintf(buf, size, "%s: unusable", kallsyms);
	} else if (dso->long_name[0] != '/') {
		snprintf(buf, size, "no file to look at");
	} else if (dso->build_id_mismatch) {
		snprintf(buf, size, "path: has another build-id");
	} else if (stat(dso->long_name, &st) < 0) {
		snprintf(buf, size, "path: %s", strerror(errno));
	} else {
		snprintf(buf, size, "path: no symbols in it");
	}
}

/*
 * The hook is plugged when debuginfod was asked (DEBUGINFOD_URLS or
 * --debuginfod) and its library loaded; the library's absence was said
 * when it was loaded.
 */
static const char *debuginfod_state(const struct machine *machine)
{
	const char *urls = getenv("DEBUGINFOD_URLS");

	if (machine->load_opts.debuginfod)
		return "not found";
	return urls && *urls ? "unavailable" : "not configured";
}

/*
 * The ids the file says perf record could not secure (its
 * UNSECURED_BUILD_ID section), sorted for lookup by each DSO's id.
 */
struct unsecured_ids {
	struct build_id *ids;
	size_t nr, alloc;
};

static int bid_cmp(const void *a, const void *b)
{
	const struct build_id *x = a, *y = b;

	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return memcmp(x->data, y->data, x->size);
}

static int unsecured_ids__add(void *priv, const struct perf_record_header_build_id *ev,
			      const u8 *build_id, u8 size, const char *filename)
{
	struct unsecured_ids *u = priv;

	if (ARRAY_GROW(u->ids, u->alloc, u->nr + 1))
		return -ENOMEM;
	build_id__init(&u->ids[u->nr++], build_id, size);
	return 0;
}

/* Out of memory: the list is partial, so a DSO is merely not flagged. */
static void unsecured_ids__load(struct unsecured_ids *u, const struct perf_header *h)
{
	if (!h)
		return;
	perf_header__for_each_unsecured(h, unsecured_ids__add, u);
	if (u->nr)
		qsort(u->ids, u->nr, sizeof(*u->ids), bid_cmp);
}

static bool unsecured_ids__has(const struct unsecured_ids *u, const struct dso *dso)
{
	return u->nr && dso__has_build_id(dso) &&
	       bsearch(&dso->id.bid, u->ids, u->nr, sizeof(*u->ids), bid_cmp);
}

static void print_dso_line(const struct machine *machine, const struct dso *dso,
			   bool unsecured, FILE *out)
{
	char hex[SBUILD_ID_SIZE], cache[PATH_MAX + 32], path[PATH_MAX + 64];

	describe_path(machine, dso, path, sizeof(path));
	if (!dso__has_build_id(dso)) {
		/* no id: the cache and debuginfod cannot be asked */
		fprintf(out, "  %s (no build-id recorded): %s\n", dso->long_name, path);
		return;
	}
	build_id__sprintf(&dso->id.bid, hex);
	describe_cache(machine, dso, hex, cache, sizeof(cache));
	fprintf(out, "  %s %s: %s%s; %s; debuginfod: %s\n", dso->long_name, hex,
		unsecured ? "perf record could not secure this file (gone before it could copy "
			    "it); " : "", cache, path, debuginfod_state(machine));
}

int unresolved__print(const struct machine *machine, const char *cmd, FILE *out)
{
	return unresolved__print_recorded(machine, NULL, cmd, out);
}

int unresolved__print_recorded(const struct machine *machine, const struct perf_header *h,
			       const char *cmd, FILE *out)
{
	const struct dsos *dsos = &machine->dsos;
	struct unsecured_ids u = { 0 };
	size_t i;
	int n = 0, said = 0, shown = 0, n_unsecured = 0;
	bool with_id = false;

	for (i = 0; i < dsos->nr; i++) {
		if (!dso__counts(machine, dsos->entries[i]))
			continue;
		print_upstream_line(dsos->entries[i], out);
		/* named once already, with what went wrong and what to do */
		if (dsos->entries[i]->debuginfod_said) {
			said++;
			continue;
		}
		with_id |= dso__has_build_id(dsos->entries[i]);
		n++;
	}
	if (!n)
		return said;
	unsecured_ids__load(&u, h);
	fprintf(out, "%s: no symbols for %d DSO%s with samples%s:\n", cmd, n + said,
		n + said == 1 ? "" : "s", said ? " (those debuginfod failed on are named above)" : "");
	for (i = 0; i < dsos->nr; i++) {
		const struct dso *dso = dsos->entries[i];
		bool unsecured;

		if (!dso__counts(machine, dso) || dso->debuginfod_said)
			continue;
		unsecured = unsecured_ids__has(&u, dso);
		n_unsecured += unsecured;
		if (shown < UNRESOLVED_MAX_LINES) {
			print_dso_line(machine, dso, unsecured, out);
			shown++;
		}
	}
	free(u.ids);
	if (n > shown)
		fprintf(out, "  and %d more\n", n - shown);
	/* Its copy was never made: only a build kept elsewhere can help. */
	if (n_unsecured)
		fprintf(out, "  next step for the %d file%s perf record could not secure: "
			"'perf buildid-cache -a FILE' if you still have %s (or serve %s by "
			"debuginfod); next time keep old builds until the recording ends\n",
			n_unsecured, n_unsecured == 1 ? "" : "s",
			n_unsecured == 1 ? "that build" : "those builds",
			n_unsecured == 1 ? "it" : "them");
	if (n_unsecured == n)
		return n + said;
	/* debuginfod asked already: setting it up is not the next step */
	if (with_id && strcmp(debuginfod_state(machine), "not configured"))
		fprintf(out, "  next step: 'perf buildid-list --store' on the recording host\n");
	else if (with_id)
		fprintf(out, "  next step: 'perf buildid-list --store' on the recording host, "
			"or set DEBUGINFOD_URLS\n");
	else
		fprintf(out, "  next step: record with build-ids (perf record --buildid-mmap)\n");
	return n + said;
}

/*
 * A stream whose MMAP records carry no build-ids (upstream's `record -o -`)
 * names the ids in HEADER_BUILD_ID records at its end, after the symbols
 * were read from the file at each path.  Were they the recorded file's?
 */
/* One DSO loaded from its path with no id to check it against. */
struct stream_cand {
	struct dso *dso;
	struct build_id file_id;	/* of the file now at the path */
	struct build_id want;		/* the last id the stream listed for it */
	bool listed;			/* some entry names its path */
	bool matched;			/* some entry for its path has the file's id */
};

struct stream_check {
	struct stream_cand *cand;
	size_t nr;
};

static int stream_check__entry(void *priv, const struct perf_record_header_build_id *ev,
			       const u8 *build_id, u8 size, const char *filename)
{
	struct stream_check *c = priv;
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct stream_cand *k = &c->cand[i];

		if (strcmp(k->dso->long_name, filename))
			continue;
		k->listed = true;
		memcpy(k->want.data, build_id, size);
		k->want.size = size;
		if (k->file_id.size == size && !memcmp(k->file_id.data, build_id, size))
			k->matched = true;
	}
	return 0;
}

int unresolved__check_stream_ids(const struct machine *machine, const struct perf_header *h,
				 const char *cmd, FILE *out)
{
	const struct dsos *dsos = &machine->dsos;
	struct stream_check c = { 0 };
	size_t i;
	int n = 0;

	c.cand = calloc(dsos->nr ?: 1, sizeof(*c.cand));
	if (!c.cand)
		return -ENOMEM;
	for (i = 0; i < dsos->nr; i++) {
		struct dso *dso = dsos->entries[i];

		if (dso->load_state != DSO_LOAD__LOADED || dso__has_build_id(dso) ||
		    dso->symtab_type != DSO_BINARY_TYPE__ORIGINAL || !name_is_file(dso->long_name))
			continue;
		c.cand[c.nr].dso = dso;
		filename__read_build_id(dso->symsrc_path ?: dso->long_name, &c.cand[c.nr].file_id);
		c.nr++;
	}
	perf_header__for_each_build_id(h, stream_check__entry, &c);
	for (i = 0; i < c.nr; i++) {
		char want[SBUILD_ID_SIZE];

		if (!c.cand[i].listed || c.cand[i].matched)
			continue;
		build_id__sprintf(&c.cand[i].want, want);
		fprintf(out, "Warning: %s: %s: symbols were read from the file now at the path, "
			"which is not the recorded build %s (the stream named it only at its end): "
			"they may be wrong; 'perf buildid-list --store' on the recording host keeps "
			"the right file\n", cmd, c.cand[i].dso->long_name, want);
		n++;
	}
	free(c.cand);
	return n;
}
