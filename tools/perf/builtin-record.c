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
#include <sys/signalfd.h>
#include <sys/wait.h>
#include "builtin.h"
#include "util/build-id-cache.h"
#include "util/buildid-table.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist-open.h"
#include "util/header.h"
#include "util/mmap.h"
#include "util/parse-events.h"
#include "util/record-opts.h"
#include "util/record-features.h"
#include "util/synthetic-events.h"


struct record {
	struct record_opts opts;
	struct rec_evlist rec_evlist;
	struct evlist evlist;
	struct perf_header header;
	struct perf_data data;
	struct perf_mmap *mmaps;
	int nr_mmaps;
	struct buildid_table table;
	enum buildid_source src;
	struct perf_event_attr track_attr;	/* the event that emits MMAPs */
	bool attr_build_id;			/* it asked the kernel for ids */
	int time_off;				/* TIME's offset in a sample, or -1 */
	u64 bytes_written;
	u64 samples, lost, lost_chunks;
	u64 first_time, last_time;
	u64 wakeups;
	int write_err;				/* first write error */
	/* workload */
	pid_t child;
	int go_fd;				/* write end: tells the child to exec */
	int exec_err_fd;			/* read end: errno if exec failed */
	int child_status;
	bool child_done;
	int stop_signal;			/* SIGINT/SIGTERM/SIGHUP that stopped us */
	int argc;				/* for CMDLINE, in every output file */
	const char **argv;
	const char *workload;
};

static int record__write(void *priv, const void *buf, size_t len)
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
	rec->bytes_written += len;
	return 0;
}

static int record__emit(void *priv, const union perf_event *event)
{
	return record__write(priv, event, event->header.size);
}

/* Every record the kernel hands us, before it is written. */
static int record__inspect(void *priv, const union perf_event *event,
			   struct perf_event_header *fix)
{
	struct record *rec = priv;
	struct perf_mmap_info info;
	int ret = 0;

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
		if (buildid_table__add(&rec->table, info.filename,
				       event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK,
				       info.build_id, info.has_build_id ? info.build_id_size : 0) < 0)
			return -ENOMEM;
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

/* One pass over every ring buffer; a FINISHED_ROUND after data. */
static int record__mmap_read_all(struct record *rec)
{
	static const struct perf_event_header round = {
		.type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round),
	};
	bool any = false;
	ssize_t n;
	int i;

	for (i = 0; i < rec->nr_mmaps; i++) {
		n = perf_mmap__read(&rec->mmaps[i], &record_mmap_ops, rec);
		if (n == -EINVAL) {
			fprintf(stderr, "Warning: bad record in the ring buffer of CPU %d, "
				"rest of it dropped\n", rec->mmaps[i].cpu);
			continue;
		}
		if (n < 0)
			return (int)n;
		any |= n > 0;
	}
	if (any)
		return record__write(rec, &round, sizeof(round));
	return 0;
}

