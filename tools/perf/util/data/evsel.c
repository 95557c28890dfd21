// SPDX-License-Identifier: GPL-2.0
/*
 * One event: its name, and the decoding of the records it produced.
 *
 * PERF_RECORD_SAMPLE is a sequence of optional fields selected by
 * attr.sample_type, in the order documented in perf_event.h.  Every read
 * goes through struct sample_cursor, which checks the bytes are inside
 * header.size first: a record from a file is untrusted input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/data/evsel.h"

static const char * const hw_names[PERF_COUNT_HW_MAX] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= "cycles",
	[PERF_COUNT_HW_INSTRUCTIONS]		= "instructions",
	[PERF_COUNT_HW_CACHE_REFERENCES]	= "cache-references",
	[PERF_COUNT_HW_CACHE_MISSES]		= "cache-misses",
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= "branches",
	[PERF_COUNT_HW_BRANCH_MISSES]		= "branch-misses",
	[PERF_COUNT_HW_BUS_CYCLES]		= "bus-cycles",
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= "stalled-cycles-frontend",
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= "stalled-cycles-backend",
	[PERF_COUNT_HW_REF_CPU_CYCLES]		= "ref-cycles",
};

static const char * const sw_names[PERF_COUNT_SW_MAX] = {
	[PERF_COUNT_SW_CPU_CLOCK]		= "cpu-clock",
	[PERF_COUNT_SW_TASK_CLOCK]		= "task-clock",
	[PERF_COUNT_SW_PAGE_FAULTS]		= "page-faults",
	[PERF_COUNT_SW_CONTEXT_SWITCHES]	= "context-switches",
	[PERF_COUNT_SW_CPU_MIGRATIONS]		= "cpu-migrations",
	[PERF_COUNT_SW_PAGE_FAULTS_MIN]		= "minor-faults",
	[PERF_COUNT_SW_PAGE_FAULTS_MAJ]		= "major-faults",
	[PERF_COUNT_SW_ALIGNMENT_FAULTS]	= "alignment-faults",
	[PERF_COUNT_SW_EMULATION_FAULTS]	= "emulation-faults",
	[PERF_COUNT_SW_DUMMY]			= "dummy",
	[PERF_COUNT_SW_BPF_OUTPUT]		= "bpf-output",
	[PERF_COUNT_SW_CGROUP_SWITCHES]		= "cgroup-switches",
};

const char *evsel__name(struct evsel *evsel)
{
	const struct perf_event_attr *attr = &evsel->attr;
	char buf[64];

	if (evsel->name)
		return evsel->name;

	if (attr->type == PERF_TYPE_HARDWARE && attr->config < PERF_COUNT_HW_MAX)
		return hw_names[attr->config];
	if (attr->type == PERF_TYPE_SOFTWARE && attr->config < PERF_COUNT_SW_MAX)
		return sw_names[attr->config];

	if (attr->type == PERF_TYPE_RAW)
		snprintf(buf, sizeof(buf), "raw 0x%llx", (unsigned long long)attr->config);
	else
		snprintf(buf, sizeof(buf), "%u:%llu", attr->type,
			 (unsigned long long)attr->config);
	/* Cached so the caller gets a stable string; freed by evlist__exit(). */
	evsel->name = strdup(buf);
	return evsel->name ? evsel->name : "unknown";
}

struct sample_cursor {
	const u8 *p;
	const u8 *end;
};

static bool cursor__has(const struct sample_cursor *c, u64 bytes)
{
	return bytes <= (u64)(c->end - c->p);
}

static int cursor__u64(struct sample_cursor *c, u64 *v)
{
	if (!cursor__has(c, 8))
		return -EINVAL;
	memcpy(v, c->p, 8);
	c->p += 8;
	return 0;
}

/* Two u32 packed in one u64 slot (TID, CPU). */
static int cursor__u32x2(struct sample_cursor *c, u32 *a, u32 *b)
{
	u32 v[2];

	if (!cursor__has(c, 8))
		return -EINVAL;
	memcpy(v, c->p, 8);
	c->p += 8;
	*a = v[0];
	if (b)
		*b = v[1];
	return 0;
}

/* @nr entries of @entry bytes; nr is checked before it is multiplied. */
static int cursor__skip_array(struct sample_cursor *c, u64 nr, u64 entry)
{
	u64 room = (u64)(c->end - c->p);

	if (nr > room / entry)
		return -EINVAL;
	c->p += nr * entry;
	return 0;
}

