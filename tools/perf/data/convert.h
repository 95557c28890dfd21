/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf data convert: what every converter of data/ is given (the parsed
 * options of builtin-data.c) and the converters, one file each.
 */
#ifndef __PERF_DATA_CONVERT_H
#define __PERF_DATA_CONVERT_H

#include <stdbool.h>

struct data_convert_opts {
	const char	*input;		/* -i; NULL: perf.data */
	bool		force;		/* -f: files of other owners too */
	int		verbose;
	bool		symbolize;	/* --symbolize (default) / --no-symbolize */
};

static inline const char *data_convert__input(const struct data_convert_opts *opts)
{
	return opts->input ? opts->input : "perf.data";
}

/* data/pprof.c: a gzipped profile.proto at @path.  0 or -errno (said in one line). */
int data_convert__pprof(const char *path, const struct data_convert_opts *opts);

#endif
