// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's output files: the header and attrs, the records for what
 * existed before the events (synthesized), the finishing build-id table,
 * and --switch-output rotation, after which every file still describes
 * itself (so each one is readable alone, by us and by upstream perf).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/record.h"
#include "record/features.h"
#include "record/tracing-data.h"
#include "record/synthetic-events.h"
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "util/base/version.h"

int record__write(void *priv, const void *buf, size_t len)
{
	struct record *rec = priv;
	int ret;

	if (rec->write_err)
		return rec->write_err;
	ret = perf_data__write(&rec->data, buf, len);
	if (ret < 0) {
		rec->write_err = ret;
		return ret;
	}
	/* The userspace mode notes where an MMAP2 record went (record/userspace.c). */
	if (buf == rec->us.pending)
		record__userspace_written(rec, rec->bytes_written);
	rec->bytes_written += len;
	return 0;
}

int record__emit(void *priv, const union perf_event *event)
{
	return record__write(priv, event, event->header.size);
}

/*
 * What existed before the events: the kernel map, and the target's
 * processes.  @again (a new --switch-output file): the workload too, whose
 * maps the kernel reported only into the first file.
 */
static struct synth_ctx *record__synth_ctx(struct record *rec)
{
	struct synth_ctx *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		return NULL;
	ctx->emit = record__emit;
	ctx->priv = rec;
	ctx->sample_type = rec->track_attr.sample_type;
	ctx->sample_id_all = true;
	ctx->id = rec->rec_evlist.entries[0].ids[0];
	ctx->build_id_mmap2 = rec->src == BUILDID_SRC_MMAP2;
	ctx->mmap3 = rec->src == BUILDID_SRC_MMAP3;
	ctx->table = &rec->table;
	ctx->secure = rec->securing ? &rec->secure : NULL;
	return ctx;
}

/*
 * Default mode fills the build-id cache; the kernel's entry is the
 * /proc/kallsyms text that start-up reads anyway, so it is written now
 * rather than read again while finalizing (40 ms of a 45 ms finish).
 */
static void record__cache_kallsyms(struct record *rec, struct synth_ctx *ctx)
{
	char dir[PATH_MAX];
	int ret;

	if (!ctx->kallsyms || !ctx->kallsyms_bid.size || build_id_cache__dir(dir, sizeof(dir)))
		return;
	ret = build_id_cache__add_kallsyms_text(dir, &ctx->kallsyms_bid, ctx->kallsyms,
						ctx->kallsyms_len);
	if (ret)
		pr_debug(rec->opts.verbose, 1, "build-id cache: [kernel.kallsyms] not added: %s\n",
			 strerror(-ret));
	else
		rec->kallsyms_cached = true;
}

/* Once per run (not per --switch-output file): which files had no id. */
static void record__warn_unreadable(const struct synth_ctx *ctx)
{
	if (!ctx->unreadable)
		return;
	pr_warning("%u mapped file%s of running processes could not be read, so %s no "
		   "build-id (first: %s of pid %d: %s)\n", ctx->unreadable,
		   ctx->unreadable == 1 ? "" : "s", ctx->unreadable == 1 ? "it has" : "they have",
		   ctx->unreadable_path, (int)ctx->unreadable_pid,
		   strerror(ctx->unreadable_err));
}

/* -p/-t: each listed process or thread, as the kernel will not describe it. */
static int record__synthesize_targets(struct record *rec, struct synth_ctx *ctx)
{
	const struct record_opts *o = &rec->opts;
	const pid_t *list = o->pid ? o->pids : o->tids;
	size_t i, n = o->pid ? o->nr_pids : o->nr_tids;
	int ret = 0;

	for (i = 0; i < n && !ret; i++)
		ret = synth__process(ctx, list[i]);
	return ret;
}

int record__synthesize(struct record *rec, bool again)
{
	struct synth_ctx *ctx = record__synth_ctx(rec);
	char cache_dir[PATH_MAX];
	int ret;

	if (!ctx)
		return -ENOMEM;
	ctx->verbose = rec->opts.verbose;
	if (!rec->opts.no_buildid && !rec->opts.no_buildid_cache &&
	    !build_id_cache__dir(cache_dir, sizeof(cache_dir)))
		ctx->cache_dir = cache_dir;
	ctx->want_kallsyms = !rec->opts.no_buildid && !rec->opts.no_buildid_cache &&
			     !rec->kallsyms_cached;
	ret = synth__kernel_mmap(ctx);
	record__cache_kallsyms(rec, ctx);
	free(ctx->kallsyms);
	if (!ret)
		ret = synth__kernel_modules(ctx);
	if (!ret) {
		if (rec->opts.system_wide || (rec->opts.cpu_list && !rec->workload))
			ret = synth__all_processes(ctx);
		else if (again && rec->opts.pid > 0)
			/* a new file: the processes forked since are followed too */
			ret = synth__process_tree(ctx, rec->opts.pids, rec->opts.nr_pids);
		else if (rec->opts.pid > 0 || rec->opts.tid > 0)
			ret = record__synthesize_targets(rec, ctx);
		else if (again && rec->child > 0)
			ret = synth__process_tree(ctx, &rec->child, 1);
	}
	if (!again)
		record__warn_unreadable(ctx);
	free(ctx);
	return ret;
}

