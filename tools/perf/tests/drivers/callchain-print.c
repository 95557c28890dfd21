// SPDX-License-Identifier: GPL-2.0
/*
 * callchain-print: the call-graph printer fed with upstream's own view of
 * the samples, to check it against upstream's report byte for byte
 * without depending on our report's histogram code.  Not a perf command.
 *
 *   perf script -F comm,period,ip,sym,dso | callchain-print [--children] [-g OPT]
 *
 * Groups samples into entries by comm, DSO and symbol (the address when
 * unknown) like `perf report --sort comm,dso,sym`; with --children also
 * into one entry per distinct caller, each fed the sample at its position
 * (the first position met walking the chain in the graph's order, as
 * upstream does).  Prints per entry "@@ <comm> <dso> <sym> <period>" then
 * its graph; entries sorted by period, then name.
 * Exit 0, 1 on error, 129 on a usage error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/hists/callchain-tree.h"
#include "util/symbols/symbol.h"

#define MAX_NAMES	65536
#define MAX_ENTRIES	16384
#define MAX_FRAMES	1024

struct name {				/* a DSO or a symbol, interned */
	char		*str;
	struct symbol	*sym;		/* symbols: a fake one, start = index */
};

struct entry {
	const char		*comm;
	u32			dso, sym;	/* name indexes; sym 0: unknown, by ip */
	u64			ip;
	u64			period;
	struct callchain_tree	*tree;
	u64			last_sample;	/* dedup of callers per sample */
};

struct state {
	struct name		names[MAX_NAMES];
	u32			nr_names;
	struct entry		entries[MAX_ENTRIES];
	u32			nr_entries;
	struct callchain_param	param;
	struct callchain_cursor	cursor;
	u32			fdso[MAX_FRAMES], fsym[MAX_FRAMES];
	char			comm[256];
	u64			total;
};

static u32 intern(struct state *s, const char *str, bool sym)
{
	u32 i;

	for (i = 1; i < s->nr_names; i++)
		if (!strcmp(s->names[i].str, str))
			return i;
	if (s->nr_names == MAX_NAMES)
		exit(1);
	if (!s->nr_names)
		s->nr_names = 1;	/* 0 means none */
	i = s->nr_names++;
	s->names[i].str = strdup(str);
	if (sym) {
		s->names[i].sym = calloc(1, sizeof(struct symbol) + strlen(str) + 1);
		s->names[i].sym->start = i;
		strcpy(s->names[i].sym->name, str);
		/* the key is "<name>\x01<dso>": the symbol is named without its DSO */
		s->names[i].sym->name[strcspn(str, "\x01")] = '\0';
	}
	return i;
}

static struct entry *entry_find(struct state *s, size_t pos)
{
	u32 i;

	for (i = 0; i < s->nr_entries; i++) {
		struct entry *e = &s->entries[i];

		if (!strcmp(e->comm, s->comm) && e->dso == s->fdso[pos] && e->sym == s->fsym[pos] &&
		    (e->sym || e->ip == s->cursor.frames[pos].ip))
			return e;
	}
	if (s->nr_entries == MAX_ENTRIES)
		exit(1);
	i = s->nr_entries++;
	s->entries[i].comm = strdup(s->comm);
	s->entries[i].dso = s->fdso[pos];
	s->entries[i].sym = s->fsym[pos];
	s->entries[i].ip = s->cursor.frames[pos].ip;
	s->entries[i].tree = callchain_tree__new(&s->param);
	return &s->entries[i];
}

static void add(struct state *s, struct entry *e, size_t pos, u64 period, u64 sample)
{
	if (e->last_sample == sample)
		return;		/* a recursive caller counts once */
	e->last_sample = sample;
	e->period += period;
	if (callchain_tree__add_sample(e->tree, &s->cursor, pos, period))
		exit(1);
}

static void sample_done(struct state *s, u64 period, bool children, u64 sample)
{
	size_t i, n = s->cursor.nr;

	if (!n)
		return;
	s->total += period;
	add(s, entry_find(s, 0), 0, period, sample);
	if (!children)
		return;
	for (i = 0; i < n; i++) {
		size_t pos = s->param.order == CALLCHAIN_ORDER_CALLER ? n - 1 - i : i;

		add(s, entry_find(s, pos), pos, period, sample);
	}
}

