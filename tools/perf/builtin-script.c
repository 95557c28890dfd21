// SPDX-License-Identifier: GPL-2.0
/*
 * perf script: every sample of a perf.data, one line each (or its call
 * chain), in time order, in upstream perf 6.1's layout (script/print.c).
 * Addresses resolve through the machine model, where a DSO is its
 * build-id: a binary replaced at the same path during the recording shows
 * each version's own functions.  -D dumps the raw records instead, in
 * file order.  `perf script report <name>` hands over to cmd_script_report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "builtin.h"
#include "util/model/debuginfod-dso.h"
#include "util/model/dso-srcline.h"
#include "util/base/parse-options.h"
#include "util/base/debug.h"
#include "script/dump.h"
#include "util/session/session.h"
#include "util/session/header-print.h"
#include "util/model/machine.h"
#include "util/model/machine-sideband.h"
#include "util/model/unresolved.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/model/callchain.h"
#include "script/print.h"
#include "script/trace.h"
#include "util/model/sample-filter.h"

struct script {
	struct machine_tool mt;		/* first: the callbacks get &mt.tool */
	struct machine machine;
	struct perf_tool sideband;	/* machine_tool's own callbacks, wrapped */
	struct script_print print;
	struct script_fields fields;
	struct script_trace trace;	/* tracepoint formats, for -F trace */
	u32 *evsel_fields;		/* by evsel idx, once the attrs are known */
	int nr_evsel_fields;
	struct callchain_cursor cursor;
	struct sample_filter_opts filter_opts;	/* --comms, --pid, --time, -C... */
	struct sample_filter filter;
	const char *input;
	const char *path;		/* as dumped: the input, or "pipe" */
	bool dump_raw;
	bool header, header_only;	/* --header, --header-only */
	bool show_info;			/* -I: the topologies and caches in it */
	bool force;
	bool quiet;
	bool show_mmap;
	bool show_task;
	bool show_switch;
	bool show_lost;			/* --show-lost-events */
	bool show_round;		/* --show-round-events: in file order */
	bool is_pipe;
	bool inline_frames;		/* --inline (upstream's default): inline frames in chains */
	bool demangle;			/* --demangle (the default) / --no-demangle */
	bool fields_error;		/* -F asks for what the data lacks */
	int verbose;
	unsigned int max_stack;		/* --max-stack: frames kept of a chain */
};

enum {
	OPT_FIELDS = 256,
	OPT_HIDE_CALL_GRAPH,
	OPT_MAX_STACK,
};

static const char * const script_usage[] = {
	"perf script [<options>]",
	"perf script [<options>] report <script> [script-args]",
	NULL,
};

/* Weak: builtin-script-flamegraph.c supplies the real one when it is built. */
int __attribute__((weak)) cmd_script_report(int argc, const char **argv)
{
	fprintf(stderr, "  Error: perf script report: not built into this perf\n");
	return 1;
}

static struct script *script__from_tool(struct perf_tool *tool)
{
	return (struct script *)tool;
}

/* ---- -D ------------------------------------------------------------------ */

static int script__dump_event(struct perf_tool *tool, struct perf_session *session,
			      const union perf_event *event, u64 offset)
{
	struct script *s = script__from_tool(tool);

	/*
	 * A COMPRESSED record is a container: upstream dumps the records
	 * inside it (at its offset), not the container itself.
	 */
	if (event->header.type == PERF_RECORD_COMPRESSED)
		return 0;
	/* upstream counts stream offsets from the end of the pipe header */
	if (s->is_pipe && offset >= sizeof(struct perf_pipe_file_header))
		offset -= sizeof(struct perf_pipe_file_header);
	perf_event__dump(stdout, &session->evlist, event, offset, s->path);
	return 0;
}

/* ---- samples ------------------------------------------------------------- */

/* The index of the first event of the same attr.type as event @i. */
static int script__first_of_type(const struct evlist *evlist, int i)
{
	int j;

	for (j = 0; j < i; j++)
		if (evlist->entries[j]->attr.type == evlist->entries[i]->attr.type)
			return j;
	return i;
}

