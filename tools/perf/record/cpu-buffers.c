// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's ring buffers: one per CPU, forward (read continuously) or,
 * with --overwrite, backward flight-recorder buffers for the samples, read
 * only at snapshot time, next to forward buffers for the side-band records
 * (maps, comms, tasks), which must never be overwritten: a snapshot whose
 * samples cannot be resolved would be useless.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "record/record.h"
#include "util/base/debug.h"

/* Every record the kernel hands us, before it is written. */
static int record__inspect(void *priv, const union perf_event *event,
			   struct perf_event_header *fix)
{
	struct record *rec = priv;
	struct perf_mmap_info info;
	int ret = 0, added;

	/* Only the record just inspected may be noted as it is written. */
	rec->us.pending = NULL;

	switch (event->header.type) {
	case PERF_RECORD_SAMPLE:
		rec->samples++;
		if (rec->time_off >= 0 && (size_t)rec->time_off + 8 <= event->header.size) {
			u64 t;

			memcpy(&t, (char *)event + rec->time_off, sizeof(t));
			if (!rec->first_time || t < rec->first_time)
				rec->first_time = t;
			if (t > rec->last_time)
				rec->last_time = t;
		}
		break;
	case PERF_RECORD_LOST:
		if (event->header.size >= sizeof(struct perf_record_lost)) {
			rec->lost += event->lost.lost;
			rec->lost_chunks++;
		}
		break;
	case PERF_RECORD_MMAP2:
		/*
		 * A concurrent build-id session makes the kernel set this misc
		 * bit on our inode-form records too: clear it, so no reader
		 * takes maj for a build-id size (upstream 6.1 overflows on it).
		 */
		if (!rec->attr_build_id && (event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
			*fix = event->header;
			fix->misc &= ~PERF_RECORD_MISC_MMAP_BUILD_ID;
			ret = 1;
		}
		/* fall through */
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP3:
		if (event->header.type == PERF_RECORD_MMAP3 && rec->src != BUILDID_SRC_MMAP3)
			break;
		if (perf_event__parse_mmap(event, &rec->track_attr, &info))
			break;
		if (event->header.misc & PERF_RECORD_MISC_MMAP_DATA)
			break;
		if (!info.has_build_id && buildid_table__skip_path(info.filename))
			break;
		if (rec->src == BUILDID_SRC_USERSPACE) {
			added = record__userspace_map(rec, &info, true);
			if (added < 0)
				return -ENOMEM;
			/* To be noted at its write: split there, header as it is. */
			if (added && !ret) {
				*fix = event->header;
				ret = 1;
			}
			if (added)
				rec->us.pending = fix;
			break;
		}
		added = buildid_table__add(&rec->table, info.filename,
					   event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
					   info.build_id, info.has_build_id ? info.build_id_size : 0);
		if (added < 0)
			return -ENOMEM;
		/*
		 * First sight of this (path, id): the file may be replaced
		 * before the end, so the helper gets hold of it now (the
		 * lookout does it sooner when it runs).  The kernel's and
		 * modules' entries are the finalization's.
		 */
		if (added && rec->securing && !rec->nr_lookout && info.has_build_id &&
		    (event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_USER)
			build_id_secure__queue(&rec->secure, info.pid, info.start,
					       info.start + info.len, info.pgoff, info.filename,
					       info.build_id, info.build_id_size);
		break;
	default:
		break;
	}
	return ret;
}

static const struct perf_mmap_ops record_mmap_ops = {
	.record = record__inspect,
	.write = record__write,
};

/* -z: what the inspection passes goes into the zstd stream, not the file. */
static int record__write_compressed(void *priv, const void *buf, size_t len)
{
	struct record *rec = priv;

	return record_compress__write(&rec->comp, buf, len);
}

static const struct perf_mmap_ops record_mmap_ops_z = {
	.record = record__inspect,
	.write = record__write_compressed,
};

/*
 * Everything the compressor got (at most one buffer's worth, less than
 * the mmap_len HEADER_COMPRESSED gives) goes out as whole COMPRESSED
 * records before anything else is written.
 */
static int record__compress_flush(struct record *rec)
{
	return rec->compressing ? record_compress__flush(&rec->comp) : 0;
}

int record__compress_start(struct record *rec)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int ret;

	if (!rec->opts.comp_level)
		return 0;
	ret = record_compress__init(&rec->comp, rec->opts.comp_level,
				    rec->opts.mmap_pages * page, record__write, rec);
	if (ret) {
		fprintf(stderr, "perf record: cannot start zstd compression: %s\n",
			strerror(-ret));
		return ret;
	}
	rec->compressing = true;
	return 0;
}

static void record__bad_buffer(const struct perf_mmap *map)
{
	fprintf(stderr, "Warning: bad record in the ring buffer of CPU %d, rest of it dropped\n",
		map->cpu);
}

/*
 * A read whose writes fail (a full disk) may leave part of it in the file,
 * past the data size the header will give: its samples are not in the
 * file, so the summary must not count them.  Marked before each read,
 * rewound if a write failed.
 */
struct record_mark {
	u64 bytes_written, samples, first_time, last_time;
};

static void record__mark(const struct record *rec, struct record_mark *m)
{
	m->bytes_written = rec->bytes_written;
	m->samples = rec->samples;
	m->first_time = rec->first_time;
	m->last_time = rec->last_time;
}

static void record__rewind(struct record *rec, const struct record_mark *m)
{
	if (!rec->write_err)
		return;
	rec->bytes_written = m->bytes_written;
	rec->samples = m->samples;
	rec->first_time = m->first_time;
	rec->last_time = m->last_time;
	/* Give the space back: the header's end (features) must fit after. */
	if (!rec->data.is_pipe &&
	    ftruncate(rec->data.fd, rec->header.data_offset + rec->bytes_written) < 0)
		pr_debug(rec->opts.verbose, 1, "%s: cannot cut the partial records: %s\n",
			 rec->data.path, strerror(errno));
}

int record__mmap_read_all(struct record *rec)
{
	struct record_mark mark;
	static const struct perf_event_header round = {
		.type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round),
	};
	bool any = false;
	ssize_t n;
	int i;

