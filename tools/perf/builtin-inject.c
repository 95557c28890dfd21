// SPDX-License-Identifier: GPL-2.0
/*
 * perf inject: rewrite a perf.data, file or stream, into a file or a
 * stream.  For now a faithful pass-through: every record, every payload,
 * every feature section (understood or not) arrives in the output.
 *
 *   file   -> file:   same attrs, records copied, features rewritten
 *   file   -> stream: the header as HEADER_ATTR/HEADER_FEATURE/HEADER_BUILD_ID
 *   stream -> stream: byte for byte
 *   stream -> file:   header records folded into the file header
 *
 * -b/--build-ids and --buildid-all add HEADER_BUILD_ID records from the
 * recording's own ids (inject/build-ids.c).
 *
 * --convert-mmap3 rewrites PERF_RECORD_MMAP3 as MMAP2 (inject/mmap3-convert.c)
 * and the attrs that asked for MMAP3 as asking for MMAP2 with build-ids, so
 * that perf versions without MMAP3 (upstream 6.1) can read the output.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "builtin.h"
#include "util/base/parse-options.h"
#include "util/base/debug.h"
#include "util/data/evlist.h"
#include "inject/build-ids.h"
#include "inject/mmap3-convert.h"
#include "util/session/session.h"

#define OUT_BUF	(1024 * 1024)

struct inject {
	struct perf_tool tool;
	struct perf_data out;
	struct perf_header out_h;
	bool in_pipe;
	bool started;
	bool convert_mmap3;		/* --convert-mmap3 */
	bool build_ids, buildid_all;	/* -b, --buildid-all */
	struct inject_build_ids *ib;	/* with either */
	u64 nr_converted;
	u64 *saved_flags;		/* the input's attr flags, while converted */
	char *buf;			/* output is batched: no write per record */
	size_t buf_len;
	u64 data_size;			/* record bytes written (file output) */
	/* stream -> file: TRACING_DATA payloads become the feature */
	char *tracing;
	size_t tracing_len;
};

/* A file keeps these in its header, not among the records. */
static bool inject__to_header(const struct inject *inj, u32 type)
{
	return inj->in_pipe && !inj->out.is_pipe &&
	       (type == PERF_RECORD_HEADER_ATTR || type == PERF_RECORD_HEADER_FEATURE ||
		type == PERF_RECORD_HEADER_BUILD_ID || type == PERF_RECORD_HEADER_TRACING_DATA);
}

static int inject__flush(struct inject *inj)
{
	int err = 0;

	if (inj->buf_len)
		err = perf_data__write(&inj->out, inj->buf, inj->buf_len);
	inj->buf_len = 0;
	if (err)
		pr_err("%s: write failed: %s\n", inj->out.path, strerror(-err));
	return err;
}

static int inject__write(struct inject *inj, const void *p, size_t len)
{
	inj->data_size += len;
	if (inj->buf_len + len > OUT_BUF) {
		int err = inject__flush(inj);

		if (err)
			return err;
		if (len > OUT_BUF) {
			err = perf_data__write(&inj->out, p, len);
			if (err)
				pr_err("%s: write failed: %s\n", inj->out.path, strerror(-err));
			return err;
		}
	}
	memcpy(inj->buf + inj->buf_len, p, len);
	inj->buf_len += len;
	return 0;
}

/*
 * With --convert-mmap3 the output's attrs ask for MMAP2, not MMAP3: they
 * are swapped in while the header is written and swapped back after, as
 * the session still reads the input with the input's attrs.
 */
static int inject__attrs_convert(struct inject *inj, struct evlist *evlist)
{
	int i;

	if (!inj->convert_mmap3)
		return 0;
	inj->saved_flags = calloc(evlist->nr ?: 1, sizeof(u64));
	if (!inj->saved_flags) {
		pr_err("perf inject: out of memory\n");
		return -ENOMEM;
	}
	for (i = 0; i < evlist->nr; i++) {
		inj->saved_flags[i] = evlist->entries[i]->attr.flags;
		evlist->entries[i]->attr.flags = mmap3_convert__attr_flags(inj->saved_flags[i]);
	}
	return 0;
}

