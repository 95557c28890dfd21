// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys: parsing, identity, tie order and column layout, matching
 * what upstream perf 6.1 prints for the same keys.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/hists/sort.h"
#include "util/hists/hist.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

#include <linux/kernel.h>

/* upstream shows an unknown symbol as "0x" and 16 hex digits */
#define UNRESOLVED_WIDTH	16
/* -v: the address before a symbol, "%#-18llx" and the origin letter */
#define ADDR_WIDTH		18
#define VERBOSE_SYM_EXTRA	(ADDR_WIDTH + 3)

static const struct {
	const char	*name;
	const char	*header;
} sort_key_info[SORT_NR_KEYS] = {
	[SORT_COMM]			= { "comm",			"Command" },
	[SORT_DSO]			= { "dso",			"Shared Object" },
	[SORT_SYM]			= { "symbol",			"Symbol" },
	[SORT_PID]			= { "pid",			"Pid:Command" },
	[SORT_CPU]			= { "cpu",			"CPU" },
	[SORT_PARENT]			= { "parent",			"Parent symbol" },
	[SORT_DSO_SIZE]			= { "dso_size",			"DSO size" },
	[SORT_SRCLINE]			= { "srcline",			"Source:Line" },
	[SORT_SRCFILE]			= { "srcfile",			"Source File" },
	[SORT_HPP_OVERHEAD]		= { "overhead",			"Overhead" },
	[SORT_HPP_OVERHEAD_SYS]		= { "overhead_sys",		"sys" },
	[SORT_HPP_OVERHEAD_US]		= { "overhead_us",		"usr" },
	[SORT_HPP_OVERHEAD_GUEST_SYS]	= { "overhead_guest_sys",	"guest sys" },
	[SORT_HPP_OVERHEAD_GUEST_US]	= { "overhead_guest_us",	"guest usr" },
	[SORT_HPP_OVERHEAD_CHILDREN]	= { "overhead_children",	"Children" },
	[SORT_HPP_SAMPLE]		= { "sample",			"Samples" },
	[SORT_HPP_PERIOD]		= { "period",			"Period" },
};

/* Upstream matches keys by prefix, in this order of its table. */
static const enum sort_key sort_key_order[] = { SORT_PID, SORT_COMM, SORT_DSO, SORT_SYM };

/* perf report's: its sort dimensions, then the value columns. */
static const enum sort_key sort_key_order_report[] = {
	SORT_PID, SORT_COMM, SORT_DSO, SORT_SYM, SORT_PARENT, SORT_CPU, SORT_SRCLINE,
	SORT_SRCFILE, SORT_DSO_SIZE,
	SORT_HPP_OVERHEAD, SORT_HPP_OVERHEAD_SYS, SORT_HPP_OVERHEAD_US,
	SORT_HPP_OVERHEAD_GUEST_SYS, SORT_HPP_OVERHEAD_GUEST_US, SORT_HPP_OVERHEAD_CHILDREN,
	SORT_HPP_SAMPLE, SORT_HPP_PERIOD,
};

/* Keys upstream 6.1 has that this report does not implement (yet). */
static const char * const sort_unsupported[] = {
	"socket", "local_weight", "weight", "transaction", "trace", "symbol_size",
	"cgroup", "cgroup_id", "ipc_null", "time", "code_page_size",
	"local_ins_lat", "ins_lat", "local_p_stage_cyc", "p_stage_cyc", "addr",
	"dso_from", "dso_to", "symbol_from", "symbol_to", "mispredict", "abort", "in_tx",
	"cycles", "srcline_from", "srcline_to", "ipc_lbr", "addr_from", "addr_to",
	"symbol_daddr", "dso_daddr", "locked", "tlb", "mem", "snoop", "dcacheline",
	"symbol_iaddr", "phys_daddr", "data_page_size", "blocked",
};

/* What perf diff's --sort refuses of the keys above. */
static const char * const sort_unsupported_diff[] = {
	"overhead", "overhead_sys", "overhead_us", "overhead_guest_sys", "overhead_guest_us",
	"overhead_children", "sample", "period", "parent", "cpu", "dso_size", "srcline",
	"srcfile",
};

const char *sort_key__header(enum sort_key key)
{
	return sort_key_info[key].header;
}

