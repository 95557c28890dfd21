// SPDX-License-Identifier: GPL-2.0
/*
 * Walking the records of a perf.data: a file's data section through one
 * read-only mapping, a stream through a buffer, COMPRESSED records through
 * a zstd stream that lives across records (a record may be split over two
 * of them).  Every record is bounds-checked before it is handed to a tool.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <zstd.h>
#include "util/session/session.h"
#include "util/session/ordered-events.h"
#include "util/base/debug.h"

#define MAX_RECORD	65536		/* header.size is a u16 */
#define STREAM_BUF	(256 * 1024)
#define ZSTD_CHUNK	(256 * 1024)

struct walk {
	struct perf_session *session;
	struct perf_tool *tool;
	void *bounce;			/* 8-aligned copy of a misaligned record */
	void *zbounce;			/* the same for records inside COMPRESSED */
	bool header_done;
	/* COMPRESSED: one zstd stream across records, plus a partial record */
	ZSTD_DStream *zstd;
	char *zbuf;
	size_t zlen, zcap;
	/* stream input */
	char *sbuf;
	size_t shead, stail;
	u64 soff;			/* stream offset of sbuf[shead] */
	bool seof;
	/* tool->ordered_events: the queue, and the chunk of the file being walked */
	bool ordering;
	struct ordered_events oe;
	struct oe_chunk *rchunk;
	const char *rlo, *rhi;		/* its bytes */
	u64 data_end;			/* file offset where the data ends; 0: a stream */
	bool stop;			/* tolerated damage: nothing after it is read */
};

/*
 * A file is walked through windows of this size mapped one after the
 * other (each faulted in by one call), not read into a buffer: the
 * kernel's copy for read(2) was 29% of a flat report's profile.  A window is
 * unmapped as soon as no queued record points into it, so memory stays at
 * about two rounds of records whatever the file's size.
 */
#define READ_WINDOW	(4u << 20)
/*
 * Each record's header says where the next one starts: a chain of
 * dependent loads, each a cache miss in a fresh mapping.  Asking for the
 * bytes this far ahead of the walk keeps them coming.
 */
#define PREFETCH_AHEAD	4096

int perf_session__open(struct perf_session *session, struct perf_data *data)
{
	int err;

	memset(session, 0, sizeof(*session));
	session->data = data;
	perf_header__init(&session->header);
	evlist__init(&session->evlist);
	err = perf_header__read(&session->header, &session->evlist, data);
	if (err) {
		perf_session__close(session);
		return err;
	}
	session->wants_mmap3 = evlist__wants_mmap3(&session->evlist);
	return 0;
}

int evsel__name_from_attr(struct evsel *evsel)
{
	char mods[16], *name;

	free(evsel->name);
	evsel->name = NULL;
	if (!evsel__modifiers(evsel, mods, sizeof(mods)))
		return 0;
	if (asprintf(&name, "%s%s", evsel__name(evsel), mods) < 0)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = name;
	return 0;
}

static int perf_session__name_from_attrs(struct perf_session *session)
{
	struct evlist *evlist = &session->evlist;
	int i, err;

	for (i = 0; i < evlist->nr; i++) {
		err = evsel__name_from_attr(evlist->entries[i]);
		if (err)
			return err;
	}
	return 0;
}

/* A stream's EVENT_DESC entry must name a known id (see below). */
static int event_desc__id_unknown(void *priv, u32 idx, const struct event_desc_entry *e)
{
	const struct evlist *evlist = priv;
	u64 id;

	if (!e->nr_ids)
		return 1;
	memcpy(&id, e->ids, 8);
	return !evlist__id2evsel(evlist, id);
}

/*
 * A stream's EVENT_DESC names events only by id (upstream matches no
 * other way there): does every entry carry an id of a known event?
 */
static bool event_desc__ids_known(const struct evlist *evlist, const void *desc, u64 size)
{
	return event_desc__for_each(desc, size, event_desc__id_unknown, (void *)evlist) == 0;
}

