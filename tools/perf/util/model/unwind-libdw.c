// SPDX-License-Identifier: GPL-2.0
/*
 * DWARF unwinding with libdw's libdwfl, in process (see unwind.h).
 *
 * libdwfl walks a thread through callbacks: set_initial_registers gives
 * the registers at the sample, memory_read the words the CFI asks for.
 * Both read what the sample carries: its user registers (perf's x86_64
 * register order, mapped here to DWARF's numbering) and its copy of the
 * stack from the user sp; a word outside that copy (a CFI expression
 * reading code or data) is read from the file mapped there.  The modules
 * are the process's file-backed executable maps, each reported with the
 * file the DSO's build-id found (dso__load(): the build-id cache, the
 * original path checked, debuginfod), never a path taken on trust.
 *
 * A Dwfl is bound to its callbacks' argument when the thread state is
 * attached, so each address space has one long-lived struct unwind_space
 * and the sample being unwound is swapped into it.
 *
 * Most frames are stepped without libdwfl: unwind-cfi.c keeps the plain
 * CFI rule of each pc met, per build-id, and steps a sample with those
 * as libdwfl would.  At the first frame it cannot decide, the sample is
 * given to libdwfl from its start, the frames already passed to the
 * callback skipped: libdwfl finds them again, the same.
 */
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/mman.h>
#include <elfutils/libdwfl.h>
#include "util/model/unwind.h"
#include "util/model/unwind-cfi.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/model/dso.h"
#include "util/data/event.h"
#include "util/cache/build-id-cache.h"
#include "util/symbols/build-id.h"
#include "util/symbols/symbol.h"

/* perf_event.h's PERF_SAMPLE_REGS_ABI_64 and x86_64's perf_regs indexes */
#define REGS_ABI_64	2
#define PERF_REG_SP	7
#define PERF_REG_IP	8
#define NR_DWARF_REGS	17

/* DWARF x86_64 register number -> perf's: rax rdx rcx rbx rsi rdi rbp rsp r8-r15 rip */
static const u8 dwarf_to_perf[NR_DWARF_REGS] = {
	0, 3, 2, 1, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8,
};

/* Address spaces kept at once: a profile's hot processes, few in practice. */
#define NR_SPACES	16

struct unwind_space {
	struct maps		*maps;		/* a reference; NULL: slot free */
	u32			gen;		/* maps->gen the modules were reported at */
	Dwfl			*dwfl;
	struct cfi_modules	mods;		/* the reported modules, for the fast path */
	bool			attached;	/* dwfl_attach_state() done */
	u64			last_use;
	/* the sample being unwound, valid during unwinder__unwind() only */
	struct machine		*machine;
	struct thread		*thread;
	const struct perf_sample *sample;
	u64			sp;
	unwind_entry_fn		fn;
	void			*fn_arg;
	int			nr_frames;
	int			skip;		/* frames the fast path passed to fn already */
	bool			stopped;	/* fn asked to stop */
	Dwarf_Addr		prev_lookup;	/* where the previous frame's CFI was found */
};

struct unwinder {
	struct unwind_space	spaces[NR_SPACES];
	u64			clock;
	struct cfi_cache	cfi;		/* rules by build-id, for every space */
};

struct unwinder *unwinder__new(void)
{
	struct unwinder *uw = calloc(1, sizeof(struct unwinder));

	if (uw)
		cfi_cache__init(&uw->cfi);
	return uw;
}

static void unwind_space__clear(struct unwind_space *sp)
{
	cfi_modules__exit(&sp->mods);
	if (sp->dwfl)
		dwfl_end(sp->dwfl);
	if (sp->maps)
		maps__put(sp->maps);
	memset(sp, 0, sizeof(*sp));
}

void unwinder__delete(struct unwinder *uw)
{
	int i;

	if (!uw)
		return;
	for (i = 0; i < NR_SPACES; i++)
		unwind_space__clear(&uw->spaces[i]);
	cfi_cache__exit(&uw->cfi);
	free(uw);
}