int sort_keys__add(struct sort_keys *sk, enum sort_key key)
{
	if (sort_keys__has(sk, key))	/* upstream ignores a repeated key */
		return 0;
	if (sk->nr == SORT_MAX_KEYS)
		return -EINVAL;
	sk->keys[sk->nr++] = key;
	sk->mask |= 1u << key;
	return 0;
}

void sort_keys__init_default(struct sort_keys *sk)
{
	memset(sk, 0, sizeof(*sk));
	sort_keys__add(sk, SORT_COMM);
	sort_keys__add(sk, SORT_DSO);
	sort_keys__add(sk, SORT_SYM);
}

static bool prefix_in(const char *tok, const char * const *names, size_t nr)
{
	size_t i, len = strlen(tok);

	for (i = 0; i < nr; i++)
		if (!strncasecmp(tok, names[i], len))
			return true;
	return false;
}

static int sort_keys__add_name(struct sort_keys *sk, const char *tok, bool report,
			       const char *what)
{
	const enum sort_key *order = report ? sort_key_order_report : sort_key_order;
	size_t i, nr = report ? ARRAY_SIZE(sort_key_order_report) : ARRAY_SIZE(sort_key_order);
	size_t len = strlen(tok);
	/* upstream's -F looks among the value columns first, --sort last */
	int pass, fields = report && !strcmp(what, "--fields");

	for (pass = fields ? 0 : 1; pass < 3; pass++) {
		for (i = 0; i < nr; i++) {
			enum sort_key key = order[i];

			if (pass == 0 && !sort_key__is_hpp(key))
				continue;
			if (pass == 2 && (!fields || sort_key__is_hpp(key)))
				continue;
			if (pass == 1 && fields)
				continue;
			if (!strncasecmp(tok, sort_key_info[key].name, len))
				return sort_keys__add(sk, key);
		}
	}
	if (prefix_in(tok, sort_unsupported, ARRAY_SIZE(sort_unsupported)) ||
	    (!report && prefix_in(tok, sort_unsupported_diff, ARRAY_SIZE(sort_unsupported_diff)))) {
		fprintf(stderr, "  Error: %s key `%s' is not supported by this perf %s\n",
			what, tok, report ? "report" : "diff (comm, dso, sym, pid are)");
		return -EINVAL;
	}
	fprintf(stderr, "  Error: Unknown %s key: `%s'\n", what, tok);
	return -EINVAL;
}

static int sort_keys__parse_list(struct sort_keys *sk, const char *arg, bool report,
				 const char *what)
{
	char *copy = strdup(arg), *tok, *save = NULL;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	memset(sk, 0, sizeof(*sk));
	for (tok = strtok_r(copy, ", ", &save); tok && !err; tok = strtok_r(NULL, ", ", &save))
		err = sort_keys__add_name(sk, tok, report, what);
	if (!err && !sk->nr) {
		fprintf(stderr, "  Error: Unknown %s key: `%s'\n", what, arg);
		err = -EINVAL;
	}
	free(copy);
	return err;
}

int sort_keys__parse_report(struct sort_keys *sk, const char *arg, const char *what)
{
	return sort_keys__parse_list(sk, arg, true, what);
}

int sort_keys__parse(struct sort_keys *sk, const char *arg)
{
	return sort_keys__parse_list(sk, arg, false, "--sort");
}

/* ---- widths -------------------------------------------------------------- */

void sort_widths__init(struct sort_widths *sw, bool verbose)
{
	int key;

	memset(sw, 0, sizeof(*sw));
	sw->verbose = verbose;
	for (key = 0; key < SORT_NR_KEYS; key++)
		sw->w[key] = strlen(sort_key_info[key].header);
	/* upstream's header is "    Pid:Command": as wide with no row shown */
	sw->w[SORT_PID] = sw->w[SORT_COMM] + 8;
	/* upstream's value columns: percentages in 8, counts in 12 */
	for (key = SORT_FIRST_HPP; key < SORT_NR_KEYS; key++)
		if (sw->w[key] < 8)
			sw->w[key] = 8;
	sw->w[SORT_HPP_SAMPLE] = 12;
	sw->w[SORT_HPP_PERIOD] = 12;
}

static void widen(int *w, size_t len)
{
	if ((int)len > *w)
		*w = len;
}

static const char *hist_entry__dso_name(const struct hist_entry *he, bool verbose)
{
	if (!he->dso)
		return "[unknown]";
	return verbose ? he->dso->long_name : he->dso->short_name;
}

