// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the record decoders on their own.  The first 48 bytes
 * are attr fields (sample_type, read_format, branch_sample_type,
 * sample_regs_user, sample_regs_intr, flags), the rest one record whose
 * header.size is forced to the bytes present (the session guarantees
 * that much; everything inside is hostile).  Each decoder runs, every
 * pointer it hands out is read over its advertised length, and the -D
 * dump is printed to /dev/null, so the sanitizers see any overrun.
 *
 *   build/fuzz/fuzz-sample
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "script/dump.h"

static volatile u64 sink;

static void touch(const void *p, u64 len)
{
	const u8 *b = p;
	u64 i, sum = 0;

	for (i = 0; i < len; i++)
		sum += b[i];
	sink += sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct perf_event_attr attr = { 0 };
	struct perf_mmap_info info;
	struct perf_sample s;
	struct evlist el;
	struct evsel *evsel;
	union perf_event *ev;
	size_t len;

	if (size < 48 + 8 || size - 48 > 65535)
		return 0;
	if (!null)
		null = fopen("/dev/null", "w");
	attr.size = sizeof(attr);
	memcpy(&attr.sample_type, data, 8);
	memcpy(&attr.read_format, data + 8, 8);
	memcpy(&attr.branch_sample_type, data + 16, 8);
	memcpy(&attr.sample_regs_user, data + 24, 8);
	memcpy(&attr.sample_regs_intr, data + 32, 8);
	memcpy(&attr.flags, data + 40, 8);

	len = size - 48;
	ev = malloc(len);		/* exact size: ASan sees a read past it */
	if (!ev)
		return 0;
	memcpy(ev, data + 48, len);
	ev->header.size = len;

	evlist__init(&el);
	evsel = evlist__add(&el, &attr, sizeof(attr), NULL, 0);
	if (!evsel)
		goto out;

	if (!evsel__parse_sample(evsel, ev, &s)) {
		if (s.callchain)
			touch(s.callchain->ips, s.callchain->nr * 8);
		if (s.raw_data)
			touch(s.raw_data, s.raw_size);
		if (s.branch_entries)
			touch(s.branch_entries, s.branch_nr * 24);
		if (s.user_regs)
			touch(s.user_regs, 8 * __builtin_popcountll(s.user_regs_mask));
		if (s.user_stack)
			touch(s.user_stack, s.user_stack_size);
	}
	if (!evsel__parse_id_sample(evsel, ev, &s))
		sink += s.id + s.time + s.pid;
	if (!perf_event__parse_mmap(ev, &attr, &info)) {
		touch(info.filename, strlen(info.filename));
		if (info.has_build_id && (!info.build_id_size || info.build_id_size > 20))
			__builtin_trap();
	}
	sink += (uintptr_t)evlist__event2evsel(&el, ev);
	if (null)
		perf_event__dump(null, &el, ev, 0, "fuzz");
out:
	evlist__exit(&el);
	free(ev);
	return 0;
}
