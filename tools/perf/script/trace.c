// SPDX-License-Identifier: GPL-2.0
/* perf script's tracepoint fields.  See script/trace.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "script/trace.h"
#include "script/buffered-output.h"
#include "util/base/array.h"
#include "util/base/debug.h"
#include "util/data/evsel.h"
#include "util/data/event.h"
#include "util/session/session.h"

void script_trace__init(struct script_trace *st, const char *path)
{
	memset(st, 0, sizeof(*st));
	st->path = path;
}

void script_trace__exit(struct script_trace *st)
{
	trace_event__exit(&st->te);
	free(st->buf);
	st->buf = NULL;
	st->nr = st->alloc = 0;
}

static int script_trace__parse(struct script_trace *st, const void *buf, u64 size)
{
	const char *what = NULL;
	int err;

	st->done = true;
	err = trace_event__parse(&st->te, buf, size, &what);
	if (err == -EINVAL) {
		pr_warning("%s: tracing data is corrupt (%s): tracepoint fields are not shown\n",
			   st->path, what);
		return 0;
	}
	return err;
}

int script_trace__from_header(struct script_trace *st, struct perf_session *session)
{
	const void *data;
	u64 size;

	if (st->done)
		return 0;
	data = perf_header__feat(&session->header, HEADER_TRACING_DATA, &size);
	if (!data)
		return 0;
	return script_trace__parse(st, data, size);
}

int script_trace__payload(struct script_trace *st, u32 total, const void *data, size_t len)
{
	int err;

	if (st->done)	/* one tracing data per file, as upstream reads it */
		return 0;
	/* grown as it arrives: a damaged size must not allocate up front */
	if (len > total - st->nr)
		len = total - st->nr;
	err = ARRAY_GROW(st->buf, st->alloc, st->nr + len);
	if (err)
		return err == -EOVERFLOW ? -ENOMEM : err;
	memcpy(st->buf + st->nr, data, len);
	st->nr += len;
	if (st->nr < total)
		return 0;
	err = script_trace__parse(st, st->buf, st->nr);
	free(st->buf);
	st->buf = NULL;
	st->nr = st->alloc = 0;
	return err;
}

static void script_trace__write(void *ctx, const char *s, size_t len)
{
	script_out__write(ctx, s, len);
}

int script_trace__print(struct script_trace *st, struct script_out *out,
			const struct evsel *evsel, const struct perf_sample *sample)
{
	struct tep_event *event;

	if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !sample->raw_data)
		return 0;
	event = trace_event__find(&st->te, evsel->attr.config);
	if (!event)
		return 0;
	return trace_event__format(&st->te, event, (int)sample->cpu, sample->raw_data, sample->raw_size,
				   script_trace__write, out);
}
