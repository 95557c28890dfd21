/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sample's call path, resolved: one frame per address of the sample's
 * callchain (PERF_CONTEXT_* markers consumed: they set the cpumode of the
 * frames after them), each with its map, DSO and symbol.  Leaf first:
 * frames[0] is where the sample was taken.  A sample without a callchain
 * has exactly one frame, its ip.
 *
 * A cursor is reused from sample to sample: resolving allocates only when
 * a deeper chain than any before arrives.
 *
 * Every sample resolves to at least its ip.  A chain that cannot be used
 * (a value in it that is neither an address nor a context marker, or no
 * address at all) leaves the
 * cursor with the ip alone and ip_only set: the sample counts at its ip,
 * with no call graph, as upstream perf 6.1 counts it.  The cursor counts
 * such chains so the tools can say how many there were and why.
 *
 * A --call-graph dwarf sample (user registers and a copy of the user
 * stack) gets its user frames by unwinding that stack (unwind.h) after
 * the frames of its chain (the kernel's part, the user part excluded
 * when recorded); an unwind that stops early keeps the frames it found
 * and is counted.
 */
#ifndef __PERF_CALLCHAIN_H
#define __PERF_CALLCHAIN_H

#include <linux/types.h>
#include <stddef.h>

struct machine;
struct thread;
struct map;
struct dso;
struct symbol;
struct perf_sample;
struct evlist;
struct unwinder;
struct dso_load_opts;

struct callchain_frame {
	u64			ip;		/* the address as recorded */
	u64			addr;		/* in the DSO's symbol space (map__map_ip) */
	struct map		*map;		/* borrowed; NULL: not mapped */
	struct dso		*dso;		/* borrowed; NULL: not mapped */
	const struct symbol	*sym;		/* borrowed; NULL: [unknown] */
	/* an inline frame's source line (dso-inline.h); NULL: not known here */
	const char		*srcline;
	u8			cpumode;	/* PERF_RECORD_MISC_KERNEL/USER/... */
};

/* Why chains were not used whole, counted by machine__resolve_callchain(). */
struct callchain_stats {
	u64			nr_chains;	/* samples resolved */
	u64			nr_bad_context;	/* dropped: a value >= PERF_CONTEXT_MAX, no marker */
	u64			bad_value;	/* the first such value */
	u64			nr_empty;	/* no address in the chain: the ip alone */
	u64			nr_max_stack;	/* cut at max_stack frames */
	u64			nr_unwind;	/* user stacks unwound (--call-graph dwarf) */
	u64			nr_unwind_failed; /* ... that stopped before the outermost frame */
};

struct callchain_cursor {
	struct callchain_frame	*frames;
	size_t			nr;
	size_t			alloc;
	bool			ip_only;	/* frames[0] is the ip alone: no call graph */
	/* frames kept of a chain (upstream's --max-stack); UINT_MAX: all */
	unsigned int		max_stack;
	/*
	 * Keep the outermost max_stack frames, not the innermost, behind
	 * the sample's ip (upstream's cut when graphs show callers first).
	 */
	bool			outermost;
	struct callchain_stats	stats;
	/* DWARF unwinding of user stacks, made at the first such sample */
	struct unwinder		*unwinder;
	/*
	 * --inline: each address of an unwound user stack inside inlined
	 * code stands for its inline frames (util/model/dso-inline.h), as
	 * upstream 6.1 shows them (not in frame-pointer chains);
	 * NULL: one frame per address, and no DWARF read for it.
	 */
	const struct dso_load_opts *inline_opts;
	/*
	 * -g ...,address: every frame's source line (dso__callchain_srcline()),
	 * through these options; NULL: none, and no DWARF read for them.
	 */
	const struct dso_load_opts *srcline_opts;
	/*
	 * Inline frames took the place of the sample's ip in frames[]: the
	 * sample's own frame (what it counts in) is @leaf, not frames[0].
	 * See callchain_cursor__leaf().
	 */
	bool			inlined_leaf;
	struct callchain_frame	leaf;
	/* this sample's frames added by inline expansion (--max-stack ignores them) */
	size_t			nr_inlined;
};

