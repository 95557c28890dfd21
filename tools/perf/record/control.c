// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's measurement control: -D/--delay, --control and
 * --max-size (see record/control.h), with upstream 6.1's messages.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "record/opts.h"
#include "record/control.h"
#include "util/base/array.h"
#include "util/base/parse-options.h"

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

static int parse_ms(const char *s, char **end, u64 *v)
{
	unsigned long long x;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(s, end, 10);
	if (errno || x > 0x7fffffffULL)
		return -EINVAL;
	*v = x;
	return 0;
}

/* "A-B,C-D": increasing, non-overlapping ranges of milliseconds. */
static int parse_ranges(struct record_control *ctl, const char *s)
{
	u64 last_end = 0;
	char *end;

	while (*s) {
		struct control_range r;

		if (parse_ms(s, &end, &r.start_ms) || *end != '-' ||
		    parse_ms(end + 1, &end, &r.end_ms) || (*end && *end != ','))
			return -EINVAL;
		if (r.end_ms <= r.start_ms || (ctl->nr_ranges && r.start_ms < last_end))
			return -EINVAL;
		if (ARRAY_GROW(ctl->ranges, ctl->alloc_ranges, (size_t)ctl->nr_ranges + 1))
			return -ENOMEM;
		ctl->ranges[ctl->nr_ranges++] = r;
		last_end = r.end_ms;
		s = *end ? end + 1 : end;
		if (*end && !*s)
			return -EINVAL;
	}
	return ctl->nr_ranges ? 0 : -EINVAL;
}

static int parse_delay(struct record_control *ctl, const char *arg)
{
	char *end;
	long v;

	if (strchr(arg, '-') && arg[0] != '-')
		return parse_ranges(ctl, arg);
	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < -1 || v > 0x7fffffffL)
		return -EINVAL;
	ctl->delay_ms = v;
	return 0;
}

/* Upstream's size: digits and exactly one of B, K, M, G. */
static int parse_size(const char *s, u64 *v)
{
	static const char tags[] = "BKMG";
	unsigned long long x;
	const char *t;
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno || !*end || end[1] || !(t = strchr(tags, *end)))
		return -EINVAL;
	if (x > (~0ULL >> (10 * (t - tags))))
		return -EINVAL;
	*v = x << (10 * (t - tags));
	return 0;
}

int record_control__option(struct record_control *ctl, int key, const char *arg)
{
	switch (key) {
	case CONTROL_OPT_DELAY:
		ctl->nr_ranges = 0;
		ctl->delay_ms = 0;
		if (parse_delay(ctl, arg))
			return record_opts__usage_error("invalid --delay '%s': milliseconds, -1, "
							"or ranges like 10-20,30-40", arg);
		return 0;
	case CONTROL_OPT_CONTROL:
		if (strncmp(arg, "fifo:", 5) && strncmp(arg, "fd:", 3))
			return record_opts__usage_error("invalid --control '%s': "
							"fifo:ctl-fifo[,ack-fifo] or "
							"fd:ctl-fd[,ack-fd]", arg);
		ctl->spec = arg;
		return 0;
	case CONTROL_OPT_MAX_SIZE:
		if (parse_size(arg, &ctl->max_size))
			return record_opts__usage_error("invalid --max-size '%s': a number with "
							"B, K, M or G", arg);
		return 0;
	default:
		return RECORD_OPT_OTHER;
	}
}

int record_control__check(struct record_control *ctl, const struct record_opts *opts)
{
	ctl->ctl_fd = ctl->ack_fd = -1;
	if (ctl->max_size && opts->switch_output.enabled)
		return record_opts__usage_error("--max-size and --switch-output exclude each "
						"other: which file would the limit apply to?");
	/* Upstream opens them while parsing: a bad one is a usage error. */
	if (record_control__open(ctl))
		return PERF_USAGE_ERROR;
	return 0;
}

void record_control__exit(struct record_control *ctl)
{
	if (ctl->close_fds) {
		if (ctl->ctl_fd >= 0)
			close(ctl->ctl_fd);
		if (ctl->ack_fd >= 0)
			close(ctl->ack_fd);
	}
	ctl->ctl_fd = ctl->ack_fd = -1;
	free(ctl->ranges);
	ctl->ranges = NULL;
	ctl->nr_ranges = 0;
}