static int record__config_events(struct record *rec, const char *arg_for_errors)
{
	struct record_opts *opts = &rec->opts;
	int i, ret;

	if (!opts->nr_events)
		opts->events[opts->nr_events++] = "cpu-clock";
	for (i = 0; i < opts->nr_events; i++) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		ret = parse_events__one(opts->events[i], &attr);
		if (ret) {
			parse_events__print_error(opts->events[i], 0);
			return record_opts__usage();
		}
		if (opts->freq) {
			attr.sample_freq = opts->freq;
			attr.flags |= PERF_ATTR_FLAG_FREQ;
		} else {
			attr.sample_period = opts->period;
		}
		attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
				   PERF_SAMPLE_PERIOD;
		if (opts->callgraph)
			attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
		if (opts->system_wide || opts->cpu_list)
			attr.sample_type |= PERF_SAMPLE_CPU;
		if (opts->nr_events > 1)
			attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
		attr.read_format = PERF_FORMAT_ID;
		attr.flags |= PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_INHERIT |
			      PERF_ATTR_FLAG_SAMPLE_ID_ALL;
		if (rec->workload && !opts->system_wide && !opts->cpu_list)
			attr.flags |= PERF_ATTR_FLAG_ENABLE_ON_EXEC;
		if (i == 0) {
			/* The tracking event: maps, comms, forks/exits. */
			attr.flags |= PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 |
				      PERF_ATTR_FLAG_COMM | PERF_ATTR_FLAG_COMM_EXEC |
				      PERF_ATTR_FLAG_TASK;
			if (rec->src == BUILDID_SRC_MMAP2)
				attr.flags |= PERF_ATTR_FLAG_BUILD_ID;
			else if (rec->src == BUILDID_SRC_MMAP3)
				attr.flags |= PERF_ATTR_FLAG_MMAP3;
			rec->track_attr = attr;
			rec->attr_build_id = rec->src == BUILDID_SRC_MMAP2;
		}
		ret = rec_evlist__add(&rec->rec_evlist, &attr, opts->events[i]);
		if (ret)
			return 1;
	}
	/* Offset of TIME in a sample, for SAMPLE_TIME. */
	{
		u64 st = rec->track_attr.sample_type;

		rec->time_off = 8 + (st & PERF_SAMPLE_IDENTIFIER ? 8 : 0) +
				(st & PERF_SAMPLE_IP ? 8 : 0) + (st & PERF_SAMPLE_TID ? 8 : 0);
	}
	(void)arg_for_errors;
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
		/* In pipe mode our stdout is the data stream: not the workload's. */
		if (rec->data.is_pipe)
			dup2(2, 1);
		if (read(go[0], &c, 1) != 1)
			_exit(127);	/* perf gave up before starting us */
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

/* Let the workload exec; returns -errno of a failed exec, else 0. */
static int record__start_workload(struct record *rec)
{
	int e = 0;
	ssize_t n;

	if (write(rec->go_fd, "g", 1) != 1)
		return -errno;
	close(rec->go_fd);
	rec->go_fd = -1;
	n = read(rec->exec_err_fd, &e, sizeof(e));
	close(rec->exec_err_fd);
	rec->exec_err_fd = -1;
	return n == sizeof(e) ? -e : 0;
}

static int record__mmap_all(struct record *rec)
{
	struct rec_evlist *el = &rec->rec_evlist;
	int c, t, i, ret;

	rec->mmaps = calloc(el->cpus.nr, sizeof(*rec->mmaps));
	if (!rec->mmaps)
		return -ENOMEM;
	for (c = 0; c < el->cpus.nr; c++) {
		int out = *rec_evsel__fd(&el->entries[0], el, c, 0);

		ret = perf_mmap__open(&rec->mmaps[c], out, el->cpus.cpus[c], rec->opts.mmap_pages);
		if (ret) {
			fprintf(stderr, "Error: cannot mmap the ring buffer (%zu pages) of CPU %d: %s\n"
				"Hint: try fewer pages with -m, or raise /proc/sys/kernel/perf_event_mlock_kb\n",
				rec->opts.mmap_pages, el->cpus.cpus[c], strerror(-ret));
			return ret;
		}
		rec->nr_mmaps++;
		/* Everything else on this CPU goes to the same buffer. */
		for (i = 0; i < el->nr; i++) {
			for (t = 0; t < el->threads.nr; t++) {
				int fd = *rec_evsel__fd(&el->entries[i], el, c, t);

				if (fd == out)
					continue;
				if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, out) < 0) {
					ret = -errno;
					fprintf(stderr, "Error: cannot redirect event output: %s\n",
						strerror(errno));
					return ret;
				}
			}
		}
	}
	return 0;
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

/*
 * What existed before the events: the kernel map, and the target's
 * processes.  @again (a new --switch-output file): the workload too, whose
 * maps the kernel reported only into the first file.
 */
