// SPDX-License-Identifier: GPL-2.0
/*
 * The CFI rule cache and the plain-rule stepper (see unwind-cfi.h).
 *
 * What a rule means is what libdwfl's step makes of libdw's answers:
 * dwarf_frame_cfa() gives the CFA as one DW_OP_bregx (register + offset)
 * for a plain rule; dwarf_frame_register() gives, per register, no
 * operation with ops == ops_mem (undefined: when it is the return
 * address, the walk ends there), no operation with ops == NULL (same
 * value: kept if known), DW_OP_call_frame_cfa [DW_OP_plus_uconst N]
 * (saved at CFA + N: read, unknown if the read fails) or the same with
 * DW_OP_stack_value (the value CFA + N); an error leaves the register
 * unknown.  Any other answer is an expression this stepper does not
 * evaluate: the rule is kept as "not plain" and libdwfl unwinds.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include "util/model/unwind-cfi.h"
#include "util/base/array.h"

#define BUILD_ID_MAX	64

enum cfi_kind {
	CFI_UNKNOWN,	/* libdw's error: the register is left unknown */
	CFI_UNDEFINED,
	CFI_SAME,
	CFI_OFFSET,	/* saved at CFA + off */
	CFI_VAL_OFFSET,	/* equal to CFA + off */
};

struct cfi_rule {
	u64	pc;		/* link-time address looked up */
	u32	build_id;
	bool	plain;
	u8	cfa_reg;
	s32	cfa_off;
	u8	kind[CFI_NR_REGS];
	s32	off[CFI_NR_REGS];
};

struct cfi_build_id {
	u32	id;
	u32	len;
	u8	bytes[BUILD_ID_MAX];
};

#define RULES_PER_BLOCK	1024

void cfi_cache__init(struct cfi_cache *cache)
{
	memset(cache, 0, sizeof(*cache));
	hashmap__init(&cache->rules);
	hashmap__init(&cache->build_ids);
}

void cfi_cache__exit(struct cfi_cache *cache)
{
	size_t i;

	for (i = 0; i < cache->nr_blocks; i++)
		free(cache->blocks[i]);
	free(cache->blocks);
	for (i = 0; i < hashmap__nr(&cache->build_ids); i++)
		free(cache->build_ids.entries[i].value);
	hashmap__exit(&cache->rules);
	hashmap__exit(&cache->build_ids);
	memset(cache, 0, sizeof(*cache));
}

/* The id of build-id @bytes (interned), 0 if it cannot be kept. */
static u32 cfi_cache__build_id(struct cfi_cache *cache, const u8 *bytes, size_t len)
{
	u64 hash = hash__bytes(bytes, len, 0);
	struct cfi_build_id *b;
	size_t iter = 0;

	if (!len || len > BUILD_ID_MAX)
		return 0;
	while ((b = hashmap__next(&cache->build_ids, hash, &iter)))
		if (b->len == len && !memcmp(b->bytes, bytes, len))
			return b->id;
	b = calloc(1, sizeof(*b));
	if (!b)
		return 0;
	b->id = ++cache->nr_build_ids;
	b->len = len;
	memcpy(b->bytes, bytes, len);
	if (hashmap__add(&cache->build_ids, hash, b)) {
		cache->nr_build_ids--;
		free(b);
		return 0;
	}
	return b->id;
}

static int cfi_modules__add(Dwfl_Module *mod, void **userdata, const char *name,
			    Dwarf_Addr start, void *arg)
{
	struct cfi_modules *mods = ((void **)arg)[0];
	struct cfi_cache *cache = ((void **)arg)[1];
	struct cfi_module *m;
	const unsigned char *bits;
	GElf_Addr vaddr;
	Dwarf_Addr low, high;
	int len;

	(void)userdata;
	(void)name;
	(void)start;
	if (ARRAY_GROW(mods->entries, mods->alloc, mods->nr + 1))
		return DWARF_CB_ABORT;
	m = &mods->entries[mods->nr];
	memset(m, 0, sizeof(*m));
	dwfl_module_info(mod, NULL, &low, &high, NULL, NULL, NULL, NULL);
	m->low = low;
	m->high = high;
	m->mod = mod;
	len = dwfl_module_build_id(mod, &bits, &vaddr);
	if (len > 0)
		m->build_id = cfi_cache__build_id(cache, bits, len);
	mods->nr++;
	return DWARF_CB_OK;
}

