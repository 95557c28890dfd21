// SPDX-License-Identifier: GPL-2.0
/*
 * util/model/unwind-cfi: the plain CFI rules of a real shared object
 * (assembled here with explicit .cfi directives, so its .eh_frame says
 * exactly what the test expects) looked up by pc, kept per (build-id,
 * link-time pc) and shared by two address spaces mapping the file at
 * different places; steps over a stack built here (registers saved at
 * CFA - 16, the return address at CFA - 8); the outermost frame; and
 * what is left to libdwfl: an expression CFA, a signal frame, a pc
 * without FDE, an unreadable or zero return address, a CFA register the
 * frame does not know, an address in no module.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "util/model/unwind-cfi.h"
#include "symbol-test-helpers.h"

#define BASE1	0x7f0000000000ULL
#define BASE2	0x7f1000000000ULL
#define RSP	0x7ffc00001000ULL
#define RA	0x401234ULL

static const char cfi_asm[] =
	"	.text\n"
	"	.globl leaf, leaf_body, outer, expr, sig, nofde\n"
	"leaf:\n"
	"	.cfi_startproc\n"
	"	push %rbx\n"
	"	.cfi_adjust_cfa_offset 8\n"
	"	.cfi_offset rbx, -16\n"
	"leaf_body:\n"
	"	mov $1, %eax\n"
	"	pop %rbx\n"
	"	.cfi_adjust_cfa_offset -8\n"
	"	.cfi_restore rbx\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"outer:\n"
	"	.cfi_startproc\n"
	"	.cfi_undefined rip\n"
	"	nop\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"expr:\n"
	"	.cfi_startproc\n"
	/* DW_CFA_def_cfa_expression: DW_OP_breg7 8, DW_OP_deref */
	"	.cfi_escape 0x0f, 0x03, 0x77, 0x08, 0x06\n"
	"	nop\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"sig:\n"
	"	.cfi_startproc\n"
	"	.cfi_signal_frame\n"
	"	nop\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"nofde:\n"
	"	nop\n"
	"	ret\n";

struct fixture {
	char *dir;
	char so[4200];
	Dwfl *dwfl1, *dwfl2;
	struct cfi_cache cache;
	struct cfi_modules mods1, mods2;
	u64 leaf, leaf_body, outer, expr, sig, nofde;	/* link-time addresses */
};

static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static Dwfl *report(const char *path, u64 base)
{
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);

	if (!dwfl)
		return NULL;
	dwfl_report_begin(dwfl);
	if (!dwfl_report_elf(dwfl, "cfi.so", path, -1, base, true) ||
	    dwfl_report_end(dwfl, NULL, NULL)) {
		dwfl_end(dwfl);
		return NULL;
	}
	return dwfl;
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->dir = scratch_dir()))
		return -1;
	*state = f;
	snprintf(f->so, sizeof(f->so), "%s/cfi.so", f->dir);
	if (write_file(f->dir, "cfi.s", cfi_asm) ||
	    sh("cd '%s' && gcc -nostdlib -shared -Wl,--build-id -o cfi.so cfi.s", f->dir))
		return -1;
	f->leaf = nm_addr(f->so, "leaf");
	f->leaf_body = nm_addr(f->so, "leaf_body");
	f->outer = nm_addr(f->so, "outer");
	f->expr = nm_addr(f->so, "expr");
	f->sig = nm_addr(f->so, "sig");
	f->nofde = nm_addr(f->so, "nofde");
	f->dwfl1 = report(f->so, BASE1);
	f->dwfl2 = report(f->so, BASE2);
	if (!f->leaf_body || !f->dwfl1 || !f->dwfl2)
		return -1;
	cfi_cache__init(&f->cache);
	if (cfi_modules__init(&f->mods1, &f->cache, f->dwfl1) ||
	    cfi_modules__init(&f->mods2, &f->cache, f->dwfl2))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f) {
		cfi_modules__exit(&f->mods1);
		cfi_modules__exit(&f->mods2);
		cfi_cache__exit(&f->cache);
		if (f->dwfl1)
			dwfl_end(f->dwfl1);
		if (f->dwfl2)
			dwfl_end(f->dwfl2);
		scratch_remove(f->dir);
	}
	free(f);
	return 0;
}

/* A stack copy of 4 words at RSP; reads outside it fail, as the sample's. */
struct stack {
	u64	words[4];
	int	reads;
};

static bool stack_read(void *arg, u64 addr, u64 *val)
{
	struct stack *st = arg;

	st->reads++;
	if (addr < RSP || addr > RSP + sizeof(st->words) - 8 || (addr - RSP) % 8)
		return false;
	*val = st->words[(addr - RSP) / 8];
	return true;
}

/*
 * The registers at a pc: rsp, rbx, rbp and the pc known, rdx too.  What a
 * register the CFI does not mention becomes is libdw's x86-64 ABI default:
 * rdx undefined, rbp the same value.
 */
static struct cfi_regs regs_at(u64 pc)
{
	struct cfi_regs regs = { .set = 0 };

