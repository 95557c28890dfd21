// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel's symbols from a kallsyms file (the build-id cache's copy, or
 * /proc/kallsyms when it is the recording kernel's).
 *
 * Rows become symbols only when a lookup lands on them.  A kernel lists
 * 120000 functions and a report looks up a few hundred: building a symbol
 * for each (name copied, aliases compared, ends fixed up) was 9 of the
 * 23 ms a flat report of a 10 MB file took here.  Loading reads the text
 * once and keeps, per distinct address, where its row starts; the text
 * stays for the rows nobody has asked for yet.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/symbols/symbol-int.h"
#include "util/symbols/kallsyms.h"
#include "util/symbols/demangle.h"

struct kallsyms_rows {
	char	*text;
	size_t	len;
	u32	*line;		/* line[i]: offset in text of symbol i's row */
};

/* Code: T/t/W/w. */
static bool kallsyms__is_function(char type)
{
	type |= 0x20;
	return type == 't' || type == 'w';
}

struct kallsyms_key {
	u64	addr;
	u32	line;		/* also the tie-break: file order */
};

static int kallsyms_key__cmp(const void *a, const void *b)
{
	const struct kallsyms_key *ka = a, *kb = b;

	if (ka->addr != kb->addr)
		return ka->addr < kb->addr ? -1 : 1;
	return ka->line < kb->line ? -1 : ka->line > kb->line;
}

/* Files of a kernel are in address order; others get sorted, ties in file order. */
static int kallsyms__sort(u64 *addr, u32 *line, size_t nr)
{
	struct kallsyms_key *keys;
	size_t i;

	for (i = 1; i < nr && addr[i - 1] <= addr[i]; i++)
		;
	if (i >= nr)
		return 0;
	keys = malloc(nr * sizeof(*keys));
	if (!keys)
		return -ENOMEM;
	for (i = 0; i < nr; i++)
		keys[i] = (struct kallsyms_key){ addr[i], line[i] };
	qsort(keys, nr, sizeof(*keys), kallsyms_key__cmp);
	for (i = 0; i < nr; i++) {
		addr[i] = keys[i].addr;
		line[i] = keys[i].line;
	}
	free(keys);
	return 0;
}

/*
 * One row per address: the last one listed.  All rows are zero-size, so
 * that is what symbols__fixup()'s rules pick too (the last alias is the
 * one that reaches the next address), and what upstream shows.
 */
static size_t kallsyms__dedup(u64 *addr, u32 *line, size_t nr)
{
	size_t i, out = 0;

	for (i = 0; i < nr; i++) {
		if (out && addr[out - 1] == addr[i])
			out--;
		addr[out] = addr[i];
		line[out++] = line[i];
	}
	return out;
}

/* Function rows' addresses and line offsets, in file order. */
struct kallsyms_index {
	const char	*text;
	u64		*addr;
	u32		*line;
	size_t		nr, alloc;
};

static int kallsyms_index__row(const struct kallsyms_row *row, void *priv)
{
	struct kallsyms_index *ix = priv;

	if (!kallsyms__is_function(row->type))
		return 0;
	if (ix->nr == ix->alloc) {
		size_t n = ix->alloc ? ix->alloc * 2 : 16384;
		u64 *a = realloc(ix->addr, n * sizeof(*a));
		u32 *l = a ? realloc(ix->line, n * sizeof(*l)) : NULL;

		if (a)
			ix->addr = a;
		if (!l)
			return -ENOMEM;
		ix->line = l;
		ix->alloc = n;
	}
	ix->addr[ix->nr] = row->addr;
	ix->line[ix->nr++] = (u32)(row->line - ix->text);
	return 0;
}

static int kallsyms__index(const char *text, size_t len, u64 **addrp, u32 **linep, size_t *nrp)
{
	struct kallsyms_index ix = { .text = text };
	int err = kallsyms__for_each_row(text, len, kallsyms_index__row, &ix);

	if (err) {
		free(ix.addr);
		free(ix.line);
		return err;
	}
	*addrp = ix.addr;
	*linep = ix.line;
	*nrp = ix.nr;
	return 0;
}