bool record_control__delayed(const struct record_control *ctl)
{
	return ctl->delay_ms || ctl->nr_ranges;
}

static int parse_fd(const char *s, int *fd)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v > 0x7fffffffL)
		return -EINVAL;
	*fd = (int)v;
	return 0;
}

/*
 * Both fifos are opened read-write, so that neither open blocks until
 * the controller opens its end; the ack end is non-blocking too, so an
 * absent reader never stalls the recording.
 */
int record_control__open(struct record_control *ctl)
{
	bool fifo;
	char *spec, *ack;
	int ret = 0;

	if (!ctl->spec)
		return 0;
	fifo = !strncmp(ctl->spec, "fifo:", 5);
	spec = strdup(ctl->spec + (fifo ? 5 : 3));
	if (!spec)
		return -ENOMEM;
	ack = strchr(spec, ',');
	if (ack)
		*ack++ = '\0';
	if (fifo) {
		ctl->close_fds = true;
		ctl->ctl_fd = open(spec, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (ctl->ctl_fd < 0) {
			ret = -errno;
			fprintf(stderr, "Failed to open '%s': %s\n", spec, strerror(errno));
			goto out;
		}
		if (ack) {
			ctl->ack_fd = open(ack, O_RDWR | O_NONBLOCK | O_CLOEXEC);
			if (ctl->ack_fd < 0) {
				ret = -errno;
				fprintf(stderr, "Failed to open '%s': %s\n", ack, strerror(errno));
			}
		}
	} else if (parse_fd(spec, &ctl->ctl_fd) || (ack && parse_fd(ack, &ctl->ack_fd)) ||
		   fcntl(ctl->ctl_fd, F_GETFL) < 0 ||
		   (ctl->ack_fd >= 0 && fcntl(ctl->ack_fd, F_GETFL) < 0)) {
		fprintf(stderr, "Error: --control %s: not an open file descriptor\n", ctl->spec);
		ctl->ctl_fd = ctl->ack_fd = -1;
		ret = -EBADF;
	} else {
		fcntl(ctl->ctl_fd, F_SETFL, fcntl(ctl->ctl_fd, F_GETFL) | O_NONBLOCK);
	}
out:
	free(spec);
	return ret;
}

int record_control__fd(const struct record_control *ctl)
{
	return ctl->ctl_fd;
}

static void say(bool quiet, const char *msg)
{
	if (!quiet)
		fprintf(stderr, "%s\n", msg);
}

void record_control__start(struct record_control *ctl, bool quiet)
{
	ctl->started = true;
	ctl->t0_ns = now_ns();
	ctl->next = 0;
	ctl->enabled = !record_control__delayed(ctl);
	if (!ctl->enabled)
		say(quiet, "Events disabled");
}

/* Milliseconds after start of the next -D edge, or -1. */
static long next_edge_ms(const struct record_control *ctl)
{
	if (ctl->nr_ranges) {
		if (ctl->next >= 2 * ctl->nr_ranges)
			return -1;
		return (long)(ctl->next & 1 ? ctl->ranges[ctl->next / 2].end_ms :
					      ctl->ranges[ctl->next / 2].start_ms);
	}
	return ctl->delay_ms > 0 && ctl->next == 0 ? ctl->delay_ms : -1;
}

int record_control__timeout(const struct record_control *ctl)
{
	long edge = ctl->started ? next_edge_ms(ctl) : -1;
	u64 el;

	if (edge < 0)
		return -1;
	el = (now_ns() - ctl->t0_ns) / 1000000;
	return el >= (u64)edge ? 0 : (int)((u64)edge - el);
}

static int control__set(struct record_control *ctl, const struct record_control_ops *ops,
			void *priv, bool on, bool quiet)
{
	int ret = ops->enable(priv, NULL, on);

	if (ret)
		return ret;
	ctl->enabled = on;
	say(quiet, on ? "Events enabled" : "Events disabled");
	return 0;
}

int record_control__tick(struct record_control *ctl, const struct record_control_ops *ops,
			 void *priv, bool quiet)
{
	int ret = 0;

	while (!ret && record_control__timeout(ctl) == 0) {
		bool on = !(ctl->next & 1);

		ctl->next++;
		ret = control__set(ctl, ops, priv, on, quiet);
		/* After the last range, the session is over (upstream's "then stop"). */
		if (!ret && ctl->nr_ranges && ctl->next == 2 * ctl->nr_ranges)
			ops->stop(priv);
	}
	return ret;
}

static void control__ack(struct record_control *ctl)
{
	/* Nobody reading the ack fifo must not stall us: a lost ack is theirs. */
	if (ctl->ack_fd >= 0 && write(ctl->ack_fd, "ack\n", 4) != 4)
		return;
}

static int control__command(struct record_control *ctl, char *cmd,
			    const struct record_control_ops *ops, void *priv, bool quiet)
{
	size_t n = strlen(cmd);
	int ret = 0;

	while (n && (cmd[n - 1] == ' ' || cmd[n - 1] == '\r'))
		cmd[--n] = '\0';
	if (!strcmp(cmd, "enable") || !strcmp(cmd, "disable")) {
		ret = control__set(ctl, ops, priv, cmd[0] == 'e', quiet);
	} else if (!strncmp(cmd, "enable ", 7) || !strncmp(cmd, "disable ", 8)) {
		bool on = cmd[0] == 'e';
		const char *name = cmd + (on ? 7 : 8);

		ret = ops->enable(priv, name, on);
		if (ret == -ENOENT) {
			fprintf(stderr, "failed: can't find '%s' event\n", name);
			ret = 0;
		} else if (!ret && !quiet) {
			fprintf(stderr, "Event %s %s\n", name, on ? "enabled" : "disabled");
		}
	} else if (!strcmp(cmd, "snapshot")) {
		ret = ops->snapshot(priv);
	} else if (!strcmp(cmd, "stop")) {
		ops->stop(priv);
	} else if (!strcmp(cmd, "ping")) {
		/* the ack is the answer */
	} else if (!strcmp(cmd, "evlist") || !strncmp(cmd, "evlist ", 7)) {
		ops->evlist(priv, cmd[6] ? cmd + 7 : "", stderr);
	} else {
		/* Like upstream, no ack: the controller waiting for one learns of it. */
		if (*cmd)
			fprintf(stderr, "perf record: unknown control command '%s'\n", cmd);
		return 0;
	}
	if (!ret)
		control__ack(ctl);
	return ret;
}

int record_control__read(struct record_control *ctl, const struct record_control_ops *ops,
			 void *priv, bool quiet)
{
	ssize_t n;
	int ret = 0;

	if (ctl->ctl_fd < 0)
		return 0;
	for (;;) {
		char *nl;

		n = read(ctl->ctl_fd, ctl->buf + ctl->len, sizeof(ctl->buf) - 1 - ctl->len);
		if (n > 0)
			ctl->len += (size_t)n;
		ctl->buf[ctl->len] = '\0';
		/* Commands end at a newline or NUL; what is left when the fd runs dry is one too. */
		while (!ret && (nl = strpbrk(ctl->buf, "\n")) != NULL) {
			*nl = '\0';
			ret = control__command(ctl, ctl->buf, ops, priv, quiet);
			ctl->len -= (size_t)(nl + 1 - ctl->buf);
			memmove(ctl->buf, nl + 1, ctl->len + 1);
		}
		if (ret)
			return ret;
		if (n > 0 && ctl->len < sizeof(ctl->buf) - 1)
			continue;
		if (ctl->len) {
			ret = control__command(ctl, ctl->buf, ops, priv, quiet);
			ctl->len = 0;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			return -errno;
		return ret;
	}
}

bool record_control__size_reached(struct record_control *ctl, u64 bytes)
{
	if (!ctl->max_size || bytes < ctl->max_size || ctl->size_said)
		return false;
	ctl->size_said = true;
	fprintf(stderr, "[ perf record: perf size limit reached (%llu KB), stopping session ]\n",
		(unsigned long long)(bytes >> 10));
	return true;
}
