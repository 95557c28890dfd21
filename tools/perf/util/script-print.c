// SPDX-License-Identifier: GPL-2.0
/*
 * perf script's text.  The layout is upstream perf 6.1's (a fact we match
 * byte for byte, checked by t0320 against /usr/bin/perf):
 *
 *   <comm> <tid> [<cpu>] <sec>.<usec>: <period> <event>: <ip> <sym>+0x<off> (<dso>)
 *
 * comm is right-aligned in 16 columns, except when a call chain follows
 * (then it is not padded); names of events are right-aligned to the
 * longest.  A call chain replaces the ip part by a newline and one line
 * per frame, "\t<ip:16> <sym>+0x<off> (<dso>)", where a user-space frame's
 * ip is its offset in the mapped file; a blank line ends the sample.
 *
 * Numbers are formatted here, not by printf: perf script's speed is its
 * output, and a profile is millions of such lines.
 */
#include <errno.h>
#include <string.h>
#include "script-print.h"
#include "callchain.h"
#include "evsel.h"
#include "evlist.h"
#include "event.h"
#include "machine.h"
#include "thread.h"
#include "map.h"
#include "dso.h"
#include "symbol.h"

static const char *const field_names[SCRIPT_F_MAX] = {
	[SCRIPT_F_COMM]		= "comm",
	[SCRIPT_F_TID]		= "tid",
	[SCRIPT_F_PID]		= "pid",
	[SCRIPT_F_TIME]		= "time",
	[SCRIPT_F_CPU]		= "cpu",
	[SCRIPT_F_EVENT]	= "event",
	[SCRIPT_F_IP]		= "ip",
	[SCRIPT_F_SYM]		= "sym",
	[SCRIPT_F_DSO]		= "dso",
	[SCRIPT_F_SYMOFF]	= "symoff",
	[SCRIPT_F_PERIOD]	= "period",
};

static int field__lookup(const char *name)
{
	int i;

	for (i = 0; i < SCRIPT_F_MAX; i++)
		if (!strcmp(field_names[i], name))
			return i;
	return -1;
}

int script_fields__parse(struct script_fields *sf, const char *arg)
{
	enum { DEFAULT, SET, ADD, REMOVE } change = DEFAULT;
	char buf[1024], *tok, *save = NULL, *colon;
	int i;

	if (strlen(arg) >= sizeof(buf))
		goto bad;
	strcpy(buf, arg);
	tok = buf;
	/* "sw:comm,tid": we print every event alike, the type only selects */
	colon = strchr(tok, ':');
	if (colon) {
		*colon = '\0';
		if (strcmp(tok, "hw") && strcmp(tok, "sw") && strcmp(tok, "raw"))
			goto bad;
		tok = colon + 1;
	}
	for (tok = strtok_r(tok, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*tok == '+' || *tok == '-') {
			if (change == SET)
				goto badmix;
			change = *tok == '+' ? ADD : REMOVE;
			tok++;
		} else {
			if (change != SET && change != DEFAULT)
				goto badmix;
			if (change == DEFAULT)
				sf->fields = 0;
			change = SET;
		}
		i = field__lookup(tok);
		if (i < 0)
			goto bad;
		if (change == REMOVE) {
			sf->fields &= ~(1u << i);
			sf->user_set &= ~(1u << i);
		} else {
			sf->fields |= 1u << i;
			sf->user_set |= 1u << i;
		}
	}
	return 0;
bad:
	fprintf(stderr, "Invalid field requested.\n");
	return -EINVAL;
badmix:
	fprintf(stderr, "Cannot mix +-field with overridden fields\n");
	return -EINVAL;
}

/* Fields and the sample_type bit they need (0: none). */
static const u64 field_needs[SCRIPT_F_MAX] = {
	[SCRIPT_F_TID]		= PERF_SAMPLE_TID,
	[SCRIPT_F_PID]		= PERF_SAMPLE_TID,
	[SCRIPT_F_TIME]		= PERF_SAMPLE_TIME,
	[SCRIPT_F_CPU]		= PERF_SAMPLE_CPU,
	[SCRIPT_F_IP]		= PERF_SAMPLE_IP,
	[SCRIPT_F_PERIOD]	= PERF_SAMPLE_PERIOD,
};

static const char *const field_attr_names[SCRIPT_F_MAX] = {
	[SCRIPT_F_TID]		= "TID",
	[SCRIPT_F_PID]		= "TID",
	[SCRIPT_F_TIME]		= "TIME",
	[SCRIPT_F_CPU]		= "CPU",
	[SCRIPT_F_IP]		= "IP",
	[SCRIPT_F_PERIOD]	= "PERIOD",
};

