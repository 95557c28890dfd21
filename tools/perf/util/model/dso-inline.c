// SPDX-License-Identifier: GPL-2.0
/*
 * Inline frames per (DSO, address): the source line's inline chain
 * (util/symbols/srcline.h) turned into the symbols call chains show.
 * Upstream asks addr2line -i per address and makes a new symbol per
 * inline frame; here each answer is made once and inlined functions are
 * shared symbols, one per (function inlined into, name).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/model/dso-inline.h"
#include "util/model/dso-srcline.h"
#include "util/symbols/demangle.h"
#include "util/symbols/srcline.h"
#include "util/symbols/symbol.h"
#include "util/base/hashmap.h"

struct dso_inline_cache {
	struct hashmap		by_addr;	/* hash of addr -> struct dso_inlines */
	struct hashmap		syms;		/* hash of (base, name) -> struct symbol */
	struct hashmap		texts;		/* hash of addr -> struct callchain_srcline */
};

struct callchain_srcline {
	u64			addr;
	char			text[];
};

/* upstream's name for a frame whose function the DWARF does not name */
#define INLINE_UNNAMED	"??"

void dso_inline_cache__delete(struct dso_inline_cache *cache)
{
	size_t i;

	if (!cache)
		return;
	for (i = 0; i < cache->by_addr.nr; i++)
		free(cache->by_addr.entries[i].value);
	for (i = 0; i < cache->syms.nr; i++)
		free(cache->syms.entries[i].value);
	for (i = 0; i < cache->texts.nr; i++)
		free(cache->texts.entries[i].value);
	hashmap__exit(&cache->by_addr);
	hashmap__exit(&cache->syms);
	hashmap__exit(&cache->texts);
	free(cache);
}

static u64 inline_sym__hash(const struct symbol *base, const char *name)
{
	return hash__str(name, (u64)(uintptr_t)base);
}

/*
 * The symbol of frame @name in @base: @base itself when the names agree
 * (upstream compares the DWARF's name with the symbol's), else the one
 * inlined symbol of that name in @base.
 */
static const struct symbol *inline_cache__sym(struct dso_inline_cache *cache,
					      const struct symbol *base, const char *name,
					      bool outermost, const struct dso_load_opts *opts)
{
	char *demangled = NULL;
	const struct symbol *found = NULL;
	struct symbol *sym;
	size_t iter = 0;
	u64 hash;

	if (!name)
		name = INLINE_UNNAMED;
	else if ((demangled = demangle__sym_mode(name, opts ? opts->demangle : DEMANGLE_NAMES)))
		name = demangled;
	/*
	 * addr2line names a function the DWARF does not (asm without
	 * subprograms, _start) by the ELF symbol: the base's, near enough
	 */
	if (!strcmp(name, INLINE_UNNAMED) && outermost)
		name = base->name;
	if (!strcmp(name, base->name)) {
		found = base;
		goto out;
	}
	hash = inline_sym__hash(base, name);
	while ((sym = hashmap__next(&cache->syms, hash, &iter)))
		if (!strcmp(sym->name, name)) {
			found = sym;
			goto out;
		}
	sym = symbol__new_inlined(base, name);
	if (sym && hashmap__add(&cache->syms, hash, sym)) {
		free(sym);
		sym = NULL;
	}
	found = sym;
out:
	free(demangled);
	return found;
}

/*
 * "file.c:12" of @file (a DWARF path) into @buf; addr2line's "??:?" for
 * an unknown file reads as "??:0" upstream.
 */
static const char *inline_srcline(char *buf, size_t size, const char *file, unsigned int line)
{
	if (!file)
		return "??:0";
	snprintf(buf, size, "%s:%u", srcline__basename(file), line);
	return buf;
}

/*
 * The frames of @sl, innermost first: the innermost inlined function at
 * the address' line, each caller at the call site of the one inside it,
 * the subprogram last.  One block holds the frames and their texts.
 */