	for (i = 0; i < rec->nr_mmaps; i++) {
		if (rec->mmaps[i].overwrite)
			continue;
		record__mark(rec, &mark);
		n = perf_mmap__read(&rec->mmaps[i], rec->compressing ? &record_mmap_ops_z :
				    &record_mmap_ops, rec);
		if (n >= 0 || n == -EINVAL) {
			int f = record__compress_flush(rec);

			if (f)
				n = f;
		}
		if (n == -EINVAL) {
			record__bad_buffer(&rec->mmaps[i]);
			continue;
		}
		if (n < 0) {
			record__rewind(rec, &mark);
			return (int)n;
		}
		any |= n > 0;
	}
	/*
	 * With --overwrite no rounds: a snapshot's samples are older than
	 * side-band already written, so a reader must sort the whole file.
	 */
	if (any && !rec->opts.overwrite)
		return record__write(rec, &round, sizeof(round));
	return 0;
}

static void record__pause(struct record *rec, int on)
{
	int i;

	for (i = 0; i < rec->nr_mmaps; i++)
		if (rec->mmaps[i].overwrite)
			ioctl(rec->mmaps[i].fd, PERF_EVENT_IOC_PAUSE_OUTPUT, on);
}

int record__snapshot(struct record *rec)
{
	struct record_mark mark;
	ssize_t n;
	int i, ret = 0;

	/* Paused, the kernel cannot overwrite what we are reading. */
	record__pause(rec, 1);
	for (i = 0; i < rec->nr_mmaps && !ret; i++) {
		if (!rec->mmaps[i].overwrite)
			continue;
		record__mark(rec, &mark);
		n = perf_mmap__read_backward(&rec->mmaps[i], rec->compressing ?
					     &record_mmap_ops_z : &record_mmap_ops, rec);
		if (n >= 0 || n == -EINVAL) {
			int f = record__compress_flush(rec);

			if (f)
				n = f;
		}
		if (n == -EINVAL) {
			record__bad_buffer(&rec->mmaps[i]);
		} else if (n < 0) {
			record__rewind(rec, &mark);
			ret = (int)n;
		}
	}
	record__pause(rec, 0);
	return ret;
}