static int sample__read_format(struct sample_cursor *c, u64 read_format)
{
	u64 nr = 1, entry = 8, v;

	if (read_format & PERF_FORMAT_GROUP) {
		if (cursor__u64(c, &nr))
			return -EINVAL;
		if ((read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) && cursor__u64(c, &v))
			return -EINVAL;
		if ((read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) && cursor__u64(c, &v))
			return -EINVAL;
		if (read_format & PERF_FORMAT_ID)
			entry += 8;
		if (read_format & PERF_FORMAT_LOST)
			entry += 8;
		return cursor__skip_array(c, nr, entry);
	}
	/* value, enabled?, running?, id?, lost? */
	entry = 8 + 8 * !!(read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		8 * !!(read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) +
		8 * !!(read_format & PERF_FORMAT_ID) +
		8 * !!(read_format & PERF_FORMAT_LOST);
	return cursor__skip_array(c, 1, entry);
}

/* REGS_USER / REGS_INTR: abi, then one u64 per mask bit if abi != 0. */
static int sample__regs(struct sample_cursor *c, u64 mask, u64 *abi_out, const u64 **regs)
{
	u64 abi;

	if (cursor__u64(c, &abi))
		return -EINVAL;
	if (abi_out)
		*abi_out = abi;
	if (!abi)
		return 0;
	if (regs)
		*regs = (const u64 *)c->p;
	return cursor__skip_array(c, __builtin_popcountll(mask), 8);
}

int evsel__parse_sample(const struct evsel *evsel, const union perf_event *event,
			struct perf_sample *sample)
{
	u64 type = evsel->attr.sample_type;
	struct sample_cursor c;
	u64 v, nr;

	memset(sample, 0, sizeof(*sample));
	sample->misc = event->header.misc;
	sample->cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	/* a fixed period (-c) is not sampled: every sample stands for it */
	if (!(evsel->attr.flags & PERF_ATTR_FLAG_FREQ))
		sample->period = evsel->attr.sample_period;
	if (event->header.size < sizeof(event->header))
		return -EINVAL;
	c.p = (const u8 *)event + sizeof(event->header);
	c.end = (const u8 *)event + event->header.size;

	if ((type & PERF_SAMPLE_IDENTIFIER) && cursor__u64(&c, &sample->id))
		return -EINVAL;
	if ((type & PERF_SAMPLE_IP) && cursor__u64(&c, &sample->ip))
		return -EINVAL;
	if ((type & PERF_SAMPLE_TID) && cursor__u32x2(&c, &sample->pid, &sample->tid))
		return -EINVAL;
	if ((type & PERF_SAMPLE_TIME) && cursor__u64(&c, &sample->time))
		return -EINVAL;
	if ((type & PERF_SAMPLE_ADDR) && cursor__u64(&c, &sample->addr))
		return -EINVAL;
	if ((type & PERF_SAMPLE_ID) && cursor__u64(&c, &sample->id))
		return -EINVAL;
	if ((type & PERF_SAMPLE_STREAM_ID) && cursor__u64(&c, &sample->stream_id))
		return -EINVAL;
	if ((type & PERF_SAMPLE_CPU) && cursor__u32x2(&c, &sample->cpu, NULL))
		return -EINVAL;
	if ((type & PERF_SAMPLE_PERIOD) && cursor__u64(&c, &sample->period))
		return -EINVAL;
	if ((type & PERF_SAMPLE_READ) && sample__read_format(&c, evsel->attr.read_format))
		return -EINVAL;
	if (type & PERF_SAMPLE_CALLCHAIN) {
		const u8 *start = c.p;

		if (cursor__u64(&c, &nr) || cursor__skip_array(&c, nr, 8))
			return -EINVAL;
		sample->callchain = (const struct ip_callchain *)start;
	}
	if (type & PERF_SAMPLE_RAW) {
		u32 size;
		u64 padded;

		if (!cursor__has(&c, 4))
			return -EINVAL;
		memcpy(&size, c.p, 4);
		/* u32 size + data, padded so the next field is u64 aligned */
		padded = ((u64)size + 4 + 7) & ~7ULL;
		if (!cursor__has(&c, padded))
			return -EINVAL;
		sample->raw_size = size;
		sample->raw_data = c.p + 4;
		c.p += padded;
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		if (cursor__u64(&c, &nr))
			return -EINVAL;
		if ((evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) &&
		    cursor__u64(&c, &v))
			return -EINVAL;
		sample->branch_nr = nr;
		sample->branch_entries = c.p;
		if (cursor__skip_array(&c, nr, 24))
			return -EINVAL;
	}
	if ((type & PERF_SAMPLE_REGS_USER) &&
	    sample__regs(&c, evsel->attr.sample_regs_user, &sample->user_regs_abi,
			 &sample->user_regs))
		return -EINVAL;
	if (sample->user_regs)
		sample->user_regs_mask = evsel->attr.sample_regs_user;
	if (type & PERF_SAMPLE_STACK_USER) {
		if (cursor__u64(&c, &v))
			return -EINVAL;
		sample->user_stack_size = v;
		if (v) {
			/* data[size], then dyn_size (bytes actually valid) */
			sample->user_stack = c.p;
			if (cursor__skip_array(&c, v, 1) || cursor__u64(&c, &nr) || nr > v)
				return -EINVAL;
			sample->user_stack_size = nr;
		}
	}
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		if (cursor__u64(&c, &v))
			return -EINVAL;
		/* WEIGHT_STRUCT: the first u32 (var1_dw) is the weight proper */
		sample->weight = (type & PERF_SAMPLE_WEIGHT_STRUCT) ? (u32)v : v;
	}
	if ((type & PERF_SAMPLE_DATA_SRC) && cursor__u64(&c, &sample->data_src))
		return -EINVAL;
	if ((type & PERF_SAMPLE_TRANSACTION) && cursor__u64(&c, &sample->transaction))
		return -EINVAL;
	if ((type & PERF_SAMPLE_REGS_INTR) &&
	    sample__regs(&c, evsel->attr.sample_regs_intr, NULL, NULL))
		return -EINVAL;
	if ((type & PERF_SAMPLE_PHYS_ADDR) && cursor__u64(&c, &sample->phys_addr))
		return -EINVAL;
	if ((type & PERF_SAMPLE_CGROUP) && cursor__u64(&c, &sample->cgroup))
		return -EINVAL;
	if ((type & PERF_SAMPLE_DATA_PAGE_SIZE) && cursor__u64(&c, &sample->data_page_size))
		return -EINVAL;
	if ((type & PERF_SAMPLE_CODE_PAGE_SIZE) && cursor__u64(&c, &sample->code_page_size))
		return -EINVAL;
	if (type & PERF_SAMPLE_AUX) {
		if (cursor__u64(&c, &v) || cursor__skip_array(&c, v, 1))
			return -EINVAL;
	}
	return 0;
}