/* Perf register @idx of the sample, if its mask has it. */
static bool sample__user_reg(const struct perf_sample *sample, int idx, u64 *val)
{
	u64 mask = sample->user_regs_mask, below;

	if (!(mask & (1ULL << idx)))
		return false;
	below = mask & ((1ULL << idx) - 1);
	memcpy(val, sample->user_regs + __builtin_popcountll(below), sizeof(*val));
	return true;
}

bool unwind__sample_has_stack(const struct perf_sample *sample)
{
	u64 v;

	return sample->user_regs && sample->user_regs_abi == REGS_ABI_64 &&
	       sample->user_stack && sample->user_stack_size &&
	       sample__user_reg(sample, PERF_REG_IP, &v) && sample__user_reg(sample, PERF_REG_SP, &v);
}

/*
 * The file libdwfl reads @dso from: the executable image the build-id led
 * to.  When the symbols came from a separate debug file (no .eh_frame
 * contents, often no .debug_frame either), the image is the cache's "elf"
 * beside it or the recorded path, whose build-id dso__load() checked;
 * libdwfl still finds the debug file by build-id for .debug_frame.
 * Returns @buf or NULL.
 */
static const char *dso__unwind_path(struct dso *dso, struct machine *machine, char *buf,
				    size_t size)
{
	char hex[SBUILD_ID_SIZE], dir[PATH_MAX];

	dso__load(dso, &machine->load_opts);
	switch (dso->symtab_type) {
	case DSO_BINARY_TYPE__BUILDID_CACHE:
	case DSO_BINARY_TYPE__ORIGINAL:
	case DSO_BINARY_TYPE__VMLINUX:
		if (dso->symsrc_path && (size_t)snprintf(buf, size, "%s", dso->symsrc_path) < size)
			return buf;
		break;
	default:
		break;
	}
	if (dso__has_build_id(dso) && build_id__sprintf(&dso->id.bid, hex) > 0 &&
	    !build_id_cache__dir_of(dir, sizeof(dir), machine->load_opts.buildid_dir) &&
	    !build_id_cache__path(buf, size, dir, hex, "/elf") && !access(buf, R_OK))
		return buf;
	if (!dso->build_id_mismatch && !dso__name_is_anon(dso->long_name) &&
	    !access(dso->long_name, R_OK) && (size_t)snprintf(buf, size, "%s", dso->long_name) < size)
		return buf;
	/* only the debug file: its .debug_frame, if any, is all there is */
	if (dso->symsrc_path && dso->symtab_type != DSO_BINARY_TYPE__MINIDEBUGINFO &&
	    (size_t)snprintf(buf, size, "%s", dso->symsrc_path) < size)
		return buf;
	return NULL;
}

static bool map__unwindable(const struct map *map)
{
	const struct dso *dso = map->dso;

	/* plain MMAP records carry no prot: they are the executable maps */
	if (map->prot && !(map->prot & PROT_EXEC))
		return false;
	return dso && !dso->kernel && !dso->kmod && dso->long_name[0] == '/' &&
	       !dso__name_is_anon(dso->long_name);
}

/* Was @map's DSO reported already (by an earlier map of the same DSO)? */
static bool maps__dso_before(const struct maps *maps, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (maps->entries[j]->dso == maps->entries[i]->dso && map__unwindable(maps->entries[j]))
			return true;
	return false;
}

static int unwind_space__report(struct unwind_space *sp, struct machine *machine)
{
	struct maps *maps = sp->maps;
	size_t i;

	dwfl_report_begin(sp->dwfl);
	for (i = 0; i < maps->nr; i++) {
		struct map *map = maps->entries[i];
		char path[PATH_MAX];
		u64 bias;

		if (!map__unwindable(map) || maps__dso_before(maps, i))
			continue;
		if (!dso__unwind_path(map->dso, machine, path, sizeof(path)))
			continue;
		/* the load bias: where the map starts minus the link-time address there */
		bias = map->start - dso__offset_to_addr(map->dso, map->pgoff);
		/* a file that cannot be read or overlaps another is left out, not fatal */
		dwfl_report_elf(sp->dwfl, map->dso->short_name, path, -1, bias, true);
	}
	return dwfl_report_end(sp->dwfl, NULL, NULL) ? -EIO : 0;
}

