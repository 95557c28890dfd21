// SPDX-License-Identifier: GPL-2.0
/*
 * The kallsyms reader of kallsyms.h.  Parsing does not call sscanf() or
 * strtoull() per line: /proc/kallsyms has ~120000 lines, and that took
 * seconds under ASan where this takes milliseconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/symbols/kallsyms.h"
#include "util/base/mem-populate.h"
#include "util/base/debug.h"

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
 * The walk runs this on every line of the file, so the name's length is
 * left for kallsyms_row__namelen() (once per row that needs it).  It
 * never reads past a newline: the type and the name's first character
 * are not blanks, and the digits stop at one.
 */
bool kallsyms__parse_row(const char *p, const char *end, struct kallsyms_row *row)
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
	row->line = digits;
	row->name = p + 3;
	return true;
}

size_t kallsyms_row__namelen(const struct kallsyms_row *row)
{
	const char *q;

	/* a NUL (not in a kernel's, but the file can be anything) ends it too */
	for (q = row->name; q < row->end && *q != '\t' && *q != ' ' && *q; q++)
		;
	return q - row->name;
}

int kallsyms__for_each_row(const char *text, size_t len,
			   int (*fn)(const struct kallsyms_row *row, void *priv), void *priv)
{
	const char *p = text, *end = text + len, *nl;
	struct kallsyms_row row;
	int ret;

	for (; p < end; p = nl + 1) {
		/* a row's head stops at its newline: search for it after the head */
		bool ok = kallsyms__parse_row(p, end, &row);

		nl = memchr(ok ? row.name : p, '\n', end - (ok ? row.name : p));
		if (!nl)
			nl = end;	/* a last line without its newline */
		if (!ok || nl - p > KALLSYMS_LINE_MAX)
			continue;
		row.end = nl;
		ret = fn(&row, priv);
		if (ret)
			return ret;
	}
	return 0;
}

struct text_range {
	u64	start, end;
	bool	have_start, have_end;
};

/* The kernel's own row named @want (a module's carries "\t[mod]" after it). */
static bool kallsyms_row__is(const struct kallsyms_row *row, const char *want, size_t len)
{
	return row->end - row->name == (ptrdiff_t)len && !memcmp(row->name, want, len);
}

static int text_range__row(const struct kallsyms_row *row, void *priv)
{
	struct text_range *r = priv;

	if (!r->have_start && kallsyms_row__is(row, "_text", 5)) {
		r->start = row->addr;
		r->have_start = true;
	} else if (!r->have_end && kallsyms_row__is(row, "_etext", 6)) {
		r->end = row->addr;
		r->have_end = true;
	}
	return r->have_start && r->have_end;
}

void kallsyms__text_range(const char *text, size_t len, u64 *start, u64 *end)
{
	struct text_range r = { .have_start = false };

	kallsyms__for_each_row(text, len, text_range__row, &r);
	*start = r.start;
	*end = r.end;
}

int kallsyms__read(const char *path, char **text, size_t *len, bool quiet)
{
	/* O_NONBLOCK: a FIFO planted as a cached kallsyms must not hang us */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), err = 0;
	size_t cap, have = 0;
	struct stat st;
	char *buf = NULL;

	if (fd < 0) {
		err = -errno;
		if (!quiet)
			pr_err("%s: %s\n", path, strerror(-err));
		return err;
	}
	/* /proc/kallsyms is a regular file too (of size 0) */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (!quiet)
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
				if (err == -EFBIG && !quiet)
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
			if (!quiet)
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
