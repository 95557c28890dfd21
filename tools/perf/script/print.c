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
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <sys/mman.h>
#include "script/print.h"
#include "script/trace.h"
#include "util/model/callchain.h"
#include "util/data/evsel.h"
#include "util/data/evlist.h"
#include "util/data/event.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/model/dso.h"
#include "util/model/dso-srcline.h"
#include "util/symbols/symbol.h"

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
	[SCRIPT_F_ADDR]		= "addr",
	[SCRIPT_F_CALLINDENT]	= "callindent",
	[SCRIPT_F_TRACE]	= "trace",
	[SCRIPT_F_SRCLINE]	= "srcline",
};

static int field__lookup(const char *name)
{
	int i;

	for (i = 0; i < SCRIPT_F_MAX; i++)
		if (!strcmp(field_names[i], name))
			return i;
	return -1;
}

/* One set of fields (one type of event) a -F change applies to. */
struct fields_set {
	u32 *fields, *user_set;
};

static void fields_set__apply(struct fields_set *fs, bool reset, bool remove, int i)
{
	if (reset)
		*fs->fields = 0;
	if (remove) {
		*fs->fields &= ~(1u << i);
		*fs->user_set &= ~(1u << i);
	} else {
		*fs->fields |= 1u << i;
		*fs->user_set |= 1u << i;
	}
}

/*
 * upstream's output types that refuse 'trace', in its order of warnings
 * (raw, breakpoint and the rest print as "unknown" there)
 */
static const char *const trace_invalid_for[] = {
	"hardware", "software", "hardware-cache", "unknown", "unknown", "unknown", "unknown",
};