int perf_session__name_events(struct perf_session *session, bool quiet, bool stream_desc)
{
	const void *desc;
	u64 size;
	int err;

	/*
	 * Upstream names events from EVENT_DESC ("cpu-clock:u"), which a
	 * stream may carry as a feature record too; else from their attrs
	 * with the modifiers ("cpu-clock:uH").
	 */
	desc = perf_header__feat(&session->header, HEADER_EVENT_DESC, &size);
	if (!desc || (session->header.is_pipe &&
		      (!stream_desc || !event_desc__ids_known(&session->evlist, desc, size))))
		return perf_session__name_from_attrs(session);
	err = evlist__set_event_desc_names(&session->evlist, desc, size);
	if (err == -ENOMEM)
		return err;
	if (err && !quiet)
		pr_warning("%s: malformed EVENT_DESC section, event names derived from attrs\n",
			   session->data->path);
	return 0;
}

void perf_session__close(struct perf_session *session)
{
	perf_header__exit(&session->header);
	evlist__exit(&session->evlist);
}

/* Damage ends the walk: a warning at a tolerated tail, an error otherwise. */
static int walk__damage(struct walk *w, u64 off, const char *what, bool tail_ok)
{
	const char *path = w->session->data->path;

	w->session->stats.truncated = true;
	if (tail_ok) {
		/* the file's walk ends here, not just this chunk's */
		if (!w->session->decompressing)
			w->stop = true;
		pr_warning("%s: %s at offset %#llx, ignoring the rest\n", path, what,
			   (unsigned long long)off);
		return 0;
	}
	pr_err("%s: %s at offset %#llx\n", path, what, (unsigned long long)off);
	return -EINVAL;
}

static int walk__header_done(struct walk *w)
{
	if (w->header_done)
		return 0;
	w->header_done = true;
	if (w->tool->header_done)
		return w->tool->header_done(w->tool, w->session);
	return 0;
}

/* Bytes of payload that follow @event in the file or stream, or -1 if bad. */
static s64 event__payload_size(const union perf_event *event)
{
	switch (event->header.type) {
	case PERF_RECORD_HEADER_TRACING_DATA:
		if (event->header.size < sizeof(event->tracing_data))
			return -1;
		return event->tracing_data.size;
	case PERF_RECORD_AUXTRACE:
		if (event->header.size < sizeof(event->auxtrace) ||
		    event->auxtrace.size > (u64)INT64_MAX)
			return -1;
		return event->auxtrace.size;
	default:
		return 0;
	}
}

static struct evsel *walk__evsel(struct walk *w, const union perf_event *event)
{
	struct evlist *evlist = &w->session->evlist;
	struct evsel *evsel = evlist__event2evsel(evlist, event);

	int i;

	if (evsel || event->header.type == PERF_RECORD_SAMPLE || !evlist->nr)
		return evsel;
	/*
	 * No id to tell.  Side-band records come from the tracking event
	 * (the one asking for mmap/comm/task): its attr says whether MMAP2
	 * build-ids are to be trusted.
	 */
	for (i = 0; i < evlist->nr; i++)
		if (evlist->entries[i]->attr.flags &
		    (PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_COMM |
		     PERF_ATTR_FLAG_TASK))
			return evlist->entries[i];
	return evlist->entries[0];
}

static int walk__compressed(struct walk *w, const union perf_event *event, u64 off);

