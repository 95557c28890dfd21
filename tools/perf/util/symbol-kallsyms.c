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
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "symbol-int.h"
#include "mem-populate.h"
#include "demangle.h"
#include "debug.h"

/* Far above any kernel's (6 MB here); rows are addressed by u32. */
#define KALLSYMS_MAX_SIZE	(512u << 20)

struct kallsyms_rows {
	char	*text;
	size_t	len;
	u32	*line;		/* line[i]: offset in text of symbol i's row */
};

/* One kallsyms row, parsed without writing to it. */
struct kallsyms_row {
	u64		addr;
	char		type;
	const char	*name;
	size_t		namelen;
};

/* Hex digits' values plus one; 0 for anything else. */
static const unsigned char hex_value1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static int hex_value(char c)
{
	return hex_value1[(unsigned char)c] - 1;
}

/* isspace() in the C locale, without a call per character */
static bool kallsyms__space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/*
 * "<hex addr> <type char> <name>[\t[module]]", the line ending before
 * @end: the address, the type and where the name starts.  False for a
 * malformed line: no hex address (or one too long), no single type
 * character, or no name (a blank or NUL where it should start).
 * Indexing runs this on every line of the file, so the name is left for
 * kallsyms__row() (once per row looked up).
 */
static bool kallsyms__head(const char *p, const char *end, struct kallsyms_row *row)
{
	const char *digits = p;
	u64 addr = 0;		/* not row->addr: stores through it alias the text */
	int d, bad = 0, i;

	if (end - p > 16 && p[16] == ' ') {
		/* the usual 16 digits: no branch per digit */
		for (i = 0; i < 16; i++) {
			d = hex_value(p[i]);
			bad |= d;
			addr = addr << 4 | (d & 15);
		}
		if (bad >= 0)
			p += 16;
		else
			addr = 0;
	}
	if (p == digits)
		for (; p < end && (d = hex_value(*p)) >= 0; p++)
			addr = addr << 4 | d;
	if (p == digits || p - digits > 16 || end - p < 4 || p[0] != ' ' || p[2] != ' ' ||
	    kallsyms__space(p[1]) || kallsyms__space(p[3]) || !p[3])
		return false;
	row->addr = addr;
	row->type = p[1];
	row->name = p + 3;
	return true;
}

/* The whole row: kallsyms__head() and the name's length. */
static bool kallsyms__row(const char *p, const char *end, struct kallsyms_row *row)
{
	const char *q;

	if (!kallsyms__head(p, end, row))
		return false;
	/* a NUL (not in a kernel's, but the file can be anything) ends it too */
	for (q = row->name; q < end && *q != '\t' && *q != ' ' && *q; q++)
		;
	row->namelen = q - row->name;
	return true;
}

/* Code: T/t/W/w. */
static bool kallsyms__is_function(char type)
{
	type |= 0x20;
	return type == 't' || type == 'w';
}

/* The whole file into one buffer (/proc/kallsyms has no size to go by). */
static int kallsyms__read(const char *path, char **text, size_t *len)
{
	/* O_NONBLOCK: a FIFO planted as a cached kallsyms must not hang us */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), err = 0;
	size_t cap, have = 0;
	struct stat st;
	char *buf = NULL;

	if (fd < 0) {
		err = -errno;
		pr_err("%s: %s\n", path, strerror(errno));
		return err;
	}
	/* /proc/kallsyms is a regular file too (of size 0) */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		pr_warning("%s: not a regular file\n", path);
		close(fd);
		return -EINVAL;
	}
	cap = st.st_size > 0 && (u64)st.st_size < KALLSYMS_MAX_SIZE ?
	      (size_t)st.st_size + 1 : 1u << 20;
	for (;;) {
		ssize_t r;

		if (have == cap) {
			char *n = cap < KALLSYMS_MAX_SIZE ? realloc(buf, cap * 2) : NULL;

			if (!n) {
				err = cap < KALLSYMS_MAX_SIZE ? -ENOMEM : -EFBIG;
				if (err == -EFBIG)
					pr_err("%s: bigger than any kallsyms\n", path);
				break;
			}
			buf = n;
			cap *= 2;
		} else if (!buf) {
			buf = malloc(cap);
			if (!buf) {
				err = -ENOMEM;
				break;
			}
			mem__populate(buf, cap);
		}
		r = read(fd, buf + have, cap - have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -EIO;
			pr_err("%s: read error\n", path);
			break;
		}
		if (!r)
			break;
		have += r;
	}
	close(fd);
	if (err) {
		free(buf);
		return err;
	}
	*text = buf;
	*len = have;
	return 0;
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
static int kallsyms__index(const char *text, size_t len, u64 **addrp, u32 **linep, size_t *nrp)
{
	size_t nr = 0, alloc = 0;
	const char *p = text, *end = text + len, *nl;
	u64 *addr = NULL;
	u32 *line = NULL;

	for (; p < end; p = nl + 1) {
		struct kallsyms_row row;
		bool ok;

		/* a row's head stops at its newline: search for it after the head */
		ok = kallsyms__head(p, end, &row);
		nl = memchr(ok ? row.name : p, '\n', end - (ok ? row.name : p));
		if (!nl)
			nl = end;	/* a last line without its newline */
		if (!ok || !kallsyms__is_function(row.type))
			continue;
		if (nr == alloc) {
			size_t n = alloc ? alloc * 2 : 16384;
			u64 *a = realloc(addr, n * sizeof(*a));
			u32 *l = a ? realloc(line, n * sizeof(*l)) : NULL;

			if (a)
				addr = a;
			if (!l) {
				free(addr);
				free(line);
				return -ENOMEM;
			}
			line = l;
			alloc = n;
		}
		addr[nr] = row.addr;
		line[nr++] = (u32)(p - text);
	}
	*addrp = addr;
	*linep = line;
	*nrp = nr;
	return 0;
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
	err = kallsyms__read(path, &text, &len);
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
	size_t len;
	u64 end;
	u8 binding;

	/* indexed as a well-formed row, so it parses again */
	if (!kallsyms__row(p, nl ? nl : rows->text + rows->len, &row))
		return NULL;
	/* the text is not NUL-terminated: copy the name out before demangling */
	name = malloc(row.namelen + 1);
	if (!name)
		return NULL;
	memcpy(name, row.name, row.namelen);
	name[row.namelen] = '\0';
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
