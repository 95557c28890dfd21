// SPDX-License-Identifier: GPL-2.0
/*
 * perf record: sample a workload, processes or the whole system into a
 * perf.data file (or a stream), with the build-id of every mapped DSO
 * gathered while recording, so finalization costs O(#DSOs), not O(data).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include "builtin.h"
#include "util/cache/build-id-cache.h"
#include "util/base/debug.h"
#include "record/parse-events.h"
#include "record/record.h"

/*
 * x86_64's user registers for unwinding, as upstream asks for them: AX..SS
 * and R8..R15 (perf_regs order), not the segment bases DS, ES, FS, GS.
 */
#define RECORD_X86_64_REGS_USER	0xff0fffULL

/* What every event shares: sampling, layout, inheritance, enabling. */
static void record__config_attr(struct record *rec, struct perf_event_attr *attr, int nr)
{
	struct record_opts *opts = &rec->opts;

	if (opts->freq) {
		attr->sample_freq = opts->freq;
		attr->flags |= PERF_ATTR_FLAG_FREQ;
	} else {
		attr->sample_period = opts->period;
	}
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			    PERF_SAMPLE_PERIOD;
	if (opts->callgraph)
		attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (opts->stack_dump_size) {
		/*
		 * --call-graph dwarf: the user registers and stack go to
		 * report's unwinder, the kernel walks its own part only.
		 */
		attr->sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
		attr->sample_regs_user = RECORD_X86_64_REGS_USER;
		attr->sample_stack_user = opts->stack_dump_size;
		attr->flags |= PERF_ATTR_FLAG_EXCLUDE_CALLCHAIN_USER;
	}
	if (opts->system_wide || opts->cpu_list)
		attr->sample_type |= PERF_SAMPLE_CPU;
	if (nr > 1)
		attr->sample_type |= PERF_SAMPLE_IDENTIFIER;
	attr->read_format = PERF_FORMAT_ID | (rec->format_lost ? PERF_FORMAT_LOST : 0);
	attr->flags |= PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_INHERIT |
		       PERF_ATTR_FLAG_SAMPLE_ID_ALL;
	if (rec->workload && !opts->system_wide && !opts->cpu_list)
		attr->flags |= PERF_ATTR_FLAG_ENABLE_ON_EXEC;
	if (opts->overwrite)
		attr->flags |= PERF_ATTR_FLAG_WRITE_BACKWARD;
	sample_opts__config_attr(&opts->sample, attr, opts->freq != 0);
	/* -D: record/control.c enables them; a dummy tracks meanwhile. */
	if (record_control__delayed(&opts->control))
		attr->flags &= ~PERF_ATTR_FLAG_ENABLE_ON_EXEC;
}

/* The tracking event: maps (with build-ids), comms, forks/exits. */
static void record__config_tracking(struct record *rec, struct perf_event_attr *attr)
{
	attr->flags |= PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 | PERF_ATTR_FLAG_COMM |
		       PERF_ATTR_FLAG_COMM_EXEC | PERF_ATTR_FLAG_TASK;
	sample_opts__config_tracking(&rec->opts.sample, attr);
	if (rec->src == BUILDID_SRC_MMAP2)
		attr->flags |= PERF_ATTR_FLAG_BUILD_ID;
	else if (rec->src == BUILDID_SRC_MMAP3)
		attr->flags |= PERF_ATTR_FLAG_MMAP3;
	rec->track_attr = *attr;
	rec->attr_build_id = rec->src == BUILDID_SRC_MMAP2;
}

/*
 * --overwrite: the side-band goes to a forward "dummy" event of its own,
 * so a flight recorder that overwrites old samples never loses the maps
 * needed to resolve the ones it keeps.
 */
static int record__add_dummy(struct record *rec, int nr)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	record__config_attr(rec, &attr, nr);
	attr.flags &= ~PERF_ATTR_FLAG_WRITE_BACKWARD;
	/* What its name says; side-band needs no kernel samples, nor privileges. */
	attr.flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_HV;
	record__config_tracking(rec, &attr);
	return rec_evlist__add(&rec->rec_evlist, &attr, "dummy:u");
}

/*
 * What the -e syntax adds to the shared config: period=/freq= terms keep
 * their sampling; a tracepoint samples every hit (unless -c) with its raw
 * data; a group member is enabled with its leader, not on its own.
 */
