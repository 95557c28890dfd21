// SPDX-License-Identifier: GPL-2.0
/*
 * The DSO-facing half of source lines: which debug file a DSO's DWARF is
 * read from.  The symbols layer reads DWARF but knows no DSO; the model
 * knows which files carry the DSO's build-id.
 */
#include <errno.h>
#include <stdlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "util/model/dso-srcline.h"
#include "util/cache/build-id-cache.h"
#include "util/symbols/build-id.h"
#include "util/base/debug.h"

#define DSO_SRCLINE_DEBUG_DIR	"/usr/lib/debug"

/* Open @path if it has DWARF and, unless @verified, the DSO's build-id. */
static bool dso__try_srcline_file(struct dso *dso, const char *path, bool verified,
				  const struct dso_load_opts *opts)
{
	struct build_id bid = { .size = 0 };

	if (!verified && (filename__read_build_id(path, &bid) < 0 ||
			  !build_id__equal(&bid, &dso->id.bid)))
		return false;
	if (srcline_file__open(&dso->srcline, path))
		return false;
	if (opts)
		pr_debug(opts->verbose, 1, "%s: source lines from %s\n", dso->long_name, path);
	return true;
}

static void dso__open_srcline(struct dso *dso, const struct dso_load_opts *opts)
{
	char hex[BUILD_ID_SIZE_MAX * 2 + 1], dir[PATH_MAX], path[PATH_MAX];
	const char *debug_dir = opts && opts->debug_dir ? opts->debug_dir : DSO_SRCLINE_DEBUG_DIR;

	if (dso__has_build_id(dso)) {
		build_id__sprintf(&dso->id.bid, hex);
		if (!build_id_cache__dir_of(dir, sizeof(dir), opts ? opts->buildid_dir : NULL) &&
		    !build_id_cache__path(path, sizeof(path), dir, hex, "/debug") &&
		    dso__try_srcline_file(dso, path, false, opts))
			return;
		if (!build_id_cache__path(path, sizeof(path), debug_dir, hex, ".debug") &&
		    dso__try_srcline_file(dso, path, false, opts))
			return;
	}
	/* the symbols' own file was checked against the build-id when loaded */
	if (opts)
		dso__load(dso, opts);
	if (dso->symsrc_path && dso->load_state == DSO_LOAD__LOADED &&
	    dso__try_srcline_file(dso, dso->symsrc_path, true, opts))
		return;
	/*
	 * The symbols came from a file without DWARF (a distribution's
	 * stripped binary has .symtab or .dynsym, not .debug_line): with a
	 * debuginfod hook, the debuginfo by build-id.  The loader only asks
	 * for it when no local file had symbols.
	 */
	if (opts && opts->debuginfod && dso__has_build_id(dso)) {
		char *fetched = NULL;

		if (!opts->debuginfod(opts->debuginfod_priv, &dso->id.bid, true, &fetched) &&
		    fetched)
			dso__try_srcline_file(dso, fetched, false, opts);
		free(fetched);
	}
}

const struct srcline *dso__srcline(struct dso *dso, const struct dso_load_opts *opts, u64 addr)
{
	if (!dso || dso->kernel || dso->kmod)
		return NULL;
	if (!dso->srcline_tried) {
		dso->srcline_tried = true;
		dso__open_srcline(dso, opts);
	}
	if (!dso->srcline)
		return NULL;
	return srcline_file__find(dso->srcline, addr);
}

/*
 * A file upstream's addr2line could read for @dso: its symbols were
 * loaded from one, or its DWARF found.  A [vdso] or the kernel has none
 * at a path.
 */
static bool dso__file_at_hand(const struct dso *dso)
{
	return !dso->kernel && !dso->kmod && dso->long_name[0] != '[' &&
	       (dso->srcline || (dso->symsrc_path && dso->load_state == DSO_LOAD__LOADED));
}

/* A symbol of the file's own tables, not one made up for a PLT entry. */
static bool symbol__from_symtab(const struct symbol *sym)
{
	size_t len = symbol__namelen(sym);

	return len < 4 || strcmp(sym->name + len - 4, "@plt");
}

/*
 * Where the DWARF does not say, upstream's addr2line still answers, with
 * "??:0", when it can read the DSO's file and name the function at @addr
 * from its symbol table; upstream shows that text (script leaves it out).
 * Its function+offset and dso[address] stand for an answer addr2line
 * could not give: no file (a [vdso] is not one at a path), or an address
 * in no function of the file, such as a PLT entry.
 */
static bool dso__srcline_unknown(struct dso *dso, const struct symbol *sym, u64 addr)
{
	if (!dso || !dso__file_at_hand(dso))
		return false;
	if (!sym)
		sym = dso__find_symbol(dso, addr);
	return sym && symbol__from_symtab(sym);
}

const char *dso__srcline_text(struct dso *dso, const struct symbol *sym, u64 addr,
			      const struct dso_load_opts *opts, char *buf, size_t size)
{
	const struct srcline *sl = dso ? dso__srcline(dso, opts, addr) : NULL;

	if (sl && sl->file) {
		srcline__snprintf(sl, buf, size, false);
		return sl->file;
	}
	if (dso__srcline_unknown(dso, sym, addr)) {
		snprintf(buf, size, "%s", SRCLINE_UNKNOWN);
		return NULL;
	}
	if (sym)
		snprintf(buf, size, "%s+%llu", sym->name, (unsigned long long)(addr - sym->start));
	else if (dso)
		snprintf(buf, size, "%s[%llx]", dso->short_name, (unsigned long long)addr);
	else
		snprintf(buf, size, "%s", SRCLINE_UNKNOWN);
	return NULL;
}

/*
 * A DSO whose lines were asked for, whose symbols were found (a DSO
 * without is named by unresolved.h already), and that had no DWARF.
 */
static bool dso__srcline_missing(const struct dso *dso)
{
	return dso->srcline_tried && !dso->srcline && dso__file_at_hand(dso);
}

int dsos__print_srcline_missing(const struct dsos *dsos, const struct dso_load_opts *opts,
				const char *cmd, FILE *out)
{
	char hex[BUILD_ID_SIZE_MAX * 2 + 1];
	size_t i;
	int n = 0, shown = 0;

	for (i = 0; i < dsos->nr; i++)
		n += dso__srcline_missing(dsos->entries[i]);
	if (!n)
		return 0;
	fprintf(out, "%s: no DWARF for the source lines of %d DSO%s with samples (shown as %s):\n",
		cmd, n, n == 1 ? "" : "s", SRCLINE_UNKNOWN);
	for (i = 0; i < dsos->nr && shown < DSO_SRCLINE_MAX_LINES; i++) {
		const struct dso *dso = dsos->entries[i];

		if (!dso__srcline_missing(dso))
			continue;
		shown++;
		if (dso__has_build_id(dso)) {
			build_id__sprintf(&dso->id.bid, hex);
			fprintf(out, "  %s (build-id %s)\n", dso->long_name, hex);
		} else {
			fprintf(out, "  %s (no build-id: only its own file could say)\n",
				dso->long_name);
		}
	}
	if (n > shown)
		fprintf(out, "  and %d more\n", n - shown);
	fprintf(out, "Install %s debug info (the -dbg or -dbgsym package) or add the unstripped "
		     "file%s with 'perf buildid-cache -a FILE'%s.\n", n == 1 ? "its" : "their",
		n == 1 ? "" : "s",
		opts && opts->debuginfod ? "" : ", or set DEBUGINFOD_URLS to fetch by build-id");
	return n;
}
