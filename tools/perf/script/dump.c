// SPDX-License-Identifier: GPL-2.0
/*
 * The record dump of perf script -D, in upstream perf's layout:
 *
 *   <blank>
 *   0x2a0@perf.data [0x68]: event: 10
 *   .
 *   . ... raw event: size 104 bytes
 *   .  0000:  0a 00 ...  ascii
 *   <blank>
 *   <cpu> <time> 0x2a0 [0x68]: PERF_RECORD_MMAP2 <decoded fields>
 *
 * Every decoder here bounds-checks against header.size: a malformed
 * record is reported as such after its raw bytes.
 */
#include <ctype.h>
#include <string.h>
#include "script/dump.h"

void perf_event__dump_raw(FILE *fp, const union perf_event *event)
{
	const u8 *raw = (const u8 *)event;
	unsigned int size = event->header.size, i, j;

	fprintf(fp, ".\n. ... raw event: size %u bytes\n", size);
	for (i = 0; i < size; i++) {
		if ((i & 15) == 0)
			fprintf(fp, ".  %04x: ", i);
		fprintf(fp, " %02x", raw[i]);
		if ((i & 15) == 15 || i == size - 1) {
			fputs("  ", fp);
			for (j = 0; j < 15 - (i & 15); j++)
				fputs("   ", fp);
			for (j = i & ~15U; j <= i; j++)
				fputc(isprint(raw[j]) ? raw[j] : '.', fp);
			for (j = i & 15; j < 15; j++)
				fputc(' ', fp);
			fputc('\n', fp);
		}
	}
	fputc('\n', fp);
}

static void dump__malformed(FILE *fp)
{
	fputs(": malformed record\n", fp);
}

/* A NUL-terminated string at @off inside the record, or NULL. */
static const char *record__string(const union perf_event *event, size_t off)
{
	const char *p = (const char *)event;

	if (off >= event->header.size || !memchr(p + off, '\0', event->header.size - off))
		return NULL;
	return p + off;
}

static void build_id__hex(const u8 *id, u8 size, char *buf)
{
	static const char hex[] = "0123456789abcdef";
	u8 i;

	for (i = 0; i < size; i++) {
		buf[2 * i] = hex[id[i] >> 4];
		buf[2 * i + 1] = hex[id[i] & 15];
	}
	buf[2 * size] = '\0';
}

static const char *mmap3__status_name(u8 status)
{
	switch (status) {
	case PERF_MMAP3_BUILD_ID_OK:		return "bad size";
	case PERF_MMAP3_BUILD_ID_NOT_REGULAR:	return "not a regular file";
	case PERF_MMAP3_BUILD_ID_NOT_ELF:	return "not ELF";
	case PERF_MMAP3_BUILD_ID_NO_NOTE:	return "no build-id note";
	case PERF_MMAP3_BUILD_ID_IO_ERROR:	return "I/O error";
	case PERF_MMAP3_BUILD_ID_REFUSED:	return "refused";
	case PERF_MMAP3_BUILD_ID_MALFORMED:	return "malformed ELF";
	case PERF_MMAP3_BUILD_ID_UNCACHED:	return "not cached";
	case PERF_MMAP3_BUILD_ID_RACED:		return "file changed";
	case PERF_MMAP3_BUILD_ID_UNSUPPORTED:	return "unsupported file system";
	default:				return "unknown status";
	}
}