static int script__header_done(struct perf_tool *tool, struct perf_session *session)
{
	struct script *s = script__from_tool(tool);
	struct evlist *evlist = &session->evlist;
	int i, err;

	/* --header of a stream: its features, as they came before the samples */
	if (s->header && session->header.is_pipe) {
		perf_session__fprintf_features(session, stdout, s->show_info);
		fflush(stdout);
	}
	err = s->sideband.header_done(tool, session);
	if (!err)
		err = perf_session__name_events(session, s->quiet, true);
	/* a stream's tracing data comes as a record, after this (script__payload) */
	if (!err && !session->header.is_pipe)
		err = script_trace__from_header(&s->trace, session);
	if (err)
		return err;
	s->evsel_fields = calloc(evlist->nr ? evlist->nr : 1, sizeof(*s->evsel_fields));
	if (!s->evsel_fields)
		return -ENOMEM;
	s->nr_evsel_fields = evlist->nr;
	for (i = 0; i < evlist->nr; i++) {
		int first = script__first_of_type(evlist, i);

		/* upstream checks the first event of each type, the rest print alike */
		if (first < i) {
			s->evsel_fields[i] = s->evsel_fields[first];
			continue;
		}
		if (script_fields__for_evsel(&s->fields, evlist->entries[i], s->print.callchains,
					     &s->evsel_fields[i])) {
			s->fields_error = true;
			return -EINVAL;
		}
		/*
		 * Upstream quirk, matched: in a stream, dropping a default
		 * field names the event (for a debug message) from its attr
		 * before the EVENT_DESC feature could name it.
		 */
		if (session->header.is_pipe &&
		    s->evsel_fields[i] != (evlist->entries[i]->attr.type == PERF_TYPE_TRACEPOINT ?
					   s->fields.tp_fields : s->fields.fields)) {
			err = evsel__name_from_attr(evlist->entries[i]);
			if (err)
				return err;
		}
	}
	script_print__init_names(&s->print, evlist);
	return 0;
}

static u32 script__fields(const struct script *s, const struct evsel *evsel)
{
	if (!evsel || evsel->idx < 0 || evsel->idx >= s->nr_evsel_fields)
		return s->fields.fields;
	return s->evsel_fields[evsel->idx];
}

/*
 * A page fault's data address: looked up in the sample's mode first, then
 * in the other one, as upstream.  Only text symbols are known, so a data
 * map (-d records them: the heap, the stack, a mapped file such as
 * ld.so.cache) is named without loading its file's symbols.
 */
static int script__resolve_addr(struct script *s, struct thread *thread,
				const struct perf_sample *sample, struct callchain_frame *fr)
{
	u8 modes[2] = { sample->cpumode, sample->cpumode == PERF_RECORD_MISC_USER ?
					 PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER };
	int i;

	for (i = 0; i < 2; i++) {
		struct map *map = thread__find_map(thread, modes[i], sample->addr);

		if (!map)
			continue;
		if (!map->prot || (map->prot & PROT_EXEC))
			return callchain_frame__resolve(fr, &s->machine, thread, modes[i],
							sample->addr);
		*fr = (struct callchain_frame){ .ip = sample->addr, .addr = sample->addr,
						.map = map, .dso = map->dso, .cpumode = modes[i] };
		return 0;
	}
	return callchain_frame__resolve(fr, &s->machine, thread, sample->cpumode, sample->addr);
}