static pid_t unwind__next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct unwind_space *sp = arg;

	(void)dwfl;
	if (*thread_argp)
		return 0;
	*thread_argp = arg;
	return sp->thread->tid;
}

/* A word of the file mapped at @addr (a CFI expression reading memory). */
static bool unwind__read_file(struct unwind_space *sp, u64 addr, Dwarf_Word *result)
{
	struct map *map = maps__find(sp->maps, addr);
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	if (!map || !map__unwindable(map) || addr + sizeof(*result) > map->end)
		return false;
	if (!dso__unwind_path(map->dso, sp->machine, path, sizeof(path)))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = pread(fd, result, sizeof(*result), addr - map->start + map->pgoff);
	close(fd);
	return n == sizeof(*result);
}

static bool unwind__memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct unwind_space *sp = arg;
	const struct perf_sample *sample = sp->sample;

	(void)dwfl;
	if (addr >= sp->sp && addr - sp->sp <= sample->user_stack_size &&
	    sample->user_stack_size - (addr - sp->sp) >= sizeof(*result)) {
		memcpy(result, sample->user_stack + (addr - sp->sp), sizeof(*result));
		return true;
	}
	return unwind__read_file(sp, addr, result);
}

static bool unwind__set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct unwind_space *sp = arg;
	int i;

	for (i = 0; i < NR_DWARF_REGS; i++) {
		Dwarf_Word w;
		u64 v;

		/* a register the sample lacks stays undefined: CFI needing it stops there */
		if (!sample__user_reg(sp->sample, dwarf_to_perf[i], &v))
			continue;
		w = v;
		if (!dwfl_thread_state_registers(thread, i, 1, &w))
			return false;
	}
	return true;
}

static const Dwfl_Thread_Callbacks unwind_thread_callbacks = {
	.next_thread		= unwind__next_thread,
	.memory_read		= unwind__memory_read,
	.set_initial_registers	= unwind__set_initial_registers,
};

/*
 * libdwfl asks for a module's debug file when .eh_frame does not unwind a
 * frame, which the outermost frame of every chain (_start, clone) never
 * does: it would then read, and inflate when compressed, the whole
 * debuginfo of libc and the rest only to find the end of the chain.  A
 * module with .eh_frame is unwound with that alone, as upstream's libdw
 * unwinder does; one without still gets its .debug_frame.
 */
static int unwind__find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				  Dwarf_Addr base, const char *file_name,
				  const char *debuglink_file, GElf_Word debuglink_crc,
				  char **debuginfo_file_name)
{
	Dwarf_Addr bias;
	Elf *elf = dwfl_module_getelf(mod, &bias);

	if (elf && elf__has_section(elf, ".eh_frame"))
		return -1;
	return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					    debuglink_file, debuglink_crc, debuginfo_file_name);
}

static const Dwfl_Callbacks unwind_dwfl_callbacks = {
	.find_elf		= dwfl_build_id_find_elf,
	.find_debuginfo		= unwind__find_debuginfo,
	.section_address	= dwfl_offline_section_address,
};

/* Is the CFI at @pc (an address space one) a signal frame's (the trampoline's)? */
static bool unwind__signal_cfi(struct unwind_space *sp, Dwarf_Addr pc)
{
	Dwfl_Module *mod = dwfl_addrmodule(sp->dwfl, pc);
	Dwarf_CFI *cfi;
	Dwarf_Frame *frame;
	Dwarf_Addr bias;
	bool signal = false;

	if (!mod)
		return false;
	cfi = dwfl_module_eh_cfi(mod, &bias);
	if (!cfi)
		cfi = dwfl_module_dwarf_cfi(mod, &bias);
	if (!cfi || dwarf_cfi_addrframe(cfi, pc - bias, &frame))
		return false;
	dwarf_frame_info(frame, NULL, NULL, &signal);
	free(frame);
	return signal;
}