static void dump__mmap(FILE *fp, const union perf_event *event, const struct perf_event_attr *attr)
{
	struct perf_mmap_info m;
	char bid[2 * PERF_BUILD_ID_MAX + 1];
	char perm[5];

	if (perf_event__parse_mmap(event, attr, &m)) {
		dump__malformed(fp);
		return;
	}
	fprintf(fp, " %d/%d: [%#llx(%#llx) @ %#llx", (int)m.pid, (int)m.tid,
		(u64)m.start, (u64)m.len, (u64)m.pgoff);
	if (event->header.type == PERF_RECORD_MMAP) {
		fprintf(fp, "]: %c %s\n", (m.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
			m.filename);
		return;
	}
	perm[0] = (m.prot & 1) ? 'r' : '-';	/* PROT_READ */
	perm[1] = (m.prot & 2) ? 'w' : '-';	/* PROT_WRITE */
	perm[2] = (m.prot & 4) ? 'x' : '-';	/* PROT_EXEC */
	perm[3] = (m.flags & 1) ? 's' : 'p';	/* MAP_SHARED */
	perm[4] = '\0';
	if (m.has_inode)
		fprintf(fp, " %02x:%02x %llu %llu", m.maj, m.min, (u64)m.ino,
			(u64)m.ino_generation);
	if (m.has_build_id) {
		build_id__hex(m.build_id, m.build_id_size, bid);
		fprintf(fp, " <%s>", bid);
	} else if (event->header.type == PERF_RECORD_MMAP3) {
		/* MMAP3 says why there is no build-id: show it */
		fprintf(fp, " <no build-id: %s>", mmap3__status_name(m.build_id_status));
	}
	fprintf(fp, "]: %s %s\n", perm, m.filename);
}

static void dump__sample(FILE *fp, const union perf_event *event, const struct evsel *evsel,
			 const struct perf_sample *s)
{
	u64 type = evsel->attr.sample_type, i;

	fprintf(fp, "(IP, 0x%x): %d/%d: %#llx period: %llu addr: %#llx\n",
		event->header.misc, (int)s->pid, (int)s->tid, (u64)s->ip, (u64)s->period,
		(u64)s->addr);
	if (s->callchain) {
		fprintf(fp, "... FP chain: nr:%llu\n", (u64)s->callchain->nr);
		for (i = 0; i < s->callchain->nr; i++)
			fprintf(fp, "..... %2d: %016llx\n", (int)i,
				(u64)s->callchain->ips[i]);
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		const u64 *e = s->branch_entries;

		fprintf(fp, "... branch stack: nr:%llu\n", (u64)s->branch_nr);
		for (i = 0; i < s->branch_nr; i++)
			fprintf(fp, ".....  %2llu: %016llx -> %016llx\n",
				(u64)i, (u64)e[3 * i], (u64)e[3 * i + 1]);
	}
	if (type & PERF_SAMPLE_REGS_USER)
		fprintf(fp, "... user regs: mask 0x%llx ABI %s\n",
			(u64)evsel->attr.sample_regs_user,
			s->user_regs_abi == 2 ? "64-bit" : s->user_regs_abi == 1 ? "32-bit" : "none");
	if (type & PERF_SAMPLE_STACK_USER)
		fprintf(fp, "... ustack: size %llu\n", (u64)s->user_stack_size);
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT))
		fprintf(fp, "... weight: %llu\n", (u64)s->weight);
	if (type & PERF_SAMPLE_DATA_SRC)
		fprintf(fp, " . data_src: 0x%llx\n", (u64)s->data_src);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		fprintf(fp, " .. phys_addr: 0x%llx\n", (u64)s->phys_addr);
	if (type & PERF_SAMPLE_TRANSACTION)
		fprintf(fp, "... transaction: %llx\n", (u64)s->transaction);
	if (type & PERF_SAMPLE_RAW)
		fprintf(fp, "... raw: size %u\n", s->raw_size);
}

static void dump__id_index(FILE *fp, const union perf_event *event)
{
	const struct perf_record_id_index *ix = &event->id_index;
	u64 i, nr;

	if (event->header.size < sizeof(*ix)) {
		dump__malformed(fp);
		return;
	}
	nr = ix->nr;
	if (nr > (event->header.size - sizeof(*ix)) / sizeof(ix->entries[0])) {
		dump__malformed(fp);
		return;
	}
	fprintf(fp, " nr: %llu\n", nr);
	for (i = 0; i < nr; i++) {
		const struct perf_record_id_index_entry *e = &ix->entries[i];

		fprintf(fp, " ... id: %llu  idx: %llu  cpu: %lld"
			"  tid: %lld\n", (u64)e->id, (u64)e->idx, (s64)e->cpu, (s64)e->tid);
	}
}

/* THREAD_MAP: u64 nr, then nr * { u64 pid; char comm[16]; } */
static void dump__thread_map(FILE *fp, const union perf_event *event)
{
	const u8 *p = (const u8 *)event;
	u64 nr, i, pid;

	if (event->header.size < 16) {
		dump__malformed(fp);
		return;
	}
	memcpy(&nr, p + 8, 8);
	if (nr > (event->header.size - 16) / 24u) {
		dump__malformed(fp);
		return;
	}
	fprintf(fp, " nr: %d thread%s: ", (int)nr, nr > 1 ? "s" : "");
	for (i = 0; i < nr; i++) {
		memcpy(&pid, p + 16 + 24 * i, 8);
		fprintf(fp, "%s%d", i ? ", " : "", (int)pid);
	}
	fputc('\n', fp);
}

