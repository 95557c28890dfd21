/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault in a fresh block in one system call: the tools fill blocks of
 * hundreds of KiB (symbols, the kallsyms text) right after allocating them, and
 * a page fault per 4 KiB page cost a sixth of a report's time here (a
 * virtual machine, where each fault is dear).  Only a hint: kernels
 * before 5.14 refuse it and the pages fault in as before.
 */
#ifndef __PERF_MEM_POPULATE_H
#define __PERF_MEM_POPULATE_H

#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE	23
#endif

static inline void mem__populate(void *p, size_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)p + len) & ~(page - 1);

	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
}

#endif
