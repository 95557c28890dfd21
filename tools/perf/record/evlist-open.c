// SPDX-License-Identifier: GPL-2.0
/*
 * Opening events for perf record: the perf_event_open(2) wrapper, CPU and
 * thread lists, the build-id source probe.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include "record/evlist-open.h"

#define MAX_CPUS	4096

long sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			 int group_fd, unsigned long flags)
{
	return syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags);
}

/*
 * Can we open a disabled dummy event on ourselves with these attr flags
 * and read_format?  Kernels reject attr bits they do not know with EINVAL,
 * so this is the probe for MMAP3 (our kernel series), build-id MMAP2s
 * (5.12+) and PERF_FORMAT_LOST (6.0+).
 */
static bool dummy_event_accepted(__u64 flags, __u64 read_format)
{
	struct perf_event_attr attr;
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.read_format = read_format;
	attr.flags = PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_EXCLUDE_KERNEL |
		     PERF_ATTR_FLAG_EXCLUDE_HV | flags;
	fd = sys_perf_event_open(&attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

enum buildid_source buildid_source__probe(bool force_userspace)
{
	if (force_userspace)
		return BUILDID_SRC_USERSPACE;
	if (dummy_event_accepted(PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP3, 0))
		return BUILDID_SRC_MMAP3;
	if (dummy_event_accepted(PERF_ATTR_FLAG_MMAP | PERF_ATTR_FLAG_MMAP2 |
				 PERF_ATTR_FLAG_BUILD_ID, 0))
		return BUILDID_SRC_MMAP2;
	return BUILDID_SRC_USERSPACE;
}

const char *buildid_source__name(enum buildid_source src)
{
	switch (src) {
	case BUILDID_SRC_MMAP3:
		return "kernel PERF_RECORD_MMAP3";
	case BUILDID_SRC_MMAP2:
		return "kernel PERF_RECORD_MMAP2 with build-id";
	case BUILDID_SRC_USERSPACE:
	default:
		return "userspace (reading mapped files)";
	}
}

static int cpu_list__push(struct cpu_list *cpus, int cpu)
{
	int *n;

	if (cpus->nr >= MAX_CPUS)
		return -E2BIG;
	n = realloc(cpus->cpus, (cpus->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	cpus->cpus = n;
	cpus->cpus[cpus->nr++] = cpu;
	return 0;
}

static int cpu_list__parse_str(struct cpu_list *cpus, const char *str)
{
	const char *p = str;
	char *end;
	long a, b, i;
	int ret;

	while (*p && *p != '\n') {
		a = strtol(p, &end, 10);
		if (end == p || a < 0 || a >= MAX_CPUS)
			return -EINVAL;
		b = a;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a || b >= MAX_CPUS)
				return -EINVAL;
			p = end;
		}
		for (i = a; i <= b; i++) {
			ret = cpu_list__push(cpus, (int)i);
			if (ret)
				return ret;
		}
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -EINVAL;
	}
	return cpus->nr ? 0 : -EINVAL;
}

int cpu_list__parse(struct cpu_list *cpus, const char *str)
{
	char buf[4096];
	ssize_t n;
	int fd, ret;

	cpus->nr = 0;
	cpus->cpus = NULL;
	if (str) {
		ret = cpu_list__parse_str(cpus, str);
		goto out;
	}
	fd = open("/sys/devices/system/cpu/online", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0) {
		ret = -EIO;
		goto out;
	}
	buf[n] = '\0';
	ret = cpu_list__parse_str(cpus, buf);
out:
	if (ret)
		cpu_list__exit(cpus);
	return ret;
}

int cpu_list__any(struct cpu_list *cpus)
{
	cpus->nr = 0;
	cpus->cpus = NULL;
	return cpu_list__push(cpus, -1);
}

void cpu_list__exit(struct cpu_list *cpus)
{
	free(cpus->cpus);
	cpus->cpus = NULL;
	cpus->nr = 0;
}

static int thread_list__push(struct thread_list *threads, pid_t tid)
{
	pid_t *n;

	n = realloc(threads->tids, (threads->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	threads->tids = n;
	threads->tids[threads->nr++] = tid;
	return 0;
}

int thread_list__one(struct thread_list *threads, pid_t tid)
{
	threads->nr = 0;
	threads->tids = NULL;
	return thread_list__push(threads, tid);
}

int thread_list__from_pid(struct thread_list *threads, pid_t pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;
	char *end;
	long tid;
	int ret = 0;

	threads->nr = 0;
	threads->tids = NULL;
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return -ESRCH;
	while ((d = readdir(dir)) != NULL) {
		tid = strtol(d->d_name, &end, 10);
		if (*end || tid <= 0)
			continue;
		ret = thread_list__push(threads, (pid_t)tid);
		if (ret)
			break;
	}
	closedir(dir);
	if (!ret && !threads->nr)
		ret = -ESRCH;
	if (ret)
		thread_list__exit(threads);
	return ret;
}

int thread_list__from_pids(struct thread_list *threads, const pid_t *pids, size_t nr)
{
	struct thread_list one;
	size_t i;
	int j, ret = 0;

	threads->nr = 0;
	threads->tids = NULL;
	for (i = 0; i < nr && !ret; i++) {
		ret = thread_list__from_pid(&one, pids[i]);
		for (j = 0; !ret && j < one.nr; j++) {
			int k;

			/* A thread's id given as a process lists that process again. */
			for (k = 0; k < threads->nr && threads->tids[k] != one.tids[j]; k++)
				;
			if (k == threads->nr)
				ret = thread_list__push(threads, one.tids[j]);
		}
		thread_list__exit(&one);
	}
	if (ret)
		thread_list__exit(threads);
	return ret;
}

int thread_list__from_tids(struct thread_list *threads, const pid_t *tids, size_t nr)
{
	char path[64];
	size_t i;
	int ret = 0;

	threads->nr = 0;
	threads->tids = NULL;
	for (i = 0; i < nr && !ret; i++) {
		/* /proc/TID exists for every thread, listed or not. */
		snprintf(path, sizeof(path), "/proc/%d", (int)tids[i]);
		ret = access(path, F_OK) ? -ESRCH : thread_list__push(threads, tids[i]);
	}
	if (ret)
		thread_list__exit(threads);
	return ret;
}

void thread_list__exit(struct thread_list *threads)
{
	free(threads->tids);
	threads->tids = NULL;
	threads->nr = 0;
}

void rec_evlist__init(struct rec_evlist *evlist)
{
	memset(evlist, 0, sizeof(*evlist));
}

static void rec_evlist__close(struct rec_evlist *evlist)
{
	int i, j, n = evlist->cpus.nr * evlist->threads.nr;

	for (i = 0; i < evlist->nr; i++) {
		struct rec_evsel *evsel = &evlist->entries[i];

		if (!evsel->fds)
			continue;
		for (j = 0; j < n; j++) {
			if (evsel->fds[j] >= 0)
				close(evsel->fds[j]);
		}
		free(evsel->fds);
		free(evsel->ids);
		evsel->fds = NULL;
		evsel->ids = NULL;
	}
}

void rec_evlist__exit(struct rec_evlist *evlist)
{
	int i;

	rec_evlist__close(evlist);
	for (i = 0; i < evlist->nr; i++)
		free(evlist->entries[i].name);
	free(evlist->entries);
	cpu_list__exit(&evlist->cpus);
	thread_list__exit(&evlist->threads);
	memset(evlist, 0, sizeof(*evlist));
}

int rec_evlist__copy_targets(struct rec_evlist *to, const struct rec_evlist *from)
{
	to->cpus.cpus = malloc((from->cpus.nr ?: 1) * sizeof(int));
	to->threads.tids = malloc((from->threads.nr ?: 1) * sizeof(pid_t));
	if (!to->cpus.cpus || !to->threads.tids)
		return -ENOMEM;
	memcpy(to->cpus.cpus, from->cpus.cpus, from->cpus.nr * sizeof(int));
	memcpy(to->threads.tids, from->threads.tids, from->threads.nr * sizeof(pid_t));
	to->cpus.nr = from->cpus.nr;
	to->threads.nr = from->threads.nr;
	return 0;
}

int rec_evlist__add(struct rec_evlist *evlist, const struct perf_event_attr *attr,
		    const char *name)
{
	struct rec_evsel *n;

	n = realloc(evlist->entries, (evlist->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	evlist->entries = n;
	n = &evlist->entries[evlist->nr];
	memset(n, 0, sizeof(*n));
	n->attr = *attr;
	n->leader = evlist->nr;
	n->name = strdup(name);
	if (!n->name)
		return -ENOMEM;
	evlist->nr++;
	return 0;
}

/* /proc/sys/kernel/perf_event_paranoid, or INT_MIN when it cannot be read. */
static int perf_event_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int v;

	if (!f)
		return INT_MIN;
	if (fscanf(f, "%d", &v) != 1)
		v = INT_MIN;
	fclose(f);
	return v;
}

/* Upstream's explanation, worded as upstream 6.1 prints it. */
static void print_access_error(void)
{
	int paranoid = perf_event_paranoid();

	fprintf(stderr, "Error:\n"
		"Access to performance monitoring and observability operations is limited.\n"
		"Consider adjusting /proc/sys/kernel/perf_event_paranoid setting to open\n"
		"access to performance monitoring and observability operations for processes\n"
		"without CAP_PERFMON, CAP_SYS_PTRACE or CAP_SYS_ADMIN Linux capability.\n"
		"More information can be found at 'Perf events and tool security' document:\n"
		"https://www.kernel.org/doc/html/latest/admin-guide/perf-security.html\n");
	if (paranoid != INT_MIN)
		fprintf(stderr, "perf_event_paranoid setting is %d:\n", paranoid);
	fprintf(stderr, "  -1: Allow use of (almost) all events by all users\n"
		"      Ignore mlock limit after perf_event_mlock_kb without CAP_IPC_LOCK\n"
		">= 0: Disallow raw and ftrace function tracepoint access\n"
		">= 1: Disallow CPU event access\n"
		">= 2: Disallow kernel profiling\n"
		"To make the adjusted perf_event_paranoid setting permanent preserve it\n"
		"in /etc/sysctl.conf (e.g. kernel.perf_event_paranoid = <setting>)\n");
}

static void print_open_error(const struct rec_evsel *evsel, int err, pid_t pid,
			     const char *workload)
{
	switch (err) {
	case EACCES:
	case EPERM:
		print_access_error();
		break;
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		fprintf(stderr, "Error: the %s event is not supported (%s)\n",
			evsel->name, strerror(err));
		break;
	case ESRCH:
		if (workload)
			fprintf(stderr, "Failed to collect '%s' for the '%s' workload: %s\n",
				evsel->name, workload, strerror(err));
		else
			fprintf(stderr, "Error: the thread %d does not exist (%s)\n",
				(int)pid, strerror(err));
		break;
	default:
		fprintf(stderr, "Error: the sys_perf_event_open() syscall returned with %d "
			"(%s) for event (%s)\n", err, strerror(err), evsel->name);
		break;
	}
}

/*
 * perf_event_paranoid 2 keeps the unprivileged out of the kernel: like
 * upstream, an event that did not choose its privilege levels is retried
 * user-only (exclude_kernel and exclude_hv), renamed with a 'u' modifier
 * so that the file says what was sampled.  Returns the paranoid level when
 * it did, 0 when it does not apply.
 */
static int rec_evsel__fallback_user(struct rec_evsel *evsel, int err)
{
	const u64 levels = PERF_ATTR_FLAG_EXCLUDE_USER | PERF_ATTR_FLAG_EXCLUDE_KERNEL |
			   PERF_ATTR_FLAG_EXCLUDE_HV;
	int paranoid;
	char *name;

	if ((err != EACCES && err != EPERM) || (evsel->attr.flags & levels))
		return 0;
	paranoid = perf_event_paranoid();
	if (paranoid < 2)
		return 0;
	if (asprintf(&name, "%s%su", evsel->name,
		     strchr(evsel->name, ':') || strchr(evsel->name, '/') ? "" : ":") < 0)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = name;
	evsel->attr.flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL | PERF_ATTR_FLAG_EXCLUDE_HV;
	return paranoid;
}

/*
 * No hardware PMU counts cycles (a VM, most often): like upstream, sample
 * cpu-clock instead, named as upstream names it then ("cpu-clock", with
 * the modifiers its exclude bits spell, "cpu-clock:uH").  True when it
 * switched.
 */
static int rec_evsel__fallback_cycles(struct rec_evsel *evsel, int err, int verbose)
{
	const u64 levels = PERF_ATTR_FLAG_EXCLUDE_USER | PERF_ATTR_FLAG_EXCLUDE_KERNEL |
			   PERF_ATTR_FLAG_EXCLUDE_HV;
	u64 f = evsel->attr.flags;
	char mods[16], *m = mods, *name;
	unsigned int p = (unsigned int)((f & PERF_ATTR_FLAG_PRECISE_IP_MASK) >>
					PERF_ATTR_FLAG_PRECISE_IP_SHIFT);

	if ((err != ENOENT && err != EOPNOTSUPP && err != ENODEV && err != ENXIO) ||
	    evsel->attr.type != PERF_TYPE_HARDWARE ||
	    evsel->attr.config != PERF_COUNT_HW_CPU_CYCLES)
		return 0;
	if (f & levels) {
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_KERNEL))
			*m++ = 'k';
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_USER))
			*m++ = 'u';
		if (!(f & PERF_ATTR_FLAG_EXCLUDE_HV))
			*m++ = 'h';
	}
	while (p--)
		*m++ = 'p';
	/* Upstream's events exclude guests when they name levels: "H", host only. */
	if (f & levels)
		*m++ = 'H';
	*m = '\0';
	if (asprintf(&name, "cpu-clock%s%s", mods[0] ? ":" : "", mods) < 0)
		return -ENOMEM;
	if (verbose)
		fprintf(stderr, "Warning:\nThe %s event is not supported, trying to fall back "
			"to cpu-clock-ticks\n", "cycles");
	free(evsel->name);
	evsel->name = name;
	evsel->attr.type = PERF_TYPE_SOFTWARE;
	evsel->attr.config = PERF_COUNT_SW_CPU_CLOCK;
	return 1;
}

/*
 * Open @evsel on every CPU x thread; on failure close them again and
 * return -errno, with *@tid the thread perf_event_open() failed on, or 0
 * when the error was already reported.
 */
static int rec_evsel__open(struct rec_evsel *evsel, struct rec_evlist *evlist, pid_t *tid)
{
	int c, t, n = evlist->cpus.nr * evlist->threads.nr, ret = 0;
	struct rec_evsel *leader = &evlist->entries[evsel->leader];

	for (c = 0; c < evlist->cpus.nr && !ret; c++) {
		for (t = 0; t < evlist->threads.nr && !ret; t++) {
			int *fd = rec_evsel__fd(evsel, evlist, c, t);
			int group_fd = leader == evsel ? -1 : *rec_evsel__fd(leader, evlist, c, t);

			*tid = evlist->threads.tids[t];
			*fd = (int)sys_perf_event_open(&evsel->attr, *tid, evlist->cpus.cpus[c],
						       group_fd, PERF_FLAG_FD_CLOEXEC);
			if (*fd < 0) {
				ret = -errno;
			} else if (ioctl(*fd, PERF_EVENT_IOC_ID,
					 &evsel->ids[c * evlist->threads.nr + t]) < 0) {
				ret = -errno;
				*tid = 0;
				fprintf(stderr, "Error: cannot read the id of event '%s': %s\n",
					evsel->name, strerror(errno));
			}
		}
	}
	if (!ret)
		return 0;
	for (c = 0; c < n; c++) {
		if (evsel->fds[c] >= 0)
			close(evsel->fds[c]);
		evsel->fds[c] = -1;
	}
	return ret;
}

int rec_evlist__open(struct rec_evlist *evlist, const char *workload, bool quiet)
{
	int ncpu = evlist->cpus.nr, nthr = evlist->threads.nr;
	int i, c, ret = 0, warned = 0;

	for (i = 0; i < evlist->nr; i++) {
		struct rec_evsel *evsel = &evlist->entries[i];

		evsel->fds = malloc(ncpu * nthr * sizeof(int));
		evsel->ids = calloc(ncpu * nthr, sizeof(u64));
		if (!evsel->fds || !evsel->ids) {
			ret = -ENOMEM;
			goto out;
		}
		for (c = 0; c < ncpu * nthr; c++)
			evsel->fds[c] = -1;
	}
	for (i = 0; i < evlist->nr; i++) {
		struct rec_evsel *evsel = &evlist->entries[i];
		pid_t tid;
		int fb;

		ret = rec_evsel__open(evsel, evlist, &tid);
		if (ret && tid) {
			fb = rec_evsel__fallback_cycles(evsel, -ret, evlist->verbose);
			if (fb < 0) {
				fprintf(stderr, "perf record: out of memory\n");
				ret = fb;
				tid = 0;
			} else if (fb > 0) {
				ret = rec_evsel__open(evsel, evlist, &tid);
			}
		}
		if (ret && tid) {
			fb = rec_evsel__fallback_user(evsel, -ret);
			if (fb < 0) {
				fprintf(stderr, "perf record: out of memory\n");
				ret = fb;
				tid = 0;
			} else if (fb > 0) {
				ret = rec_evsel__open(evsel, evlist, &tid);
			}
			/* Said once, and only when it worked: -a fails either way. */
			if (!ret && fb > 0 && !quiet && !warned++)
				fprintf(stderr, "Warning: kernel.perf_event_paranoid=%d, trying to fall "
					"back to excluding kernel and hypervisor samples\n", fb);
		}
		if (ret) {
			if (tid)
				print_open_error(evsel, -ret, tid, workload);
			goto out;
		}
	}
out:
	if (ret)
		rec_evlist__close(evlist);
	return ret;
}

int rec_evsel__enable(struct rec_evlist *evlist, int idx, bool on)
{
	struct rec_evsel *evsel = &evlist->entries[idx];
	unsigned long req = on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE;
	int j, n = evlist->cpus.nr * evlist->threads.nr;
	int ret = 0;

	for (j = 0; evsel->fds && j < n; j++) {
		if (evsel->fds[j] >= 0 && ioctl(evsel->fds[j], req, 0) < 0 && !ret)
			ret = -errno;
	}
	return ret;
}

static int rec_evlist__ioctl_all(struct rec_evlist *evlist, bool on)
{
	int i, ret = 0;

	for (i = 0; i < evlist->nr; i++)
		ret = rec_evsel__enable(evlist, i, on) ?: ret;
	return ret;
}

int rec_evlist__enable(struct rec_evlist *evlist)
{
	return rec_evlist__ioctl_all(evlist, true);
}

int rec_evlist__disable(struct rec_evlist *evlist)
{
	return rec_evlist__ioctl_all(evlist, false);
}

size_t rec_evlist__id_hdr_size(const struct rec_evlist *evlist)
{
	u64 st;
	size_t size = 0;

	if (!evlist->nr || !(evlist->entries[0].attr.flags & PERF_ATTR_FLAG_SAMPLE_ID_ALL))
		return 0;
	st = evlist->entries[0].attr.sample_type;
	if (st & PERF_SAMPLE_TID)
		size += 8;
	if (st & PERF_SAMPLE_TIME)
		size += 8;
	if (st & PERF_SAMPLE_ID)
		size += 8;
	if (st & PERF_SAMPLE_STREAM_ID)
		size += 8;
	if (st & PERF_SAMPLE_CPU)
		size += 8;
	if (st & PERF_SAMPLE_IDENTIFIER)
		size += 8;
	return size;
}

bool rec_evlist__probe_format_lost(void)
{
	return dummy_event_accepted(0, PERF_FORMAT_LOST);
}
