/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf data convert --to-json: a perf.data as upstream perf 6.1's JSON
 * document (Documentation/perf-data.txt, "JSON"): the header's strings,
 * then every sample in time order with its thread and its call chain,
 * each frame named by symbol and DSO where the model resolves it.
 */
#ifndef __PERF_DATA_CONVERT_JSON_H
#define __PERF_DATA_CONVERT_JSON_H

#include <stdbool.h>

struct convert_json_opts {
	const char	*input;		/* NULL: "perf.data"; "-": a stream on stdin */
	const char	*output;	/* the JSON file */
	bool		force;		/* replace @output; read a file of another owner */
	int		verbose;
};

/*
 * Convert @opts->input into @opts->output (created; an existing one only
 * with @force), then say what was written on stderr, as upstream does.
 * Returns 0, or -errno after one line on stderr.  A damaged input ends
 * the samples where the damage starts: the JSON is still complete.
 */
int data_convert__json(const struct convert_json_opts *opts);

#endif