void sort_widths__update(struct sort_widths *sw, const struct hist_entry *he)
{
	size_t comm_len = strlen(he->comm);

	if (he->thread && strlen(thread__comm_str(he->thread)) > comm_len)
		comm_len = strlen(thread__comm_str(he->thread));
	widen(&sw->w[SORT_COMM], comm_len);
	/* "%7d:" and the comm, as wide as the Command column would be */
	widen(&sw->w[SORT_PID], sw->w[SORT_COMM] + 8);
	if (he->dso)
		widen(&sw->w[SORT_DSO], strlen(hist_entry__dso_name(he, sw->verbose)));
	if (he->sym) {
		widen(&sw->w[SORT_SYM], strlen(he->sym->name) + 4 +
		      (sw->verbose ? VERBOSE_SYM_EXTRA : 0));
	} else {
		widen(&sw->w[SORT_SYM], UNRESOLVED_WIDTH + 2 + 4 +
		      (sw->verbose ? VERBOSE_SYM_EXTRA : 0));
		widen(&sw->w[SORT_DSO], UNRESOLVED_WIDTH);
	}
	widen(&sw->w[SORT_PARENT], strlen(he->parent ? he->parent->name : "[other]"));
	if (he->srcline)
		widen(&sw->w[SORT_SRCLINE], strlen(he->srcline));
	if (he->srcfile)
		widen(&sw->w[SORT_SRCFILE], strlen(he->srcfile));
}

/*
 * -v: where the entry's symbols came from, upstream's letters (its
 * binary types; ours map onto the nearest).
 */
static char hist_entry__origin(const struct hist_entry *he)
{
	if (!he->dso)
		return '!';
	switch (he->dso->symtab_type) {
	case DSO_BINARY_TYPE__BUILDID_CACHE:		return 'B';
	case DSO_BINARY_TYPE__BUILDID_CACHE_DEBUG:	return 'D';
	case DSO_BINARY_TYPE__DEBUGINFOD:		return 'D';
	case DSO_BINARY_TYPE__BUILDID_CACHE_KALLSYMS:	return 'k';
	case DSO_BINARY_TYPE__KALLSYMS:			return 'k';
	case DSO_BINARY_TYPE__SYSTEM_DEBUG_BUILDID:	return 'b';
	case DSO_BINARY_TYPE__DEBUGLINK:		return 'l';
	case DSO_BINARY_TYPE__MINIDEBUGINFO:		return 'd';
	case DSO_BINARY_TYPE__ORIGINAL:			return 'd';
	default:					return '!';
	}
}

/* an inlined function's name and " (inlined)", cut to a column */
#define SORT_INLINED_MAX	1024

int sort_key__snprintf(enum sort_key key, const struct hist_entry *he, char *buf, size_t size,
		       const struct sort_widths *sw, bool last)
{
	int w = sw->w[key];

	switch (key) {
	case SORT_COMM:
		return snprintf(buf, size, "%-*.*s", w, w, he->comm);
	case SORT_PID:
		return snprintf(buf, size, "%7d:%-*.*s", he->thread ? (int)he->thread->tid : -1,
				w - 8, w - 8, he->thread ? thread__comm_str(he->thread) : "");
	case SORT_DSO:
		return snprintf(buf, size, "%-*.*s", w, w, hist_entry__dso_name(he, sw->verbose));
	case SORT_SYM: {
		char name[64], addr[32] = "", inl[SORT_INLINED_MAX];
		const char *s = name;

		/*
		 * upstream: the name cut to the column, " (inlined)" after it
		 * (past the column when the name fills it: the column's width
		 * counts the name alone)
		 */
		if (he->sym && he->sym->inlined) {
			snprintf(inl, sizeof(inl), "%.*s (inlined)", w - 4 > 0 ? w - 4 : 0,
				 he->sym->name);
			s = inl;
		} else if (he->sym)
			s = he->sym->name;
		else
			snprintf(name, sizeof(name), "%#.*llx", UNRESOLVED_WIDTH,
				 (unsigned long long)he->addr);
		if (sw->verbose) {
			snprintf(addr, sizeof(addr), "%#-*llx %c ", ADDR_WIDTH,
				 (unsigned long long)he->addr, hist_entry__origin(he));
			w -= VERBOSE_SYM_EXTRA;
		}
		if (last)
			return snprintf(buf, size, "%s[%c] %s", addr, he->level, s);
		return snprintf(buf, size, "%s[%c] %-*s", addr, he->level, w - 4, s);
	}
	case SORT_CPU:
		return snprintf(buf, size, "%*.*d", w, 3, he->cpu);
	case SORT_PARENT:
		return snprintf(buf, size, "%-*.*s", w, w,
				he->parent ? he->parent->name : "[other]");
	case SORT_SRCLINE:
	case SORT_SRCFILE: {
		const char *s = key == SORT_SRCLINE ? he->srcline : he->srcfile;

		/* upstream pads the text unless it ends the line */
		if (last)
			return snprintf(buf, size, "%s", s ? s : "");
		return snprintf(buf, size, "%-*.*s", w, w, s ? s : "");
	}
	case SORT_DSO_SIZE:
		if (!he->map_size)
			return snprintf(buf, size, "%*s", w, "unknown");
		return snprintf(buf, size, "%*llu", w, (unsigned long long)he->map_size);
	default:
		break;
	}
	return snprintf(buf, size, "?");
}

