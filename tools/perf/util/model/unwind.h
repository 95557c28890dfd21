/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DWARF unwinding of a --call-graph dwarf sample's user stack: the user
 * registers and the copy of the stack the kernel took at the sample, the
 * process's maps for the code, libdw's libdwfl for the CFI.  The frames
 * found go to a callback, innermost first (the first is the sample's user
 * ip).  One libdwfl session per process address space is kept and reused
 * for the samples that follow, as long as that address space's maps do
 * not change: opening the ELF files and their CFI is the expensive part.
 * Frames with plain CFI rules are stepped from a per-(build-id, pc) rule
 * cache (unwind-cfi.h) without libdwfl; the chains are libdwfl's.
 */
#ifndef __PERF_UNWIND_H
#define __PERF_UNWIND_H

#include <linux/types.h>

struct machine;
struct thread;
struct perf_sample;
struct unwinder;

/* Called per frame; a non-zero return stops the walk (and is returned). */
typedef int (*unwind_entry_fn)(void *arg, u64 ip);

struct unwinder *unwinder__new(void);
void unwinder__delete(struct unwinder *uw);

/* Does @sample carry what unwinding needs (64-bit user registers and stack)? */
bool unwind__sample_has_stack(const struct perf_sample *sample);

/*
 * Unwind @sample of @thread, calling @fn for each frame.  Returns the
 * number of frames (>= 0) when the walk reached the outermost frame or
 * was stopped by @fn, -EIO when libdwfl gave up before (the frames found
 * until then were passed to @fn), -ENOMEM, or -EINVAL when the sample
 * lacks the registers (@fn not called).
 */
int unwinder__unwind(struct unwinder *uw, struct machine *machine, struct thread *thread,
		     const struct perf_sample *sample, unwind_entry_fn fn, void *arg);

#endif
