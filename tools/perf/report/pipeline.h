/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report --num-threads 2: the session's thread reads and resolves
 * samples (the machine model, the symbols, the unwinder) while a second
 * thread adds them to the histograms (the call-path trie, the entries),
 * in file order, so the report is the one a single thread makes, byte
 * for byte.
 *
 * What each side touches: the session thread owns the machine, its
 * threads, maps, DSOs and symbols; the adder owns the histograms.  The
 * adder reads resolved frames (symbols, DSOs, maps) and takes references
 * to threads and DSOs for the entries it makes, so those two refcounts
 * are atomic; the references a batch of samples needs (its threads, the
 * maps its frames point into) are held by the session thread until the
 * adder is done with the batch, so a mapping overlapped or a thread
 * replaced meanwhile stays readable.  A comm is copied into the batch:
 * the thread's own string is freed when the thread renames itself.
 */
#ifndef __PERF_REPORT_PIPELINE_H
#define __PERF_REPORT_PIPELINE_H

#include <linux/types.h>

struct hists;
struct thread;
struct symbol;
struct callchain_cursor;

struct report_pipeline;

/* The adder thread started.  NULL on -ENOMEM or when no thread could start. */
struct report_pipeline *report_pipeline__new(void);

/*
 * Queue one resolved sample for hists__add_filtered_sample() on the adder
 * (after hists__set_sample(@cpu, @parent) when @set_sample).  @cursor's
 * frames are taken, not copied: it gets a spare buffer back, to resolve
 * the next sample into.  0, or the adder's first error so far.
 */
int report_pipeline__add(struct report_pipeline *rp, struct hists *hists, struct thread *thread,
			 const char *comm, u8 cpumode, struct callchain_cursor *cursor,
			 u64 period, u8 filtered, bool set_sample, s32 cpu,
			 const struct symbol *parent);

/*
 * Every queued sample added, the adder thread ended: the histograms are
 * the caller's again.  0 or the adders' first error.  Once; needed before
 * anything reads the histograms.
 */
int report_pipeline__finish(struct report_pipeline *rp);

/* Finishes if not yet (its error is lost), frees.  NULL is fine. */
void report_pipeline__delete(struct report_pipeline *rp);

#endif