static void inject__attrs_restore(struct inject *inj, struct evlist *evlist)
{
	int i;

	if (!inj->saved_flags)
		return;
	for (i = 0; i < evlist->nr; i++)
		evlist->entries[i]->attr.flags = inj->saved_flags[i];
	free(inj->saved_flags);
	inj->saved_flags = NULL;
}

/* EVENT_DESC copies the attrs: the session's is converted for the output. */
static int inject__event_desc_convert(struct inject *inj, struct perf_header *h)
{
	const void *p;
	void *copy;
	u64 size;
	int err;

	p = perf_header__feat(h, HEADER_EVENT_DESC, &size);
	if (!inj->convert_mmap3 || !p)
		return 0;
	copy = malloc(size ?: 1);
	if (!copy) {
		pr_err("perf inject: out of memory\n");
		return -ENOMEM;
	}
	memcpy(copy, p, size);
	if (mmap3_convert__event_desc(copy, size))
		pr_warning("perf inject: malformed EVENT_DESC feature, its attrs converted in part\n");
	err = perf_header__set_feat(h, HEADER_EVENT_DESC, copy, size);
	free(copy);
	if (err)
		pr_err("perf inject: out of memory\n");
	return err;
}

/* The output's header, once the input's is complete. */
static int inject__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct inject *inj = (struct inject *)tool;
	int err;

	err = inject__event_desc_convert(inj, &session->header);
	if (!err && inj->ib)
		err = inject_build_ids__header(inj->ib, session);
	if (err)
		return err;
	if (inj->out.is_pipe) {
		/* A stream input already sent its header records through. */
		if (inj->in_pipe) {
			inj->started = true;
			return 0;
		}
		err = inject__attrs_convert(inj, &session->evlist) ?:
		      perf_header__write_pipe(&session->header, &session->evlist, &inj->out);
	} else {
		err = inject__attrs_convert(inj, &session->evlist) ?:
		      perf_header__write_begin(&inj->out_h, &session->evlist, &inj->out);
	}
	inject__attrs_restore(inj, &session->evlist);
	inj->started = !err;
	inj->data_size = 0;
	return err;
}

/*
 * Stream to stream: HEADER_ATTR records and the EVENT_DESC HEADER_FEATURE
 * record pass through with the converted attr flags.
 */
static int inject__write_attr(struct inject *inj, const union perf_event *event)
{
	union perf_event *copy;
	size_t size = event->header.size;
	int err;

	if (size < sizeof(event->header) + offsetof(struct perf_event_attr, flags) + sizeof(u64))
		return inject__write(inj, event, size);
	if (event->header.type == PERF_RECORD_HEADER_FEATURE &&
	    (size < sizeof(event->feat) || event->feat.feat_id != HEADER_EVENT_DESC))
		return inject__write(inj, event, size);
	copy = malloc(size);
	if (!copy) {
		pr_err("perf inject: out of memory\n");
		return -ENOMEM;
	}
	memcpy(copy, event, size);
	if (event->header.type == PERF_RECORD_HEADER_ATTR)
		copy->attr.attr.flags = mmap3_convert__attr_flags(copy->attr.attr.flags);
	else if (mmap3_convert__event_desc((char *)copy + sizeof(copy->feat),
					   size - sizeof(copy->feat)))
		pr_warning("perf inject: malformed EVENT_DESC feature, its attrs converted in part\n");
	err = inject__write(inj, copy, size);
	free(copy);
	return err;
}

static int inject__write_mmap3(struct inject *inj, const union perf_event *event,
			       u64 file_offset)
{
	struct perf_record_mmap2 head;
	const void *tail;
	size_t tail_len;

	if (mmap3_convert__record(event, &head, &tail, &tail_len)) {
		pr_err("perf inject: MMAP3 record of %u bytes at %#llx is too short to convert\n",
		       event->header.size, (unsigned long long)file_offset);
		return -EINVAL;
	}
	inj->nr_converted++;
	return inject__write(inj, &head, sizeof(head)) ?: inject__write(inj, tail, tail_len);
}