#define SAMPLE_ID_ALL_BITS (PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | \
			    PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

size_t evsel__id_hdr_size(const struct evsel *evsel)
{
	if (!(evsel->attr.flags & PERF_ATTR_FLAG_SAMPLE_ID_ALL))
		return 0;
	return 8 * __builtin_popcountll(evsel->attr.sample_type & SAMPLE_ID_ALL_BITS);
}

/* Read the u64 that sits just before *@p, moving *@p back. */
static u64 trailer__pop(const u8 **p)
{
	u64 v;

	*p -= 8;
	memcpy(&v, *p, 8);
	return v;
}

int evsel__parse_id_sample(const struct evsel *evsel, const union perf_event *event,
			   struct perf_sample *sample)
{
	u64 type = evsel->attr.sample_type;
	size_t trailer = evsel__id_hdr_size(evsel);
	const u8 *p;
	u64 v;

	memset(sample, 0, sizeof(*sample));
	sample->misc = event->header.misc;
	sample->cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	if (event->header.size < sizeof(event->header) + trailer)
		return -EINVAL;
	if (!trailer)
		return 0;

	/* Walk back from the end: IDENTIFIER is last so it is always found. */
	p = (const u8 *)event + event->header.size;
	if (type & PERF_SAMPLE_IDENTIFIER)
		sample->id = trailer__pop(&p);
	if (type & PERF_SAMPLE_CPU) {
		v = trailer__pop(&p);
		memcpy(&sample->cpu, &v, 4);	/* {u32 cpu, u32 res} */
	}
	if (type & PERF_SAMPLE_STREAM_ID)
		sample->stream_id = trailer__pop(&p);
	if (type & PERF_SAMPLE_ID)
		sample->id = trailer__pop(&p);
	if (type & PERF_SAMPLE_TIME)
		sample->time = trailer__pop(&p);
	if (type & PERF_SAMPLE_TID) {
		u32 t[2];

		v = trailer__pop(&p);
		memcpy(t, &v, 8);
		sample->pid = t[0];
		sample->tid = t[1];
	}
	return 0;
}

/*
 * Upstream's event modifiers, from the attr alone: the contexts counted
 * when some are excluded (k, u, h), precise_ip as p's, and H/G when the
 * host/guest exclusion differs from what those imply.
 */
size_t evsel__modifiers(const struct evsel *evsel, char *buf, size_t size)
{
	u64 f = evsel->attr.flags;
	bool guest_default = false;
	char mods[16];
	size_t n = 0;
	unsigned int precise = (f & PERF_ATTR_FLAG_PRECISE_IP_MASK) >> PERF_ATTR_FLAG_PRECISE_IP_SHIFT;

	if (f & (PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_USER |
		 PERF_ATTR_FLAG_EXCLUDE_HV)) {
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_KERNEL))
			mods[n++] = 'k';
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_USER))
			mods[n++] = 'u';
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_HV))
			mods[n++] = 'h';
		guest_default = true;
	}
	if (precise) {
		while (precise--)
			mods[n++] = 'p';
		guest_default = true;
	}
	if ((f & PERF_ATTR_FLAG_EXCLUDE_HOST) ||
	    !!(f & PERF_ATTR_FLAG_EXCLUDE_GUEST) == guest_default) {
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_HOST))
			mods[n++] = 'H';
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_GUEST))
			mods[n++] = 'G';
	}
	mods[n] = '\0';
	if (!size)
		return n ? n + 1 : 0;
	if (!n) {
		buf[0] = '\0';
		return 0;
	}
	return snprintf(buf, size, ":%s", mods);
}
