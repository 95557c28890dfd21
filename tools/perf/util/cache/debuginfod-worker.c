// SPDX-License-Identifier: GPL-2.0
/*
 * The fetcher's worker processes are forked by a zygote, not by perf.
 *
 * A fork() of a threaded process holds only the forking thread, with every
 * lock another thread held at that instant still held: the child may call
 * async-signal-safe functions only, and a worker calls libcurl, GnuTLS and
 * malloc().  perf report fetches from the thread that resolves samples
 * while its adder thread allocates: under ASan (whose allocator has no
 * fork handler) a worker hung on the allocator's lock until the batch's
 * hard deadline killed it, 36 s later, and that DSO's symbols were lost
 * for the run (t0531, one run in six under load).  glibc's malloc
 * survives fork, but nothing promises that libcurl's or the resolver's
 * locks do.
 *
 * Spawning each worker (posix_spawn runs no code between clone and exec)
 * cured that but cost every worker 13 ms: loading libdebuginfod, whose
 * constructor initializes libcurl and GnuTLS, is most of it (perf itself
 * starts in 1.5 ms).  8 workers fetching 20 ids on loopback took 81 ms
 * instead of 29.  So one process is spawned per fetcher, the zygote:
 * /proc/self/exe with PERF_DEBUGINFOD_ZYGOTE_FD=<its socket> in its
 * environment, which a constructor here turns into a zygote before
 * main().  It loads the library once and, single-threaded, forks a worker
 * for each socket the fetcher passes it (SCM_RIGHTS), answering with a
 * pidfd: the fetcher kills a worker and waits for its end through that,
 * with no pid to be reused (the zygote lets the kernel reap them).  Every
 * program that links the fetcher (perf, the unit tests, the drivers) is
 * its own zygote binary.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/base/debug.h"
#include "util/cache/debuginfod-request.h"
#include "util/cache/debuginfod-worker.h"

#define ZYGOTE_FD_ENV	"PERF_DEBUGINFOD_ZYGOTE_FD"
#define ZYGOTE_ARGV0	"perf-debuginfod"

extern char **environ;

/* The conf on the wire: then cache_len bytes of the cache path, no NUL. */
struct debuginfod_conf_msg {
	uint64_t max_size;
	int32_t verbose;
	uint32_t cache_len;
};

int debuginfod__send_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= n;
	}
	return 0;
}

int debuginfod__recv_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t got = 0;

	while (got < len) {
		ssize_t n = recv(fd, p + got, len - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return got ? -EIO : -EPIPE;
		got += n;
	}
	return 0;
}

/* ---- in a worker ------------------------------------------------------------ */

/* Jobs in, replies out, until the fetcher closes its end: the exit status. */
static int debuginfod_worker__serve(int sock, const struct debuginfod_lib *lib,
				    const struct debuginfod_worker_conf *conf)
{
	struct debuginfod_requester req;
	struct debuginfod_job job;
	int init;

	init = debuginfod_requester__init(&req, lib, conf->cache, conf->max_size, conf->verbose);
	while (!debuginfod__recv_all(sock, &job, sizeof(job))) {
		struct debuginfod_reply reply = { .job = job.job };
		char *path = NULL, *why = NULL;
		struct build_id id;
		const char *text;

		if (job.kind >= DEBUGINFOD_KIND_MAX || !job.size || job.size > BUILD_ID_SIZE_MAX)
			return 1;
		build_id__init(&id, job.id, job.size);
		reply.err = init ?: debuginfod_requester__fetch(&req, job.kind, &id, &path, &why);
		text = reply.err ? why : path;
		reply.path_len = text ? strnlen(text, PATH_MAX - 1) : 0;
		if (debuginfod__send_all(sock, &reply, sizeof(reply)) ||
		    debuginfod__send_all(sock, text, reply.path_len))
			return 1;
		free(path);
		free(why);
	}
	if (!init)
		debuginfod_requester__exit(&req);
	return 0;
}

/* ---- in the zygote ------------------------------------------------------------ */

