/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CFI rule cache and the stepper for plain x86-64 rules: the fast
 * path of the DWARF unwinder (unwind-libdw.c keeps libdwfl for the rest).
 *
 * libdwfl's step looks the CFI up again and mallocs a frame state for
 * every frame of every sample; a profile's frames are few distinct pcs
 * met over and over.  Here the rule for a pc (CFA = register + offset,
 * each register undefined, same value, saved at CFA + offset or equal to
 * CFA + offset) is taken from libdw once per (module build-id, link-time
 * pc) and kept, shared by every address space mapping that build-id, and
 * a step applies it to a small register set, reading saved registers
 * through the caller's reader (the sample's stack copy, bounds-checked).
 *
 * The stepper does exactly what libdwfl's CFI step does with such a rule;
 * anything else (an expression, a signal frame, no FDE for the pc, a
 * module without .eh_frame or build-id, a return address that could not
 * be read) is not decided here: the rule lookup returns NULL or the step
 * CFI_STEP_FALLBACK, and the caller lets libdwfl unwind that sample.
 */
#ifndef __PERF_UNWIND_CFI_H
#define __PERF_UNWIND_CFI_H

#include <stdbool.h>
#include <elfutils/libdwfl.h>
#include <linux/types.h>
#include "util/base/hashmap.h"

/* DWARF x86-64 registers 0-16: rax rdx rcx rbx rsi rdi rbp rsp r8-r15, 16 the return address */
#define CFI_NR_REGS	17
#define CFI_REG_SP	7
#define CFI_REG_RA	16

/* A frame's registers: DWARF numbering, @set a bit per register known. */
struct cfi_regs {
	u64	r[CFI_NR_REGS];
	u32	set;
};

/* Reads the 8-byte word at @addr; false when it is not available. */
typedef bool (*cfi_read_fn)(void *arg, u64 addr, u64 *val);

enum cfi_step {
	CFI_STEP_NEXT,		/* @regs are the caller's; its pc is r[CFI_REG_RA] */
	CFI_STEP_END,		/* the return address is undefined: the outermost frame */
	CFI_STEP_FALLBACK,	/* not a case this stepper decides */
};

struct cfi_rule;

/* Rules by (build-id, link-time pc), for every address space of a session. */
struct cfi_cache {
	struct hashmap		rules;		/* struct cfi_rule * */
	struct hashmap		build_ids;	/* struct cfi_build_id * */
	struct cfi_rule		**blocks;	/* rules, allocated a block at a time */
	size_t			nr_blocks, alloc_blocks, used;	/* used: of the last block */
	u32			nr_build_ids;
	u64			lookups, misses;	/* for tests and tuning */
};

/* One Dwfl's modules, by address, with what the rule lookup needs. */
struct cfi_module {
	u64		low, high;	/* the module's addresses, as dwfl_addrmodule() */
	Dwfl_Module	*mod;
	Dwarf_CFI	*cfi;		/* .eh_frame's; NULL: none (or not asked yet) */
	u64		bias;
	u32		build_id;	/* cfi_cache's id; 0: no build-id, no fast path */
	bool		cfi_done;	/* cfi and bias asked of libdwfl */
};

struct cfi_modules {
	struct cfi_module	*entries;	/* sorted by low, not overlapping */
	size_t			nr, alloc;
	size_t			last;		/* the entry found last: frames repeat */
};

void cfi_cache__init(struct cfi_cache *cache);
void cfi_cache__exit(struct cfi_cache *cache);

/* Index the modules @dwfl reported (after dwfl_report_end()). 0 or -ENOMEM. */
int cfi_modules__init(struct cfi_modules *mods, struct cfi_cache *cache, Dwfl *dwfl);
void cfi_modules__exit(struct cfi_modules *mods);

/*
 * The plain rule for looking up @pc (already the call site for a caller
 * frame, as libdwfl looks it up) in @mods, from @cache or made from the
 * module's .eh_frame and kept.  NULL: no module, no build-id, no plain
 * rule: libdwfl's case.
 */
const struct cfi_rule *cfi_cache__rule(struct cfi_cache *cache, struct cfi_modules *mods,
				       u64 pc);

/* Unwind @regs one frame by @rule, reading saved registers with @read. */
enum cfi_step cfi_rule__step(const struct cfi_rule *rule, struct cfi_regs *regs,
			     cfi_read_fn read, void *arg);

#endif