static int record__synthesize(struct record *rec, bool again)
{
	struct synth_ctx *ctx = calloc(1, sizeof(*ctx));
	int ret;

	if (!ctx)
		return -ENOMEM;
	ctx->emit = record__emit;
	ctx->priv = rec;
	ctx->sample_type = rec->track_attr.sample_type;
	ctx->sample_id_all = true;
	ctx->id = rec->rec_evlist.entries[0].ids[0];
	ctx->build_id_mmap2 = rec->src == BUILDID_SRC_MMAP2;
	ctx->mmap3 = rec->src == BUILDID_SRC_MMAP3;
	ctx->table = &rec->table;
	ret = synth__kernel_mmap(ctx);
	if (!ret) {
		if (rec->opts.system_wide || (rec->opts.cpu_list && !rec->workload))
			ret = synth__all_processes(ctx);
		else if (rec->opts.pid > 0)
			ret = synth__process(ctx, rec->opts.pid);
		else if (rec->opts.tid > 0)
			ret = synth__process(ctx, rec->opts.tid);
		else if (again && rec->child > 0)
			ret = synth__process(ctx, rec->child);
	}
	free(ctx);
	return ret;
}

static void record__print_summary(struct record *rec)
{
	if (rec->lost)
		fprintf(stderr, "Warning: lost %llu events in %llu chunks: "
			"increase the buffer with -m or lower the frequency with -F\n",
			(unsigned long long)rec->lost, (unsigned long long)rec->lost_chunks);
	if (rec->opts.quiet)
		return;
	fprintf(stderr, "[ perf record: Woken up %llu times to write data ]\n",
		(unsigned long long)rec->wakeups);
	if (rec->data.is_pipe)
		fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s ]\n",
			rec->bytes_written / 1024.0 / 1024.0, rec->data.path);
	else
		fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s (%llu samples) ]\n",
			rec->bytes_written / 1024.0 / 1024.0, rec->data.path,
			(unsigned long long)rec->samples);
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

static int record__switch_output(struct record *rec);

/*
 * Poll the ring buffers and the signalfd until the workload ends, a
 * signal asks us to stop, or (per-task events) every task is gone.
 */