static int script__sample(struct perf_tool *tool, struct perf_session *session,
			  const union perf_event *event, const struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct script *s = script__from_tool(tool);
	u32 fields = script__fields(s, evsel);
	struct callchain_frame frame = { .sym = NULL }, addr = { .sym = NULL };
	const struct callchain_frame *addr_fr = NULL;
	const struct callchain_cursor *cursor = NULL;
	struct thread *thread;
	int err;

	if (script_out__error(s->print.out))	/* output failed (disk full...): stop */
		return script_out__error(s->print.out);
	/* upstream prints nothing for an event whose type lost every field (-F trace) */
	if (!fields)
		return 0;
	if (sample_filter__skip(&s->filter, sample, evsel->attr.sample_type & PERF_SAMPLE_CPU))
		return 0;
	thread = machine__findnew_thread(&s->machine, sample->pid, sample->tid);
	if (!thread)
		return -ENOMEM;
	if (sample_filter__judges(&s->filter)) {
		struct addr_location al;
		bool leaf = sample_filter__needs_leaf(&s->filter);

		if (leaf)
			machine__resolve_thread(&s->machine, thread, sample->cpumode, sample->ip,
						&al);
		/* upstream drops the whole sample, its chain with it */
		if (sample_filter__verdict(&s->filter, thread, leaf ? &al : NULL))
			return 0;
	}
	if ((fields & SF(IP)) && sample->callchain && s->print.callchains) {
		err = machine__resolve_callchain(&s->machine, thread, sample, &s->cursor);
		cursor = &s->cursor;
		/*
		 * An unusable chain prints no frame, as upstream prints it; a
		 * sample with a user stack to unwind shows its ip at least.
		 */
		if (!err && s->cursor.ip_only && !sample->user_stack_size)
			s->cursor.nr = 0;
	} else if (fields & SF(IP)) {
		err = callchain_frame__resolve(&frame, &s->machine, thread, sample->cpumode,
					       sample->ip);
	} else {
		err = 0;
	}
	if (!err && (fields & SF(ADDR)) && script_print__addr_resolves(evsel)) {
		err = script__resolve_addr(s, thread, sample, &addr);
		addr_fr = &addr;
	}
	if (err)
		return err;
	script_print__sample(&s->print, fields, evsel, sample, thread, cursor, &frame, addr_fr);
	return 0;
}

/*
 * EVENT_UPDATE (a stream's) can rename an event: u64 type (2: name),
 * u64 id, the name.  Upstream's script uses the new name.
 */
static int script__show(struct script *s, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample,
			u64 bad_before, pid_t pid, pid_t tid);

static int script__other(struct perf_tool *tool, struct perf_session *session,
			 const union perf_event *event, const struct perf_sample *sample)
{
	struct script *s = script__from_tool(tool);
	const char *p = (const char *)event;
	u32 size = event->header.size;
	struct evsel *evsel;
	u64 type, id;
	char *name;

	if (event->header.type == PERF_RECORD_SWITCH ||
	    event->header.type == PERF_RECORD_SWITCH_CPU_WIDE)
		return s->show_switch ? script__show(s, session, event, sample,
						     s->mt.nr_bad_sideband, sample->pid,
						     sample->tid) : 0;
	/* the session counted it; a malformed one never gets here */
	if (event->header.type == PERF_RECORD_LOST)
		return s->show_lost ? script__show(s, session, event, sample,
						   s->mt.nr_bad_sideband, sample->pid,
						   sample->tid) : 0;
	if (event->header.type == PERF_RECORD_FINISHED_ROUND) {
		if (s->show_round)
			script_print__round(&s->print);
		return 0;
	}
	if (event->header.type != PERF_RECORD_EVENT_UPDATE || size <= 24)
		return 0;
	memcpy(&type, p + 8, 8);
	memcpy(&id, p + 16, 8);
	if (type != 2 || !memchr(p + 24, '\0', size - 24))
		return 0;
	evsel = evlist__id2evsel(&session->evlist, id);
	if (!evsel)
		return 0;
	name = strdup(p + 24);
	if (!name)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = name;
	script_print__init_names(&s->print, &session->evlist);
	return 0;
}

/* ---- side-band ------------------------------------------------------------ */

/*
 * The evsel a side-band record belongs to, for its fields: by its id, or
 * the first (records without sample_id_all carry none).
 */
