/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf script's output: text is formatted straight into a buffer that is
 * written to the fd when full (stdio would cost a third of the time of
 * printing a call chain).  A write error stops all further writes and is
 * kept.  (A second thread writing full buffers while the next one fills
 * was measured slower: 1.0-1.4 s against 1.1 s on a 103 MB recording, the
 * buffers bouncing between the cores' caches.)
 */
#ifndef __PERF_SCRIPT_OUT_H
#define __PERF_SCRIPT_OUT_H

#include <stddef.h>
#include <string.h>

#define SCRIPT_OUT_BUF	(1u << 20)

struct script_out {
	char	*buf;
	size_t	len;
	size_t	cap;
	int	fd;
	int	err;		/* the first write error, negative errno */
};

/* A buffer for @fd.  0 or -ENOMEM. */
int script_out__open(struct script_out *out, int fd);

/*
 * Write what is buffered.  Returns the first write error so far (0): an
 * error (ENOSPC, EPIPE with SIGPIPE ignored) stops all further writes.
 */
int script_out__flush(struct script_out *out);

/* Flush and free.  The first write error or 0. */
int script_out__close(struct script_out *out);

/* Append @n bytes (cut to the buffer's size: no piece of a line is that long). */
static inline void script_out__write(struct script_out *out, const void *p, size_t n)
{
	if (out->len + n > out->cap) {
		script_out__flush(out);
		if (n > out->cap)
			n = out->cap;
	}
	memcpy(out->buf + out->len, p, n);
	out->len += n;
}

static inline int script_out__error(const struct script_out *out)
{
	return out->err;
}

#endif
