// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as the tar stream perf archive --unpack
 * reads from another box (util/base/tar-reader.h).  Besides the sanitizers, it
 * checks the reader's contract: names and link names NUL-terminated
 * within PATH_MAX, a member's data never more than its size, and the
 * walk always ends (1 per member, then 0 or an error).
 *
 *   build/fuzz/fuzz-tar tools/perf/tests/fuzz/corpus/tar/
 */
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/base/tar-reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct tar_member m;
	struct tar_reader tr;
	char buf[4096];
	int fd, ret, n = 0;

	fd = memfd_create("fuzz-tar", MFD_CLOEXEC);
	if (fd < 0)
		return 0;
	if (len && write(fd, data, len) != (ssize_t)len)
		goto out;
	lseek(fd, 0, SEEK_SET);
	tar_reader__init(&tr, fd);
	while ((ret = tar_reader__next(&tr, &m)) == 1) {
		u64 got = 0;
		ssize_t r;

		if (strnlen(m.name, sizeof(m.name)) == sizeof(m.name) ||
		    strnlen(m.linkname, sizeof(m.linkname)) == sizeof(m.linkname))
			__builtin_trap();
		/* read every other member, skip the rest */
		while (n++ % 2 == 0 && (r = tar_reader__read(&tr, buf, sizeof(buf))) > 0)
			got += (u64)r;
		if (got > m.size)
			__builtin_trap();
		/* each member takes at least one 512-byte header */
		if (tr.offset > len)
			__builtin_trap();
	}
	if (ret > 1)
		__builtin_trap();
out:
	close(fd);
	return 0;
}