/* EVENT_UPDATE: u64 type, u64 id, then a unit, scale, name or cpu map. */
static void dump__event_update(FILE *fp, const union perf_event *event)
{
	const u8 *p = (const u8 *)event;
	const char *str;
	u64 type, id;
	double scale;

	if (event->header.size < 24) {
		dump__malformed(fp);
		return;
	}
	memcpy(&type, p + 8, 8);
	memcpy(&id, p + 16, 8);
	fprintf(fp, "\n... id:    %llu\n", id);
	switch (type) {
	case 0:		/* unit */
	case 2:		/* name */
		str = record__string(event, 24);
		if (str)
			fprintf(fp, "... %s:  %s\n", type ? "name" : "unit", str);
		break;
	case 1:		/* scale */
		if (event->header.size >= 32) {
			memcpy(&scale, p + 24, 8);
			fprintf(fp, "... scale: %f\n", scale);
		}
		break;
	default:
		break;
	}
}

/*
 * CPU_MAP: u16 type, then a list (0: u16 nr, u16 cpu[nr]) or a range
 * (2: u8 any_cpu, u8 pad, u16 start, u16 end).  Masks are not decoded.
 */
static void dump__cpu_map(FILE *fp, const union perf_event *event)
{
	const u8 *p = (const u8 *)event;
	u16 type, nr, cpu, prev = 0, start = 0, end;
	unsigned int i;

	if (event->header.size < 16) {
		fputs(": malformed record\n", fp);
		return;
	}
	memcpy(&type, p + 8, 2);
	if (type == 2) {
		memcpy(&start, p + 12, 2);
		memcpy(&end, p + 14, 2);
		if (start == end)
			fprintf(fp, ": %u\n", start);
		else
			fprintf(fp, ": %u-%u\n", start, end);
		return;
	}
	if (type != 0) {
		fputs(": (mask)\n", fp);
		return;
	}
	memcpy(&nr, p + 10, 2);
	if (nr > (event->header.size - 12) / 2u) {
		dump__malformed(fp);
		return;
	}
	fputs(": ", fp);
	for (i = 0; i < nr; i++) {
		memcpy(&cpu, p + 12 + 2 * i, 2);
		if (i && cpu == prev + 1) {
			prev = cpu;
			continue;
		}
		if (i)
			fprintf(fp, prev != start ? "-%u," : ",", prev);
		fprintf(fp, "%u", cpu);
		start = prev = cpu;
	}
	if (nr && prev != start)
		fprintf(fp, "-%u", prev);
	fputc('\n', fp);
}

/*
 * The event of a record.  Side-band records without an id come from the
 * tracking event (the one asking for mmap/comm/task), as the session
 * walk assumes: its attr says whether MMAP2 build-ids can be trusted.
 */
static const struct evsel *dump__evsel(const struct evlist *evlist, const union perf_event *event)
{
	const struct evsel *evsel = evlist__event2evsel(evlist, event);
	int i;

	if (evsel || event->header.type == PERF_RECORD_SAMPLE || !evlist->nr)
		return evsel;
	for (i = 0; i < evlist->nr; i++) {
		if (evlist->entries[i]->attr.flags &
		    (PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_COMM |
		     PERF_ATTR_FLAG_TASK))
			return evlist->entries[i];
	}
	return evlist->entries[0];
}

/* Timestamp prefix: "-1 -1 " without sample_id_all, else "[cpu ]time ". */
static void dump__tstamp(FILE *fp, const struct evlist *evlist, const union perf_event *event,
			 const struct perf_sample *s)
{
	u64 type = 0;
	int i;

	if (!evlist->nr || (event->header.type != PERF_RECORD_SAMPLE &&
			    !(evlist->entries[0]->attr.flags & PERF_ATTR_FLAG_SAMPLE_ID_ALL))) {
		fputs("-1 -1 ", fp);
		return;
	}
	for (i = 0; i < evlist->nr; i++)
		type |= evlist->entries[i]->attr.sample_type;
	if (type & PERF_SAMPLE_CPU)
		fprintf(fp, "%u ", s->cpu);
	if (type & PERF_SAMPLE_TIME)
		fprintf(fp, "%llu ", (u64)s->time);
}