/* One descriptor over @sock, with @len bytes of @buf (at least one byte). */
static int debuginfod__send_fd(int sock, const void *buf, size_t len, int fd)
{
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u = { 0 };
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	ssize_t n;

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

/* @len bytes into @buf and the descriptor sent with them in *@fd (-1: none). */
static int debuginfod__recv_fd(int sock, void *buf, size_t len, int *fd)
{
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	*fd = -1;
	do
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	c = CMSG_FIRSTHDR(&msg);
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
	    c->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(fd, CMSG_DATA(c), sizeof(int));
	if (n == 0)
		return -EPIPE;
	return (size_t)n == len && !(msg.msg_flags & MSG_CTRUNC) ? 0 : -EPROTO;
}

/* A worker on @fd, forked; its pidfd (or -errno) back to the fetcher. */
static int debuginfod_zygote__fork(int ctl, int fd, const struct debuginfod_lib *lib,
				   const struct debuginfod_worker_conf *conf)
{
	int32_t answer;
	int pidfd = -1, err;
	pid_t pid = fork();

	if (pid == 0) {
		close(ctl);
		_exit(debuginfod_worker__serve(fd, lib, conf));
	}
	if (pid > 0)
		pidfd = pidfd_open(pid, 0);
	answer = pid < 0 || pidfd < 0 ? -errno : 0;
	if (pid > 0 && pidfd < 0)
		kill(pid, SIGKILL);
	err = pidfd >= 0 ? debuginfod__send_fd(ctl, &answer, sizeof(answer), pidfd) :
			   debuginfod__send_all(ctl, &answer, sizeof(answer));
	if (pidfd >= 0)
		close(pidfd);
	return err;
}

static int debuginfod_zygote__serve(int ctl)
{
	struct debuginfod_conf_msg msg;
	struct debuginfod_worker_conf conf;
	struct debuginfod_lib lib;
	char cache[PATH_MAX];
	int32_t hello;
	char op;
	int fd;

	if (debuginfod__recv_all(ctl, &msg, sizeof(msg)) || msg.cache_len >= sizeof(cache) ||
	    debuginfod__recv_all(ctl, cache, msg.cache_len))
		return 1;
	cache[msg.cache_len] = '\0';
	conf = (struct debuginfod_worker_conf){
		.cache = cache, .max_size = msg.max_size, .verbose = msg.verbose,
	};
	/* said on stderr when it cannot be loaded */
	hello = debuginfod_lib__open(&lib) ? -ENOENT : 0;
	if (debuginfod__send_all(ctl, &hello, sizeof(hello)) || hello)
		return 1;
	/* the kernel reaps the workers; the fetcher waits on their pidfds */
	signal(SIGCHLD, SIG_IGN);
	while (!debuginfod__recv_fd(ctl, &op, 1, &fd)) {
		if (fd < 0 || debuginfod_zygote__fork(ctl, fd, &lib, &conf))
			return 1;
		close(fd);
	}
	return 0;
}

/*
 * Before main(): a process started by debuginfod_zygote__start() serves
 * and exits.  A stray PERF_DEBUGINFOD_ZYGOTE_FD in a user's environment
 * names no socket (or not one of ours): perf goes on as itself.
 */
static void __attribute__((constructor)) debuginfod_zygote__main(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	const char *v = getenv(ZYGOTE_FD_ENV);
	struct stat st;
	char *end;
	size_t i;
	long fd;

	if (!v)
		return;
	errno = 0;
	fd = strtol(v, &end, 10);
	unsetenv(ZYGOTE_FD_ENV);
	if (errno || end == v || *end || fd < 3 || fd > INT_MAX ||
	    fstat((int)fd, &st) || !S_ISSOCK(st.st_mode))
		return;
	/* ^C ends the zygote and its workers, as it ends perf */
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	/* _exit: no atexit handlers, no leak report of a process that only served */
	_exit(debuginfod_zygote__serve((int)fd));
}

/* ---- in the fetcher --------------------------------------------------------- */

struct debuginfod_zygote {
	pid_t pid;
	int ctl;
};

/* environ without any ZYGOTE_FD_ENV, plus @var; NULL on ENOMEM. */
static char **debuginfod_zygote__env(char *var)
{
	size_t n = 0, i, k = 0;
	char **envp;

	while (environ && environ[n])
		n++;
	envp = calloc(n + 2, sizeof(*envp));
	if (!envp)
		return NULL;
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], ZYGOTE_FD_ENV "=", sizeof(ZYGOTE_FD_ENV)))
			envp[k++] = environ[i];
	envp[k] = var;
	return envp;
}