/* ---- identity and order ------------------------------------------------ */

bool sort_keys__equal(const struct sort_keys *sk, const struct hist_entry *a,
		      const struct hist_entry *b)
{
	if (sort_keys__has(sk, SORT_COMM) && a->comm != b->comm)
		return false;
	if (sort_keys__has(sk, SORT_PID) && a->thread != b->thread)
		return false;
	/* a symbol is a symbol of its DSO: upstream's sym key compares both */
	if ((sort_keys__has(sk, SORT_DSO) || sort_keys__has(sk, SORT_SYM)) && a->dso != b->dso)
		return false;
	if (sort_keys__has(sk, SORT_SYM)) {
		if (a->sym != b->sym)
			return false;
		if (!a->sym && a->addr != b->addr)
			return false;
	}
	if (sort_keys__has(sk, SORT_CPU) && a->cpu != b->cpu)
		return false;
	if (sort_keys__has(sk, SORT_PARENT) && a->parent != b->parent)
		return false;
	if (sort_keys__has(sk, SORT_DSO_SIZE) && a->map_size != b->map_size)
		return false;
	/* interned strings: one text, one pointer */
	if (sort_keys__has(sk, SORT_SRCLINE) && a->srcline != b->srcline)
		return false;
	if (sort_keys__has(sk, SORT_SRCFILE) && a->srcfile != b->srcfile)
		return false;
	return true;
}

/* Unknowns after knowns, as upstream's cmp_null orders them. */
static int cmp_null(const void *a, const void *b)
{
	if (!a && !b)
		return 0;
	return !a ? 1 : -1;
}

static int sort_key__cmp(enum sort_key key, const struct hist_entry *a,
			 const struct hist_entry *b, bool verbose)
{
	switch (key) {
	case SORT_COMM:
		return strcmp(a->comm, b->comm);
	case SORT_PID: {
		int ta = a->thread ? a->thread->tid : -1, tb = b->thread ? b->thread->tid : -1;

		return ta < tb ? -1 : ta > tb;
	}
	case SORT_DSO:
		if (!a->dso || !b->dso)
			return cmp_null(a->dso, b->dso);
		return strcmp(hist_entry__dso_name(a, verbose), hist_entry__dso_name(b, verbose));
	case SORT_SYM:
		if (!a->sym || !b->sym) {
			if (a->sym || b->sym)
				return cmp_null(a->sym, b->sym);
			return a->addr < b->addr ? -1 : a->addr > b->addr;
		}
		return strcmp(a->sym->name, b->sym->name);
	case SORT_CPU:
		return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
	case SORT_PARENT:
		if (!a->parent || !b->parent)
			return cmp_null(a->parent, b->parent);
		return strcmp(a->parent->name, b->parent->name);
	case SORT_DSO_SIZE:
		return a->map_size < b->map_size ? -1 : a->map_size > b->map_size;
	case SORT_SRCLINE:
		return strcmp(a->srcline ? a->srcline : "", b->srcline ? b->srcline : "");
	case SORT_SRCFILE:
		return strcmp(a->srcfile ? a->srcfile : "", b->srcfile ? b->srcfile : "");
	default:
		return 0;
	}
}

int sort_keys__cmp(const struct sort_keys *sk, const struct hist_entry *a,
		   const struct hist_entry *b, bool verbose)
{
	int i, ret;

	for (i = 0; i < sk->nr; i++) {
		ret = sort_key__cmp(sk->keys[i], a, b, verbose);
		if (ret)
			return ret;
	}
	return 0;
}