/* "\t<hex ip> <sym> (<dso>)" */
static int parse_frame(struct state *s, char *line)
{
	char *p = line, *open, *end;
	struct callchain_frame *f;
	size_t n = s->cursor.nr;

	if (n == MAX_FRAMES)
		return -1;
	if (n == s->cursor.alloc) {
		s->cursor.alloc = MAX_FRAMES;
		s->cursor.frames = calloc(MAX_FRAMES, sizeof(*f));
	}
	f = &s->cursor.frames[n];
	memset(f, 0, sizeof(*f));
	f->ip = strtoull(p, &end, 16);
	open = strrchr(end, '(');
	if (!open || end == p)
		return -1;
	open[-1] = '\0';
	open[strcspn(open, ")")] = '\0';
	while (*end == ' ')
		end++;
	s->fdso[n] = strcmp(open + 1, "[unknown]") ? intern(s, open + 1, false) : 0;
	/* a symbol is per DSO: key it by both */
	if (strcmp(end, "[unknown]")) {
		char key[1024];

		snprintf(key, sizeof(key), "%s\x01%s", end, open + 1);
		s->fsym[n] = intern(s, key, true);
		f->sym = s->names[s->fsym[n]].sym;
	} else {
		s->fsym[n] = 0;
	}
	/* only identity matters to the tree: a fake DSO pointer per name */
	f->dso = s->fdso[n] ? (struct dso *)&s->names[s->fdso[n]] : NULL;
	s->cursor.nr++;
	return 0;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *l = a, *r = b;

	if (l->period != r->period)
		return l->period > r->period ? -1 : 1;
	return l->sym < r->sym ? -1 : l->sym > r->sym;
}

int main(int argc, char **argv)
{
	static struct state s;
	bool children = false;
	char line[4096];
	u64 period = 0, samples = 0;
	bool in_sample = false;
	int i;
	u32 k;

	callchain_param__init(&s.param);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--children")) {
			children = true;
		} else if (!strcmp(argv[i], "-g") && i + 1 < argc) {
			if (callchain_param__parse(&s.param, argv[++i]))
				return 129;
		} else {
			fprintf(stderr, "usage: callchain-print [--children] [-g OPT]\n");
			return 129;
		}
	}
	s.param.order = callchain_param__default_order(&s.param, children);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\t') {
			if (!in_sample || parse_frame(&s, line + 1))
				return 1;
		} else if (!line[0]) {
			if (in_sample)
				sample_done(&s, period, children, ++samples);
			in_sample = false;
		} else {
			/* "<comm> <period>": the comm may hold spaces, the period is last */
			char *sp = strrchr(line, ' ');

			while (sp && sp > line && sp[1] == '\0') {
				*sp = '\0';
				sp = strrchr(line, ' ');
			}
			if (!sp)
				return 1;
			period = strtoull(sp + 1, NULL, 10);
			while (sp > line && sp[-1] == ' ')
				sp--;
			*sp = '\0';
			snprintf(s.comm, sizeof(s.comm), "%s", line + strspn(line, " "));
			s.cursor.nr = 0;
			in_sample = true;
		}
	}
	if (in_sample)
		sample_done(&s, period, children, ++samples);
	qsort(s.entries, s.nr_entries, sizeof(s.entries[0]), entry_cmp);
	for (k = 0; k < s.nr_entries; k++) {
		struct entry *e = &s.entries[k];

		printf("@@ %s %s ", e->comm, e->dso ? s.names[e->dso].str : "[unknown]");
		if (e->sym)
			printf("%s", s.names[e->sym].sym->name);
		else
			printf("%#llx", (unsigned long long)e->ip);
		printf(" %.2f%%\n", s.total ? e->period * 100.0 / s.total : 0.0);
		callchain_tree__fprintf(stdout, e->tree, e->period, s.total, &s.param);
		callchain_tree__delete(e->tree);
	}
	return 0;
}