static int walk__typed(struct walk *w, const union perf_event *event, u64 off)
{
	struct perf_session *session = w->session;
	struct perf_tool *tool = w->tool;
	u32 type = event->header.type;
	struct perf_sample sample;
	struct evsel *evsel = NULL;
	int err;

	memset(&sample, 0, sizeof(sample));
	if (session->header.is_pipe &&
	    (type == PERF_RECORD_HEADER_ATTR || type == PERF_RECORD_HEADER_FEATURE ||
	     type == PERF_RECORD_HEADER_BUILD_ID)) {
		err = perf_header__process_user_record(&session->header, &session->evlist, event);
		if (err < 0) {
			if (err != -EINVAL)
				return err;
			session->stats.nr_bad_records++;
			pr_debug(session->verbose, 1, "bad %s record at %#llx\n",
				 perf_event__name(type), (unsigned long long)off);
		}
		session->wants_mmap3 = evlist__wants_mmap3(&session->evlist);
		return 0;
	}
	if (type == PERF_RECORD_COMPRESSED)
		return walk__compressed(w, event, off);

	if (type < PERF_RECORD_USER_TYPE_START) {
		evsel = walk__evsel(w, event);
		if (!evsel) {
			session->stats.nr_unknown_id++;
			return 0;
		}
		err = type == PERF_RECORD_SAMPLE ?
		      evsel__parse_sample(evsel, event, &sample) :
		      evsel__parse_id_sample(evsel, event, &sample);
		if (err) {
			session->stats.nr_bad_records++;
			return 0;
		}
	}

	switch (type) {
	case PERF_RECORD_SAMPLE:
		return tool->sample ? tool->sample(tool, session, event, &sample, evsel) : 0;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_MMAP3: {
		struct perf_mmap_info info;

		if (type == PERF_RECORD_MMAP3 && !perf_event__is_mmap3(type, session->wants_mmap3))
			break;
		if (perf_event__parse_mmap(event, &evsel->attr, &info)) {
			session->stats.nr_bad_records++;
			return 0;
		}
		return tool->mmap ? tool->mmap(tool, session, event, &info, &sample) : 0;
	}
	case PERF_RECORD_COMM:
		return tool->comm ? tool->comm(tool, session, event, &sample) : 0;
	case PERF_RECORD_FORK:
		return tool->fork ? tool->fork(tool, session, event, &sample) : 0;
	case PERF_RECORD_EXIT:
		return tool->exit ? tool->exit(tool, session, event, &sample) : 0;
	case PERF_RECORD_LOST:
		if (event->header.size < sizeof(event->lost)) {
			session->stats.nr_bad_records++;
			return 0;
		}
		session->stats.total_lost += event->lost.lost;
		break;
	case PERF_RECORD_LOST_SAMPLES:
		if (event->header.size < sizeof(event->lost_samples)) {
			session->stats.nr_bad_records++;
			return 0;
		}
		session->stats.total_lost_samples += event->lost_samples.lost;
		break;
	default:
		break;
	}
	return tool->other ? tool->other(tool, session, event, &sample) : 0;
}

/*
 * The time a kernel record carries, without decoding the rest of it:
 * 0 when it carries none (no PERF_SAMPLE_TIME, or a side-band record
 * without sample_id_all) or cannot be told (unknown id, too short).
 */
static u64 walk__event_time(struct walk *w, const union perf_event *event)
{
	const u64 id_bits = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_CPU | PERF_SAMPLE_STREAM_ID |
			    PERF_SAMPLE_ID;
	const u64 head_bits = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	struct evsel *evsel = walk__evsel(w, event);
	u32 size = event->header.size;
	size_t pos;
	u64 type, time;

	if (!evsel)
		return 0;
	type = evsel->attr.sample_type;
	if (!(type & PERF_SAMPLE_TIME))
		return 0;
	if (event->header.type == PERF_RECORD_SAMPLE) {
		/* IDENTIFIER, IP and TID are the only fields before TIME */
		pos = sizeof(event->header) + 8 * __builtin_popcountll(type & head_bits);
	} else {
		size_t trailer = evsel__id_hdr_size(evsel);

		if (!trailer || size < sizeof(event->header) + trailer)
			return 0;
		/* the trailer ends ..., TIME, ID, STREAM_ID, CPU, IDENTIFIER */
		pos = size - 8 * (1 + __builtin_popcountll(type & id_bits));
	}
	if (pos + 8 > size)
		return 0;
	memcpy(&time, (const char *)event + pos, 8);
	return time;
}

/* Deliver a queued record: what walk__event would have done right away. */
static int walk__deliver(struct ordered_events *oe, const struct ordered_event *ev, void *priv)
{
	return walk__typed(priv, ev->event, ev->file_offset);
}

/*
 * tool->ordered_events: records with a time wait in the queue; those
 * without (and time 0, which synthesized records carry) go through at
 * once, in file order, as upstream does.  A round marker flushes.
 */
static int walk__order(struct walk *w, const union perf_event *event, u64 off)
{
	u32 type = event->header.type;
	u64 time;
	int err;

	if (type == PERF_RECORD_FINISHED_ROUND) {
		err = ordered_events__flush(&w->oe, OE_FLUSH__ROUND);
		if (err)
			return err;
	} else if (type < PERF_RECORD_USER_TYPE_START) {
		time = walk__event_time(w, event);
		if (time && time != ~0ULL) {
			const char *p = (const char *)event;

			/* only a file chunk outlives this call */
			if (p >= w->rlo && p < w->rhi)
				return ordered_events__queue_in(&w->oe, event, time, off,
								w->rchunk);
			return ordered_events__queue(&w->oe, event, time, off, true);
		}
	}
	return walk__typed(w, event, off);
}