static const struct evsel *script__sideband_evsel(struct perf_session *session,
						  const union perf_event *event)
{
	const struct evsel *evsel = evlist__event2evsel(&session->evlist, event);

	return evsel ? evsel : (session->evlist.nr ? session->evlist.entries[0] : NULL);
}

/*
 * --cpu hides side-band records of other CPUs, as upstream's does: a
 * record without sample_id_all counts as CPU 0 there, one whose event
 * does not sample the CPU is shown.  The other filters do not apply.
 */
static bool script__sideband_skip(const struct script *s, const struct evsel *evsel,
				  const struct perf_sample *sample)
{
	bool id_all = evsel && (evsel->attr.flags & PERF_ATTR_FLAG_SAMPLE_ID_ALL);

	if (!id_all)
		return sample_filter__skip_cpu(&s->filter, 0, true);
	return sample_filter__skip_cpu(&s->filter, sample->cpu,
				       evsel->attr.sample_type & PERF_SAMPLE_CPU);
}

/*
 * Print a side-band record after the machine took it (upstream shows the
 * thread as it is then: a COMM's new name, a FORK child's inherited one);
 * a record the machine found malformed is not shown.
 */
static int script__show(struct script *s, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample,
			u64 bad_before, pid_t pid, pid_t tid)
{
	const struct evsel *evsel;
	struct thread *thread;

	if (s->mt.nr_bad_sideband != bad_before)
		return 0;
	evsel = script__sideband_evsel(session, event);
	if (script__sideband_skip(s, evsel, sample))
		return 0;
	thread = machine__findnew_thread(&s->machine, pid, tid);
	if (!thread)
		return -ENOMEM;
	script_print__sideband(&s->print, script__fields(s, evsel), evsel, sample, thread, event);
	return 0;
}

static int script__mmap(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_mmap_info *info,
			const struct perf_sample *sample)
{
	struct script *s = script__from_tool(tool);
	u64 bad = s->mt.nr_bad_sideband;
	int err = s->sideband.mmap(tool, session, event, info, sample);

	if (err || !s->show_mmap)
		return err;
	return script__show(s, session, event, sample, bad, info->pid, info->tid);
}

static int script__comm(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct script *s = script__from_tool(tool);
	u64 bad = s->mt.nr_bad_sideband;
	int err = s->sideband.comm(tool, session, event, sample);

	if (err || !s->show_task)
		return err;
	return script__show(s, session, event, sample, bad, event->comm.pid, event->comm.tid);
}

static int script__fork(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct script *s = script__from_tool(tool);
	u64 bad = s->mt.nr_bad_sideband;
	int err = s->sideband.fork(tool, session, event, sample);

	if (err || !s->show_task)
		return err;
	return script__show(s, session, event, sample, bad, event->fork.pid, event->fork.tid);
}

static int script__exit(struct perf_tool *tool, struct perf_session *session,
			const union perf_event *event, const struct perf_sample *sample)
{
	struct script *s = script__from_tool(tool);
	u64 bad = s->mt.nr_bad_sideband;
	int err = s->sideband.exit(tool, session, event, sample);

	if (err || !s->show_task)
		return err;
	return script__show(s, session, event, sample, bad, event->fork.pid, event->fork.tid);
}

/* A stream's tracing data: the TRACING_DATA record's payload, in pieces. */
static int script__payload(struct perf_tool *tool, struct perf_session *session,
			   const union perf_event *event, const void *data, size_t len)
{
	struct script *s = script__from_tool(tool);

	if (event->header.type != PERF_RECORD_HEADER_TRACING_DATA)
		return 0;
	return script_trace__payload(&s->trace, event->tracing_data.size, data, len);
}