int script_fields__for_evsel(const struct script_fields *sf, struct evsel *evsel, u32 *out)
{
	u64 type = evsel->attr.sample_type;
	u32 fields = sf->fields;
	int i;

	for (i = 0; i < SCRIPT_F_MAX; i++) {
		if (!(fields & (1u << i)) || !field_needs[i] || (type & field_needs[i]))
			continue;
		if (sf->user_set & (1u << i)) {
			fprintf(stderr, "Samples for '%s' event do not have %s attribute set. "
				"Cannot print '%s' field.\n", evsel__name(evsel),
				field_attr_names[i], field_names[i]);
			return -EINVAL;
		}
		fields &= ~(1u << i);
	}
	if ((fields & SF(SYMOFF)) && !(fields & SF(SYM))) {
		fprintf(stderr, "Display of offsets requested but symbol is notselected.\n");
		return -EINVAL;
	}
	*out = fields;
	return 0;
}

void script_print__init_names(struct script_print *sp, struct evlist *evlist)
{
	int i, len;

	sp->name_width = 0;
	for (i = 0; i < evlist->nr; i++) {
		len = strlen(evsel__name(evlist->entries[i]));
		if (len > sp->name_width)
			sp->name_width = len;
	}
}

bool script_print__has_callchain(const struct evsel *evsel)
{
	return evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
}

/* ---- numbers ----------------------------------------------------------- */

/* @v in hex, right-aligned in @width columns (wider if it needs to be). */
static void put_hex(FILE *fp, u64 v, int width)
{
	static const char digits[] = "0123456789abcdef";
	char buf[32], *p = buf + sizeof(buf);

	do {
		*--p = digits[v & 15];
		v >>= 4;
	} while (v);
	while (buf + sizeof(buf) - p < width)
		*--p = ' ';
	fwrite_unlocked(p, 1, buf + sizeof(buf) - p, fp);
}

/* @v in decimal, right-aligned in @width columns, zero-padded if @zero. */
static void put_dec(FILE *fp, u64 v, int width, bool zero)
{
	char buf[32], *p = buf + sizeof(buf);

	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v);
	while (buf + sizeof(buf) - p < width)
		*--p = zero ? '0' : ' ';
	fwrite_unlocked(p, 1, buf + sizeof(buf) - p, fp);
}

static void put_str(FILE *fp, const char *s)
{
	fputs_unlocked(s, fp);
}

/* "%*s": right-aligned in @width columns. */
static void put_str_right(FILE *fp, const char *s, int width)
{
	int len = strlen(s);

	while (len++ < width)
		putc_unlocked(' ', fp);
	put_str(fp, s);
}

/* %d, for pids that may be -1 */
static void put_int(FILE *fp, int v, int width)
{
	if (v >= 0) {
		put_dec(fp, v, width, false);
		return;
	}
	fprintf(fp, "%*d", width, v);
}

/* ---- the line start ---------------------------------------------------- */

static void script_print__start(struct script_print *sp, u32 fields, bool chain_follows,
				const struct perf_sample *sample, const struct thread *thread)
{
	FILE *fp = sp->fp;

	if (fields & SF(COMM)) {
		const char *comm = thread ? thread__comm_str(thread) : ":-1";

		if (chain_follows)
			put_str(fp, comm);
		else
			put_str_right(fp, comm, 16);
		putc_unlocked(' ', fp);
	}
	if ((fields & SF(PID)) && (fields & SF(TID))) {
		put_int(fp, sample->pid, 5);
		putc_unlocked('/', fp);
		fprintf(fp, "%-5d ", (int)sample->tid);
	} else if (fields & (SF(PID) | SF(TID))) {
		put_int(fp, fields & SF(PID) ? (int)sample->pid : (int)sample->tid, 5);
		putc_unlocked(' ', fp);
	}
	if (fields & SF(CPU)) {
		putc_unlocked('[', fp);
		put_dec(fp, sample->cpu, 3, true);	/* %03d */
		put_str(fp, "] ");
	}
	if (fields & SF(TIME)) {
		u64 t = sample->time;

		put_dec(fp, t / 1000000000ULL, 5, false);
		putc_unlocked('.', fp);
		if (sp->nanosecs)
			put_dec(fp, t % 1000000000ULL, 9, true);
		else
			put_dec(fp, t % 1000000000ULL / 1000, 6, true);
		put_str(fp, ": ");
	}
}

/* ---- samples ----------------------------------------------------------- */

static void put_sym(FILE *fp, u32 fields, const struct symbol *sym, u64 addr)
{
	putc_unlocked(' ', fp);
	if (!sym) {
		put_str(fp, "[unknown]");
		return;
	}
	put_str(fp, sym->name);
	if (fields & SF(SYMOFF)) {
		put_str(fp, "+0x");
		put_hex(fp, addr - sym->start, 0);
	}
}

/*
 * The DSO of a frame: none outside every map, except the kernel's, whose
 * map upstream stretches over every kernel address above it (init text
 * beyond the recorded length, say) and which kallsyms resolves for us.
 */
static const struct dso *frame__dso(const struct callchain_frame *fr)
{
	if (fr->map || (fr->dso && fr->dso->kernel))
		return fr->dso;
	return NULL;
}

static void put_dso(FILE *fp, const struct dso *dso)
{
	put_str(fp, " (");
	put_str(fp, dso ? dso->long_name : "[unknown]");
	putc_unlocked(')', fp);
}

