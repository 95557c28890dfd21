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

/*
 * The relative 100% is the self period of the entries left shown, summed
 * when asked (after hists__output_resort(), which fills entries made
 * from paths): an entry's verdict is known only once every filter,
 * --symbol-filter included, has run.  Upstream's relative Samples line
 * is counted by sample instead (hists.nr_unfiltered_samples).
 */
u64 hists__total(const struct hists *hists, bool relative)
{
	u64 total = 0;
	size_t i;

	if (!relative)
		return hists->total_period;
	for (i = 1; i <= hists->nr_entries; i++)
		if (!hists->by_index[i]->filtered)
			total += hists->by_index[i]->period;
	return total;
}

u64 hists__nr_samples(const struct hists *hists, bool relative)
{
	return relative ? hists->nr_unfiltered_samples : hists->nr_samples;
}
