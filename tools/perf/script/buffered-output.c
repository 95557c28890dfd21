// SPDX-License-Identifier: GPL-2.0
/* perf script's buffered output.  See script/buffered-output.h. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "script/buffered-output.h"

int script_out__open(struct script_out *out, int fd)
{
	out->fd = fd;
	out->err = 0;
	out->len = 0;
	out->cap = SCRIPT_OUT_BUF;
	out->buf = malloc(out->cap);
	return out->buf ? 0 : -ENOMEM;
}

int script_out__flush(struct script_out *out)
{
	const char *p = out->buf;
	size_t n = out->len;

	while (n && !out->err) {
		ssize_t w = write(out->fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			out->err = w < 0 ? -errno : -EIO;
			break;
		}
		p += w;
		n -= w;
	}
	out->len = 0;
	return out->err;
}

int script_out__close(struct script_out *out)
{
	script_out__flush(out);
	free(out->buf);
	out->buf = NULL;
	return out->err;
}