static int inject__event(struct perf_tool *tool, struct perf_session *session,
			 const union perf_event *event, u64 file_offset)
{
	struct inject *inj = (struct inject *)tool;
	u32 type = event->header.type;
	bool mmap3 = inj->convert_mmap3 && perf_event__is_mmap3(type, session->wants_mmap3);

	/* COMPRESSED records are copied whole, not their contents. */
	if (session->decompressing) {
		if (!mmap3)
			return 0;
		pr_err("perf inject: --convert-mmap3: MMAP3 records inside COMPRESSED records (perf record -z) cannot be converted\n");
		return -EOPNOTSUPP;
	}
	if (inj->ib) {
		int err = inject_build_ids__event(inj->ib, session, event);

		if (err)
			return err;
	}
	if (inject__to_header(inj, type))
		return 0;
	if (mmap3)
		return inject__write_mmap3(inj, event, file_offset);
	if (inj->convert_mmap3 &&
	    (type == PERF_RECORD_HEADER_ATTR || type == PERF_RECORD_HEADER_FEATURE))
		return inject__write_attr(inj, event);
	return inject__write(inj, event, event->header.size);
}

static int inject__payload(struct perf_tool *tool, struct perf_session *session,
			   const union perf_event *event, const void *data, size_t len)
{
	struct inject *inj = (struct inject *)tool;

	if (session->decompressing)
		return 0;
	if (inject__to_header(inj, event->header.type)) {
		/* Bounded by the input: it is all in the stream. */
		char *p = realloc(inj->tracing, inj->tracing_len + len);

		if (!p) {
			pr_err("perf inject: out of memory\n");
			return -ENOMEM;
		}
		memcpy(p + inj->tracing_len, data, len);
		inj->tracing = p;
		inj->tracing_len += len;
		return 0;
	}
	return inject__write(inj, data, len);
}

/* -b: the side-band keeps the model current (after the record is copied). */
static int inject__mmap(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_mmap_info *info,
			const struct perf_sample *sample)
{
	struct inject *inj = (struct inject *)tool;

	return inj->ib ? inject_build_ids__mmap(inj->ib, session, event, info, sample) : 0;
}

static int inject__comm(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct inject *inj = (struct inject *)tool;
	struct perf_tool *mt = &inj->ib->mt.tool;

	return mt->comm(mt, session, event, sample);
}

static int inject__fork(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct inject *inj = (struct inject *)tool;
	struct perf_tool *mt = &inj->ib->mt.tool;

	return mt->fork(mt, session, event, sample);
}

static int inject__exit(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct inject *inj = (struct inject *)tool;
	struct perf_tool *mt = &inj->ib->mt.tool;

	return mt->exit(mt, session, event, sample);
}

static int inject__write_cb(void *priv, const void *buf, size_t len)
{
	return inject__write(priv, buf, len);
}

static int inject__finish(struct inject *inj, struct perf_session *session)
{
	int feat, err = 0;

	if (inj->ib)
		err = inject_build_ids__finish(inj->ib);
	err = err ?: inject__flush(inj);
	if (err || inj->out.is_pipe)
		return err;
	for (feat = 0; feat < HEADER_FEAT_BITS && !err; feat++) {
		u64 size;
		const void *p = perf_header__feat(&session->header, feat, &size);

		if (p)
			err = perf_header__set_feat(&inj->out_h, feat, p, size);
	}
	if (!err && inj->tracing)
		err = perf_header__set_feat(&inj->out_h, HEADER_TRACING_DATA, inj->tracing,
					    inj->tracing_len);
	if (err) {
		pr_err("perf inject: out of memory\n");
		return err;
	}
	err = inject__attrs_convert(inj, &session->evlist) ?:
	      perf_header__write_end(&inj->out_h, &session->evlist, &inj->out, inj->data_size);
	inject__attrs_restore(inj, &session->evlist);
	return err;
}

static const char * const inject_usage[] = { "perf inject [<options>]", NULL };