void perf_event__dump(FILE *fp, const struct evlist *evlist, const union perf_event *event,
		      u64 offset, const char *path)
{
	u32 type = event->header.type;
	const struct evsel *evsel = NULL;
	struct perf_sample sample;
	int err = 0;

	fprintf(fp, "\n%#llx@%s [%#x]: event: %u\n", offset, path, event->header.size, type);
	perf_event__dump_raw(fp, event);

	memset(&sample, 0, sizeof(sample));
	if (type < PERF_RECORD_USER_TYPE_START)
		evsel = dump__evsel(evlist, event);
	if (evsel && type == PERF_RECORD_SAMPLE)
		err = evsel__parse_sample(evsel, event, &sample);
	else if (evsel)
		err = evsel__parse_id_sample(evsel, event, &sample);
	dump__tstamp(fp, evlist, event, &sample);

	if (type == PERF_RECORD_MMAP3 && !evlist__wants_mmap3(evlist))
		fprintf(fp, "%#llx [%#x]: PERF_RECORD_TYPE_%u", offset, event->header.size, type);
	else
		fprintf(fp, "%#llx [%#x]: PERF_RECORD_%s", offset, event->header.size,
			perf_event__name(type));
	if (err) {
		dump__malformed(fp);
		return;
	}

	switch (type) {
	case PERF_RECORD_SAMPLE:
		if (!evsel)
			fputs(": sample of an unknown event\n", fp);
		else
			dump__sample(fp, event, evsel, &sample);
		break;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		dump__mmap(fp, event, evsel ? &evsel->attr : NULL);
		break;
	case PERF_RECORD_MMAP3:
		if (evlist__wants_mmap3(evlist))
			dump__mmap(fp, event, evsel ? &evsel->attr : NULL);
		else
			fputc('\n', fp);
		break;
	case PERF_RECORD_COMM: {
		const char *comm = record__string(event, sizeof(struct perf_record_comm));

		if (!comm) {
			dump__malformed(fp);
			break;
		}
		fprintf(fp, "%s: %s:%d/%d\n",
			(event->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			comm, (int)event->comm.pid, (int)event->comm.tid);
		break;
	}
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		if (event->header.size < sizeof(struct perf_record_fork)) {
			dump__malformed(fp);
			break;
		}
		fprintf(fp, "(%d:%d):(%d:%d)\n", (int)event->fork.pid, (int)event->fork.tid,
			(int)event->fork.ppid, (int)event->fork.ptid);
		break;
	case PERF_RECORD_LOST:
		if (event->header.size < sizeof(struct perf_record_lost)) {
			dump__malformed(fp);
			break;
		}
		fprintf(fp, ": id:%llu: lost:%llu\n", (u64)event->lost.id,
			(u64)event->lost.lost);
		break;
	case PERF_RECORD_LOST_SAMPLES:
		if (event->header.size < sizeof(struct perf_record_lost_samples)) {
			dump__malformed(fp);
			break;
		}
		fprintf(fp, ": id:%llu: lost samples :%llu\n", (u64)sample.id,
			(u64)event->lost_samples.lost);
		break;
	case PERF_RECORD_KSYMBOL: {
		const char *name = record__string(event, sizeof(struct perf_record_ksymbol));

		if (!name) {
			dump__malformed(fp);
			break;
		}
		fprintf(fp, " addr %llx len %u type %u flags 0x%x name %s\n",
			(u64)event->ksymbol.addr, event->ksymbol.len, event->ksymbol.ksym_type,
			event->ksymbol.flags, name);
		break;
	}
	case PERF_RECORD_ID_INDEX:
		dump__id_index(fp, event);
		break;
	case PERF_RECORD_THREAD_MAP:
		dump__thread_map(fp, event);
		break;
	case PERF_RECORD_CPU_MAP:
		dump__cpu_map(fp, event);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		dump__event_update(fp, event);
		break;
	case PERF_RECORD_HEADER_ATTR:
	case PERF_RECORD_HEADER_FEATURE:
		/* upstream ends these without a newline; the next dump starts with one */
		break;
	case PERF_RECORD_FINISHED_INIT:
		/* upstream's perf script has no handler for it and says so */
		fputs(": unhandled!\n", fp);
		break;
	default:
		fputc('\n', fp);
		break;
	}
}