static int cfi_module__cmp(const void *a, const void *b)
{
	const struct cfi_module *x = a, *y = b;

	return x->low < y->low ? -1 : x->low > y->low;
}

int cfi_modules__init(struct cfi_modules *mods, struct cfi_cache *cache, Dwfl *dwfl)
{
	void *arg[2] = { mods, cache };

	memset(mods, 0, sizeof(*mods));
	if (dwfl_getmodules(dwfl, cfi_modules__add, arg, 0) != 0) {
		cfi_modules__exit(mods);
		return -ENOMEM;
	}
	qsort(mods->entries, mods->nr, sizeof(*mods->entries), cfi_module__cmp);
	return 0;
}

void cfi_modules__exit(struct cfi_modules *mods)
{
	free(mods->entries);
	memset(mods, 0, sizeof(*mods));
}

static struct cfi_module *cfi_modules__find(struct cfi_modules *mods, u64 pc)
{
	size_t lo = 0, hi = mods->nr;
	struct cfi_module *m;

	if (mods->last < mods->nr) {
		m = &mods->entries[mods->last];
		if (pc >= m->low && pc < m->high)
			return m;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		m = &mods->entries[mid];
		if (pc < m->low)
			hi = mid;
		else if (pc >= m->high)
			lo = mid + 1;
		else {
			mods->last = mid;
			return m;
		}
	}
	return NULL;
}

static u64 cfi_rule__hash(u32 build_id, u64 pc)
{
	u64 h = (pc ^ ((u64)build_id << 40)) * 0x9e3779b97f4a7c15ULL;

	return h ^ (h >> 29);
}

static struct cfi_rule *cfi_cache__alloc(struct cfi_cache *cache)
{
	if (!cache->nr_blocks || cache->used == RULES_PER_BLOCK) {
		struct cfi_rule *block;

		if (ARRAY_GROW(cache->blocks, cache->alloc_blocks, cache->nr_blocks + 1))
			return NULL;
		block = malloc(RULES_PER_BLOCK * sizeof(*block));
		if (!block)
			return NULL;
		cache->blocks[cache->nr_blocks++] = block;
		cache->used = 0;
	}
	return &cache->blocks[cache->nr_blocks - 1][cache->used++];
}

static bool fits_s32(u64 v)
{
	return (s64)v >= INT32_MIN && (s64)v <= INT32_MAX;
}

/* The CFA of @frame as register + offset; false for anything else. */
static bool cfi_rule__set_cfa(struct cfi_rule *rule, Dwarf_Frame *frame)
{
	Dwarf_Op *ops;
	size_t nops;
	u64 reg, off;

	if (dwarf_frame_cfa(frame, &ops, &nops) != 0 || nops != 1)
		return false;
	if (ops[0].atom == DW_OP_bregx) {
		reg = ops[0].number;
		off = ops[0].number2;
	} else if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
		reg = ops[0].atom - DW_OP_breg0;
		off = ops[0].number;
	} else {
		return false;
	}
	if (reg >= CFI_NR_REGS || !fits_s32(off))
		return false;
	rule->cfa_reg = reg;
	rule->cfa_off = (s32)(s64)off;
	return true;
}

/* Register @regno's rule in @frame; false when it is not a plain one. */
static bool cfi_rule__set_reg(struct cfi_rule *rule, Dwarf_Frame *frame, int regno)
{
	Dwarf_Op mem[3], *ops;
	size_t nops, i = 0;
	u64 off = 0;

	rule->off[regno] = 0;
	if (dwarf_frame_register(frame, regno, mem, &ops, &nops) != 0) {
		rule->kind[regno] = CFI_UNKNOWN;
		return true;
	}
	if (!nops) {
		rule->kind[regno] = ops == mem ? CFI_UNDEFINED : ops ? CFI_UNKNOWN : CFI_SAME;
		return true;
	}
	if (ops[i++].atom != DW_OP_call_frame_cfa)
		return false;
	if (i < nops && ops[i].atom == DW_OP_plus_uconst)
		off = ops[i++].number;
	rule->kind[regno] = CFI_OFFSET;
	if (i < nops && ops[i].atom == DW_OP_stack_value) {
		rule->kind[regno] = CFI_VAL_OFFSET;
		i++;
	}
	if (i != nops || !fits_s32(off))
		return false;
	rule->off[regno] = (s32)(s64)off;
	return true;
}