/*
 * read_format PERF_FORMAT_LOST: what each event could not write, per CPU
 * and thread, as LOST_SAMPLES records (upstream 6.1 writes the same).
 */
int record__write_lost_samples(struct record *rec)
{
	struct rec_evlist *el = &rec->rec_evlist;
	struct synth_ctx *ctx;
	int i, c, t, ret = 0;

	if (!(el->entries[0].attr.read_format & PERF_FORMAT_LOST))
		return 0;
	ctx = record__synth_ctx(rec);
	if (!ctx)
		return -ENOMEM;
	for (i = 0; i < el->nr && !ret; i++) {
		for (c = 0; c < el->cpus.nr && !ret; c++) {
			for (t = 0; t < el->threads.nr && !ret; t++) {
				int fd = *rec_evsel__fd(&el->entries[i], el, c, t);
				u64 rf = el->entries[i].attr.read_format;
				/* value, [enabled], [running] (-s), id, lost */
				int n = 3 + !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
					!!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
				u64 v[5];

				if (fd < 0 || read(fd, v, n * sizeof(u64)) != (ssize_t)(n * sizeof(u64)) ||
				    !v[n - 1])
					continue;
				rec->lost_samples += v[n - 1];
				ret = synth__lost_samples(ctx, v[n - 2], v[n - 1]);
			}
		}
	}
	free(ctx);
	return ret;
}

void record__secure_start(struct record *rec)
{
	char dir[PATH_MAX];
	bool hold = rec->opts.no_buildid;
	int ret;

	if (rec->opts.no_buildid_cache || build_id_cache__dir(dir, sizeof(dir))) {
		/*
		 * Without a cache, the userspace mode still has each id read
		 * from the mapped file at first sight (copying nothing): by
		 * the end its path may name another file.  -B -N wants none.
		 */
		if (rec->src != BUILDID_SRC_USERSPACE || (hold && rec->opts.no_buildid_cache))
			return;
		dir[0] = '\0';
	}
	ret = build_id_secure__init(&rec->secure, dir, hold, BUILD_ID_SECURE_QUEUE,
				    build_id_secure__max_held());
	if (!ret)
		ret = build_id_secure__start(&rec->secure);
	if (ret) {
		fprintf(stderr, "Warning: cannot start copying mapped files into the build-id "
			"cache: %s; %s\n", strerror(-ret),
			hold ? "binaries replaced during the run will lack symbols" :
			       "they are copied at the end, if still at their path");
		build_id_secure__exit(&rec->secure);
		return;
	}
	rec->securing = true;
}

void record__secure_finish(struct record *rec)
{
	if (!rec->securing)
		return;
	build_id_secure__stop(&rec->secure);
	rec->securing = false;
	build_id_secure__finish(&rec->secure);
	pr_debug(rec->opts.verbose, 1, "build-id cache: %llu mapped files copied during the run "
		 "or at its end, %llu of them opened by /proc/PID/map_files\n",
		 (unsigned long long)rec->secure.copied,
		 (unsigned long long)rec->secure.via_map_files);
	build_id_secure__print(&rec->secure, stderr);
}

void record__print_summary(struct record *rec)
{
	char samples[48] = "";

	if (rec->lost)
		fprintf(stderr, "Warning: lost %llu events in %llu chunks: "
			"increase the buffer with -m or lower the frequency with -F\n",
			(unsigned long long)rec->lost, (unsigned long long)rec->lost_chunks);
	/* Usually the same loss as the LOST records': say it once. */
	if (rec->lost_samples && !rec->lost)
		fprintf(stderr, "Warning: the kernel dropped %llu samples it could not write "
			"(LOST_SAMPLES records in the file)\n",
			(unsigned long long)rec->lost_samples);
	if (rec->compressing)
		pr_debug(rec->opts.verbose, 1, "zstd level %d: %zu KiB of compressor state\n",
			 rec->comp.level, record_compress__memory(&rec->comp) / 1024);
	if (rec->opts.quiet)
		return;
	/* With --switch-output it came before the last "Dump" line. */
	if (!rec->opts.switch_output.enabled && !rec->opts.timestamp_filename)
		fprintf(stderr, "[ perf record: Woken up %llu times to write data ]\n",
			(unsigned long long)rec->wakeups);
	if (rec->compressing && rec->comp.bytes_out) {
		/* Upstream's form: no sample count (its -z does not count them). */
		fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s%s, compressed "
			"(original %.3f MB, ratio is %.3f) ]\n",
			rec->bytes_written / 1024.0 / 1024.0, rec->data.path,
			rec->opts.switch_output.enabled || rec->opts.timestamp_filename ?
			".<timestamp>" : "",
			rec->comp.bytes_in / 1024.0 / 1024.0,
			(double)rec->comp.bytes_in / (double)rec->comp.bytes_out);
		return;
	}
	/* Upstream names no count when there is none, nor with -z. */
	if (rec->samples && !rec->data.is_pipe && !rec->opts.switch_output.enabled &&
	    !rec->compressing)
		snprintf(samples, sizeof(samples), " (%llu samples)",
			 (unsigned long long)rec->samples);
	/* Upstream's form: the file names are in the "Dump" lines. */
	fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s%s%s ]\n",
		rec->bytes_written / 1024.0 / 1024.0, rec->data.path,
		rec->opts.switch_output.enabled || rec->opts.timestamp_filename ?
		".<timestamp>" : "", samples);
}

