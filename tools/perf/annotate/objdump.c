// SPDX-License-Identifier: GPL-2.0
/*
 * objdump as a child process: argv built here (no shell: a path from a
 * perf.data is never interpreted), its output read line by line through a
 * pipe with a fixed buffer, then reaped.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "annotate/objdump.h"
#include "util/base/array.h"
#include "util/base/debug.h"

void disasm__exit(struct disasm *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++)
		free(d->lines[i].text);
	free(d->lines);
	memset(d, 0, sizeof(*d));
}

/* Tabs to spaces, stops every 8 columns, as upstream expands them. */
static char *disasm__expand_tabs(const char *s, size_t len)
{
	size_t i, n = 0, col = 0;
	char *out;

	for (i = 0; i < len; i++)
		n += s[i] == '\t' ? 8 - (n % 8) : 1;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	for (i = 0; i < len; i++) {
		if (s[i] == '\t') {
			do
				out[col++] = ' ';
			while (col % 8);
		} else {
			out[col++] = s[i];
		}
	}
	out[col] = '\0';
	return out;
}

/* "/path:123..." (objdump -l): the line number, else -1. */
static int disasm__fileloc(const char *s)
{
	const char *colon;
	char *end;
	long n;

	if (s[0] != '/')
		return -1;
	colon = strchr(s, ':');
	if (!colon || colon == s + 1 || !isdigit((unsigned char)colon[1]))
		return -1;
	n = strtol(colon + 1, &end, 10);
	return n < 0 || n > INT32_MAX ? -1 : (int)n;
}

int disasm__parse_line(struct disasm *d, const char *line, const char *file, u64 start,
		       u64 end, int *line_nr)
{
	size_t len = strlen(line), flen = file ? strlen(file) : 0;
	const char *p = line, *q, *text;
	struct disasm_line *dl;
	char *expanded, *colon_end;
	unsigned long long ip;
	s64 offset = -1;
	int nr;

	/* objdump's "FILE:     file format ..." line */
	if (flen) {
		const char *m = strstr(line, file);

		if (m && m[flen] == ':')
			return 0;
	}
	/* trimmed both ends, then tabs expanded from the first character kept */
	while (isspace((unsigned char)*p))
		p++;
	q = line + len;
	while (q > p && isspace((unsigned char)q[-1]))
		q--;
	expanded = disasm__expand_tabs(p, q - p);
	if (!expanded)
		return -ENOMEM;
	nr = disasm__fileloc(expanded);
	if (nr >= 0) {
		*line_nr = nr;
		free(expanded);
		return 0;
	}
	text = expanded;
	errno = 0;
	ip = strtoull(expanded, &colon_end, 16);
	if (colon_end != expanded && *colon_end == ':' && !errno && ip >= start && ip < end) {
		offset = ip - start;
		text = colon_end + 1;
	}
	if (ARRAY_GROW(d->lines, d->alloc, d->nr + 1)) {
		free(expanded);
		return -ENOMEM;
	}
	dl = &d->lines[d->nr];
	dl->offset = offset;
	dl->line_nr = *line_nr;
	if (text != expanded) {
		memmove(expanded, text, strlen(text) + 1);
	}
	dl->text = expanded;
	d->nr++;
	(*line_nr)++;
	return 0;
}

static void disasm__child(int out_fd, const struct objdump_args *a, char *const argv[])
{
	int null = open("/dev/null", O_RDWR);

	if (dup2(out_fd, STDOUT_FILENO) < 0)
		_exit(126);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		if (!a->show_stderr)
			dup2(null, STDERR_FILENO);
	}
	execvp(argv[0], argv);
	_exit(127);
}

int disasm__objdump(struct disasm *d, const struct objdump_args *a, const char *cmd)
{
	char start[48], stop[48];
	const char *objdump = a->objdump ? a->objdump : "objdump";
	char *argv[10];
	char buf[OBJDUMP_MAX_LINE];
	int fds[2], status, line_nr = 0, err = 0;
	bool skipping = false;
	FILE *fp;
	pid_t pid;

	int n = 0;

	memset(d, 0, sizeof(*d));
	argv[n++] = (char *)objdump;
	argv[n++] = start;
	argv[n++] = stop;
	argv[n++] = "-l";
	argv[n++] = "-d";
	argv[n++] = "--no-show-raw-insn";
	if (a->source)
		argv[n++] = "-S";
	argv[n++] = "-C";
	argv[n++] = (char *)a->file;
	argv[n] = NULL;
	snprintf(start, sizeof(start), "--start-address=0x%016llx", a->start);
	snprintf(stop, sizeof(stop), "--stop-address=0x%016llx", a->end);
	if (pipe2(fds, O_CLOEXEC) < 0) {
		err = -errno;
		pr_err("%s: objdump: %s\n", cmd, strerror(-err));
		return err;
	}
	pid = fork();
	if (pid < 0) {
		err = -errno;
		close(fds[0]);
		close(fds[1]);
		pr_err("%s: objdump: %s\n", cmd, strerror(-err));
		return err;
	}
	if (pid == 0)
		disasm__child(fds[1], a, argv);
	close(fds[1]);
	fp = fdopen(fds[0], "r");
	if (!fp) {
		err = -errno;
		close(fds[0]);
	}
	while (fp && fgets(buf, sizeof(buf), fp)) {
		size_t len = strlen(buf);
		bool whole = len && buf[len - 1] == '\n';

		/* the rest of a line longer than the buffer is dropped */
		if (skipping) {
			skipping = !whole;
			continue;
		}
		skipping = !whole && !feof(fp);
		if (whole)
			buf[len - 1] = '\0';
		if (d->nr >= OBJDUMP_MAX_LINES) {
			d->truncated = true;
			break;
		}
		err = disasm__parse_line(d, buf, a->file, a->start, a->end, &line_nr);
		if (err)
			break;
	}
	/* no more reading: a child still writing is stopped, then reaped */
	if (d->truncated || err)
		kill(pid, SIGKILL);
	if (fp)
		fclose(fp);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = 0;
			break;
		}
	}
	if (err) {
		pr_err("%s: %s\n", cmd, strerror(-err));
		disasm__exit(d);
		return err;
	}
	if (d->truncated) {
		pr_warning("%s: objdump printed more than %u lines for %s: the rest is not shown\n",
			   cmd, OBJDUMP_MAX_LINES, a->file);
		return 0;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		pr_err("%s: cannot run %s: not found (install binutils, or give --objdump)\n",
		       cmd, objdump);
		err = -ENOENT;
	} else if (WIFSIGNALED(status)) {
		pr_err("%s: %s died of signal %d disassembling %s\n", cmd, objdump,
		       WTERMSIG(status), a->file);
		err = -EIO;
	} else if (WIFEXITED(status) && WEXITSTATUS(status)) {
		pr_err("%s: %s failed (exit %d) disassembling %s\n", cmd, objdump,
		       WEXITSTATUS(status), a->file);
		err = -EIO;
	}
	if (err)
		disasm__exit(d);
	return err;
}