/* One complete, 8-aligned record. */
static int walk__event(struct walk *w, const union perf_event *event, u64 off)
{
	struct perf_session *session = w->session;
	u32 type = event->header.type;
	int err;

	/* Pipe: everything before the first non-header record is header. */
	if (!w->header_done && type != PERF_RECORD_HEADER_ATTR &&
	    type != PERF_RECORD_HEADER_FEATURE && type != PERF_RECORD_HEADER_EVENT_TYPE) {
		err = walk__header_done(w);
		if (err)
			return err;
	}
	session->stats.nr_records++;
	if (type < PERF_RECORD_HEADER_MAX)
		session->stats.nr_events[type]++;
	else
		session->stats.nr_unknown_events++;
	if (w->tool->event) {
		err = w->tool->event(w->tool, session, event, off);
		if (err)
			return err;
	}
	if (w->ordering)
		return walk__order(w, event, off);
	return walk__typed(w, event, off);
}

static const union perf_event *walk__align(struct walk *w, const void *p)
{
	void *bounce = w->session->decompressing ? w->zbounce : w->bounce;
	u16 size;

	if (!((uintptr_t)p & 7))
		return p;
	memcpy(&size, (const char *)p + offsetof(struct perf_event_header, size), sizeof(size));
	memcpy(bounce, p, size);
	return bounce;
}

/*
 * Walk the complete records in @buf.  *@used is set to the bytes consumed;
 * with @final, a record cut short by the end of @buf is damage, without it
 * the caller brings more bytes.  @tail_ok: damage is a tolerated tail.
 */
static int walk__buf(struct walk *w, const char *buf, size_t len, u64 base, bool final,
		     bool tail_ok, size_t *used)
{
	size_t pos = 0, ahead = 0;
	int err = 0;

	while (pos < len) {
		const union perf_event *event;
		u16 size;
		s64 payload;

		for (; ahead < pos + PREFETCH_AHEAD && ahead < len; ahead += 64)
			__builtin_prefetch(buf + ahead);

		if (len - pos < sizeof(struct perf_event_header)) {
			if (final)
				err = walk__damage(w, base + pos, "truncated record", tail_ok);
			break;
		}
		memcpy(&size, buf + pos + offsetof(struct perf_event_header, size), sizeof(size));
		if (size < sizeof(struct perf_event_header)) {
			err = walk__damage(w, base + pos, "record of bad size", tail_ok);
			if (!err)
				pos = len;
			break;
		}
		if (size > len - pos) {
			if (final)
				err = walk__damage(w, base + pos, "truncated record", tail_ok);
			break;
		}
		event = walk__align(w, buf + pos);
		payload = event__payload_size(event);
		/* a payload longer than the rest of the file is not waited for */
		if (payload >= 0 && w->data_end && !w->session->decompressing &&
		    (u64)payload > w->data_end - (base + pos + size)) {
			err = walk__damage(w, base + pos, "record payload past the end", tail_ok);
			break;
		}
		if (payload < 0 || (u64)payload > len - pos - size) {
			if (payload >= 0 && !final)
				break;
			err = walk__damage(w, base + pos, "record payload past the end", tail_ok);
			break;
		}
		err = walk__event(w, event, base + pos);
		if (!err && payload && w->tool->payload)
			err = w->tool->payload(w->tool, w->session, event, buf + pos + size, payload);
		if (err)
			break;
		pos += size + payload;
	}
	*used = pos;
	return err;
}

