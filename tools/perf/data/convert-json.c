// SPDX-License-Identifier: GPL-2.0
/*
 * perf data convert --to-json, byte for byte as upstream perf 6.1 writes
 * it for the same file (Documentation/perf-data.txt, "JSON"):
 *
 *   {"linux-perf-json-version": 1, "headers": {...}, "samples": [...]}
 *
 * The headers come from the file header and its string features; each
 * sample, in time order, gives its timestamp, thread, cpu (when sampled),
 * comm and call chain.  A frame names its symbol, and then its DSO, only
 * when the symbol is known, as upstream's does.  The chain is the raw
 * chain: every address, context markers consumed, nothing cut or dropped
 * (perf script's --max-stack and its rules for broken chains are not
 * upstream's JSON rules).  A sample without a chain has its ip as the
 * only frame.
 *
 * Where upstream 6.1 crashes we write what the file holds: a stream (its
 * features arrive as records: the headers are written once they have,
 * without the file offsets a stream has not) and a file without some
 * string feature (the key is left out).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "data/convert-json.h"
#include "data/json-writer.h"
#include "util/base/debug.h"
#include "util/model/callchain.h"
#include "util/model/debuginfod-dso.h"
#include "util/model/machine-sideband.h"
#include "util/model/thread.h"
#include "util/model/unresolved.h"
#include "util/session/session.h"

struct convert_json {
	struct machine_tool	mt;		/* first: the callbacks get &mt.tool */
	struct perf_tool	sideband;	/* machine_tool's header_done, wrapped */
	struct machine		machine;
	FILE			*out;
	u64			nr_samples;
	u64			sample_type;	/* of all the events together */
	bool			headers_done;
};

static struct convert_json *convert_json__from_tool(struct perf_tool *tool)
{
	return (struct convert_json *)tool;
}

/* ---- headers -------------------------------------------------------------- */

static void convert_json__string_feat(FILE *out, const struct perf_header *h, int feat,
				      const char *key)
{
	char *s = perf_header__feat_string(h, feat);

	if (s)
		json__key_string(out, true, 2, key, s);
	free(s);
}

/* NRCPUS: u32 available, u32 online; 0 when the file has none. */
static void convert_json__nrcpus(FILE *out, const struct perf_header *h)
{
	u32 nr[2] = { 0, 0 };
	u64 size;
	const void *p = perf_header__feat(h, HEADER_NRCPUS, &size);

	if (p && size >= sizeof(nr))
		memcpy(nr, p, sizeof(nr));
	json__key(out, true, 2, "nrcpus-online");
	fprintf(out, "%u", nr[1]);
	json__key(out, true, 2, "nrcpus-avail");
	fprintf(out, "%u", nr[0]);
}

/* CLOCK_DATA (record -k): u32 version 1, u32 clockid, u64 wall clock ns, u64 clockid ns. */
static void convert_json__clock(FILE *out, const struct perf_header *h)
{
	u32 version, clockid;
	u64 size, tod_ns, clockid_ns;
	const char *p = perf_header__feat(h, HEADER_CLOCK_DATA, &size);

	if (!p || size < 24)
		return;
	memcpy(&version, p, 4);
	if (version != 1)
		return;
	memcpy(&clockid, p + 4, 4);
	memcpy(&tod_ns, p + 8, 8);
	memcpy(&clockid_ns, p + 16, 8);
	json__key(out, true, 2, "clockid");
	fprintf(out, "%u", clockid);
	json__key(out, true, 2, "clock-time");
	fprintf(out, "%llu", (unsigned long long)clockid_ns);
	json__key(out, true, 2, "real-time");
	fprintf(out, "%llu", (unsigned long long)tod_ns);
}

/* CMDLINE: u32 nr, then nr perf strings (u32 len, NUL-padded bytes). */
static void convert_json__cmdline(FILE *out, const struct perf_header *h)
{
	u64 size;
	const char *p = perf_header__feat(h, HEADER_CMDLINE, &size);
	u32 nr = 0, len, i;

	json__key(out, true, 2, "cmdline");
	putc_unlocked('[', out);
	if (p && size >= 4) {
		memcpy(&nr, p, 4);
		p += 4;
		size -= 4;
	}
	for (i = 0; i < nr && size >= 4; i++) {
		memcpy(&len, p, 4);
		if (len > size - 4 || !memchr(p + 4, '\0', len))
			break;
		json__next(out, i != 0, 3);
		json__string(out, p + 4);
		p += 4 + len;
		size -= 4 + (u64)len;
	}
	json__next(out, false, 2);
	putc_unlocked(']', out);
}