/*
 * Is @pc in the function its module starts at (the ELF entry: _start of
 * the program, or of the dynamic loader while it starts the program), or
 * in glibc's _dl_start_user, which _start falls into and which runs the
 * libraries' constructors?  That frame is the outermost whether or not
 * CFI says so: the loader's start code has none, so libdwfl ends a walk
 * there with an error, and every sample taken while the loader ran or a
 * constructor (C++ static initializers) counted as a stack that could
 * not be unwound: a false alarm, "300 of 300" for a program whose
 * constructor spins.
 */
static bool unwind__at_entry(struct unwind_space *sp, Dwarf_Addr pc)
{
	Dwfl_Module *mod = dwfl_addrmodule(sp->dwfl, pc);
	struct addr_location al;
	GElf_Addr bias;
	GElf_Ehdr ehdr;
	Elf *elf;

	if (!mod)
		return false;
	elf = dwfl_module_getelf(mod, &bias);
	if (!elf || !gelf_getehdr(elf, &ehdr) || !ehdr.e_entry)
		return false;
	/* our symbols, not libdwfl's: the loader's .dynsym does not name _start */
	machine__resolve_cached(sp->machine, sp->thread, PERF_RECORD_MISC_USER, pc, &al);
	return al.sym && (al.sym->start == ehdr.e_entry ||
			  !strcmp(al.sym->name, "_dl_start_user"));
}

static int unwind__frame(Dwfl_Frame *state, void *arg)
{
	struct unwind_space *sp = arg;
	bool activation, interrupted;
	Dwarf_Addr pc;

	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	/*
	 * libdwfl calls a frame an activation when it is the first, when a
	 * signal interrupted it (the frame under a signal frame), and when
	 * it is the signal frame itself: the trampoline the handler returns
	 * to.  Upstream shows the trampoline as a called frame, at its
	 * return address minus one (the byte before __restore_rt, in no
	 * symbol: "[unknown]"); so the frames libdwfl calls activations but
	 * that no signal frame interrupted are shown as callers are.
	 */
	interrupted = !sp->nr_frames ||
		      (activation && unwind__signal_cfi(sp, sp->prev_lookup));
	/* libdwfl looks a caller's CFI up one byte before its return address */
	sp->prev_lookup = interrupted ? pc : pc - 1;
	/*
	 * A caller's pc is the return address, possibly the first byte
	 * after the function when the call ends it (a noreturn callee):
	 * the call instruction is one byte before, as upstream shows it.
	 */
	if (!interrupted)
		pc--;
	if (sp->nr_frames++ < sp->skip)
		return DWARF_CB_OK;
	if (sp->fn(sp->fn_arg, pc)) {
		sp->stopped = true;
		return DWARF_CB_ABORT;
	}
	return DWARF_CB_OK;
}

static bool unwind__read_word(void *arg, u64 addr, u64 *val)
{
	struct unwind_space *sp = arg;
	Dwarf_Word w;

	if (!unwind__memory_read(sp->dwfl, addr, &w, sp))
		return false;
	*val = w;
	return true;
}

/*
 * Unwind the sample in @sp with the cached plain rules, as libdwfl
 * would: the first frame is the ip and is looked up there, a caller's
 * pc is its return address and is looked up (and shown) one byte
 * before.  Returns the number of frames at the outermost frame or when
 * fn stopped the walk, -EAGAIN at a frame libdwfl must unwind (the
 * frames passed to fn until then are counted in sp->nr_frames).
 */
static int unwind__fast(struct unwinder *uw, struct unwind_space *sp)
{
	struct cfi_regs regs = { .set = 0 };
	bool initial = true;
	int i;

	for (i = 0; i < CFI_NR_REGS; i++) {
		u64 v;

		if (sample__user_reg(sp->sample, dwarf_to_perf[i], &v)) {
			regs.r[i] = v;
			regs.set |= 1u << i;
		}
	}
	for (;;) {
		u64 pc = initial ? regs.r[CFI_REG_RA] : regs.r[CFI_REG_RA] - 1;
		const struct cfi_rule *rule = cfi_cache__rule(&uw->cfi, &sp->mods, pc);

		if (!rule)
			return -EAGAIN;
		sp->nr_frames++;
		if (sp->fn(sp->fn_arg, pc)) {
			sp->stopped = true;
			return sp->nr_frames;
		}
		switch (cfi_rule__step(rule, &regs, unwind__read_word, sp)) {
		case CFI_STEP_NEXT:
			break;
		case CFI_STEP_END:
			return sp->nr_frames;
		default:
			return -EAGAIN;
		}
		initial = false;
	}
}