/*
 * The kept rows without their addresses (syms->starts has them): each row
 * rewritten in place as "0 T name [module]", the text shrunk to that.  A
 * kernel's 5.4 MB of /proc/kallsyms keeps 3.6 MB, for every report that
 * meets kernel samples (the srcline report's peak among them).  The rows
 * move towards the text's start only, so in place needs them in file
 * order (a kernel's are: no sort moved them); otherwise nothing changes.
 * Returns the text's new length.
 */
static size_t kallsyms__compact(char *text, size_t len, u32 *line, size_t nr)
{
	size_t i, out = 0;

	for (i = 1; i < nr; i++)
		if (line[i] <= line[i - 1])
			return len;
	for (i = 0; i < nr; i++) {
		const char *p = text + line[i];
		const char *nl = memchr(p, '\n', text + len - p);
		const char *sp = memchr(p, ' ', (nl ? nl : text + len) - p);
		size_t rest;

		if (!sp)		/* indexed rows parsed: cannot happen */
			return len;
		rest = (size_t)((nl ? nl : text + len) - sp);
		line[i] = (u32)out;
		text[out++] = '0';
		memmove(text + out, sp, rest);
		out += rest;
		text[out++] = '\n';
	}
	return out;
}

int symbols__load_kallsyms(struct symbols *syms, const char *path)
{
	struct kallsyms_rows *rows = NULL;
	u64 *addr = NULL;
	u32 *line = NULL;
	size_t nr = 0, len = 0;
	char *text = NULL;
	int err;

	if (syms->nr || syms->rows)
		return -EINVAL;
	err = kallsyms__read(path, &text, &len, false);
	if (err)
		return err;
	err = kallsyms__index(text, len, &addr, &line, &nr);
	if (err)
		goto out;
	err = kallsyms__sort(addr, line, nr);
	if (err)
		goto out;
	nr = kallsyms__dedup(addr, line, nr);
	if (!nr)
		goto out;
	len = kallsyms__compact(text, len, line, nr);
	{
		char *shrunk = realloc(text, len);

		if (shrunk)
			text = shrunk;
	}
	rows = malloc(sizeof(*rows));
	syms->entries = calloc(nr, sizeof(*syms->entries));
	if (!rows || !syms->entries) {
		err = -ENOMEM;
		goto out;
	}
	*rows = (struct kallsyms_rows){ .text = text, .len = len, .line = line };
	syms->rows = rows;
	syms->starts = addr;
	syms->nr = syms->alloc = nr;
	symbols__index(syms);
	return (int)nr;
out:
	free(syms->entries);
	syms->entries = NULL;
	free(rows);
	free(addr);
	free(line);
	free(text);
	return err;
}

/*
 * Symbol @i of a kallsyms table: runs up to the next address (the table
 * has one row per address).  NULL without memory.
 */
struct symbol *kallsyms_rows__symbol(const struct kallsyms_rows *rows,
				     const struct symbols *syms, size_t i)
{
	struct kallsyms_row row;
	const char *p = rows->text + rows->line[i];
	const char *nl = memchr(p, '\n', rows->text + rows->len - p);
	char *name, *demangled;
	struct symbol *sym;
	size_t len, namelen;
	u64 end;
	u8 binding;

	/* indexed as a well-formed row, so it parses again */
	row.end = nl ? nl : rows->text + rows->len;
	if (!kallsyms__parse_row(p, row.end, &row))
		return NULL;
	namelen = kallsyms_row__namelen(&row);
	/* the text is not NUL-terminated: copy the name out before demangling */
	name = malloc(namelen + 1);
	if (!name)
		return NULL;
	memcpy(name, row.name, namelen);
	name[namelen] = '\0';
	/* Rust code in the kernel has v0-mangled names */
	demangled = demangle__sym(name, false);
	if (demangled) {
		free(name);
		name = demangled;
	}
	binding = (row.type | 0x20) == 'w' ? STB_WEAK : row.type == 'T' ? STB_GLOBAL : STB_LOCAL;
	end = i + 1 < syms->nr ? syms->starts[i + 1] : symbol__last_end(syms->starts[i]);
	len = strlen(name);
	sym = malloc(sizeof(*sym) + len + 1);
	if (sym)
		symbol__set(sym, syms->starts[i], end, (u32)i, binding, STT_FUNC, name, len);
	free(name);
	return sym;
}

void kallsyms_rows__delete(struct kallsyms_rows *rows)
{
	if (!rows)
		return;
	free(rows->text);
	free(rows->line);
	free(rows);
}