	regs.r[CFI_REG_RA] = pc;
	regs.r[CFI_REG_SP] = RSP;
	regs.r[1] = 0xdddd;	/* rdx */
	regs.r[3] = 0xbbbb;	/* rbx */
	regs.r[6] = 0x6666;	/* rbp */
	regs.set = 1u << CFI_REG_RA | 1u << CFI_REG_SP | 1u << 1 | 1u << 3 | 1u << 6;
	return regs;
}

static void test_step_after_push(void **state)
{
	struct fixture *f = *state;
	const struct cfi_rule *rule = cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf_body);
	struct stack st = { .words = { 0x1111, RA, 0, 0 } };
	struct cfi_regs regs = regs_at(BASE1 + f->leaf_body);

	assert_non_null(rule);
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_NEXT);
	assert_int_equal(regs.r[CFI_REG_RA], RA);
	assert_int_equal(regs.r[CFI_REG_SP], RSP + 16);	/* the CFA */
	assert_int_equal(regs.r[3], 0x1111);			/* rbx from CFA - 16 */
	assert_true(regs.set & 1u << 6);			/* rbp: same value */
	assert_int_equal(regs.r[6], 0x6666);
	assert_false(regs.set & 1u << 1);			/* rdx: undefined */
}

static void test_step_at_entry(void **state)
{
	struct fixture *f = *state;
	const struct cfi_rule *rule = cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf);
	struct stack st = { .words = { RA, 0, 0, 0 } };
	struct cfi_regs regs = regs_at(BASE1 + f->leaf);

	assert_non_null(rule);
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_NEXT);
	assert_int_equal(regs.r[CFI_REG_RA], RA);
	assert_int_equal(regs.r[CFI_REG_SP], RSP + 8);
	assert_int_equal(regs.r[6], 0x6666);			/* rbp: same value */
	assert_false(regs.set & 1u << 1);
}

static void test_outermost(void **state)
{
	struct fixture *f = *state;
	const struct cfi_rule *rule = cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->outer);
	struct stack st = { .reads = 0 };
	struct cfi_regs regs = regs_at(BASE1 + f->outer);

	assert_non_null(rule);
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_END);
}

static void test_left_to_libdwfl(void **state)
{
	struct fixture *f = *state;

	assert_null(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->expr));
	assert_null(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->sig));
	assert_null(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->nofde));
	assert_null(cfi_cache__rule(&f->cache, &f->mods1, 0x1000));	/* in no module */
	assert_null(cfi_cache__rule(&f->cache, &f->mods1, BASE2 + f->leaf));	/* the other space's */
}

static void test_hostile_stack(void **state)
{
	struct fixture *f = *state;
	const struct cfi_rule *rule = cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf_body);
	struct stack st = { .words = { 0x1111, 0, 0, 0 } };
	struct cfi_regs regs = regs_at(BASE1 + f->leaf_body);

	assert_non_null(rule);
	/* a zero return address: libdwfl versions differ, it decides */
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_FALLBACK);
	assert_int_equal(regs.r[CFI_REG_SP], RSP);		/* untouched */
	/* the return address past the stack copy: unreadable */
	regs = regs_at(BASE1 + f->leaf_body);
	regs.r[CFI_REG_SP] = RSP + 24;
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_FALLBACK);
	/* a saved rbx that cannot be read is unknown, the step goes on */
	regs = regs_at(BASE1 + f->leaf_body);
	regs.r[CFI_REG_SP] = RSP - 8;
	st.words[0] = RA;
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_NEXT);
	assert_int_equal(regs.r[CFI_REG_RA], RA);
	assert_false(regs.set & 1u << 3);
	/* no rsp to compute the CFA from */
	regs = regs_at(BASE1 + f->leaf_body);
	regs.set &= ~(1u << CFI_REG_SP);
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_FALLBACK);
	/* a huge rsp: the CFA wraps, reads fail, nothing is touched */
	regs = regs_at(BASE1 + f->leaf_body);
	regs.r[CFI_REG_SP] = ~0ULL - 4;
	assert_int_equal(cfi_rule__step(rule, &regs, stack_read, &st), CFI_STEP_FALLBACK);
}

static void test_cache_by_build_id(void **state)
{
	struct fixture *f = *state;
	const struct cfi_rule *r1, *r2;
	u64 misses;

	r1 = cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf_body);
	misses = f->cache.misses;
	/* the same pc again, and the same file mapped elsewhere: no new lookup in libdw */
	assert_ptr_equal(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf_body), r1);
	r2 = cfi_cache__rule(&f->cache, &f->mods2, BASE2 + f->leaf_body);
	assert_ptr_equal(r2, r1);
	assert_int_equal(f->cache.misses, misses);
	/* a rule left to libdwfl is remembered too */
	assert_null(cfi_cache__rule(&f->cache, &f->mods2, BASE2 + f->expr));
	misses = f->cache.misses;
	assert_null(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->expr));
	assert_int_equal(f->cache.misses, misses);
	/* another pc of the function is another entry */
	assert_non_null(cfi_cache__rule(&f->cache, &f->mods1, BASE1 + f->leaf_body + 5));
	assert_int_equal(f->cache.misses, misses + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_after_push),
		cmocka_unit_test(test_step_at_entry),
		cmocka_unit_test(test_outermost),
		cmocka_unit_test(test_left_to_libdwfl),
		cmocka_unit_test(test_hostile_stack),
		cmocka_unit_test(test_cache_by_build_id),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
