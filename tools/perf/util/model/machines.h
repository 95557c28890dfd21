/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machines of a recording: the host, and the guests a recording made
 * on a hypervisor names by pid (their records carry the GUEST_KERNEL and
 * GUEST_USER cpumodes, their build-id table entries the guest's pid).
 * Upstream lists the host first, then the guests by pid; so do we.
 */
#ifndef __PERF_MACHINES_H
#define __PERF_MACHINES_H

#include <sys/types.h>
#include "util/model/machine.h"

#define HOST_KERNEL_ID	(-1)	/* the host's "pid" in build-id records */

struct machines {
	struct machine	host;
	struct machine	**guests;	/* sorted by pid */
	pid_t		*guest_pids;
	size_t		nr_guests;
	struct dso_load_opts load_opts;	/* for guests made later */
};

/* @opts as for machine__init().  Returns 0 or -ENOMEM. */
int machines__init(struct machines *machines, const struct dso_load_opts *opts);
void machines__exit(struct machines *machines);

/* The host for HOST_KERNEL_ID, else the guest @pid (made if new; NULL on ENOMEM). */
struct machine *machines__findnew(struct machines *machines, pid_t pid);

/* The @i-th machine in upstream's order: the host, then guests by pid. */
static inline size_t machines__nr(const struct machines *machines)
{
	return 1 + machines->nr_guests;
}

static inline struct machine *machines__nth(struct machines *machines, size_t i)
{
	return i ? machines->guests[i - 1] : &machines->host;
}

/* Is @cpumode a guest's?  Its records' pid is the guest's. */
bool cpumode__is_guest(u8 cpumode);

#endif
