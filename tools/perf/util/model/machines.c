// SPDX-License-Identifier: GPL-2.0
/*
 * The host and the guest machines.  Guests are few (one per virtual
 * machine profiled from the host), so a sorted array does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include "util/model/machines.h"

int machines__init(struct machines *machines, const struct dso_load_opts *opts)
{
	memset(machines, 0, sizeof(*machines));
	if (opts)
		machines->load_opts = *opts;
	return machine__init(&machines->host, opts);
}

void machines__exit(struct machines *machines)
{
	size_t i;

	for (i = 0; i < machines->nr_guests; i++) {
		machine__exit(machines->guests[i]);
		free(machines->guests[i]);
	}
	free(machines->guests);
	free(machines->guest_pids);
	machine__exit(&machines->host);
	memset(machines, 0, sizeof(*machines));
}

struct machine *machines__findnew(struct machines *machines, pid_t pid)
{
	size_t lo = 0, hi = machines->nr_guests, n = machines->nr_guests;
	struct machine **guests, *m;
	pid_t *pids;

	if (pid == HOST_KERNEL_ID)
		return &machines->host;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (machines->guest_pids[mid] < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && machines->guest_pids[lo] == pid)
		return machines->guests[lo];

	guests = realloc(machines->guests, (n + 1) * sizeof(*guests));
	if (!guests)
		return NULL;
	machines->guests = guests;
	pids = realloc(machines->guest_pids, (n + 1) * sizeof(*pids));
	if (!pids)
		return NULL;
	machines->guest_pids = pids;
	m = malloc(sizeof(*m));
	if (!m || machine__init(m, &machines->load_opts)) {
		free(m);
		return NULL;
	}
	m->pid = pid;
	memmove(&guests[lo + 1], &guests[lo], (n - lo) * sizeof(*guests));
	memmove(&pids[lo + 1], &pids[lo], (n - lo) * sizeof(*pids));
	guests[lo] = m;
	pids[lo] = pid;
	machines->nr_guests++;
	return m;
}

bool cpumode__is_guest(u8 cpumode)
{
	return cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER;
}
