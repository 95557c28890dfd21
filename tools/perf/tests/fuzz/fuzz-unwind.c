// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the DWARF unwinder's input, a --call-graph dwarf
 * sample's user registers and stack copy.  The address space is fixed and
 * real: this fuzzer's own executable mapped where the kernel would map it
 * (so libdwfl reads real CFI), plus an anonymous map.  The input is the
 * sample: a u64 register mask, then the registers it selects, then the
 * stack copy (all the rest, up to 64 KiB as the kernel allows).  The
 * ip (perf register 8, when the mask has it) is relocated into the
 * executable's map half the time, so unwinds start in real code and then meet hostile
 * return addresses and stack words; so is every stack word whose top byte
 * is 0xee, so that the cached-rule stepper (util/model/unwind-cfi.c) takes
 * several steps through real CFI with hostile saved registers and CFAs
 * before libdwfl gets what it leaves.  One machine serves every input, so
 * the unwinder's cached address space and rules are reused as in a long report.
 *
 *   build/fuzz/fuzz-unwind
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/callchain.h"
#include "util/data/event.h"

#define EXE_START	0x555555554000ULL
#define EXE_LEN		0x100000ULL
#define ANON_START	0x7ffff7000000ULL

struct fuzz_state {
	struct machine		machine;
	struct thread		*thread;
	struct callchain_cursor	cursor;
	char			exe[PATH_MAX];
};

static int fuzz_setup(struct fuzz_state *st)
{
	struct perf_mmap_info info = { 0 };
	ssize_t n = readlink("/proc/self/exe", st->exe, sizeof(st->exe) - 1);

	if (n <= 0 || machine__init(&st->machine, NULL))
		return -1;
	st->exe[n] = 0;
	info.pid = info.tid = 42;
	info.start = EXE_START;
	info.len = EXE_LEN;
	info.prot = PROT_READ | PROT_EXEC;
	info.filename = st->exe;
	info.misc = PERF_RECORD_MISC_USER;
	if (machine__process_mmap(&st->machine, &info))
		return -1;
	info.start = ANON_START;
	info.filename = "//anon";
	if (machine__process_mmap(&st->machine, &info))
		return -1;
	st->thread = machine__findnew_thread(&st->machine, 42, 42);
	if (!st->thread)
		return -1;
	callchain_cursor__init(&st->cursor);
	st->cursor.max_stack = 127;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_state *st;
	struct perf_sample s;
	u64 mask, *regs, *ip = NULL;
	size_t nregs;

	if (!st) {
		st = calloc(1, sizeof(*st));
		if (!st || fuzz_setup(st))
			abort();
	}
	if (size < 8)
		return 0;
	memcpy(&mask, data, 8);
	nregs = __builtin_popcountll(mask);
	if (size - 8 < nregs * 8 || size - 8 - nregs * 8 > 65536)
		return 0;
	/* exact-size copies: ASan sees any read past them */
	regs = malloc(nregs * 8 + 1);
	if (!regs)
		return 0;
	memcpy(regs, data + 8, nregs * 8);
	if (mask & (1ULL << 8))
		ip = &regs[__builtin_popcountll(mask & 0xff)];
	if (ip && (*ip & 1))
		*ip = EXE_START + *ip % EXE_LEN;
	memset(&s, 0, sizeof(s));
	s.pid = s.tid = 42;
	s.cpumode = PERF_RECORD_MISC_USER;
	s.ip = ip ? *ip : 0;
	s.user_regs_abi = 2;
	s.user_regs_mask = mask;
	s.user_regs = regs;
	s.user_stack_size = size - 8 - nregs * 8;
	s.user_stack = malloc(s.user_stack_size + 1);
	if (s.user_stack) {
		u8 *stack = (u8 *)s.user_stack;
		size_t off;

		memcpy(stack, data + 8 + nregs * 8, s.user_stack_size);
		for (off = 0; off + 8 <= s.user_stack_size; off += 8) {
			u64 w;

			memcpy(&w, stack + off, 8);
			if (w >> 56 == 0xee) {
				w = EXE_START + w % EXE_LEN;
				memcpy(stack + off, &w, 8);
			}
		}
		machine__resolve_callchain(&st->machine, st->thread, &s, &st->cursor);
		free((void *)s.user_stack);
	}
	free(regs);
	return 0;
}