static void script__init_tool(struct script *s)
{
	machine_tool__init(&s->mt, &s->machine);
	s->sideband = s->mt.tool;
	s->mt.tool.sample = script__sample;
	s->mt.tool.mmap = script__mmap;
	s->mt.tool.comm = script__comm;
	s->mt.tool.fork = script__fork;
	s->mt.tool.exit = script__exit;
	s->mt.tool.header_done = script__header_done;
	s->mt.tool.other = script__other;
	s->mt.tool.payload = script__payload;
	/*
	 * Upstream shows the round markers where they are in the file, so
	 * with them it shows every record in file order: so do we.
	 */
	s->mt.tool.ordered_events = !s->show_round;
}

/* ---- main ------------------------------------------------------------------ */

/* Resolve and print every sample (and side-band record asked for). */
static int script__print_session(struct script *s, struct perf_session *session,
				 struct dso_load_opts *opts)
{
	struct debuginfod_fetcher *fetcher;
	int err;

	opts->verbose = s->verbose;
	/* DEBUGINFOD_URLS set: DSOs without a local file are fetched at once */
	err = debuginfod__setup_dso_hook(opts, NULL, s->verbose, &fetcher);
	if (err)
		return err;
	err = machine__init(&s->machine, opts);
	if (err) {
		debuginfod__dso_hook_exit(opts);
		return err;
	}
	debuginfod__dso_hook_watch(&s->machine.load_opts, &s->machine.dsos);
	s->print.srcline_opts = &s->machine.load_opts;
	callchain_cursor__init(&s->cursor);
	s->cursor.max_stack = s->max_stack;
	/* the cursor serves the printed chains only: their inline frames, as upstream's */
	if (s->inline_frames)
		s->cursor.inline_opts = &s->machine.load_opts;
	script_trace__init(&s->trace, s->path);
	s->print.trace = &s->trace;
	script__init_tool(s);
	err = perf_session__process_events(session, &s->mt.tool);
	if (!s->quiet)
		callchain_stats__print(&s->cursor.stats, "perf script", s->verbose);
	callchain_cursor__exit(&s->cursor);
	script_trace__exit(&s->trace);
	s->print.trace = NULL;
	if (!err && !s->quiet) {
		fflush(stdout);
		if (session->header.is_pipe)
			unresolved__check_stream_ids(&s->machine, &session->header,
						     "perf script", stderr);
		unresolved__print_recorded(&s->machine, &session->header, "perf script", stderr);
		dsos__print_srcline_missing(&s->machine.dsos, &s->machine.load_opts,
					    "perf script", stderr);
	}
	if (session->stats.nr_unordered_events)
		pr_warning("%llu out of order events recorded.\n",
			   (unsigned long long)session->stats.nr_unordered_events);
	machine__exit(&s->machine);
	debuginfod__dso_hook_exit(opts);
	free(s->evsel_fields);
	return err;
}

static int script__run(struct script *s, struct dso_load_opts *opts)
{
	struct perf_session session;
	struct perf_data data;
	int err, ret;

	err = perf_data__open(&data, s->input ? s->input : "perf.data", PERF_DATA_READ, s->force);
	if (err)
		return 1;
	err = perf_session__open(&session, &data);
	if (err)
		goto out_close;
	/* stdin redirected from a file is seekable but still the stream format */
	s->is_pipe = session.header.is_pipe;
	s->path = s->is_pipe ? "pipe" : data.path;
	session.verbose = s->verbose;
	if (s->header || s->header_only) {
		perf_session__fprintf_header(&session, stdout, s->show_info);
		fflush(stdout);
	}
	/* upstream's statuses: -EINVAL for --time, -1 for --cpu */
	if (!s->header_only && sample_filter__setup_time(&s->filter, &session, "perf script")) {
		ret = 234;
		goto out_filter;
	}
	if (!s->header_only && sample_filter__setup_cpus(&s->filter, &session, "perf script")) {
		ret = 255;
		goto out_filter;
	}
	/* upstream's --header-only of a stream stops at its layout lines too */
	if (s->header_only) {
		err = 0;
	} else if (s->dump_raw) {
		s->mt.tool = (struct perf_tool){ .event = script__dump_event };
		err = perf_session__process_events(&session, &s->mt.tool);
	} else {
		s->print.out = malloc(sizeof(*s->print.out));
		if (!s->print.out || script_out__open(s->print.out, STDOUT_FILENO)) {
			free(s->print.out);
			err = -ENOMEM;
			goto out_session;
		}
		err = script__print_session(s, &session, opts);
		ret = script_out__close(s->print.out);
		if (ret && !err)
			err = ret;
		free(s->print.out);
	}
	fflush(stdout);
	if (err && err != -EINVAL)
		pr_err("perf script: %s\n", strerror(-err));
out_session:
	perf_session__close(&session);
out_close:
	perf_data__close(&data);
	if (s->fields_error)
		return 255;	/* upstream's -1 */
	return err ? 1 : 0;
out_filter:
	perf_session__close(&session);
	perf_data__close(&data);
	return ret;
}