static struct dso_inlines *inline_cache__make(struct dso_inline_cache *cache,
					      const struct srcline *sl, const struct symbol *base,
					      const struct dso_load_opts *opts)
{
	u32 nr = (u32)sl->nr_inlines + 1, i;
	size_t text = 0;
	struct dso_inlines *di;
	char line[4096], *p;

	for (i = 0; i < nr; i++) {
		const char *file = i ? sl->inlines[i - 1].file : sl->file;

		text += (file ? strlen(srcline__basename(file)) : 2) + 12;
	}
	di = malloc(sizeof(*di) + nr * sizeof(di->frames[0]) + text);
	if (!di)
		return NULL;
	di->addr = sl->addr;
	di->nr = nr;
	p = (char *)&di->frames[nr];
	for (i = 0; i < nr; i++) {
		const char *name = i < nr - 1 ? sl->inlines[i].func : sl->func;
		const char *s = i ? inline_srcline(line, sizeof(line), sl->inlines[i - 1].file,
						   sl->inlines[i - 1].line)
				  : inline_srcline(line, sizeof(line), sl->file, sl->line);

		di->frames[i].sym = inline_cache__sym(cache, base, name, i == nr - 1, opts);
		if (!di->frames[i].sym) {
			free(di);
			return NULL;
		}
		di->frames[i].srcline = NULL;
		if (s) {
			size_t len = strlen(s) + 1;

			memcpy(p, s, len);
			di->frames[i].srcline = p;
			p += len;
		}
	}
	return di;
}

/*
 * Would upstream's addr2line read the DSO's file: one with symbols, not a
 * kernel's, a [vdso]'s or a JIT's map (upstream names no file for them).
 */
static bool dso__addr2line_reads(const struct dso *dso)
{
	return !dso->kernel && !dso->kmod && dso->long_name[0] != '[' &&
	       strncmp(dso->long_name, "/tmp/perf-", 10) &&
	       dso->symsrc_path && dso->load_state == DSO_LOAD__LOADED;
}

static struct dso_inline_cache *dso__inline_cache(struct dso *dso)
{
	struct dso_inline_cache *cache = dso->inlines;

	if (!cache) {
		cache = calloc(1, sizeof(*cache));
		if (!cache)
			return NULL;
		hashmap__init(&cache->by_addr);
		hashmap__init(&cache->syms);
		hashmap__init(&cache->texts);
		dso->inlines = cache;
	}
	return cache;
}

const char *dso__callchain_srcline(struct dso *dso, const struct dso_load_opts *opts,
				   const struct symbol *sym, u64 addr)
{
	struct dso_inline_cache *cache = dso__inline_cache(dso);
	u64 hash = hash__bytes(&addr, sizeof(addr), 0);
	char buf[4096];
	const char *text = buf;
	struct callchain_srcline *cs;
	size_t iter = 0, len;

	if (!cache)
		return NULL;
	while ((cs = hashmap__next(&cache->texts, hash, &iter)))
		if (cs->addr == addr)
			return cs->text;
	/* upstream's callchain text is the report's without the function's name */
	if (!dso__srcline_text(dso, sym, addr, opts, buf, sizeof(buf)) && sym &&
	    !strncmp(buf, sym->name, symbol__namelen(sym)) && buf[symbol__namelen(sym)] == '+')
		text = buf + symbol__namelen(sym);
	len = strlen(text) + 1;
	cs = malloc(sizeof(*cs) + len);
	if (!cs)
		return NULL;
	cs->addr = addr;
	memcpy(cs->text, text, len);
	if (hashmap__add(&cache->texts, hash, cs)) {
		free(cs);
		return NULL;
	}
	return cs->text;
}

const struct dso_inlines *dso__inlines(struct dso *dso, const struct dso_load_opts *opts,
				       const struct symbol *sym, u64 addr)
{
	struct dso_inline_cache *cache = dso__inline_cache(dso);
	const struct srcline *sl;
	struct dso_inlines *di;
	u64 hash = hash__bytes(&addr, sizeof(addr), 0);
	size_t iter = 0;

	if (!cache)
		return NULL;
	while ((di = hashmap__next(&cache->by_addr, hash, &iter)))
		if (di->addr == addr)
			return di;
	di = NULL;
	/*
	 * Upstream's addr2line answer counts when it names a line: without
	 * one the address keeps its frame.
	 */
	sl = sym ? dso__srcline(dso, opts, addr) : NULL;
	if (sl && sl->file) {
		sl = srcline_file__find_inlines(dso->srcline, addr);
		if (!sl)
			return NULL;
		di = inline_cache__make(cache, sl, sym, opts);
		if (!di)
			return NULL;
	} else if (sym && dso__addr2line_reads(dso)) {
		/*
		 * No line, but addr2line finds the function in the file's
		 * symbols ("??:?"): upstream keeps the frame, with "??:0"
		 */
		struct srcline none = { .addr = addr, .file = "??" };

		di = inline_cache__make(cache, &none, sym, opts);
		if (!di)
			return NULL;
	}
	if (!di) {
		di = calloc(1, sizeof(*di));
		if (!di)
			return NULL;
		di->addr = addr;
	}
	if (hashmap__add(&cache->by_addr, hash, di)) {
		free(di);
		return NULL;
	}
	return di;
}