static void convert_json__headers(struct convert_json *c, struct perf_session *session)
{
	const struct perf_header *h = &session->header;
	FILE *out = c->out;
	struct stat st;

	json__next(out, true, 1);
	fputs("\"headers\": {", out);
	/* PERFILE2 is header version 1, a stream's header too */
	json__key(out, false, 2, "header-version");
	putc_unlocked('1', out);
	if (!fstat(session->data->fd, &st)) {
		char buf[64];
		struct tm tm;

		strftime(buf, sizeof(buf), "%FT%TZ", gmtime_r(&st.st_mtime, &tm));
		json__key_string(out, true, 2, "captured-on", buf);
	}
	if (!h->is_pipe) {
		json__key(out, true, 2, "data-offset");
		fprintf(out, "%llu", (unsigned long long)h->data_offset);
		json__key(out, true, 2, "data-size");
		fprintf(out, "%llu", (unsigned long long)h->data_size);
		json__key(out, true, 2, "feat-offset");
		fprintf(out, "%llu", (unsigned long long)h->data_offset + h->data_size);
	}
	convert_json__string_feat(out, h, HEADER_HOSTNAME, "hostname");
	convert_json__string_feat(out, h, HEADER_OSRELEASE, "os-release");
	convert_json__string_feat(out, h, HEADER_ARCH, "arch");
	convert_json__string_feat(out, h, HEADER_CPUDESC, "cpu-desc");
	convert_json__string_feat(out, h, HEADER_CPUID, "cpuid");
	convert_json__nrcpus(out, h);
	convert_json__clock(out, h);
	convert_json__string_feat(out, h, HEADER_VERSION, "perf-version");
	convert_json__cmdline(out, h);
	json__next(out, false, 1);
	putc_unlocked('}', out);
	json__next(out, true, 1);
	fputs("\"samples\": [", out);
}

/* Once the header is known: a file's at the start, a stream's after its features. */
static int convert_json__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct convert_json *c = convert_json__from_tool(tool);
	int err = c->sideband.header_done(tool, session);
	int i;

	if (err)
		return err;
	convert_json__headers(c, session);
	c->headers_done = true;
	for (i = 0; i < session->evlist.nr; i++)
		c->sample_type |= session->evlist.entries[i]->attr.sample_type;
	return 0;
}

/* ---- samples -------------------------------------------------------------- */

static void convert_json__frame(FILE *out, u64 ip, const struct symbol *sym,
				const struct dso *dso)
{
	json__next(out, false, 4);
	putc_unlocked('{', out);
	json__key(out, false, 5, "ip");
	fprintf(out, "\"0x%llx\"", (unsigned long long)ip);
	if (sym && sym->name[0]) {
		json__key_string(out, true, 5, "symbol", sym->name);
		if (dso && dso->short_name[0])
			json__key_string(out, true, 5, "dso", dso->short_name);
	}
	json__next(out, false, 4);
	putc_unlocked('}', out);
}

/*
 * Every address of the chain, in the cpumode of the marker before it
 * (user until one says otherwise); an invalid marker changes nothing.
 */
static int convert_json__chain(struct convert_json *c, struct thread *thread,
			       const struct ip_callchain *chain)
{
	u8 cpumode = PERF_RECORD_MISC_USER;
	bool first = true;
	u64 i;
	int err;

	for (i = 0; i < chain->nr; i++) {
		struct callchain_frame frame;
		u64 ip = chain->ips[i];

		if (ip >= PERF_CONTEXT_MAX) {
			u8 mode = callchain__context_cpumode(ip);

			if (mode)
				cpumode = mode;
			continue;
		}
		err = callchain_frame__resolve_entry(&frame, &c->machine, thread, cpumode, ip);
		if (err)
			return err;
		if (!first)
			putc_unlocked(',', c->out);
		first = false;
		convert_json__frame(c->out, ip, frame.sym, frame.dso);
	}
	return 0;
}

static int convert_json__sample(struct perf_tool *tool, struct perf_session *session,
				const union perf_event *event, const struct perf_sample *sample,
				struct evsel *evsel)
{
	struct convert_json *c = convert_json__from_tool(tool);
	u64 type = evsel->attr.sample_type;
	FILE *out = c->out;
	struct thread *thread;
	int err = 0;

	/* upstream's thread of a sample without TID is -1/-1 */
	thread = machine__findnew_thread(&c->machine, type & PERF_SAMPLE_TID ? (pid_t)sample->pid : -1,
					 type & PERF_SAMPLE_TID ? (pid_t)sample->tid : -1);
	if (!thread)
		return -ENOMEM;
	if (c->nr_samples++)
		putc_unlocked(',', out);
	json__next(out, false, 2);
	putc_unlocked('{', out);
	json__key(out, false, 3, "timestamp");
	fprintf(out, "%lld", type & PERF_SAMPLE_TIME ? (long long)sample->time : -1LL);
	json__key(out, true, 3, "pid");
	fprintf(out, "%d", thread->pid);
	json__key(out, true, 3, "tid");
	fprintf(out, "%d", thread->tid);
	/* upstream: every sample has "cpu" when any event samples it, -1 if its own does not */
	if (c->sample_type & PERF_SAMPLE_CPU) {
		json__key(out, true, 3, "cpu");
		fprintf(out, "%d", type & PERF_SAMPLE_CPU ? (s32)sample->cpu : -1);
	}
	json__key_string(out, true, 3, "comm", thread__comm_str(thread));
	json__key(out, true, 3, "callchain");
	putc_unlocked('[', out);
	if (sample->callchain) {
		err = convert_json__chain(c, thread, sample->callchain);
	} else {
		struct addr_location al;

		machine__resolve_thread(&c->machine, thread, sample->cpumode, sample->ip, &al);
		convert_json__frame(out, sample->ip, al.sym, al.map ? al.dso : NULL);
	}
	json__next(out, false, 3);
	putc_unlocked(']', out);
	json__next(out, false, 2);
	putc_unlocked('}', out);
	return err;
}

