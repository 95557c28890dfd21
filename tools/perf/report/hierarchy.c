// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include "report/hierarchy.h"

int hists__fprintf_hierarchy(const struct hists *hists, const struct hists_print_opts *opts,
			     FILE *fp)
{
	return hists__fprintf(hists, opts, fp);
}