static void record__config_event(struct record *rec, const struct parse_event *ev,
				 struct perf_event_attr *attr)
{
	const u64 sampling = PERF_ATTR_FLAG_FREQ;

	if (ev->sampling_set) {
		attr->flags = (attr->flags & ~sampling) | (ev->attr.flags & sampling);
		attr->sample_period = ev->attr.sample_period;
	} else if (ev->tracepoint && rec->opts.freq) {
		attr->flags &= ~sampling;
		attr->sample_period = 1;
	}
	if (ev->tracepoint)
		attr->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
	if (ev->nr_members == 0)
		attr->flags &= ~(PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_ENABLE_ON_EXEC);
}

static int record__config_events(struct record *rec)
{
	struct record_opts *opts = &rec->opts;
	struct parse_events pe = { 0 };
	struct parse_events_error err;
	int i, ret, nr, first;

	if (!opts->nr_events)
		opts->events[opts->nr_events++] = "cpu-clock";
	for (i = 0; i < opts->nr_events; i++) {
		ret = parse_events__add(&pe, opts->events[i], &err);
		if (ret == -EINVAL) {
			parse_events__print(&err);
			parse_events__exit(&pe);
			return record_opts__usage();
		}
		if (ret) {
			fprintf(stderr, "perf record: out of memory\n");
			parse_events__exit(&pe);
			return 1;
		}
	}
	nr = (int)pe.nr + (opts->overwrite || record_control__delayed(&opts->control));
	if (opts->overwrite && record__add_dummy(rec, nr)) {
		parse_events__exit(&pe);
		return 1;
	}
	first = rec->rec_evlist.nr;
	for (i = 0; i < (int)pe.nr; i++) {
		struct perf_event_attr attr = pe.ev[i].attr;

		record__config_attr(rec, &attr, nr);
		record__config_event(rec, &pe.ev[i], &attr);
		if (i == 0 && !opts->overwrite && !record_control__delayed(&opts->control))
			record__config_tracking(rec, &attr);
		ret = rec_evlist__add(&rec->rec_evlist, &attr, pe.ev[i].name);
		if (ret) {
			parse_events__exit(&pe);
			return 1;
		}
		rec->rec_evlist.entries[first + i].leader = first + pe.ev[i].leader;
	}
	parse_events__exit(&pe);
	if (record__add_delay_dummy(rec))
		return 1;
	ret = record__switch_events_config(rec);
	if (ret)
		return ret;
	if (rec->dummy_idx >= 0 && !opts->overwrite)
		record__config_tracking(rec, &rec->rec_evlist.entries[rec->dummy_idx].attr);
	/* Offset of TIME in a sample, for SAMPLE_TIME. */
	{
		u64 st = rec->track_attr.sample_type;

		rec->time_off = !(st & PERF_SAMPLE_TIME) ? -1 :
				8 + (st & PERF_SAMPLE_IDENTIFIER ? 8 : 0) +
				(st & PERF_SAMPLE_IP ? 8 : 0) + (st & PERF_SAMPLE_TID ? 8 : 0);
	}
	return 0;
}

/*
 * Fork the workload stopped on a pipe: it execs only once we write to
 * @go_fd, after the events are open and enabled.  An exec failure comes
 * back as an errno on @exec_err_fd (closed by a successful exec).
 */