/* @rule (pc and build-id set) from @cfi: plain or not. */
static void cfi_rule__make(struct cfi_rule *rule, Dwarf_CFI *cfi)
{
	Dwarf_Frame *frame;
	Dwarf_Addr start, end;
	bool signal = false;
	int regno;

	rule->plain = false;
	if (!cfi || dwarf_cfi_addrframe(cfi, rule->pc, &frame) != 0)
		return;
	/*
	 * A signal frame changes how its caller is looked up; a return
	 * address in another register is not x86-64's: both libdwfl's.
	 */
	if (dwarf_frame_info(frame, &start, &end, &signal) != CFI_REG_RA || signal ||
	    !cfi_rule__set_cfa(rule, frame))
		goto out;
	for (regno = 0; regno < CFI_NR_REGS; regno++)
		if (!cfi_rule__set_reg(rule, frame, regno))
			goto out;
	/* an unknown return address ends libdwfl's walk one way or another: its call */
	rule->plain = rule->kind[CFI_REG_RA] != CFI_UNKNOWN;
out:
	free(frame);
}

const struct cfi_rule *cfi_cache__rule(struct cfi_cache *cache, struct cfi_modules *mods,
				       u64 pc)
{
	struct cfi_module *m = cfi_modules__find(mods, pc);
	struct cfi_rule *rule;
	size_t iter = 0;
	u64 rel, hash;

	if (!m || !m->build_id)
		return NULL;
	if (!m->cfi_done) {
		Dwarf_Addr bias = 0;

		m->cfi = dwfl_module_eh_cfi(m->mod, &bias);
		m->bias = bias;
		m->cfi_done = true;
	}
	if (!m->cfi)
		return NULL;
	rel = pc - m->bias;
	hash = cfi_rule__hash(m->build_id, rel);
	cache->lookups++;
	while ((rule = hashmap__next(&cache->rules, hash, &iter)))
		if (rule->pc == rel && rule->build_id == m->build_id)
			return rule->plain ? rule : NULL;
	cache->misses++;
	rule = cfi_cache__alloc(cache);
	if (!rule)
		return NULL;
	memset(rule, 0, sizeof(*rule));
	rule->pc = rel;
	rule->build_id = m->build_id;
	cfi_rule__make(rule, m->cfi);
	if (hashmap__add(&cache->rules, hash, rule))
		cache->used--;	/* not kept: made again next time */
	return rule->plain ? rule : NULL;
}

enum cfi_step cfi_rule__step(const struct cfi_rule *rule, struct cfi_regs *regs,
			     cfi_read_fn read, void *arg)
{
	struct cfi_regs next = { .set = 0 };
	u64 cfa, v;
	int i;

	if (rule->kind[CFI_REG_RA] == CFI_UNDEFINED)
		return CFI_STEP_END;
	/* libdwfl would leave every CFA-based register unknown: its call */
	if (!(regs->set & (1u << rule->cfa_reg)))
		return CFI_STEP_FALLBACK;
	cfa = regs->r[rule->cfa_reg] + (u64)(s64)rule->cfa_off;
	for (i = 0; i < CFI_NR_REGS; i++) {
		switch (rule->kind[i]) {
		case CFI_SAME:
			if (!(regs->set & (1u << i)))
				continue;
			v = regs->r[i];
			break;
		case CFI_OFFSET:
			if (!read(arg, cfa + (u64)(s64)rule->off[i], &v))
				continue;
			break;
		case CFI_VAL_OFFSET:
			v = cfa + (u64)(s64)rule->off[i];
			break;
		default:
			continue;
		}
		next.r[i] = v;
		next.set |= 1u << i;
	}
	/* no return address, or a zero one: where libdwfl versions differ */
	if (!(next.set & (1u << CFI_REG_RA)) || !next.r[CFI_REG_RA])
		return CFI_STEP_FALLBACK;
	*regs = next;
	return CFI_STEP_NEXT;
}