/* The frame the sample itself counts in (its ip), inline frames or not. */
static inline const struct callchain_frame *
callchain_cursor__leaf(const struct callchain_cursor *cursor)
{
	return cursor->inlined_leaf ? &cursor->leaf : &cursor->frames[0];
}

/*
 * The level a frame outside any mapping shows in upstream's --children
 * rows: upstream fills one addr_location frame after frame in the order
 * its cursor goes (from the root for caller graphs, the default with
 * children and -g none; from the leaf for callee graphs), and only a
 * frame with a mapping sets the level.  So such a frame takes the cpumode
 * of the nearest mapped frame on the side the walk came from, else the
 * sample's.  Asked for frame after frame in either direction it scans
 * each frame about once: @asked/@found remember the last answer.
 */
struct callchain_level {
	const struct callchain_cursor	*cursor;
	bool				from_root;
	long				asked;	/* -1: none yet */
	long				found;	/* its nearest mapped frame; -1 or nr: none */
};

static inline void callchain_level__init(struct callchain_level *l,
					 const struct callchain_cursor *cursor, bool from_root)
{
	*l = (struct callchain_level){ .cursor = cursor, .from_root = from_root, .asked = -1 };
}

/* The cpumode frames[@j] shows; @sample_cpumode when no mapped frame decides. */
u8 callchain_level__cpumode(struct callchain_level *l, size_t j, u8 sample_cpumode);

void callchain_cursor__init(struct callchain_cursor *cursor);
void callchain_cursor__exit(struct callchain_cursor *cursor);

/*
 * Resolve @sample's callchain for @thread (or its ip alone when it has
 * none or an unusable one: ip_only) into @cursor, replacing what it held,
 * at most cursor->max_stack frames.  Borrowed pointers live as long as the
 * machine.  Returns 0 or -ENOMEM.
 */
int machine__resolve_callchain(struct machine *machine, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor);

/*
 * Resolve one address of @thread taken in @cpumode into @frame (what
 * machine__resolve_callchain() does per address; for a sample's ip when
 * its chain is not wanted).  Returns 0 or -ENOMEM.
 */
int callchain_frame__resolve(struct callchain_frame *frame, struct machine *machine,
			     struct thread *thread, u8 cpumode, u64 ip);

/*
 * Resolve one address of a chain, taken in @cpumode (the context marker
 * before it), by the chain's rule: a user frame is looked up in the
 * process's maps only, a hypervisor frame nowhere.  For tools that walk
 * a raw chain themselves (perf data convert --to-json).  0 or -ENOMEM.
 */
int callchain_frame__resolve_entry(struct callchain_frame *frame, struct machine *machine,
				   struct thread *thread, u8 cpumode, u64 ip);

/*
 * Upstream's default --max-stack: the kernel's limit on the frames it
 * records (kernel.perf_event_max_stack), 127 where that cannot be read.
 */
/*
 * The cpumode a PERF_CONTEXT_* marker switches the frames after it to
 * (PERF_RECORD_MISC_KERNEL, _USER, _HYPERVISOR); 0 for an invalid marker.
 */
u8 callchain__context_cpumode(u64 marker);

unsigned int callchain__default_max_stack(void);

/* The --max-stack argument @arg into @max_stack; -EINVAL if it is no count. */
int callchain__parse_max_stack(const char *arg, unsigned int *max_stack);

/*
 * What @sample's chain would lose in machine__resolve_callchain() with
 * @max_stack, counted into @st without resolving (perf report --stats).
 */
void callchain_stats__scan(struct callchain_stats *st, const struct perf_sample *sample,
			   unsigned int max_stack);

/* Samples of @evlist carry user stacks (--call-graph dwarf)? */
bool evlist__has_user_stack(const struct evlist *evlist);

/* The one line saying DWARF unwinding is not done, for input @path. */
void callchain__warn_user_stack(const char *cmd, const char *path);

/*
 * One warning line per reason chains were not shown whole (@cmd: "perf
 * report"...), the samples so counted out of all; chains cut at
 * --max-stack only when @verbose.  Nothing when every chain was whole.
 */
void callchain_stats__print(const struct callchain_stats *st, const char *cmd, int verbose);

#endif