static int record__loop(struct record *rec, int sfd)
{
	struct pollfd *pfd;
	int i, n = rec->nr_mmaps, ret = 0;
	bool done = false;

	pfd = calloc(n + 1, sizeof(*pfd));
	if (!pfd)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pfd[i].fd = rec->mmaps[i].fd;
		pfd[i].events = POLLIN;
	}
	pfd[n].fd = sfd;
	pfd[n].events = POLLIN;
	while (!done) {
		int hups = 0;
		bool woken = false;

		ret = record__mmap_read_all(rec);
		if (ret)
			break;
		if (poll(pfd, n + 1, -1) < 0) {
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
		if (pfd[n].revents & POLLIN) {
			struct signalfd_siginfo si;

			while (read(sfd, &si, sizeof(si)) == sizeof(si)) {
				if (si.ssi_signo == SIGCHLD) {
					if (record__reap(rec))
						done = true;
				} else if (si.ssi_signo == SIGUSR2) {
					/* Only meaningful with --switch-output. */
					if (rec->opts.switch_output && !rec->data.is_pipe) {
						ret = record__switch_output(rec);
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

/* Features, then the file header and attrs (or the stream's header records). */
static int record__begin_output(struct record *rec)
{
	int ret;

	ret = record_features__host(&rec->header, rec->argc, rec->argv, PERF_VERSION);
	if (!ret)
		ret = record_features__event_desc(&rec->header, &rec->evlist);
	if (ret)
		return ret;
	if (rec->data.is_pipe)
		return perf_header__write_pipe(&rec->header, &rec->evlist, &rec->data);
	return perf_header__write_begin(&rec->header, &rec->evlist, &rec->data);
}

/* File mode: the header table, SAMPLE_TIME, feature sections, final header. */
static int record__end_file(struct record *rec)
{
	int r = 0;

	if (!rec->opts.no_buildid) {
		buildid_table__resolve(&rec->table);
		r = buildid_table__to_header(&rec->table, &rec->header);
	}
	if (!r && rec->samples)
		r = record_features__sample_time(&rec->header, rec->first_time, rec->last_time);
	/* With a full disk this fails too; the header then says size 0. */
	if (!r)
		r = perf_header__write_end(&rec->header, &rec->evlist, &rec->data,
					   rec->bytes_written);
	return r;
}

/* --switch-output: the finished file becomes PATH.<YYYYmmddHHMMSSmmm>. */
static int record__rename_output(struct record *rec)
{
	char name[4096 + 32], stamp[32];
	struct timespec ts;
	struct tm tm;

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &tm);
	snprintf(name, sizeof(name), "%s.%s%03ld", rec->opts.output, stamp,
		 ts.tv_nsec / 1000000);
	if (rename(rec->opts.output, name)) {
		fprintf(stderr, "Error: cannot rename %s to %s: %s\n", rec->opts.output, name,
			strerror(errno));
		return -errno;
	}
	if (!rec->opts.quiet)
		fprintf(stderr, "[ perf record: dump data: Woken up %llu times ]\n"
			"[ perf record: Dump %s ]\n", (unsigned long long)rec->wakeups, name);
	return 0;
}

/*
 * SIGUSR2 with --switch-output: finish this file (complete: its own
 * build-id table), move it aside, and start a new one that describes
 * itself too (features, attrs, the maps that exist now).
 */
static int record__switch_output(struct record *rec)
{
	int ret;

	ret = record__mmap_read_all(rec);
	if (!ret)
		ret = record__end_file(rec);
	perf_data__close(&rec->data);
	if (!ret)
		ret = record__rename_output(rec);
	if (ret)
		return ret;
	rec->bytes_written = rec->samples = rec->first_time = rec->last_time = 0;
	rec->wakeups = 0;
	perf_header__exit(&rec->header);
	perf_header__init(&rec->header);
	ret = perf_data__open(&rec->data, rec->opts.output, PERF_DATA_WRITE, true);
	if (!ret)
		ret = record__begin_output(rec);
	if (!ret)
		ret = record__synthesize(rec, true);
	return ret;
}

static int record__finish(struct record *rec, int loop_err)
{
	int ret = loop_err;

	rec_evlist__disable(&rec->rec_evlist);
	if (!ret)
		ret = record__mmap_read_all(rec);
	if (rec->write_err == -ENOSPC)
		fprintf(stderr, "Error: no space left on device writing %s: the data "
			"that fit was kept\n", rec->data.path);
	else if (rec->write_err)
		fprintf(stderr, "Error: writing %s: %s\n", rec->data.path,
			strerror(-rec->write_err));
	if (rec->data.is_pipe) {
		if (!rec->opts.no_buildid && !rec->write_err) {
			buildid_table__resolve(&rec->table);
			ret = buildid_table__write_records(&rec->table, record__write, rec) ?: ret;
		}
	} else {
		int r = record__end_file(rec);

		if (!r && rec->opts.switch_output)
			r = record__rename_output(rec);
		if (r && !ret)
			ret = r;
	}
	if (!rec->opts.no_buildid && !rec->opts.no_buildid_cache)
		build_id_cache__add_table(&rec->table, rec->opts.verbose);
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
	} else {
		ret = cpu_list__parse(&el->cpus, NULL);
		if (ret) {
			fprintf(stderr, "Error: cannot read the online CPUs: %s\n", strerror(-ret));
			return ret;
		}
	}
	if (opts->pid) {
		ret = thread_list__from_pid(&el->threads, opts->pid);
		if (ret)
			fprintf(stderr, "Couldn't create thread/CPU maps: No such process\n");
		return ret;
	}
	if (opts->tid) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d", (int)opts->tid);
		if (access(path, F_OK)) {
			fprintf(stderr, "Couldn't create thread/CPU maps: No such process\n");
			return -ESRCH;
		}
		return thread_list__one(&el->threads, opts->tid);
	}
	if (rec->workload && !opts->system_wide && !opts->cpu_list)
		return thread_list__one(&el->threads, rec->child);
	return thread_list__one(&el->threads, -1);
}

static int record__exit_code(struct record *rec, int err, int exec_err)
{
	if (exec_err)
		return 255;
	if (err)
		return 1;
	if (rec->child > 0 && rec->child_done) {
		if (WIFEXITED(rec->child_status))
			return WEXITSTATUS(rec->child_status);
		if (WIFSIGNALED(rec->child_status))
			return 128 + WTERMSIG(rec->child_status);
	}
	return 0;
}

int cmd_record(int argc, const char **argv)
{
	struct record *rec;
	sigset_t mask, oldmask;
	int cmd_idx = 0, sfd = -1, ret, exec_err = 0, i, code;
	const char *force_env = getenv("PERF_MMAP3_FORCE_USERSPACE_BUILDID");

	rec = calloc(1, sizeof(*rec));
	if (!rec) {
		fprintf(stderr, "perf record: out of memory\n");
		return 1;
	}
	rec->go_fd = rec->exec_err_fd = -1;
	rec_evlist__init(&rec->rec_evlist);
	evlist__init(&rec->evlist);
	perf_header__init(&rec->header);
	buildid_table__init(&rec->table);
	rec->data.fd = -1;

	code = record_opts__parse(&rec->opts, argc, (char **)argv, &cmd_idx);
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

	ret = record__config_events(rec, NULL);
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

	if (perf_data__open(&rec->data, rec->opts.output, PERF_DATA_WRITE, rec->opts.force))
		goto out_sig;

	if (rec->workload &&
	    record__prepare_workload(rec, (char **)argv + cmd_idx, &oldmask))
		goto out_data;
	if (record__setup_targets(rec))
		goto out_child;
	if (rec_evlist__open(&rec->rec_evlist, rec->workload))
		goto out_child;
	if (record__mmap_all(rec) || record__build_evlist(rec))
		goto out_child;

	rec->argc = argc;
	rec->argv = argv;
	if (record__begin_output(rec))
		goto out_child;
	if (record__synthesize(rec, false)) {
		fprintf(stderr, "perf record: cannot synthesize the existing maps\n");
		goto out_child;
	}

	if (!(rec->track_attr.flags & PERF_ATTR_FLAG_ENABLE_ON_EXEC))
		rec_evlist__enable(&rec->rec_evlist);
	if (rec->workload) {
		exec_err = record__start_workload(rec);
		if (exec_err) {
			fprintf(stderr, "Failed to collect '%s' for the '%s' workload: %s\n",
				rec->rec_evlist.entries[0].name, rec->workload, strerror(-exec_err));
			waitpid(rec->child, &rec->child_status, 0);
			rec->child_done = true;
		}
	}
	ret = exec_err ? 0 : record__loop(rec, sfd);
	if (rec->child > 0 && !record__reap(rec)) {
		/* Told to stop, or cannot write: stop the workload too, like upstream. */
		bool stop = rec->stop_signal || ret;

		if (stop)
			kill(rec->child, SIGTERM);
		/* Else its events hung up: it is exiting, collect its status. */
		waitpid(rec->child, &rec->child_status, 0);
		rec->child_done = true;
		if (stop)
			rec->child_status = 0;
	}
	ret = record__finish(rec, ret);
	code = record__exit_code(rec, ret, exec_err);
	goto out_mmaps;

out_child:
	if (rec->child > 0 && !rec->child_done) {
		/* Closing the go pipe makes the waiting child exit. */
		if (rec->go_fd >= 0)
			close(rec->go_fd);
		rec->go_fd = -1;
		waitpid(rec->child, NULL, 0);
	}
out_mmaps:
	for (i = 0; i < rec->nr_mmaps; i++)
		perf_mmap__close(&rec->mmaps[i]);
	free(rec->mmaps);
out_data:
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
	evlist__exit(&rec->evlist);
	perf_header__exit(&rec->header);
	buildid_table__exit(&rec->table);
	free(rec);
	return code;
}
