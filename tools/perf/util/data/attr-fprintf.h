/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A perf_event_attr as upstream's header listing spells it: every field
 * that is not zero, as ", name = value", in the attr's own order (bit
 * fields by name, sample_type and friends as "IP|TID|..." flag lists).
 */
#ifndef __PERF_ATTR_FPRINTF_H
#define __PERF_ATTR_FPRINTF_H

#include <stdio.h>
#include <linux/perf_event.h>

void perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr);

#endif
