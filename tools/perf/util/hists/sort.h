/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report's sort keys (--sort comm,dso,sym,pid): which fields make a
 * histogram entry, in which order ties are broken, and how each column is
 * laid out in --stdio output (header, width, value), as upstream perf 6.1
 * prints them.
 */
#ifndef __PERF_SORT_H
#define __PERF_SORT_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

struct hist_entry;

enum sort_key {
	SORT_COMM,		/* "Command": the comm when sampled */
	SORT_DSO,		/* "Shared Object" */
	SORT_SYM,		/* "Symbol": "[k] name", "[.] 0x..." when unknown */
	SORT_PID,		/* "Pid:Command": tid and the thread's last comm */
	/* report only (sort_keys__parse_report()) */
	SORT_CPU,		/* "CPU": the sample's cpu, -001 when not recorded */
	SORT_PARENT,		/* "Parent symbol": first caller matching ^sys_|^do_page_fault */
	SORT_DSO_SIZE,		/* "DSO size": the size of the sample's mapping */
	SORT_SRCLINE,		/* "Source:Line": "file.c:12" through the DSO's DWARF */
	SORT_SRCFILE,		/* "Source File": "file.c" */
	/*
	 * Upstream's "hpp" columns: values, not part of an entry's identity;
	 * in a sort list they order rows by that value, largest first.
	 */
	SORT_HPP_OVERHEAD,
	SORT_HPP_OVERHEAD_SYS,
	SORT_HPP_OVERHEAD_US,
	SORT_HPP_OVERHEAD_GUEST_SYS,
	SORT_HPP_OVERHEAD_GUEST_US,
	SORT_HPP_OVERHEAD_CHILDREN,
	SORT_HPP_SAMPLE,
	SORT_HPP_PERIOD,
	SORT_NR_KEYS,
};

#define SORT_FIRST_HPP	SORT_HPP_OVERHEAD
#define SORT_MAX_KEYS	(SORT_NR_KEYS + 1)

struct sort_keys {
	enum sort_key	keys[SORT_MAX_KEYS];
	int		nr;
	u32		mask;		/* 1 << key for every key present */
};

/* Upstream's default: comm,dso,sym. */
void sort_keys__init_default(struct sort_keys *sk);

/*
 * Parse a --sort list ("comm,dso", "pid,sym"...).  Returns 0, or -EINVAL
 * after upstream's one-line "Unknown --sort key" message (keys upstream
 * has but we do not are named as not supported).
 */
int sort_keys__parse(struct sort_keys *sk, const char *arg);

/*
 * perf report's --sort and --fields lists: every key above.  @what names
 * the option in errors ("--sort", "--fields").  Returns 0 or -EINVAL
 * after one line.
 */
int sort_keys__parse_report(struct sort_keys *sk, const char *arg, const char *what);

static inline bool sort_key__is_hpp(enum sort_key key)
{
	return key >= SORT_FIRST_HPP;
}

/* Append @key unless present; -EINVAL when full. */
int sort_keys__add(struct sort_keys *sk, enum sort_key key);

static inline bool sort_keys__has(const struct sort_keys *sk, enum sort_key key)
{
	return sk->mask & (1u << key);
}

/* Column header ("Command", ...). */
const char *sort_key__header(enum sort_key key);

/* Column widths of one report section, as upstream computes them. */
struct sort_widths {
	int	w[SORT_NR_KEYS];
	bool	verbose;		/* DSOs by full path, symbols with their address */
};

void sort_widths__init(struct sort_widths *sw, bool verbose);
/* Widen the columns for @he (every entry counts, printed or not). */
void sort_widths__update(struct sort_widths *sw, const struct hist_entry *he);

/*
 * Format @he's value of @key into @buf, padded to the column width
 * unless @last (upstream leaves a trailing Symbol unpadded).
 */
int sort_key__snprintf(enum sort_key key, const struct hist_entry *he, char *buf, size_t size,
		       const struct sort_widths *sw, bool last);

/*
 * Equality of two entries on @sk's keys (the histogram's identity), and
 * the order of ties in the output: upstream's, ascending names with
 * unknowns last.  Entries compared are of one hists.
 */
bool sort_keys__equal(const struct sort_keys *sk, const struct hist_entry *a,
		      const struct hist_entry *b);
int sort_keys__cmp(const struct sort_keys *sk, const struct hist_entry *a,
		   const struct hist_entry *b, bool verbose);

#endif
