// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's lookout: a dummy event on the same targets that reports
 * only maps, into small buffers that wake the reader at every record.
 *
 * Why: the samples' buffers wake it at half full, and a build that lives
 * a few milliseconds (a deploy loop renaming builds over one path) is
 * gone by then, or by the next poll tick.  The lookout's MMAP records
 * reach the build-id securer within microseconds, while the process
 * still maps its file.  Its records are not written: the tracking event
 * writes the same maps into the file.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "record/record.h"
#include "util/base/debug.h"

#define LOOKOUT_PAGES	8	/* maps only: 32 KiB per CPU is plenty */

static int lookout__inspect(void *priv, const union perf_event *event,
			    struct perf_event_header *fix)
{
	struct record *rec = priv;
	struct perf_mmap_info info;
	int added;

	if (event->header.type != PERF_RECORD_MMAP2 && event->header.type != PERF_RECORD_MMAP3)
		return 0;
	if (event->header.type == PERF_RECORD_MMAP3 && rec->src != BUILDID_SRC_MMAP3)
		return 0;
	if ((event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_USER ||
	    (event->header.misc & PERF_RECORD_MISC_MMAP_DATA))
		return 0;
	if (perf_event__parse_mmap(event, &rec->lookout.entries[0].attr, &info))
		return 0;
	/* No id in the record: the securer reads it from the file. */
	if (rec->src == BUILDID_SRC_USERSPACE)
		return buildid_table__skip_path(info.filename) ? 0 :
		       record__userspace_map(rec, &info, false);
	if (!info.has_build_id)
		return 0;
	added = buildid_table__add(&rec->lookout_seen, info.filename, PERF_RECORD_MISC_USER,
				   info.build_id, info.build_id_size);
	if (added > 0)
		build_id_secure__queue(&rec->secure, info.pid, info.start, info.start + info.len,
				       info.pgoff, info.filename, info.build_id,
				       info.build_id_size);
	return added < 0 ? -ENOMEM : 0;
}

static int lookout__discard(void *priv, const void *buf, size_t len)
{
	return 0;
}

static const struct perf_mmap_ops lookout_ops = {
	.record = lookout__inspect,
	.write = lookout__discard,
};

/* The lookout's event: the tracking event's maps, nothing else. */
static void lookout__attr(const struct record *rec, struct perf_event_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_DUMMY;
	attr->flags = rec->track_attr.flags & (PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_BUILD_ID |
					       PERF_ATTR_FLAG_MMAP3 | PERF_ATTR_FLAG_INHERIT |
					       PERF_ATTR_FLAG_ENABLE_ON_EXEC |
					       PERF_ATTR_FLAG_DISABLED);
	attr->flags |= PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_WATERMARK;
	attr->wakeup_watermark = 1;	/* every record wakes the reader */
}

int record__lookout_open(struct record *rec)
{
	struct rec_evlist *lo = &rec->lookout;
	struct perf_event_attr attr;
	int c, t, ret;

	lookout__attr(rec, &attr);
	ret = rec_evlist__copy_targets(lo, &rec->rec_evlist);
	if (!ret)
		ret = rec_evlist__add(lo, &attr, "dummy:lookout");
	if (!ret)
		ret = rec_evlist__open(lo, rec->workload, true);	/* the samples said it */
	if (ret)
		goto out_err;
	rec->lookout_mmaps = calloc(lo->cpus.nr, sizeof(*rec->lookout_mmaps));
	if (!rec->lookout_mmaps) {
		ret = -ENOMEM;
		goto out_err;
	}
	for (c = 0; c < lo->cpus.nr; c++) {
		struct perf_mmap *map = &rec->lookout_mmaps[c];
		int fd = *rec_evsel__fd(&lo->entries[0], lo, c, 0);

		ret = perf_mmap__open(map, fd, lo->cpus.cpus[c], LOOKOUT_PAGES);
		if (ret)
			goto out_err;
		rec->nr_lookout++;
		for (t = 1; t < lo->threads.nr; t++) {
			if (ioctl(*rec_evsel__fd(&lo->entries[0], lo, c, t),
				  PERF_EVENT_IOC_SET_OUTPUT, fd) < 0) {
				ret = -errno;
				goto out_err;
			}
		}
	}
	return 0;
out_err:
	/* The poll tick still reads the maps, only later: say so once, -v. */
	pr_debug(rec->opts.verbose, 1, "build-id cache: no map lookout (%s): maps are seen "
		 "at the next poll tick\n", strerror(-ret));
	record__lookout_close(rec);
	return ret;
}

void record__lookout_read(struct record *rec)
{
	int i;

	for (i = 0; i < rec->nr_lookout; i++)
		perf_mmap__read(&rec->lookout_mmaps[i], &lookout_ops, rec);
}

void record__lookout_close(struct record *rec)
{
	int i;

	for (i = 0; i < rec->nr_lookout; i++)
		perf_mmap__close(&rec->lookout_mmaps[i]);
	free(rec->lookout_mmaps);
	rec->lookout_mmaps = NULL;
	rec->nr_lookout = 0;
	rec_evlist__exit(&rec->lookout);
	rec_evlist__init(&rec->lookout);
}
