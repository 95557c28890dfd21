// SPDX-License-Identifier: GPL-2.0
/*
 * Filters on a histogram's entries: the verdict a sample filter gave the
 * sample being added (the entries it makes keep it), and --symbol-filter
 * on the entries once all samples are in.
 */
#include <string.h>
#include "util/hists/hist.h"
#include "util/symbols/symbol.h"

int hists__add_filtered_sample(struct hists *hists, struct thread *thread, const char *comm,
			       u8 cpumode, const struct callchain_cursor *cursor, u64 period,
			       u8 filtered)
{
	int err;

	hists->filtered = filtered;
	err = hists__add_sample(hists, thread, comm, cpumode, cursor, period);
	hists->filtered = 0;
	return err;
}

void hists__filter_by_symbol(struct hists *hists, const char *str)
{
	size_t i;

	for (i = 1; i <= hists->nr_entries; i++) {
		struct hist_entry *he = hists->by_index[i];

		if (!he->sym || !strstr(he->sym->name, str))
			he->filtered |= HIST_FILTERED_SYMBOL_STR;
	}
}