/* The space of @maps, made (or remade after its maps changed) if needed. */
static struct unwind_space *unwinder__space(struct unwinder *uw, struct machine *machine,
					    struct maps *maps)
{
	struct unwind_space *sp = NULL, *lru = &uw->spaces[0];
	int i;

	for (i = 0; i < NR_SPACES; i++) {
		if (uw->spaces[i].maps == maps) {
			sp = &uw->spaces[i];
			break;
		}
		if (uw->spaces[i].last_use < lru->last_use)
			lru = &uw->spaces[i];
	}
	if (sp && sp->gen != maps->gen)
		unwind_space__clear(sp);
	else if (!sp)
		unwind_space__clear(sp = lru);
	sp->last_use = ++uw->clock;
	if (sp->dwfl)
		return sp;
	sp->dwfl = dwfl_begin(&unwind_dwfl_callbacks);
	if (!sp->dwfl)
		return NULL;
	sp->maps = maps__get(maps);
	sp->gen = maps->gen;
	sp->machine = machine;
	/* a space whose files libdwfl could not all take unwinds what it has */
	unwind_space__report(sp, machine);
	/* without the index, every sample goes to libdwfl */
	cfi_modules__init(&sp->mods, &uw->cfi, sp->dwfl);
	return sp;
}

int unwinder__unwind(struct unwinder *uw, struct machine *machine, struct thread *thread,
		     const struct perf_sample *sample, unwind_entry_fn fn, void *arg)
{
	struct unwind_space *sp;
	int err;

	if (!unwind__sample_has_stack(sample) || !thread->maps)
		return -EINVAL;
	sp = unwinder__space(uw, machine, thread->maps);
	if (!sp)
		return -ENOMEM;
	sp->machine = machine;
	sp->thread = thread;
	sample__user_reg(sample, PERF_REG_SP, &sp->sp);
	sp->sample = sample;
	sp->fn = fn;
	sp->fn_arg = arg;
	sp->nr_frames = 0;
	sp->skip = 0;
	sp->stopped = false;
	if (!sp->attached) {
		/* the ELF of the first module says the architecture */
			if (!dwfl_attach_state(sp->dwfl, NULL, thread->pid > 0 ? thread->pid : thread->tid,
				       &unwind_thread_callbacks, sp)) {
			u64 ip = 0;

			/* no module at all (nothing readable): the ip alone */
			sample__user_reg(sample, PERF_REG_IP, &ip);
			err = fn(arg, ip) ? 1 : -EIO;
			goto out;
		}
		sp->attached = true;
	}
	err = unwind__fast(uw, sp);
	if (err != -EAGAIN)
		goto out;
	/* libdwfl from the start; the frames passed already are skipped */
	sp->skip = sp->nr_frames;
	sp->nr_frames = 0;
	err = dwfl_getthread_frames(sp->dwfl, thread->tid, unwind__frame, sp);
	if (sp->nr_frames < sp->skip)
		sp->nr_frames = sp->skip;	/* not expected: libdwfl found fewer */
	if (sp->stopped || !err || (sp->nr_frames && unwind__at_entry(sp, sp->prev_lookup)))
		err = sp->nr_frames;
	else
		err = -EIO;
	if (!sp->nr_frames) {
		u64 ip = 0;

		/* libdwfl gives no frame when the ip is in no module: keep the ip */
		sample__user_reg(sample, PERF_REG_IP, &ip);
		fn(arg, ip);
	}
out:
	sp->sample = NULL;
	sp->thread = NULL;
	return err;
}
