// SPDX-License-Identifier: GPL-2.0
/*
 * The sample filters of report and script (sample-filter.h): parsing
 * the options once, then a verdict per sample.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "util/model/sample-filter.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/dso.h"
#include "util/symbols/symbol.h"
#include "util/session/session.h"
#include "util/data/header.h"
#include "util/data/event.h"
#include "util/data/evlist.h"
#include "util/data/evsel.h"

static int str_list__init_opt(struct str_list *sl, const char *arg, const char *cmd,
			      const char *opt)
{
	int err;

	if (!arg)
		return 0;
	err = str_list__parse(sl, arg);
	if (!err)
		return 0;
	if (err == -EEXIST)
		fprintf(stderr, "%s: %s: `%s' is listed twice\n", cmd, opt, sl->error);
	else if (err != -ENOMEM)
		fprintf(stderr, "%s: %s: cannot read %s: %s\n", cmd, opt, sl->error,
			strerror(-err));
	else
		fprintf(stderr, "%s: %s\n", cmd, strerror(-err));
	return -EINVAL;
}

static int int_list__init_opt(struct int_list *il, const char *arg, const char *cmd,
			      const char *opt)
{
	int err;

	if (!arg)
		return 0;
	err = int_list__parse(il, arg);
	if (!err)
		return 0;
	if (err == -EEXIST)
		fprintf(stderr, "%s: %s: `%s' is listed twice\n", cmd, opt, il->error);
	else if (err == -EINVAL)
		fprintf(stderr, "%s: %s: `%s' is not a number\n", cmd, opt, il->error);
	else
		fprintf(stderr, "%s: %s\n", cmd, strerror(-err));
	return -EINVAL;
}

int sample_filter__init(struct sample_filter *f, const struct sample_filter_opts *opts,
			const char *cmd)
{
	memset(f, 0, sizeof(*f));
	f->opts = opts;
	if (str_list__init_opt(&f->comms, opts->comms, cmd, "--comm") ||
	    int_list__init_opt(&f->pids, opts->pids, cmd, "--pid") ||
	    int_list__init_opt(&f->tids, opts->tids, cmd, "--tid") ||
	    str_list__init_opt(&f->dsos, opts->dsos, cmd, "--dsos") ||
	    str_list__init_opt(&f->syms, opts->syms, cmd, "--symbols"))
		return -EINVAL;
	return 0;
}

int sample_filter__setup_time(struct sample_filter *f, const struct perf_session *session,
			      const char *cmd)
{
	const char *str = f->opts ? f->opts->time : NULL;
	const u64 *t;
	u64 size, first = 0, last = 0;
	int err;

	if (!str)
		return 0;
	t = perf_header__feat(&session->header, HEADER_SAMPLE_TIME, &size);
	if (t && size >= 2 * sizeof(u64)) {
		memcpy(&first, &t[0], sizeof(first));
		memcpy(&last, &t[1], sizeof(last));
	}
	err = time_ranges__parse(&f->time, str, first, last);
	if (!err)
		return 0;
	if (err == -ENODATA)
		fprintf(stderr, "%s: --time %s: %s has no first/last sample time to take "
			"percentages of\n", cmd, str,
			session->header.is_pipe ? "a stream" : session->data->path);
	else if (err == -EINVAL)
		fprintf(stderr, "%s: invalid --time `%s'\n", cmd, str);
	else
		fprintf(stderr, "%s: %s\n", cmd, strerror(-err));
	return -EINVAL;
}

/*
 * Upstream asks the first event of each type to sample the CPU; the
 * recording machine's CPU count (NRCPUS) bounds the list.  A stream's
 * attrs and features come later, in the stream: not checked then.
 */
int sample_filter__setup_cpus(struct sample_filter *f, const struct perf_session *session,
			      const char *cmd)
{
	const char *str = f->opts ? f->opts->cpus : NULL;
	const struct evlist *evlist = &session->evlist;
	const u32 *nr;
	u64 size;
	u32 nr_cpus = 0, type;
	int i, err, bad = 0;

	if (!str)
		return 0;
	for (i = 0; i < evlist->nr; i++) {
		const struct evsel *evsel = evlist->entries[i];
		int j;

		type = evsel->attr.type;
		for (j = 0; j < i && evlist->entries[j]->attr.type != type; j++)
			;
		if (j < i)
			continue;
		if (!(evsel->attr.sample_type & PERF_SAMPLE_CPU)) {
			fprintf(stderr, "%s: --cpu: %s does not sample the CPU (record with "
				"-a, -C or --sample-cpu)\n", cmd, session->data->path);
			return -EINVAL;
		}
	}
	nr = perf_header__feat(&session->header, HEADER_NRCPUS, &size);
	if (nr && size >= sizeof(u32))
		memcpy(&nr_cpus, nr, sizeof(nr_cpus));
	err = cpu_bitmap__parse(&f->cpus, str, (int)nr_cpus, &bad);
	if (!err)
		return 0;
	if (err == -ERANGE && nr_cpus)
		fprintf(stderr, "%s: --cpu: CPU %d is not one of the %u the recording had\n",
			cmd, bad, nr_cpus);
	else if (err == -ERANGE)
		fprintf(stderr, "%s: --cpu: CPU %d is too large\n", cmd, bad);
	else if (err == -EINVAL)
		fprintf(stderr, "%s: invalid --cpu list `%s'\n", cmd, str);
	else
		fprintf(stderr, "%s: %s\n", cmd, strerror(-err));
	return -EINVAL;
}

void sample_filter__exit(struct sample_filter *f)
{
	str_list__exit(&f->comms);
	str_list__exit(&f->dsos);
	str_list__exit(&f->syms);
	int_list__exit(&f->pids);
	int_list__exit(&f->tids);
	time_ranges__exit(&f->time);
	cpu_bitmap__exit(&f->cpus);
	f->opts = NULL;
}

bool sample_filter__skip(const struct sample_filter *f, const struct perf_sample *sample,
			 bool has_cpu)
{
	if (!f->opts)
		return false;
	if (f->opts->time && time_ranges__skip(&f->time, sample->time))
		return true;
	return sample_filter__skip_cpu(f, sample->cpu, has_cpu);
}

bool sample_filter__skip_cpu(const struct sample_filter *f, u32 cpu, bool has_cpu)
{
	/* a record that does not say its CPU is on none of them: kept */
	return f->opts && f->opts->cpus && has_cpu && !cpu_bitmap__test(&f->cpus, cpu);
}

static bool sample_filter__thread_filtered(const struct sample_filter *f,
					   const struct thread *thread)
{
	const struct sample_filter_opts *o = f->opts;

	if (o->comms && !str_list__has(&f->comms, thread__comm_str(thread)))
		return true;
	if (o->pids && !int_list__has(&f->pids, thread->pid))
		return true;
	return o->tids && !int_list__has(&f->tids, thread->tid);
}

unsigned int sample_filter__verdict(const struct sample_filter *f, const struct thread *thread,
				    const struct addr_location *al)
{
	const struct sample_filter_opts *o = f->opts;
	unsigned int v = 0;

	if (!o)
		return 0;
	if (sample_filter__thread_filtered(f, thread))
		v |= SAMPLE_FILTERED_THREAD;
	if (o->dsos && (!al || !al->map || !al->dso ||
			!(str_list__has(&f->dsos, al->dso->short_name) ||
			  str_list__has(&f->dsos, al->dso->long_name))))
		v |= SAMPLE_FILTERED_DSO;
	if (o->syms && (!al || !al->sym || !str_list__has(&f->syms, al->sym->name)))
		v |= SAMPLE_FILTERED_SYMBOL;
	return v;
}