/* ---- main ------------------------------------------------------------------ */

/* The output, created: an existing file is replaced only with --force. */
static FILE *convert_json__create(const struct convert_json_opts *opts)
{
	int fd = open(opts->output, O_CREAT | O_WRONLY | (opts->force ? O_TRUNC : O_EXCL), 0666);
	FILE *fp;

	if (fd < 0) {
		if (errno == EEXIST)
			pr_err("Output file exists. Use --force to overwrite it.\n");
		else
			pr_err("perf data convert: cannot create %s: %s\n", opts->output,
			       strerror(errno));
		return NULL;
	}
	fp = fdopen(fd, "w");
	if (!fp) {
		pr_err("perf data convert: %s: %s\n", opts->output, strerror(errno));
		close(fd);
		return NULL;
	}
	/* big writes: the samples are most of a profile's JSON */
	setvbuf(fp, NULL, _IOFBF, 1 << 20);
	return fp;
}

static int convert_json__walk(struct convert_json *c, struct perf_session *session,
			      const struct convert_json_opts *opts)
{
	struct dso_load_opts load = { .verbose = opts->verbose };
	struct debuginfod_fetcher *fetcher;
	int err;

	/* DEBUGINFOD_URLS set: DSOs without a local file are fetched, as in report */
	err = debuginfod__setup_dso_hook(&load, NULL, opts->verbose, &fetcher);
	if (err)
		return err;
	err = machine__init(&c->machine, &load);
	if (err)
		goto out_hook;
	debuginfod__dso_hook_watch(&c->machine.load_opts, &c->machine.dsos);
	machine_tool__init(&c->mt, &c->machine);
	c->sideband = c->mt.tool;
	c->mt.tool.header_done = convert_json__header_done;
	c->mt.tool.sample = convert_json__sample;
	c->mt.tool.ordered_events = true;
	putc_unlocked('{', c->out);
	json__key(c->out, false, 1, "linux-perf-json-version");
	putc_unlocked('1', c->out);
	err = perf_session__process_events(session, &c->mt.tool);
	/* a stream that broke off inside its header: what it had, still a document */
	if (!c->headers_done)
		convert_json__headers(c, session);
	json__next(c->out, false, 1);
	putc_unlocked(']', c->out);
	json__next(c->out, false, 0);
	fputs("}\n", c->out);
	if (evlist__has_user_stack(&session->evlist))
		callchain__warn_user_stack("perf data convert", session->data->path);
	if (session->stats.nr_unknown_id)
		pr_warning("perf data convert: %llu records of no known event skipped\n",
			   (unsigned long long)session->stats.nr_unknown_id);
	if (session->stats.nr_unordered_events)
		pr_warning("%llu out of order events recorded.\n",
			   (unsigned long long)session->stats.nr_unordered_events);
	unresolved__print_recorded(&c->machine, &session->header, "perf data convert", stderr);
	machine__exit(&c->machine);
out_hook:
	debuginfod__dso_hook_exit(&load);
	return err;
}

int data_convert__json(const struct convert_json_opts *opts)
{
	const char *input = opts->input ? opts->input : "perf.data";
	struct convert_json c = { .out = NULL };
	struct perf_session session;
	struct perf_data data;
	long size;
	int err, werr;

	err = perf_data__open(&data, input, PERF_DATA_READ, opts->force);
	if (err)
		return err;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	session.verbose = opts->verbose;
	c.out = convert_json__create(opts);
	if (!c.out) {
		err = -EIO;
		goto out_session;
	}
	err = convert_json__walk(&c, &session, opts);
	/* what upstream reports: the size written (a pipe has none to tell) */
	size = fflush(c.out) ? -1 : ftell(c.out);
	werr = ferror(c.out);
	if (fclose(c.out) || werr) {
		pr_err("perf data convert: writing %s failed\n", opts->output);
		if (!err)
			err = -EIO;
	} else if (!err || err == -EINVAL) {
		if (size < 0)
			size = 0;
		fprintf(stderr, "[ perf data convert: Converted '%s' into JSON data '%s' ]\n",
			input, opts->output);
		fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%llu samples) ]\n",
			size / 1024.0 / 1024.0, (unsigned long long)c.nr_samples);
	}
out_session:
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	return err;
}