static int record__prepare_workload(struct record *rec, char **argv, const sigset_t *oldmask)
{
	int go[2], err[2];
	char c;

	if (pipe2(go, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
		fprintf(stderr, "perf record: pipe: %s\n", strerror(errno));
		return -errno;
	}
	rec->child = fork();
	if (rec->child < 0) {
		fprintf(stderr, "perf record: fork: %s\n", strerror(errno));
		return -errno;
	}
	if (rec->child == 0) {
		int e;

		close(go[1]);
		close(err[0]);
		sigprocmask(SIG_SETMASK, oldmask, NULL);
		if (read(go[0], &c, 1) != 1)
			_exit(127);	/* perf gave up before starting us */
		/* 'p': our stdout is the data stream, not the workload's. */
		if (c == 'p')
			dup2(2, 1);
		execvp(argv[0], argv);
		e = errno;
		if (write(err[1], &e, sizeof(e)) != sizeof(e))
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	rec->go_fd = go[1];
	rec->exec_err_fd = err[0];
	return 0;
}

/*
 * Let the workload exec; returns -errno of a failed exec, else 0.  The
 * output was opened after the fork: the byte says if it is a stream.
 */
static int record__start_workload(struct record *rec)
{
	int e = 0;
	ssize_t n;

	if (write(rec->go_fd, rec->data.is_pipe ? "p" : "g", 1) != 1)
		return -errno;
	close(rec->go_fd);
	rec->go_fd = -1;
	n = read(rec->exec_err_fd, &e, sizeof(e));
	close(rec->exec_err_fd);
	rec->exec_err_fd = -1;
	return n == sizeof(e) ? -e : 0;
}

/* The session's evlist (attrs, ids, names) as the header writes it. */
static int record__build_evlist(struct record *rec)
{
	struct rec_evlist *el = &rec->rec_evlist;
	int i, n = el->cpus.nr * el->threads.nr;

	for (i = 0; i < el->nr; i++) {
		struct evsel *evsel;

		evsel = evlist__add(&rec->evlist, &el->entries[i].attr,
				    sizeof(el->entries[i].attr), el->entries[i].ids, n);
		if (!evsel)
			return -ENOMEM;
		free(evsel->name);
		evsel->name = strdup(el->entries[i].name);
		if (!evsel->name)
			return -ENOMEM;
	}
	return 0;
}

/* Reap the workload if it ended; true once it has. */
static bool record__reap(struct record *rec)
{
	int status;

	if (rec->child <= 0 || rec->child_done)
		return rec->child_done;
	if (waitpid(rec->child, &status, WNOHANG) == rec->child) {
		rec->child_done = true;
		rec->child_status = status;
	}
	return rec->child_done;
}

/* A switch from the loop (not the last file): upstream's two lines. */
static int record__switch(struct record *rec)
{
	if (!rec->opts.quiet)
		fprintf(stderr, "[ perf record: dump data: Woken up %llu times ]\n",
			(unsigned long long)rec->wakeups);
	return record__switch_output(rec);
}

/*
 * A quiet workload's MMAP records can sit in the ring buffers until the
 * end (no wakeup before half a buffer), by when a replaced binary is
 * gone: while files are secured at first sight without a lookout, read
 * them this often.
 */
#define RECORD_SECURE_POLL_MS	10

static int record__poll_timeout(const struct record *rec)
{
	int t = switch_output__poll_timeout(&rec->opts.switch_output);

	if (rec->securing && !rec->nr_lookout && (t < 0 || t > RECORD_SECURE_POLL_MS))
		return RECORD_SECURE_POLL_MS;
	return t;
}

/*
 * Poll the ring buffers and the signalfd until the workload ends, a
 * signal asks us to stop, or (per-task events) every task is gone.
 */
static int record__loop(struct record *rec, int sfd)
{
	struct pollfd *pfd;
	int i, n = rec->nr_mmaps, ret = 0;
	bool done = false;

	int nr_side = rec->nr_lookout + rec->nr_switch_mmaps;

	pfd = calloc(n + 2 + nr_side, sizeof(*pfd));
	if (!pfd)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pfd[i].fd = rec->mmaps[i].fd;
		pfd[i].events = POLLIN;
	}
	pfd[n].fd = sfd;
	pfd[n].events = POLLIN;
	/* After the signalfd: the hang-up count covers the sample buffers only. */
	for (i = 0; i < rec->nr_lookout; i++) {
		pfd[n + 1 + i].fd = rec->lookout_mmaps[i].fd;
		pfd[n + 1 + i].events = POLLIN;
	}
	for (i = 0; i < rec->nr_switch_mmaps; i++) {
		pfd[n + 1 + rec->nr_lookout + i].fd = rec->switch_mmaps[i].fd;
		pfd[n + 1 + rec->nr_lookout + i].events = POLLIN;
	}
	/* Last: --control's commands. */
	pfd[n + 1 + nr_side].fd = record_control__fd(&rec->opts.control);
	pfd[n + 1 + nr_side].events = POLLIN;
	while (!done) {
		int hups = 0;
		bool woken = false, hit;

		/* Maps first: a build can be gone before its samples are read. */
		record__lookout_read(rec);
		/* A hit first too: the samples up to it end the file it ends. */
		hit = record__switch_events_read(rec) > 0;
		ret = record__mmap_read_all(rec);
		record__control_size(rec);
		if (!ret)
			ret = record__control_tick(rec);
		if (!ret && rec->control_stop)
			break;
		if (!ret && (hit || switch_output__due(&rec->opts.switch_output,
						       rec->bytes_written)))
			ret = record__switch(rec);
		if (ret)
			break;
		if (poll(pfd, n + 2 + nr_side,
			 record__control_timeout(rec, record__poll_timeout(rec))) < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		for (i = 0; i < n; i++) {
			if (pfd[i].revents & POLLIN)
				woken = true;
			if (pfd[i].revents & (POLLHUP | POLLERR))
				hups++;
		}
		rec->wakeups += woken;
		if (pfd[n + 1 + nr_side].revents & POLLIN) {
			ret = record__control_read(rec);
			if (ret)
				break;
		}
		if (pfd[n].revents & POLLIN) {
			struct signalfd_siginfo si;

			while (read(sfd, &si, sizeof(si)) == sizeof(si)) {
				if (si.ssi_signo == SIGCHLD) {
					if (record__reap(rec))
						done = true;
				} else if (si.ssi_signo == SIGUSR2) {
					/* Only meaningful with --switch-output. */
					if (rec->opts.switch_output.signal) {
						ret = record__switch(rec);
						if (ret)
							done = true;
					}
				} else {
					rec->stop_signal = (int)si.ssi_signo;
					done = true;
				}
			}
		}
		/* Per-task events all hung up: nothing more can come. */
		if (n && hups == n && !rec->opts.system_wide && !rec->opts.cpu_list)
			done = true;
	}
	free(pfd);
	return ret;
}

static int record__finish(struct record *rec, int loop_err)
{
	int ret = loop_err;

	rec_evlist__disable(&rec->rec_evlist);
	rec_evlist__disable(&rec->lookout);
	rec_evlist__disable(&rec->switch_events);
	record__lookout_read(rec);
	if (!ret)
		ret = record__drain(rec);
	if (!ret && !rec->write_err)
		ret = record__write_lost_samples(rec);
	/* Every first sight is read: nothing writes the cache after this join. */
	record__secure_finish(rec);
	if (rec->write_err == -ENOSPC)
		fprintf(stderr, "Error: no space left on device writing %s: the data "
			"that fit was kept\n", rec->data.path);
	else if (rec->write_err)
		fprintf(stderr, "Error: writing %s: %s\n", rec->data.path,
			strerror(-rec->write_err));
	if (rec->data.is_pipe) {
		if (!rec->write_err && record__table_final(rec))
			ret = buildid_table__write_records(&rec->table, record__write, rec) ?: ret;
	} else {
		int r = record__end_file(rec);

		/* --timestamp-filename: the one file is named as --switch-output's are. */
		if (!r && (rec->opts.switch_output.enabled || rec->opts.timestamp_filename)) {
			if (!rec->opts.quiet)
				fprintf(stderr, "[ perf record: Woken up %llu times to write data ]\n",
					(unsigned long long)rec->wakeups);
			r = switch_output__rename(&rec->opts.switch_output, rec->opts.output,
						  rec->opts.quiet);
		}
		if (r && !ret)
			ret = r;
	}
	if (!rec->opts.no_buildid && !rec->opts.no_buildid_cache)
		build_id_cache__add_table(&rec->table, rec->kallsyms_cached, rec->opts.verbose);
	record__print_summary(rec);
	return ret;
}

static int record__setup_targets(struct record *rec)
{
	struct record_opts *opts = &rec->opts;
	struct rec_evlist *el = &rec->rec_evlist;
	int ret;

	if (opts->cpu_list) {
		ret = cpu_list__parse(&el->cpus, opts->cpu_list);
		if (ret) {
			fprintf(stderr, "Error: invalid CPU list '%s'\n", opts->cpu_list);
			return ret;
		}
	} else if (opts->sample.per_thread && !opts->system_wide) {
		/* --per-thread: no CPU, a buffer per thread (record/cpu-buffers.c). */
		ret = cpu_list__any(&el->cpus);
		if (ret)
			return ret;
	} else {
		ret = cpu_list__parse(&el->cpus, NULL);
		if (ret) {
			fprintf(stderr, "Error: cannot read the online CPUs: %s\n", strerror(-ret));
			return ret;
		}
	}
	/* Every thread of every -p process; the -t threads; upstream's error for a gone one. */
	if (opts->pid || opts->tid) {
		ret = opts->pid ? thread_list__from_pids(&el->threads, opts->pids, opts->nr_pids) :
				  thread_list__from_tids(&el->threads, opts->tids, opts->nr_tids);
		if (ret == -ESRCH)
			fprintf(stderr, "Couldn't create thread/CPU maps: No such process\n");
		else if (ret)
			fprintf(stderr, "perf record: %s\n", strerror(-ret));
		return ret;
	}
	if (rec->workload && !opts->system_wide && !opts->cpu_list)
		return thread_list__one(&el->threads, rec->child);
	return thread_list__one(&el->threads, -1);
}

/*
 * Like upstream, perf record ends the way its command did: with its exit
 * status, or killed by the same signal (*@sig).  Without a command, or
 * when the command exited after perf was told to stop, by the signal that
 * stopped perf.  Returns the exit status (128+N for a signal, should
 * dying of it fail).
 */
static int record__exit_code(struct record *rec, int err, int exec_err, int *sig)
{
	*sig = 0;
	if (exec_err)
		return 255;
	if (err)
		return 1;
	if (rec->child > 0 && rec->child_done) {
		if (WIFSIGNALED(rec->child_status))
			*sig = WTERMSIG(rec->child_status);
		else if (WIFEXITED(rec->child_status) && !rec->stop_signal)
			return WEXITSTATUS(rec->child_status);
	}
	if (!*sig)
		*sig = rec->stop_signal;
	return *sig ? 128 + *sig : 0;
}

/*
 * Die of @sig, after everything is written and freed: a shell then sees
 * an interrupted command (a script's loop stops on Ctrl-C), as with
 * upstream.  No core file: perf did not crash, at most its command did.
 */
static void record__die_of(int sig)
{
	struct rlimit no_core = { 0, 0 };
	sigset_t set;

	fflush(NULL);
	setrlimit(RLIMIT_CORE, &no_core);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* Still here: a signal whose default is not to terminate. */
}

int cmd_record(int argc, const char **argv)
{
	struct record *rec;
	sigset_t mask, oldmask;
	int cmd_idx = 0, sfd = -1, ret, exec_err = 0, code, sig = 0;
	const char *force_env = getenv("PERF_MMAP3_FORCE_USERSPACE_BUILDID");

	rec = calloc(1, sizeof(*rec));
	if (!rec) {
		fprintf(stderr, "perf record: out of memory\n");
		return 1;
	}
	rec->go_fd = rec->exec_err_fd = -1;
	rec->dummy_idx = -1;
	rec_evlist__init(&rec->rec_evlist);
	evlist__init(&rec->evlist);
	perf_header__init(&rec->header);
	buildid_table__init(&rec->table);
	buildid_table__init(&rec->lookout_seen);
	record__userspace_init(rec);
	rec_evlist__init(&rec->lookout);
	rec_evlist__init(&rec->switch_events);
	rec->data.fd = -1;

	code = record_opts__config(&rec->opts) ?:
	       record_opts__parse(&rec->opts, argc, (char **)argv, &cmd_idx);
	if (code)
		goto out_free;
	code = 1;
	if (cmd_idx < argc)
		rec->workload = argv[cmd_idx];
	/* Like upstream: no workload and no target means the whole system. */
	if (!rec->workload && !rec->opts.pid && !rec->opts.tid && !rec->opts.cpu_list)
		rec->opts.system_wide = true;

	rec->src = buildid_source__probe(force_env && !strcmp(force_env, "1"));
	pr_debug(rec->opts.verbose, 1, "build-ids from: %s\n", buildid_source__name(rec->src));
	rec->format_lost = rec_evlist__probe_format_lost();

	ret = record__config_events(rec);
	if (ret) {
		code = ret;
		goto out_free;
	}

	/* Signals arrive through a signalfd read by the poll loop. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGHUP);
	sigaddset(&mask, SIGUSR2);
	sigprocmask(SIG_BLOCK, &mask, &oldmask);
	sfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sfd < 0) {
		fprintf(stderr, "perf record: signalfd: %s\n", strerror(errno));
		goto out_sig;
	}

	if (rec->workload &&
	    record__prepare_workload(rec, (char **)argv + cmd_idx, &oldmask))
		goto out_sig;
	if (record__setup_targets(rec))
		goto out_child;
	rec->rec_evlist.verbose = rec->opts.verbose;
	if (rec_evlist__open(&rec->rec_evlist, rec->workload, rec->opts.quiet))
		goto out_child;
	if (record__mmap_all(rec) || record__build_evlist(rec) || record__compress_start(rec) ||
	    record__switch_events_open(rec))
		goto out_child;
	/*
	 * The file only once the events are ready: a start that fails (an
	 * event, a target, permissions) leaves no empty perf.data behind.
	 */
	if (perf_data__open(&rec->data, rec->opts.output, PERF_DATA_WRITE, rec->opts.force))
		goto out_child;

	rec->argc = argc;
	rec->argv = argv;
	/* Before synthesis: the maps it finds are first sights too. */
	record__secure_start(rec);
	if (rec->securing)
		record__lookout_open(rec);
	if (record__begin_output(rec))
		goto out_unlink;
	ret = record__synthesize(rec, false);
	if (ret) {
		fprintf(stderr, "perf record: cannot synthesize the existing maps: %s\n",
			strerror(-ret));
		goto out_unlink;
	}

	if (!(rec->track_attr.flags & PERF_ATTR_FLAG_ENABLE_ON_EXEC))
		record__enable_start(rec);
	if (rec->workload) {
		exec_err = record__start_workload(rec);
		if (exec_err) {
			fprintf(stderr, "Failed to collect '%s' for the '%s' workload: %s\n",
				rec->rec_evlist.entries[0].name, rec->workload, strerror(-exec_err));
			waitpid(rec->child, &rec->child_status, 0);
			rec->child_done = true;
		}
	}
	switch_output__arm(&rec->opts.switch_output);
	record_control__start(&rec->opts.control, rec->opts.quiet);
	ret = exec_err ? 0 : record__loop(rec, sfd);
	if (rec->child > 0 && !record__reap(rec)) {
		/* Told to stop, or cannot write: stop the workload too, like upstream. */
		bool stop = rec->stop_signal || ret || rec->control_stop;

		if (stop)
			kill(rec->child, SIGTERM);
		/* Else its events hung up: it is exiting, collect its status. */
		waitpid(rec->child, &rec->child_status, 0);
		rec->child_done = true;
	}
	ret = record__finish(rec, ret);
	code = record__exit_code(rec, ret, exec_err, &sig);
	goto out_mmaps;

out_unlink:
	/* Nothing was recorded: a header alone would pass for a profile. */
	if (!rec->data.is_pipe)
		unlink(rec->data.path);
out_child:
	if (rec->child > 0 && !rec->child_done) {
		/* Closing the go pipe makes the waiting child exit. */
		if (rec->go_fd >= 0)
			close(rec->go_fd);
		rec->go_fd = -1;
		waitpid(rec->child, NULL, 0);
	}
out_mmaps:
	record__lookout_close(rec);
	record__switch_events_close(rec);
	record__munmap_all(rec);
	perf_data__close(&rec->data);
out_sig:
	if (sfd >= 0)
		close(sfd);
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
out_free:
	if (rec->go_fd >= 0)
		close(rec->go_fd);
	if (rec->exec_err_fd >= 0)
		close(rec->exec_err_fd);
	record_opts__exit(&rec->opts);
	rec_evlist__exit(&rec->rec_evlist);
	rec_evlist__exit(&rec->switch_events);
	evlist__exit(&rec->evlist);
	perf_header__exit(&rec->header);
	buildid_table__exit(&rec->table);
	buildid_table__exit(&rec->lookout_seen);
	record__userspace_exit(rec);
	build_id_secure__exit(&rec->secure);
	if (rec->compressing)
		record_compress__exit(&rec->comp);
	free(rec);
	if (sig)
		record__die_of(sig);
	return code;
}