int cmd_inject(int argc, const char **argv)
{
	struct inject inj = {
		.tool = {
			.header_done = inject__header_done,
			.event = inject__event,
			.payload = inject__payload,
		},
	};
	const char *input = "-", *output = "-";
	struct perf_session session;
	struct perf_data data;
	bool force = false;
	int verbose = 0, err;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'b', "build-ids", &inj.build_ids, NULL,
		  "Inject build-ids into the output stream" },
		{ PARSE_OPT_BOOL, 0, "buildid-all", &inj.buildid_all, NULL,
		  "Inject build-ids of all DSOs into the output stream" },
		{ PARSE_OPT_BOOL, 0, "convert-mmap3", &inj.convert_mmap3, NULL,
		  "rewrite MMAP3 records as MMAP2 (for perf without MMAP3)" },
		{ PARSE_OPT_BOOL, 'f', "force", &force, NULL, "don't complain, do it" },
		{ PARSE_OPT_STRING, 'i', "input", &input, "file", "input file name" },
		{ PARSE_OPT_STRING, 'o', "output", &output, "file", "output file name" },
		{ PARSE_OPT_INCR, 'v', "verbose", &verbose, NULL,
		  "be more verbose (show build ids, etc)" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "inject", .usage = inject_usage, .opts = opts };

	err = parse_opts__parse_no_args(&p, argc, argv);
	if (err)
		return err;
	/* --no-input, --no-output: the default pipes */
	input = input ?: "-";
	output = output ?: "-";

	perf_header__init(&inj.out_h);
	inj.buf = malloc(OUT_BUF);
	if (!inj.buf) {
		pr_err("perf inject: out of memory\n");
		return 1;
	}
	if (perf_data__open(&data, input, PERF_DATA_READ, force)) {
		free(inj.buf);
		return 1;
	}
	err = perf_session__open(&session, &data);
	if (err)
		goto out_data;
	session.verbose = verbose;
	inj.in_pipe = session.header.is_pipe;
	if (inj.build_ids || inj.buildid_all) {
		inj.ib = malloc(sizeof(*inj.ib));
		if (!inj.ib || inject_build_ids__init(inj.ib, inj.buildid_all, inject__write_cb,
						      &inj, verbose)) {
			free(inj.ib);
			inj.ib = NULL;
			pr_err("perf inject: out of memory\n");
			err = -ENOMEM;
			goto out_session;
		}
		inj.tool.mmap = inject__mmap;
		inj.tool.comm = inject__comm;
		inj.tool.fork = inject__fork;
		inj.tool.exit = inject__exit;
	}

	err = perf_data__open(&inj.out, output, PERF_DATA_WRITE, force);
	if (err)
		goto out_session;
	if (inj.in_pipe && inj.out.is_pipe) {
		struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };

		err = inject__write(&inj, &ph, sizeof(ph));
	}
	if (!err)
		err = perf_session__process_events(&session, &inj.tool);
	/* Damage in the input was reported; what came before it is kept. */
	if (inj.started && (!err || err == -EINVAL)) {
		int err2 = inject__finish(&inj, &session);

		err = err ?: err2;
	}
	if (inj.convert_mmap3)
		pr_debug(verbose, 1, "converted %llu MMAP3 records to MMAP2\n",
			 (unsigned long long)inj.nr_converted);
	perf_data__close(&inj.out);
out_session:
	perf_session__close(&session);
out_data:
	perf_data__close(&data);
	perf_header__exit(&inj.out_h);
	free(inj.tracing);
	free(inj.buf);
	if (inj.ib) {
		pr_debug(verbose, 1, "injected %llu build-ids, %llu of them read from the file "
			 "(none in the recording), %llu DSOs hit without one\n",
			 (unsigned long long)inj.ib->nr_injected,
			 (unsigned long long)inj.ib->nr_from_path,
			 (unsigned long long)inj.ib->nr_without);
		inject_build_ids__exit(inj.ib);
		free(inj.ib);
	}
	return err ? 1 : 0;
}