/* posix_spawn() this program as a zygote on @sock; 0 or an errno. */
static int debuginfod_zygote__spawn(pid_t *pid, int sock)
{
	char *argv[] = { ZYGOTE_ARGV0, NULL };
	char var[sizeof(ZYGOTE_FD_ENV) + 16];
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none;
	char **envp;
	int err;

	snprintf(var, sizeof(var), ZYGOTE_FD_ENV "=%d", sock);
	envp = debuginfod_zygote__env(var);
	if (!envp)
		return ENOMEM;
	sigemptyset(&none);
	err = posix_spawn_file_actions_init(&fa);
	if (err)
		goto out;
	/* dup2 onto itself: the child's copy loses close-on-exec, ours keeps it */
	err = posix_spawn_file_actions_adddup2(&fa, sock, sock) ?:
	      posix_spawnattr_init(&attr);
	if (!err) {
		/* a thread's blocked signals are not the zygote's */
		err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK) ?:
		      posix_spawnattr_setsigmask(&attr, &none) ?:
		      posix_spawn(pid, "/proc/self/exe", &fa, &attr, argv, envp);
		posix_spawnattr_destroy(&attr);
	}
	posix_spawn_file_actions_destroy(&fa);
out:
	free(envp);
	return err;
}

static int debuginfod_zygote__send_conf(int sock, const struct debuginfod_worker_conf *conf)
{
	struct debuginfod_conf_msg msg = {
		.max_size = conf->max_size,
		.verbose = conf->verbose,
		.cache_len = strnlen(conf->cache, PATH_MAX - 1),
	};
	int err = debuginfod__send_all(sock, &msg, sizeof(msg));

	return err ?: debuginfod__send_all(sock, conf->cache, msg.cache_len);
}

struct debuginfod_zygote *debuginfod_zygote__start(const struct debuginfod_worker_conf *conf)
{
	struct debuginfod_zygote *z = calloc(1, sizeof(*z));
	int32_t hello = -EPROTO;
	int sv[2] = { -1, -1 }, err;

	if (!z)
		return NULL;
	z->ctl = -1;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		err = errno;
		goto fail;
	}
	err = debuginfod_zygote__spawn(&z->pid, sv[1]);
	close(sv[1]);
	if (err)
		goto fail;
	z->ctl = sv[0];
	/* the hello: the library loaded (or the zygote said why not) */
	if (debuginfod_zygote__send_conf(z->ctl, conf) ||
	    debuginfod__recv_all(z->ctl, &hello, sizeof(hello)) || hello) {
		debuginfod_zygote__stop(z);
		errno = ENOENT;
		return NULL;
	}
	return z;
fail:
	if (sv[0] >= 0)
		close(sv[0]);
	free(z);
	pr_warning("debuginfod: cannot start a process for the requests (/proc/self/exe): %s: "
		   "symbols are not fetched\n", strerror(err));
	errno = err;
	return NULL;
}

void debuginfod_zygote__stop(struct debuginfod_zygote *z)
{
	if (!z)
		return;
	if (z->ctl >= 0)
		close(z->ctl);
	while (waitpid(z->pid, NULL, 0) < 0 && errno == EINTR)
		;
	free(z);
}

int debuginfod_zygote__worker(struct debuginfod_zygote *z, int *sock, int *pidfd)
{
	int32_t answer;
	int sv[2], err;

	*sock = *pidfd = -1;
	if (z->ctl < 0)
		return -EPIPE;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	err = debuginfod__send_fd(z->ctl, "w", 1, sv[1]);
	close(sv[1]);
	if (!err)
		err = debuginfod__recv_fd(z->ctl, &answer, sizeof(answer), pidfd);
	if (!err && answer)
		err = answer;
	if (!err && *pidfd < 0)
		err = -EPROTO;
	if (err) {
		if (*pidfd >= 0)
			close(*pidfd);
		*pidfd = -1;
		close(sv[0]);
		/* a zygote that spoke nonsense or died is not asked again */
		if (err == -EPIPE || err == -EPROTO || err == -ECONNRESET) {
			close(z->ctl);
			z->ctl = -1;
		}
		return err;
	}
	*sock = sv[0];
	return 0;
}
