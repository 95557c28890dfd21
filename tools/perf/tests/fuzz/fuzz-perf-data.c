// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as a perf.data, file or stream format.  The
 * input goes into a memfd (a regular file, so file mode is mapped like a
 * real file; stream format is detected and read sequentially), then the
 * header is read and every record walked with a tool that reads every
 * field the decoders hand out, so the sanitizers see any bad pointer;
 * then the header is listed as --header (-I too) lists it.
 *
 *   build/fuzz/fuzz-perf-data tools/perf/tests/fuzz/corpus/perf-data/
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/session/session.h"
#include "util/session/header-print.h"

struct touch {
	struct perf_tool tool;
	u64 sum;
};

static void touch_bytes(struct touch *t, const void *p, size_t len)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i < len; i++)
		t->sum += b[i];
}

static int t_event(struct perf_tool *tool, struct perf_session *s,
		   const union perf_event *event, u64 off)
{
	touch_bytes((struct touch *)tool, event, event->header.size);
	return 0;
}

static int t_sample(struct perf_tool *tool, struct perf_session *s,
		    const union perf_event *event, const struct perf_sample *sample,
		    struct evsel *evsel)
{
	struct touch *t = (struct touch *)tool;

	t->sum += sample->ip + sample->time + sample->period;
	if (sample->callchain)
		touch_bytes(t, sample->callchain->ips, sample->callchain->nr * sizeof(u64));
	if (sample->raw_data)
		touch_bytes(t, sample->raw_data, sample->raw_size);
	if (sample->branch_entries)
		touch_bytes(t, sample->branch_entries, sample->branch_nr * 24);
	return 0;
}

static int t_mmap(struct perf_tool *tool, struct perf_session *s,
		  const union perf_event *event, const struct perf_mmap_info *info,
		  const struct perf_sample *sample)
{
	struct touch *t = (struct touch *)tool;

	touch_bytes(t, info->filename, strlen(info->filename));
	if (info->has_build_id)
		touch_bytes(t, info->build_id, info->build_id_size);
	return 0;
}

static int t_payload(struct perf_tool *tool, struct perf_session *s,
		     const union perf_event *event, const void *data, size_t len)
{
	touch_bytes((struct touch *)tool, data, len);
	return 0;
}

static int t_build_id(void *priv, const struct perf_record_header_build_id *ev,
		      const u8 *build_id, u8 size, const char *filename)
{
	struct touch *t = priv;

	touch_bytes(t, build_id, size);
	touch_bytes(t, filename, strlen(filename));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct touch t = {
		.tool = {
			.event = t_event,
			.sample = t_sample,
			.mmap = t_mmap,
			.payload = t_payload,
		},
	};
	struct perf_session session;
	struct perf_data data;
	u64 nr_lost;
	FILE *null;
	int fd, feat;

	fd = memfd_create("fuzz-perf-data", 0);
	if (fd < 0)
		return 0;
	if (len && write(fd, buf, len) != (ssize_t)len)
		goto out;
	lseek(fd, 0, SEEK_SET);
	memset(&data, 0, sizeof(data));
	data.path = "fuzz.data";
	data.fd = fd;
	data.mode = PERF_DATA_READ;
	data.file_size = len;
	if (len == 0 || perf_session__open(&session, &data))
		goto out;
	perf_session__process_events(&session, &t.tool);
	/* What the header holds once the records (pipe mode) are in. */
	for (feat = 0; feat < HEADER_LAST_FEATURE; feat++) {
		char *str = perf_header__feat_string(&session.header, feat);

		if (str)
			touch_bytes(&t, str, strlen(str));
		free(str);
	}
	perf_header__for_each_build_id(&session.header, t_build_id, &t);
	/* Ours: checked at read, then walked as report --header and its summary do. */
	if (!perf_header__unsecured_nr(&session.header, &nr_lost))
		t.sum += nr_lost;
	perf_header__for_each_unsecured(&session.header, t_build_id, &t);
	/* The --header listing, with and without -I: every section decoded. */
	null = fopen("/dev/null", "w");
	if (null) {
		perf_session__fprintf_header(&session, null, false);
		perf_session__fprintf_header(&session, null, true);
		fclose(null);
	}
	perf_session__close(&session);
out:
	close(fd);
	/* Keep the reads from being optimized away. */
	*(volatile u64 *)&t.sum = t.sum;
	return 0;
}