static int walk__compressed(struct walk *w, const union perf_event *event, u64 off)
{
	struct perf_session *session = w->session;
	ZSTD_inBuffer in = {
		.src = event->pack.data,
		.size = event->header.size - sizeof(event->header),
	};
	bool more = false;
	int err = 0;

	if (session->decompressing) {
		session->stats.nr_bad_records++;
		return 0;
	}
	if (!w->zstd) {
		w->zstd = ZSTD_createDStream();
		w->zcap = MAX_RECORD + ZSTD_CHUNK;
		w->zbuf = malloc(w->zcap);
		w->zbounce = aligned_alloc(8, MAX_RECORD);
		if (!w->zstd || !w->zbuf || !w->zbounce)
			return -ENOMEM;
		ZSTD_initDStream(w->zstd);
	}
	session->decompressing = true;
	/*
	 * Until the input is consumed and zstd holds nothing more: a call
	 * that fills the buffer may have taken the last input byte with a
	 * block's end still inside zstd (a record inflating past zcap).
	 */
	while ((in.pos < in.size || more) && !err) {
		ZSTD_outBuffer out = { .dst = w->zbuf + w->zlen, .size = w->zcap - w->zlen };
		size_t prev = in.pos, ret, used;

		ret = ZSTD_decompressStream(w->zstd, &out, &in);
		if (!ZSTD_isError(ret) && !out.pos && in.pos == in.size && in.pos == prev)
			break;	/* it held nothing more */
		more = out.pos == out.size;
		if (ZSTD_isError(ret) || (!out.pos && in.pos == prev)) {
			pr_warning("%s: COMPRESSED record at offset %#llx: %s\n",
				   session->data->path, (unsigned long long)off,
				   ZSTD_isError(ret) ? ZSTD_getErrorName(ret) : "no progress");
			session->stats.nr_bad_records++;
			ZSTD_initDStream(w->zstd);
			w->zlen = 0;
			break;
		}
		w->zlen += out.pos;
		err = walk__buf(w, w->zbuf, w->zlen, off, false, true, &used);
		memmove(w->zbuf, w->zbuf + used, w->zlen - used);
		w->zlen -= used;
		if (w->zlen == w->zcap) {
			/* A record (with its payload) bigger than we buffer: give up on it. */
			session->stats.nr_bad_records++;
			w->zlen = 0;
		}
	}
	session->decompressing = false;
	return err;
}

/*
 * The end of the walk, or damage that ended it: deliver what is queued.
 * Not after a tool's own error (it asked to stop).
 */
static int walk__finish(struct walk *w, int err)
{
	int ferr;

	if (!w->ordering || (err && !w->session->stats.truncated))
		return err;
	ferr = ordered_events__flush(&w->oe, OE_FLUSH__FINAL);
	w->session->stats.nr_unordered_events = w->oe.nr_unordered;
	return err ? err : ferr;
}

static int walk__file(struct walk *w)
{
	struct perf_session *session = w->session;
	struct perf_header *h = &session->header;
	u64 base = h->data_offset, end = h->data_offset + h->data_size;
	size_t cap = READ_WINDOW, used;
	struct oe_chunk *c;
	struct stat st;
	int err = 0;

	if (!h->data_size)
		return 0;
	if (fstat(session->data->fd, &st)) {
		err = -errno;
		pr_err("%s: %s\n", session->data->path, strerror(-err));
		return err;
	}
	w->data_end = end;
	/*
	 * Header reading fitted the data to the file; a file cut since has
	 * its tail treated as cut.  Nothing is mapped past its end.
	 */
	if ((u64)st.st_size < end)
		end = (u64)st.st_size > base ? (u64)st.st_size : base;
	while (base < end) {
		size_t have = end - base < cap ? end - base : cap;
		bool final = base + have >= end;

		c = oe_chunk__map(session->data->fd, base, have);
		if (!c) {
			/* before printing, which may set errno */
			err = -errno;
			pr_err("%s: cannot map the data: %s\n", session->data->path,
			       strerror(-err));
			break;
		}
		w->rchunk = c;
		w->rlo = oe_chunk__data(c);
		w->rhi = w->rlo + have;
		err = walk__buf(w, w->rlo, have, base, final, h->data_size_guessed, &used);
		/* queued records point into the window: they hold it until delivered */
		oe_chunk__put(c);
		if (err || final || w->stop)
			break;
		/*
		 * The next window starts at the record cut at this one's end.
		 * One with its payload (checked against the file's end) longer
		 * than a window doubles it until it fits; the size comes back
		 * after it.
		 */
		cap = used ? READ_WINDOW : cap * 2;
		base += used;
	}
	err = walk__finish(w, err);
	w->rchunk = NULL;
	w->rlo = w->rhi = NULL;
	return err;
}

