// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_attr as text, the way upstream 6.1's "# event : ..." header
 * line and -v output show it (facts from running it: which fields, their
 * names, their number formats, the order of the flag names).
 */
#include <inttypes.h>
#include <stddef.h>
#include <string.h>
#include "util/data/attr-fprintf.h"

struct flag_name {
	u64 bit;
	const char *name;
};

/* Upstream names these sample_type bits, in this order (not bit order). */
static const struct flag_name sample_type_names[] = {
	{ PERF_SAMPLE_IP, "IP" }, { PERF_SAMPLE_TID, "TID" }, { PERF_SAMPLE_TIME, "TIME" },
	{ PERF_SAMPLE_ADDR, "ADDR" }, { PERF_SAMPLE_READ, "READ" },
	{ PERF_SAMPLE_CALLCHAIN, "CALLCHAIN" }, { PERF_SAMPLE_ID, "ID" },
	{ PERF_SAMPLE_CPU, "CPU" }, { PERF_SAMPLE_PERIOD, "PERIOD" },
	{ PERF_SAMPLE_STREAM_ID, "STREAM_ID" }, { PERF_SAMPLE_RAW, "RAW" },
	{ PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK" }, { PERF_SAMPLE_REGS_USER, "REGS_USER" },
	{ PERF_SAMPLE_STACK_USER, "STACK_USER" }, { PERF_SAMPLE_IDENTIFIER, "IDENTIFIER" },
	{ PERF_SAMPLE_REGS_INTR, "REGS_INTR" }, { PERF_SAMPLE_DATA_SRC, "DATA_SRC" },
	{ PERF_SAMPLE_WEIGHT, "WEIGHT" }, { PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR" },
	{ PERF_SAMPLE_AUX, "AUX" }, { PERF_SAMPLE_CGROUP, "CGROUP" },
	{ PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE" },
	{ PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE" },
	{ PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT" },
	{ 0, NULL },
};

static const struct flag_name read_format_names[] = {
	{ PERF_FORMAT_TOTAL_TIME_ENABLED, "TOTAL_TIME_ENABLED" },
	{ PERF_FORMAT_TOTAL_TIME_RUNNING, "TOTAL_TIME_RUNNING" },
	{ PERF_FORMAT_ID, "ID" }, { PERF_FORMAT_GROUP, "GROUP" }, { PERF_FORMAT_LOST, "LOST" },
	{ 0, NULL },
};

/* branch_sample_type bits 0..17, by bit */
static const struct flag_name branch_names[] = {
	{ 1ULL << 0, "USER" }, { 1ULL << 1, "KERNEL" }, { 1ULL << 2, "HV" },
	{ 1ULL << 3, "ANY" }, { 1ULL << 4, "ANY_CALL" }, { 1ULL << 5, "ANY_RETURN" },
	{ 1ULL << 6, "IND_CALL" }, { 1ULL << 7, "ABORT_TX" }, { 1ULL << 8, "IN_TX" },
	{ 1ULL << 9, "NO_TX" }, { 1ULL << 10, "COND" }, { 1ULL << 11, "CALL_STACK" },
	{ 1ULL << 12, "IND_JUMP" }, { 1ULL << 13, "CALL" }, { 1ULL << 14, "NO_FLAGS" },
	{ 1ULL << 15, "NO_CYCLES" }, { 1ULL << 16, "TYPE_SAVE" }, { 1ULL << 17, "HW_INDEX" },
	{ 0, NULL },
};

/* attr.flags, one name per bit (precise_ip, two bits wide, apart) */
static const char * const flag_bit_names[] = {
	"disabled", "inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel",
	"exclude_hv", "exclude_idle", "mmap", "comm", "freq", "inherit_stat",
	"enable_on_exec", "task", "watermark", NULL /* precise_ip */, NULL,
	"mmap_data", "sample_id_all", "exclude_host", "exclude_guest",
	"exclude_callchain_kernel", "exclude_callchain_user", "mmap2", "comm_exec",
	"use_clockid", "context_switch", "write_backward", "namespaces", "ksymbol",
	"bpf_event", "aux_output", "cgroup", "text_poke", "build_id", "inherit_thread",
	"remove_on_exec", "sigtrap",
};

static void print_flags(FILE *fp, const char *name, u64 v, const struct flag_name *names)
{
	const char *sep = "";

	if (!v)
		return;
	fprintf(fp, ", %s = ", name);
	for (; names->name; names++) {
		if (v & names->bit) {
			fprintf(fp, "%s%s", sep, names->name);
			sep = "|";
		}
	}
}

static void print_u64(FILE *fp, const char *name, u64 v)
{
	if (v)
		fprintf(fp, ", %s = %llu", name, v);
}

static void print_hex(FILE *fp, const char *name, u64 v)
{
	if (v)
		fprintf(fp, ", %s = %#llx", name, v);
}

void perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr)
{
	u64 flags = attr->flags;
	size_t bit;

	print_u64(fp, "type", attr->type);
	print_u64(fp, "size", attr->size);
	print_hex(fp, "config", attr->config);
	print_u64(fp, "{ sample_period, sample_freq }", attr->sample_period);
	print_flags(fp, "sample_type", attr->sample_type, sample_type_names);
	print_flags(fp, "read_format", attr->read_format, read_format_names);
	for (bit = 0; bit < sizeof(flag_bit_names) / sizeof(flag_bit_names[0]); bit++) {
		if (bit == PERF_ATTR_FLAG_PRECISE_IP_SHIFT)
			print_u64(fp, "precise_ip", (flags & PERF_ATTR_FLAG_PRECISE_IP_MASK) >>
				  PERF_ATTR_FLAG_PRECISE_IP_SHIFT);
		if (flag_bit_names[bit] && (flags & (1ULL << bit)))
			fprintf(fp, ", %s = 1", flag_bit_names[bit]);
	}
	print_u64(fp, "{ wakeup_events, wakeup_watermark }", attr->wakeup_events);
	print_u64(fp, "bp_type", attr->bp_type);
	print_hex(fp, "{ bp_addr, config1 }", attr->bp_addr);
	print_hex(fp, "{ bp_len, config2 }", attr->bp_len);
	print_flags(fp, "branch_sample_type", attr->branch_sample_type, branch_names);
	print_hex(fp, "sample_regs_user", attr->sample_regs_user);
	print_u64(fp, "sample_stack_user", attr->sample_stack_user);
	if (attr->clockid)
		fprintf(fp, ", clockid = %d", attr->clockid);
	print_hex(fp, "sample_regs_intr", attr->sample_regs_intr);
	print_u64(fp, "aux_watermark", attr->aux_watermark);
	print_u64(fp, "sample_max_stack", attr->sample_max_stack);
	print_u64(fp, "aux_sample_size", attr->aux_sample_size);
	print_u64(fp, "sig_data", attr->sig_data);
}
