// SPDX-License-Identifier: GPL-2.0
/* The pager: a child reading our stdout through a pipe, as upstream's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/select.h>
#include <sys/wait.h>
#include "util/base/pager.h"

static const char *pager__program(const char *program)
{
	const char *p = getenv("PERF_PAGER");

	if (!p)
		p = program;
	if (!p)
		p = getenv("PAGER");
	if (!p && !access("/usr/bin/pager", X_OK))
		p = "/usr/bin/pager";
	if (!p && !access("/usr/bin/less", X_OK))
		p = "/usr/bin/less";
	if (!p || !*p || !strcmp(p, "cat"))
		return NULL;
	return p;
}

/*
 * The child: wait until there is something to show, so that a command
 * failing at once prints its one line on a terminal, not in an empty
 * pager, then run the pager through the shell as upstream does.
 */
static void pager__child(int rfd, const char *program)
{
	fd_set in, ex;

	FD_ZERO(&in);
	FD_SET(rfd, &in);
	ex = in;
	select(rfd + 1, &in, NULL, &ex, NULL);
	if (dup2(rfd, STDIN_FILENO) < 0)
		_exit(127);
	close(rfd);
	setenv("LESS", "FRSX", 0);
	setenv("LV", "-c", 0);
	execl("/bin/sh", "sh", "-c", program, (char *)NULL);
	_exit(127);
}

int pager__start(struct pager *pg, const char *program)
{
	const char *p;
	int fd[2];

	pg->pid = 0;
	pg->stderr_too = false;
	if (!isatty(STDOUT_FILENO))
		return 0;
	p = pager__program(program);
	if (!p)
		return 0;
	if (pipe(fd)) {
		fprintf(stderr, "perf: no pager (%s); printing to the terminal\n", strerror(errno));
		return 0;
	}
	fflush(stdout);
	pg->pid = fork();
	if (pg->pid < 0) {
		fprintf(stderr, "perf: no pager (%s); printing to the terminal\n", strerror(errno));
		pg->pid = 0;
		close(fd[0]);
		close(fd[1]);
		return 0;
	}
	if (!pg->pid) {
		close(fd[1]);
		pager__child(fd[0], p);
	}
	close(fd[0]);
	dup2(fd[1], STDOUT_FILENO);
	/* messages stay beside the output they explain, as upstream pages them */
	if (isatty(STDERR_FILENO)) {
		dup2(fd[1], STDERR_FILENO);
		pg->stderr_too = true;
	}
	close(fd[1]);
	return 0;
}

void pager__finish(struct pager *pg)
{
	int status;

	if (!pg->pid)
		return;
	fflush(stdout);
	fflush(stderr);
	close(STDOUT_FILENO);
	if (pg->stderr_too)
		close(STDERR_FILENO);
	while (waitpid(pg->pid, &status, 0) < 0 && errno == EINTR)
		;
	pg->pid = 0;
}