/* Features, then the file header and attrs (or the stream's header records). */
int record__begin_output(struct record *rec)
{
	int ret;

	record__userspace_attr(rec);
	ret = record_features__host(&rec->header, rec->argc, rec->argv, PERF_VERSION);
	if (!ret)
		ret = record_features__machine(&rec->header);
	if (!ret)
		ret = record_features__event_desc(&rec->header, &rec->evlist);
	if (!ret)
		ret = record_features__group_desc(&rec->header, &rec->rec_evlist);
	if (!ret)
		ret = tracing_data__set(&rec->header, &rec->rec_evlist);
	if (!ret && rec->opts.sample.use_clockid)
		ret = record_features__clock(&rec->header, rec->opts.sample.clockid);
	/* A stream's reader needs it before the first COMPRESSED record. */
	if (!ret && rec->compressing)
		ret = record_features__compressed(&rec->header, &rec->comp, rec->opts.mmap_pages);
	if (ret)
		return ret;
	if (rec->data.is_pipe)
		return perf_header__write_pipe(&rec->header, &rec->evlist, &rec->data);
	return perf_header__write_begin(&rec->header, &rec->evlist, &rec->data);
}

/*
 * -B in the userspace mode keeps the ids read during the run: its
 * records carry none, and they cost nothing more now (no scan by path).
 */
bool record__table_final(struct record *rec)
{
	bool userspace = rec->src == BUILDID_SRC_USERSPACE;

	if (rec->opts.no_buildid && !userspace)
		return false;
	/* While the securer runs too (--switch-output): it is under its lock. */
	if (userspace)
		record__userspace_take_found(rec);
	if (!rec->opts.no_buildid)
		buildid_table__resolve(&rec->table);
	return true;
}

/* File mode: the header table, SAMPLE_TIME, feature sections, final header. */
int record__end_file(struct record *rec)
{
	int r = 0;

	if (record__table_final(rec)) {
		r = buildid_table__to_header(&rec->table, &rec->header);
		if (!r && rec->src == BUILDID_SRC_USERSPACE)
			record__userspace_rewrite(rec);
	}
	if (!r && rec->samples)
		r = record_features__sample_time(&rec->header, rec->first_time, rec->last_time);
	/* Again, now with the ratio. */
	if (!r && rec->compressing)
		r = record_features__compressed(&rec->header, &rec->comp, rec->opts.mmap_pages);
	/*
	 * Once the securer is joined (not at a --switch-output rotation): the
	 * last file names every id lost.  A failure costs that section only.
	 */
	if (!r && !rec->securing && record_features__unsecured(&rec->header, &rec->secure))
		pr_warning("%s: the build-ids perf record could not secure are not in its "
			   "header (out of memory); the warning above names them\n",
			   rec->data.path);
	/* With a full disk this fails too; the header then says size 0. */
	if (!r)
		r = perf_header__write_end(&rec->header, &rec->evlist, &rec->data,
					   rec->bytes_written);
	/*
	 * Readers then take records up to the end of the file: cut what the
	 * failed writes left there, so they find the samples counted.
	 */
	if (r && rec->write_err && !rec->data.is_pipe &&
	    ftruncate(rec->data.fd, rec->header.data_offset + rec->bytes_written) < 0)
		pr_debug(rec->opts.verbose, 1, "%s: cannot cut the partial records: %s\n",
			 rec->data.path, strerror(errno));
	return r;
}

/*
 * Finish this file (complete: its own build-id table), move it aside,
 * and start a new one that describes itself too (features, attrs, the
 * maps that exist now).  The build-id table is kept: the DSOs it names
 * may still be mapped, and an unused entry costs a few bytes.
 */
int record__switch_output(struct record *rec)
{
	int ret;

	ret = record__drain(rec);
	if (!ret)
		ret = record__end_file(rec);
	perf_data__close(&rec->data);
	if (!ret)
		ret = switch_output__rename(&rec->opts.switch_output, rec->opts.output, rec->opts.quiet);
	if (ret)
		return ret;
	rec->bytes_written = rec->samples = rec->first_time = rec->last_time = 0;
	rec->wakeups = 0;
	perf_header__exit(&rec->header);
	perf_header__init(&rec->header);
	ret = perf_data__open(&rec->data, rec->opts.output, PERF_DATA_WRITE, true);
	/* Each file is read alone: its own zstd stream. */
	if (rec->compressing)
		record_compress__reset(&rec->comp);
	if (!ret)
		ret = record__begin_output(rec);
	if (!ret)
		ret = record__synthesize(rec, true);
	switch_output__arm(&rec->opts.switch_output);
	return ret;
}