static int script__option(void *ctx, int key, const char *arg, bool unset)
{
	struct script *scr = ctx;

	switch (key) {
	case OPT_FIELDS:
		/* script_fields__parse() said what is wrong */
		return script_fields__parse(&scr->fields, arg) ? PERF_USAGE_ERROR : 0;
	case OPT_HIDE_CALL_GRAPH:
		scr->print.callchains = unset;
		return 0;
	case OPT_MAX_STACK:
		if (callchain__parse_max_stack(arg, &scr->max_stack)) {
			fprintf(stderr, "  Error: invalid --max-stack `%s'\n", arg);
			return PERF_USAGE_ERROR;
		}
		return 0;
	default:
		return 0;
	}
}

int cmd_script(int argc, const char **argv)
{
	struct script scr = {
		.fields = SCRIPT_FIELDS_INIT,
		.print = { .callchains = true },
	};
	struct dso_load_opts opts = { .buildid_dir = NULL };
	struct sample_filter_opts *fo = &scr.filter_opts;
	const struct parse_opt table[] = {
		{ PARSE_OPT_STRING, 'c', "comms", &fo->comms, "comm[,comm...]",
		  "only display events for these comms" },
		{ PARSE_OPT_STRING, 'C', "cpu", &fo->cpus, "cpu", "list of cpus to profile" },
		{ PARSE_OPT_BOOL, 'D', "dump-raw-trace", &scr.dump_raw, NULL,
		  "dump raw trace in ASCII" },
		{ PARSE_OPT_CALLBACK, 'F', "fields", NULL, "str",
		  "comma separated output fields. +field to add and -field to remove. "
		  "Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,dso,addr,symoff,srcline,period,callindent",
		  0, OPT_FIELDS },
		{ PARSE_OPT_BOOL, 'f', "force", &scr.force, NULL, "don't complain, do it" },
		{ PARSE_OPT_CALLBACK, 'G', "hide-call-graph", NULL, NULL,
		  "When printing symbols do not display call chain",
		  PARSE_OPT_NOARG | PARSE_OPT_CANNEG, OPT_HIDE_CALL_GRAPH },
		{ PARSE_OPT_BOOL, 'I', "show-info", &scr.show_info, NULL,
		  "display extended information from perf.data file" },
		{ PARSE_OPT_STRING, 'i', "input", &scr.input, "file", "input file name" },
		{ PARSE_OPT_STRING, 'k', "vmlinux", &opts.vmlinux, "file", "vmlinux pathname" },
		{ PARSE_OPT_BOOL, 'q', "quiet", &scr.quiet, NULL, "be quiet" },
		{ PARSE_OPT_BOOL, 0, "header", &scr.header, NULL, "Show data header." },
		{ PARSE_OPT_BOOL, 0, "header-only", &scr.header_only, NULL,
		  "Show only data header." },
		{ PARSE_OPT_BOOL, 0, "demangle", &scr.demangle, NULL,
		  "Demangle C++ and Rust symbol names (the default)" },
		{ PARSE_OPT_BOOL, 0, "inline", &scr.inline_frames, NULL, "Show inline function" },
		{ PARSE_OPT_STRING, 'S', "symbols", &fo->syms, "symbol[,symbol...]",
		  "only consider these symbols" },
		{ PARSE_OPT_INCR, 'v', "verbose", &scr.verbose, NULL, "be more verbose" },
		{ PARSE_OPT_STRING, 0, "dsos", &fo->dsos, "dso[,dso...]",
		  "only consider symbols in these DSOs" },
		{ PARSE_OPT_STRING, 0, "kallsyms", &opts.kallsyms, "file", "kallsyms pathname" },
		{ PARSE_OPT_CALLBACK, 0, "max-stack", NULL, "n",
		  "Set the maximum stack depth when parsing the callchain, anything beyond "
		  "the specified depth will be ignored. Default: kernel.perf_event_max_stack or 127",
		  0, OPT_MAX_STACK },
		{ PARSE_OPT_BOOL, 0, "ns", &scr.print.nanosecs, NULL,
		  "Use 9 decimal places when displaying time" },
		{ PARSE_OPT_STRING, 0, "pid", &fo->pids, "pid[,pid...]",
		  "only consider symbols in these pids" },
		{ PARSE_OPT_BOOL, 0, "reltime", &scr.print.reltime, NULL,
		  "Show time stamps relative to start" },
		{ PARSE_OPT_BOOL, 0, "deltatime", &scr.print.deltatime, NULL,
		  "Show time stamps relative to previous event" },
		{ PARSE_OPT_BOOL, 0, "show-mmap-events", &scr.show_mmap, NULL,
		  "Show the mmap events" },
		{ PARSE_OPT_BOOL, 0, "show-task-events", &scr.show_task, NULL,
		  "Show the fork/comm/exit events" },
		{ PARSE_OPT_BOOL, 0, "show-switch-events", &scr.show_switch, NULL,
		  "Show context switch events (if recorded)" },
		{ PARSE_OPT_BOOL, 0, "show-lost-events", &scr.show_lost, NULL,
		  "Show lost events (if recorded)" },
		{ PARSE_OPT_BOOL, 0, "show-round-events", &scr.show_round, NULL,
		  "Show round events (if recorded)" },
		{ PARSE_OPT_STRING, 0, "symfs", &opts.symfs, "directory",
		  "Look for files with symbols relative to this directory" },
		{ PARSE_OPT_STRING, 0, "tid", &fo->tids, "tid[,tid...]",
		  "only consider symbols in these tids" },
		{ PARSE_OPT_STRING, 0, "time", &fo->time, "str",
		  "Time span of interest (start,stop)" },
		{ PARSE_OPT_END },
	};
	/* stop at the first non-option ("report flamegraph -o x" is not ours) */
	const struct parse_opts p = {
		.cmd = "script", .usage = script_usage, .opts = table,
		.cb = script__option, .ctx = &scr, .flags = PARSE_OPTS_STOP_AT_NON_OPTION,
	};
	int n;

	scr.max_stack = callchain__default_max_stack();
	scr.inline_frames = true;
	scr.demangle = true;
	n = parse_opts__parse(&p, argc, argv);
	if (n < 0)
		return -n;
	argv += argc - n;
	if (n && !strcmp(argv[0], "report"))
		return cmd_script_report(n, argv);
	if (n)
		return parse_opts__error(&p, "unexpected argument `%s'", argv[0]);
	if (scr.print.reltime && scr.print.deltatime) {
		fprintf(stderr, "reltime and deltatime - the two don't get along well. "
			"Please limit to --reltime or --deltatime.\n");
		return 255;	/* upstream's -1 */
	}
	opts.demangle = demangle_mode__of(scr.demangle, scr.verbose);
	n = dso_load_opts__check(&opts, "perf script");
	if (n)
		return n;
	if (sample_filter__init(&scr.filter, fo, "perf script"))
		n = PERF_USAGE_ERROR;
	else
		n = script__run(&scr, &opts);
	sample_filter__exit(&scr.filter);
	return n;
}