/*
 * Make @n bytes available at sbuf[shead].  0 when they are, 1 at a clean
 * end of stream (nothing pending), -EIO for a cut, -errno on error.
 */
static int stream__need(struct walk *w, size_t n)
{
	struct perf_data *data = w->session->data;

	if (w->stail - w->shead >= n)
		return 0;
	if (w->shead) {
		memmove(w->sbuf, w->sbuf + w->shead, w->stail - w->shead);
		w->stail -= w->shead;
		w->shead = 0;
	}
	while (w->stail < n && !w->seof) {
		ssize_t r = read(data->fd, w->sbuf + w->stail, STREAM_BUF - w->stail);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			w->seof = true;
		w->stail += r;
		data->pos += r;
	}
	if (w->stail >= n)
		return 0;
	return w->stail ? -EIO : 1;
}

static void stream__consume(struct walk *w, size_t n)
{
	w->shead += n;
	w->soff += n;
}

static int walk__stream(struct walk *w)
{
	int err = 0;

	w->sbuf = malloc(STREAM_BUF);
	if (!w->sbuf)
		return -ENOMEM;
	w->soff = w->session->data->pos;
	for (;;) {
		const union perf_event *event;
		struct perf_event_header hdr;
		s64 payload;

		err = stream__need(w, sizeof(hdr));
		if (err) {
			if (err == 1)
				err = 0;
			else if (err == -EIO)
				err = walk__damage(w, w->soff, "truncated record", true);
			break;
		}
		memcpy(&hdr, w->sbuf + w->shead, sizeof(hdr));
		if (hdr.size < sizeof(hdr)) {
			err = walk__damage(w, w->soff, "record of bad size", false);
			break;
		}
		err = stream__need(w, hdr.size);
		if (err) {
			err = err < 0 && err != -EIO ? err :
			      walk__damage(w, w->soff, "truncated record", true);
			break;
		}
		event = walk__align(w, w->sbuf + w->shead);
		payload = event__payload_size(event);
		if (payload < 0) {
			err = walk__damage(w, w->soff, "record of bad size", false);
			break;
		}
		err = walk__event(w, event, w->soff);
		if (err)
			break;
		/* walk__align may have used the stream buffer in place. */
		if (event != w->bounce) {
			memcpy(w->bounce, event, hdr.size);
			event = w->bounce;
		}
		stream__consume(w, hdr.size);
		while (payload > 0 && !err) {
			size_t chunk = payload < STREAM_BUF ? payload : STREAM_BUF;

			err = stream__need(w, chunk);
			if (err) {
				err = err < 0 && err != -EIO ? err :
				      walk__damage(w, w->soff, "truncated payload", true);
				goto out;
			}
			if (w->tool->payload)
				err = w->tool->payload(w->tool, w->session, event,
						       w->sbuf + w->shead, chunk);
			stream__consume(w, chunk);
			payload -= chunk;
		}
		if (err)
			break;
	}
out:
	return err;
}

int perf_session__process_events(struct perf_session *session, struct perf_tool *tool)
{
	struct walk w = { .session = session, .tool = tool };
	int err;

	w.bounce = aligned_alloc(8, MAX_RECORD);
	if (!w.bounce)
		return -ENOMEM;
	w.ordering = tool->ordered_events;
	if (w.ordering)
		ordered_events__init(&w.oe, walk__deliver, &w);
	if (!session->header.is_pipe) {
		err = walk__header_done(&w);
		if (!err)
			err = walk__file(&w);
	} else {
		err = walk__stream(&w);
		/* A stream of nothing but header records still has a header. */
		if (!err)
			err = walk__header_done(&w);
		err = walk__finish(&w, err);
	}
	if (w.ordering)
		ordered_events__exit(&w.oe);
	if (w.zlen && !err)
		pr_warning("%s: %zu bytes of an incomplete record in the last COMPRESSED record\n",
			   session->data->path, w.zlen);
	ZSTD_freeDStream(w.zstd);
	free(w.zbuf);
	free(w.zbounce);
	free(w.sbuf);
	free(w.bounce);
	return err;
}