int record__drain(struct record *rec)
{
	int ret = record__mmap_read_all(rec);

	if (!ret && rec->opts.overwrite)
		ret = record__snapshot(rec);
	return ret;
}

/*
 * Send every fd of entries [@from, @to) on CPU index @c to @out: of every
 * thread, or of thread index @thr only (per-thread buffers).
 */
static int record__set_output(struct record *rec, int c, int thr, int from, int to, int out)
{
	struct rec_evlist *el = &rec->rec_evlist;
	int i, t;

	for (i = from; i < to; i++) {
		for (t = thr < 0 ? 0 : thr; t < (thr < 0 ? el->threads.nr : thr + 1); t++) {
			int fd = *rec_evsel__fd(&el->entries[i], el, c, t);

			if (fd == out)
				continue;
			if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, out) < 0) {
				int ret = -errno;

				fprintf(stderr, "Error: cannot redirect event output: %s\n",
					strerror(errno));
				return ret;
			}
		}
	}
	return 0;
}

/* Map the buffer of entry @e on CPU index @c, thread index @t into the next slot. */
static int record__mmap_one(struct record *rec, int c, int t, int e, bool overwrite)
{
	struct rec_evlist *el = &rec->rec_evlist;
	struct perf_mmap *map = &rec->mmaps[rec->nr_mmaps];
	int fd = *rec_evsel__fd(&el->entries[e], el, c, t), ret;

	if (overwrite)
		ret = perf_mmap__open_overwrite(map, fd, el->cpus.cpus[c], rec->opts.mmap_pages);
	else
		ret = perf_mmap__open(map, fd, el->cpus.cpus[c], rec->opts.mmap_pages);
	if (ret) {
		fprintf(stderr, "Error: cannot mmap the ring buffer (%zu pages) of CPU %d: %s\n"
			"Hint: try fewer pages with -m, or raise /proc/sys/kernel/perf_event_mlock_kb\n",
			rec->opts.mmap_pages, el->cpus.cpus[c], strerror(-ret));
		return ret;
	}
	rec->nr_mmaps++;
	return 0;
}

/*
 * Forward: everything on a CPU shares entry 0's buffer.  --overwrite:
 * entry 0 (the side-band dummy) keeps a forward buffer; the sampling
 * events share a backward one (the kernel will not mix directions).
 * --per-thread (the one CPU "any"): the kernel redirects only within a
 * task there, so each thread gets buffers of its own.
 */
int record__mmap_all(struct record *rec)
{
	struct rec_evlist *el = &rec->rec_evlist;
	bool ow = rec->opts.overwrite && el->nr > 1;
	bool per_thread = el->cpus.nr == 1 && el->cpus.cpus[0] == -1;
	int c, t, ret, split = ow ? 1 : el->nr;
	int nr_bufs = per_thread ? el->threads.nr : el->cpus.nr;

	rec->mmaps = calloc(nr_bufs * (ow ? 2 : 1), sizeof(*rec->mmaps));
	if (!rec->mmaps)
		return -ENOMEM;
	for (c = 0; c < nr_bufs; c++) {
		int cpu = per_thread ? 0 : c, thr = per_thread ? c : -1;

		t = per_thread ? c : 0;
		ret = record__mmap_one(rec, cpu, t, 0, false);
		if (!ret)
			ret = record__set_output(rec, cpu, thr, 0, split,
						 rec->mmaps[rec->nr_mmaps - 1].fd);
		if (!ret && ow) {
			ret = record__mmap_one(rec, cpu, t, 1, true);
			if (!ret)
				ret = record__set_output(rec, cpu, thr, 1, el->nr,
							 rec->mmaps[rec->nr_mmaps - 1].fd);
		}
		if (ret)
			return ret;
	}
	return 0;
}

void record__munmap_all(struct record *rec)
{
	int i;

	for (i = 0; i < rec->nr_mmaps; i++)
		perf_mmap__close(&rec->mmaps[i]);
	free(rec->mmaps);
	rec->mmaps = NULL;
	rec->nr_mmaps = 0;
}