static void script_print__frames(struct script_print *sp, u32 fields,
				 const struct callchain_cursor *cursor)
{
	FILE *fp = sp->fp;
	size_t i;

	for (i = 0; i < cursor->nr; i++) {
		const struct callchain_frame *fr = &cursor->frames[i];
		u64 ip = fr->ip;

		/* upstream shows a user frame as its offset in the mapped file */
		if (fr->map && fr->dso && !fr->dso->kernel && !fr->dso->kmod)
			ip = ip - fr->map->start + fr->map->pgoff;
		putc_unlocked('\t', fp);
		put_hex(fp, ip, 16);
		if (fields & SF(SYM))
			put_sym(fp, fields, fr->sym, fr->addr);
		if (fields & SF(DSO))
			put_dso(fp, frame__dso(fr));
		putc_unlocked('\n', fp);
	}
}

void script_print__sample(struct script_print *sp, u32 fields, struct evsel *evsel,
			  const struct perf_sample *sample, const struct thread *thread,
			  const struct callchain_cursor *cursor, const struct callchain_frame *ip)
{
	FILE *fp = sp->fp;

	script_print__start(sp, fields, cursor && (fields & SF(IP)), sample, thread);
	if (fields & SF(PERIOD)) {
		put_dec(fp, sample->period, 10, false);
		putc_unlocked(' ', fp);
	}
	if (fields & SF(EVENT)) {
		put_str_right(fp, evsel__name(evsel), sp->name_width);
		put_str(fp, ": ");
	}
	if (fields & SF(IP)) {
		if (cursor) {
			putc_unlocked('\n', fp);
			script_print__frames(sp, fields, cursor);
		} else {
			putc_unlocked(' ', fp);
			put_hex(fp, sample->ip, 16);
			if (fields & SF(SYM))
				put_sym(fp, fields, ip->sym, ip->addr);
			if (fields & SF(DSO))
				put_dso(fp, frame__dso(ip));
		}
	}
	putc_unlocked('\n', fp);
}

/* ---- side-band records ------------------------------------------------- */

static void sideband__mmap(FILE *fp, const union perf_event *event, const struct evsel *evsel,
			   const char *name)
{
	struct perf_mmap_info m;
	char perm[5];
	u8 i;

	if (perf_event__parse_mmap(event, evsel ? &evsel->attr : NULL, &m)) {
		fprintf(fp, "PERF_RECORD_%s: malformed record\n", name);
		return;
	}
	fprintf(fp, "PERF_RECORD_%s %d/%d: [%#llx(%#llx) @ %#llx", name, (int)m.pid, (int)m.tid,
		(unsigned long long)m.start, (unsigned long long)m.len,
		(unsigned long long)m.pgoff);
	if (event->header.type == PERF_RECORD_MMAP) {
		fprintf(fp, "]: %c %s\n", (m.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
			m.filename);
		return;
	}
	perm[0] = (m.prot & 1) ? 'r' : '-';
	perm[1] = (m.prot & 2) ? 'w' : '-';
	perm[2] = (m.prot & 4) ? 'x' : '-';
	perm[3] = (m.flags & 1) ? 's' : 'p';	/* MAP_SHARED */
	perm[4] = '\0';
	if (m.has_inode)
		fprintf(fp, " %02x:%02x %llu %llu", m.maj, m.min, (unsigned long long)m.ino,
			(unsigned long long)m.ino_generation);
	if (m.has_build_id) {
		put_str(fp, " <");
		for (i = 0; i < m.build_id_size; i++)
			fprintf(fp, "%02x", m.build_id[i]);
		putc_unlocked('>', fp);
	}
	fprintf(fp, "]: %s %s\n", perm, m.filename);
}

void script_print__sideband(struct script_print *sp, u32 fields, const struct evsel *evsel,
			    const struct perf_sample *sample, const struct thread *thread,
			    const union perf_event *event)
{
	FILE *fp = sp->fp;
	bool chain = evsel && script_print__has_callchain(evsel) && sp->callchains &&
		     (fields & SF(IP));
	u32 type = event->header.type;

	script_print__start(sp, fields, chain, sample, thread);
	switch (type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_MMAP3:
		sideband__mmap(fp, event, evsel, perf_event__name(type));
		break;
	case PERF_RECORD_COMM:
		/* machine_tool checked the comm is NUL-terminated in the record */
		fprintf(fp, "PERF_RECORD_COMM%s: %s:%d/%d\n",
			(event->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			event->comm.comm, (int)event->comm.pid, (int)event->comm.tid);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		fprintf(fp, "PERF_RECORD_%s(%d:%d):(%d:%d)\n", perf_event__name(type),
			(int)event->fork.pid, (int)event->fork.tid, (int)event->fork.ppid,
			(int)event->fork.ptid);
		break;
	default:
		fprintf(fp, "PERF_RECORD_%s\n", perf_event__name(type));
		break;
	}
}