int script_fields__parse(struct script_fields *sf, const char *arg)
{
	enum { DEFAULT, SET, ADD, REMOVE } change = DEFAULT;
	char buf[1024], *tok, *save = NULL, *colon;
	struct fields_set sets[2] = {
		{ &sf->fields, &sf->user_set }, { &sf->tp_fields, &sf->tp_user_set },
	};
	int i, k, first = 0, last = 1;
	const char *type = NULL;
	bool reset;

	if (strlen(arg) >= sizeof(buf))
		goto bad;
	strcpy(buf, arg);
	tok = buf;
	/* "trace:..." the tracepoints; "sw:comm,tid" every other event (printed alike) */
	colon = strchr(tok, ':');
	if (colon) {
		*colon = '\0';
		if (!strcmp(tok, "trace"))
			first = 1;
		else if (!strcmp(tok, "hw"))
			type = "hardware";
		else if (!strcmp(tok, "sw"))
			type = "software";
		else if (!strcmp(tok, "raw"))
			type = "unknown";
		else
			goto bad;
		if (type)
			last = 0;
		tok = colon + 1;
	}
	for (tok = strtok_r(tok, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		reset = false;
		if (*tok == '+' || *tok == '-') {
			if (change == SET)
				goto badmix;
			change = *tok == '+' ? ADD : REMOVE;
			tok++;
		} else {
			if (change != SET && change != DEFAULT)
				goto badmix;
			reset = change == DEFAULT;
			change = SET;
		}
		i = field__lookup(tok);
		if (i < 0)
			goto bad;
		for (k = first; k <= last; k++) {
			/*
			 * Upstream refuses 'trace' for the other types, with a
			 * warning per type; without a prefix the tracepoints
			 * still take it.
			 */
			if (i == SCRIPT_F_TRACE && k == 0) {
				size_t t;

				if (type) {
					fprintf(stderr, "'trace' not valid for %s events.\n", type);
					return -EINVAL;
				}
				if (reset)
					*sets[k].fields = 0;
				sf->tp_given |= first == 0 && last == 1;
				for (t = 0; t < ARRAY_SIZE(trace_invalid_for); t++)
					fprintf(stderr, "'trace' not valid for %s events. Ignoring.\n",
						trace_invalid_for[t]);
				continue;
			}
			fields_set__apply(&sets[k], reset, change == REMOVE, i);
			sf->tp_given |= k == 1;
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
	[SCRIPT_F_ADDR]		= PERF_SAMPLE_ADDR,
	[SCRIPT_F_TRACE]	= PERF_SAMPLE_RAW,
	/* no PERIOD: upstream prints the attr's fixed period without it */
};

static const char *const field_attr_names[SCRIPT_F_MAX] = {
	[SCRIPT_F_TID]		= "TID",
	[SCRIPT_F_PID]		= "TID",
	[SCRIPT_F_TIME]		= "TIME",
	[SCRIPT_F_CPU]		= "CPU",
	[SCRIPT_F_IP]		= "IP",
	[SCRIPT_F_ADDR]		= "ADDR",
	[SCRIPT_F_TRACE]	= "RAW",
};

int script_fields__for_evsel(const struct script_fields *sf, struct evsel *evsel,
			     bool callchains, u32 *out)
{
	bool tp = evsel->attr.type == PERF_TYPE_TRACEPOINT;
	u64 type = evsel->attr.sample_type;
	u32 fields = tp ? sf->tp_fields : sf->fields;
	u32 user_set = tp ? sf->tp_user_set : sf->user_set;
	int i;

	/* as upstream: a tracepoint's call chain shows by default, with the symbols */
	if (tp && !sf->tp_given && callchains && (type & PERF_SAMPLE_CALLCHAIN))
		fields |= SF(IP) | SF(SYM) | SF(SYMOFF) | SF(DSO);
	for (i = 0; i < SCRIPT_F_MAX; i++) {
		if (!(fields & (1u << i)) || !field_needs[i] || (type & field_needs[i]))
			continue;
		if (user_set & (1u << i)) {
			fprintf(stderr, "Samples for '%s' event do not have %s attribute set. "
				"Cannot print '%s' field.\n", evsel__name(evsel),
				field_attr_names[i], field_names[i]);
			return -EINVAL;
		}
		fields &= ~(1u << i);
	}
	if ((fields & SF(SRCLINE)) && !(fields & SF(IP))) {
		fprintf(stderr, "Display of source line number requested but sample IP is not\n"
			"selected. Hence, no address to lookup the source line number.\n");
		return -EINVAL;
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

/* ---- output ------------------------------------------------------------ */

static inline void out__write(struct script_out *out, const void *p, size_t n)
{
	script_out__write(out, p, n);
}

static inline void out__putc(char c, struct script_out *out)
{
	if (out->len == out->cap)
		script_out__flush(out);
	out->buf[out->len++] = c;
}

/* For the rare lines (side-band records): formatted, then copied. */
static void __attribute__((format(printf, 2, 3))) out__printf(struct script_out *out,
							      const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > 0)
		out__write(out, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

/* ---- numbers ----------------------------------------------------------- */

/* @v in hex, right-aligned in @width columns (wider if it needs to be). */
static void put_hex(struct script_out *fp, u64 v, int width)
{
	static const char digits[] = "0123456789abcdef";
	char buf[32], *p = buf + sizeof(buf);

	do {
		*--p = digits[v & 15];
		v >>= 4;
	} while (v);
	while (buf + sizeof(buf) - p < width)
		*--p = ' ';
	out__write(fp, p, buf + sizeof(buf) - p);
}

/* @v in decimal, right-aligned in @width columns, zero-padded if @zero. */
static void put_dec(struct script_out *fp, u64 v, int width, bool zero)
{
	char buf[32], *p = buf + sizeof(buf);

	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v);
	while (buf + sizeof(buf) - p < width)
		*--p = zero ? '0' : ' ';
	out__write(fp, p, buf + sizeof(buf) - p);
}

static void put_str(struct script_out *fp, const char *s)
{
	out__write(fp, s, strlen(s));
}

/* "%*s": right-aligned in @width columns. */
static void put_str_right(struct script_out *fp, const char *s, int width)
{
	int len = strlen(s);

	while (len++ < width)
		out__putc(' ', fp);
	put_str(fp, s);
}

/* %d, for pids that may be -1 */
static void put_int(struct script_out *fp, int v, int width)
{
	if (v >= 0) {
		put_dec(fp, v, width, false);
		return;
	}
	out__printf(fp, "%*d", width, v);
}

/* ---- the line start ---------------------------------------------------- */

static void script_print__start(struct script_print *sp, u32 fields, bool chain_follows,
				const struct perf_sample *sample, const struct thread *thread)
{
	struct script_out *fp = sp->out;

	if (fields & SF(COMM)) {
		const char *comm = thread ? thread__comm_str(thread) : ":-1";

		if (chain_follows)
			put_str(fp, comm);
		else
			put_str_right(fp, comm, 16);
		out__putc(' ', fp);
	}
	if ((fields & SF(PID)) && (fields & SF(TID))) {
		put_int(fp, sample->pid, 5);
		out__putc('/', fp);
		out__printf(fp, "%-5d ", (int)sample->tid);
	} else if (fields & (SF(PID) | SF(TID))) {
		put_int(fp, fields & SF(PID) ? (int)sample->pid : (int)sample->tid, 5);
		out__putc(' ', fp);
	}
	if (fields & SF(CPU)) {
		out__putc('[', fp);
		put_dec(fp, sample->cpu, 3, true);	/* %03d */
		put_str(fp, "] ");
	}
	if (fields & SF(TIME)) {
		u64 t = sample->time;

		/* as upstream: a time of 0 does not count as the first or the last */
		if (sp->reltime) {
			if (!sp->first_time)
				sp->first_time = sample->time;
			t = sample->time - sp->first_time;
		} else if (sp->deltatime) {
			t = sp->last_time ? sample->time - sp->last_time : 0;
			sp->last_time = sample->time;
		}

		put_dec(fp, t / 1000000000ULL, 5, false);
		out__putc('.', fp);
		if (sp->nanosecs)
			put_dec(fp, t % 1000000000ULL, 9, true);
		else
			put_dec(fp, t % 1000000000ULL / 1000, 6, true);
		put_str(fp, ": ");
	}
}

/* ---- samples ----------------------------------------------------------- */

static void put_sym(struct script_out *fp, u32 fields, const struct symbol *sym, u64 addr)
{
	out__putc(' ', fp);
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

/*
 * Anonymous executable memory (JIT code) and the like: upstream names its
 * map /tmp/perf-<pid>.map, where a JIT writes its symbols, and shows its
 * addresses as they are.
 */
static bool dso__is_anon(const struct dso *dso)
{
	return dso__name_is_anon(dso->long_name);
}

/*
 * Only an executable one (or one of an MMAP v1 record, which has no prot):
 * a data map ("-d" records them) keeps its own name, "//anon", "[stack]".
 */
static bool map__is_exec(const struct map *map)
{
	return !map || !map->prot || (map->prot & PROT_EXEC);
}

static void put_dso(struct script_out *fp, const struct dso *dso, bool anon,
		    const struct thread *thread)
{
	char name[DSO_ANON_MAP_NAME_MAX];

	put_str(fp, " (");
	if (dso && anon)
		put_str(fp, dso__anon_map_name(name, sizeof(name), thread ? thread->pid : -1));
	else
		put_str(fp, dso ? dso->long_name : "[unknown]");
	out__putc(')', fp);
}

/* The longest line put_frame_line() writes without help: names aside. */
#define FRAME_LINE_FIXED	(1 + 16 + 1 + 3 + 16 + 2 + 2 + 1)

static char *hex_right(char *end, u64 v)
{
	static const char digits[] = "0123456789abcdef";

	do {
		*--end = digits[v & 15];
		v >>= 4;
	} while (v);
	return end;
}

/*
 * "\t<ip:16> <sym>[+0x<off>] (<dso>)\n" written straight into the buffer:
 * a profile's script output is mostly these lines, and the pieces' copies
 * and length scans were half of its cost.  False if it does not fit even
 * in an empty buffer (absurd names): the caller writes it piecewise.
 */
static bool put_frame_line(struct script_out *fp, u64 ip, const struct symbol *sym,
			   u64 addr, bool symoff, const struct dso *dso)
{
	const char *name = sym ? sym->name : "[unknown]";
	size_t nlen = sym ? symbol__namelen(sym) : 9;
	const char *dname = dso ? dso->long_name : "[unknown]";
	size_t dlen = dso ? dso->long_name_len : 9;
	size_t need = FRAME_LINE_FIXED + nlen + dlen;
	char num[16], *p, *d;

	if (need > fp->cap)
		return false;
	if (fp->len + need > fp->cap)
		script_out__flush(fp);
	p = fp->buf + fp->len;
	*p++ = '\t';
	d = hex_right(num + 16, ip);
	memset(p, ' ', 16 - (num + 16 - d));
	memcpy(p + 16 - (num + 16 - d), d, num + 16 - d);
	p += 16;
	*p++ = ' ';
	memcpy(p, name, nlen);
	p += nlen;
	if (sym && symoff) {
		memcpy(p, "+0x", 3);
		d = hex_right(num + 16, addr - sym->start);
		memcpy(p + 3, d, num + 16 - d);
		p += 3 + (num + 16 - d);
	}
	*p++ = ' ';
	*p++ = '(';
	memcpy(p, dname, dlen);
	p += dlen;
	*p++ = ')';
	*p++ = '\n';
	fp->len = p - fp->buf;
	return true;
}

/*
 * -F srcline: "\n  file.c:12" after a mapped frame; nothing when the
 * DSO's own file does not say ("??:0"), upstream's "dso[address]" when
 * there is no file to ask; nothing outside any map.
 */
static void put_srcline(struct script_print *sp, const struct callchain_frame *fr)
{
	char buf[PATH_MAX + 32];

	if (!fr->map || !fr->dso)
		return;
	/* a frame of an inline chain: its own line, the call site for a caller */
	if (fr->srcline) {
		put_str(sp->out, "\n  ");
		put_str(sp->out, fr->srcline);
		return;
	}
	dso__srcline_text(fr->dso, NULL, fr->addr, sp->srcline_opts, buf, sizeof(buf));
	if (!strcmp(buf, SRCLINE_UNKNOWN))
		return;
	put_str(sp->out, "\n  ");
	put_str(sp->out, buf);
}

static void script_print__frames(struct script_print *sp, u32 fields,
				 const struct callchain_cursor *cursor, const struct thread *thread)
{
	struct script_out *fp = sp->out;
	const struct dso *last = NULL;
	bool anon, anon_dso = false, inlined;
	size_t i;

	for (i = 0; i < cursor->nr; i++) {
		const struct callchain_frame *fr = &cursor->frames[i];
		u64 ip = fr->ip;

		/* name tests per DSO, not per frame: frames mostly repeat the last one's */
		if (fr->dso != last) {
			last = fr->dso;
			anon_dso = last && dso__is_anon(last);
		}
		anon = anon_dso && map__is_exec(fr->map);
		/* upstream shows a user frame as its offset in the mapped file */
		if (fr->map && fr->dso && !fr->dso->kernel && !fr->dso->kmod && !anon_dso)
			ip = ip - fr->map->start + fr->map->pgoff;
		inlined = fr->sym && fr->sym->inlined;
		if ((fields & SF(SYM)) && (fields & SF(DSO)) && !anon && !(fields & SF(SRCLINE)) &&
		    !inlined &&
		    put_frame_line(fp, ip, fr->sym, fr->addr, fields & SF(SYMOFF), frame__dso(fr)))
			continue;
		out__putc('\t', fp);
		put_hex(fp, ip, 16);
		if (fields & SF(SYM))
			put_sym(fp, fields, fr->sym, fr->addr);
		/* upstream names no DSO for an inline frame, and says so after its line */
		if ((fields & SF(DSO)) && !inlined)
			put_dso(fp, frame__dso(fr), anon, thread);
		if (fields & SF(SRCLINE))
			put_srcline(sp, fr);
		if (inlined)
			put_str(fp, " (inlined)");
		out__putc('\n', fp);
	}
}

bool script_print__addr_resolves(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       (evsel->attr.config == PERF_COUNT_SW_PAGE_FAULTS ||
		evsel->attr.config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
		evsel->attr.config == PERF_COUNT_SW_PAGE_FAULTS_MAJ);
}

/* "%16llx", then where it resolves " sym[+0xoff]" and " (dso)" as asked. */
static void script_print__addr(struct script_print *sp, u32 fields, u64 addr,
			       const struct callchain_frame *fr, const struct thread *thread)
{
	struct script_out *fp = sp->out;

	put_hex(fp, addr, 16);
	if (!fr)
		return;
	if (fields & SF(SYM))
		put_sym(fp, fields, fr->sym, fr->addr);
	if (fields & SF(DSO))
		put_dso(fp, frame__dso(fr), fr->dso && dso__is_anon(fr->dso) &&
			map__is_exec(fr->map), thread);
}

void script_print__sample(struct script_print *sp, u32 fields, struct evsel *evsel,
			  const struct perf_sample *sample, const struct thread *thread,
			  const struct callchain_cursor *cursor, const struct callchain_frame *ip,
			  const struct callchain_frame *addr)
{
	struct script_out *fp = sp->out;

	script_print__start(sp, fields, cursor && (fields & SF(IP)), sample, thread);
	if (fields & SF(PERIOD)) {
		put_dec(fp, sample->period, 10, false);
		out__putc(' ', fp);
	}
	if (fields & SF(EVENT)) {
		put_str_right(fp, evsel__name(evsel), sp->name_width);
		put_str(fp, ": ");
	}
	/* as upstream: the fields, then the ip part after a space */
	if ((fields & SF(TRACE)) && sp->trace)
		script_trace__print(sp->trace, fp, evsel, sample);
	if (fields & SF(ADDR))
		script_print__addr(sp, fields, sample->addr, addr, thread);
	if (fields & SF(IP)) {
		if (cursor) {
			out__putc('\n', fp);
			script_print__frames(sp, fields, cursor, thread);
		} else {
			out__putc(' ', fp);
			put_hex(fp, sample->ip, 16);
			if (fields & SF(SYM))
				put_sym(fp, fields, ip->sym, ip->addr);
			if (fields & SF(DSO))
				put_dso(fp, frame__dso(ip), ip->dso && dso__is_anon(ip->dso) &&
					map__is_exec(ip->map), thread);
			if (fields & SF(SRCLINE))
				put_srcline(sp, ip);
		}
	}
	out__putc('\n', fp);
}

/* ---- side-band records ------------------------------------------------- */

static void sideband__mmap(struct script_out *fp, const union perf_event *event, const struct evsel *evsel,
			   const char *name)
{
	struct perf_mmap_info m;
	char perm[5];
	u8 i;

	if (perf_event__parse_mmap(event, evsel ? &evsel->attr : NULL, &m)) {
		out__printf(fp, "PERF_RECORD_%s: malformed record\n", name);
		return;
	}
	out__printf(fp, "PERF_RECORD_%s %d/%d: [%#llx(%#llx) @ %#llx", name, (int)m.pid, (int)m.tid,
		(unsigned long long)m.start, (unsigned long long)m.len,
		(unsigned long long)m.pgoff);
	if (event->header.type == PERF_RECORD_MMAP) {
		out__printf(fp, "]: %c %s\n", (m.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
			m.filename);
		return;
	}
	perm[0] = (m.prot & 1) ? 'r' : '-';
	perm[1] = (m.prot & 2) ? 'w' : '-';
	perm[2] = (m.prot & 4) ? 'x' : '-';
	perm[3] = (m.flags & 1) ? 's' : 'p';	/* MAP_SHARED */
	perm[4] = '\0';
	if (m.has_inode)
		out__printf(fp, " %02x:%02x %llu %llu", m.maj, m.min, (unsigned long long)m.ino,
			(unsigned long long)m.ino_generation);
	if (m.has_build_id) {
		put_str(fp, " <");
		for (i = 0; i < m.build_id_size; i++)
			out__printf(fp, "%02x", m.build_id[i]);
		out__putc('>', fp);
	}
	out__printf(fp, "]: %s %s\n", perm, m.filename);
}

/* A context switch: in or out (preempted or not), and CPU-wide the other task. */
static void sideband__switch(struct script_out *fp, const union perf_event *event)
{
	u16 misc = event->header.misc;
	bool out = misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *in_out = !out ? "IN         " :
			     (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ? "OUT preempt" :
			     "OUT        ";
	s32 ids[2];

	if (event->header.type == PERF_RECORD_SWITCH) {
		out__printf(fp, "PERF_RECORD_SWITCH %s\n", in_out);
		return;
	}
	if (event->header.size < sizeof(event->header) + sizeof(ids)) {
		out__printf(fp, "PERF_RECORD_SWITCH_CPU_WIDE: malformed record\n");
		return;
	}
	memcpy(ids, (const char *)event + sizeof(event->header), sizeof(ids));
	out__printf(fp, "PERF_RECORD_SWITCH_CPU_WIDE %s  %s pid/tid: %5d/%-5d\n", in_out,
		    out ? "next" : "prev", ids[0], ids[1]);
}

void script_print__sideband(struct script_print *sp, u32 fields, const struct evsel *evsel,
			    const struct perf_sample *sample, const struct thread *thread,
			    const union perf_event *event)
{
	struct script_out *fp = sp->out;
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
		out__printf(fp, "PERF_RECORD_COMM%s: %s:%d/%d\n",
			(event->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			event->comm.comm, (int)event->comm.pid, (int)event->comm.tid);
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		sideband__switch(fp, event);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		out__printf(fp, "PERF_RECORD_%s(%d:%d):(%d:%d)\n", perf_event__name(type),
			(int)event->fork.pid, (int)event->fork.tid, (int)event->fork.ppid,
			(int)event->fork.ptid);
		break;
	case PERF_RECORD_LOST:
		/* the session checked its size */
		out__printf(fp, "PERF_RECORD_LOST lost %llu\n", (unsigned long long)event->lost.lost);
		break;
	default:
		out__printf(fp, "PERF_RECORD_%s\n", perf_event__name(type));
		break;
	}
}

void script_print__round(struct script_print *sp)
{
	out__printf(sp->out, "PERF_RECORD_FINISHED_ROUND\n");
}
