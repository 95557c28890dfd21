// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: any bytes as an ELF image and as a notes blob, through
 * lib/buildid.c and util/symbols/build-id.c.  Besides the sanitizers, it checks the
 * documented contract: a success yields a 1..20-byte id zero-padded to
 * BUILD_ID_SIZE_MAX, a failure one of the documented errors with the id
 * zeroed, and the in-memory and pread()-backed (memfd) readers agree.
 *
 *   build/fuzz/fuzz-buildid tools/perf/tests/fuzz/corpus/buildid/
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/symbols/build-id.h"

static const u8 zero[BUILD_ID_SIZE_MAX];

static void check(int err, const unsigned char *id, u32 size)
{
	if (!err) {
		if (!size || size > BUILD_ID_SIZE_MAX ||
		    memcmp(id + size, zero, BUILD_ID_SIZE_MAX - size))
			__builtin_trap();
		return;
	}
	if (err != -ENOEXEC && err != -ENOENT && err != -EINVAL && err != -E2BIG)
		__builtin_trap();
	if (size || memcmp(id, zero, BUILD_ID_SIZE_MAX))
		__builtin_trap();
}

/* The pread() reader on a memfd must answer like the memory reader. */
static void check_fd(const uint8_t *data, size_t len, int err, const unsigned char *id,
		     u32 size)
{
	struct build_id bid;
	int fd, fd_err;

	fd = memfd_create("fuzz-buildid", MFD_CLOEXEC);
	if (fd < 0)
		return;
	if (len && write(fd, data, len) != (ssize_t)len)
		goto out;
	fd_err = fd__read_build_id(fd, &bid);
	if (fd_err != err || bid.size != size || memcmp(bid.data, id, BUILD_ID_SIZE_MAX))
		__builtin_trap();
out:
	close(fd);
}

/*
 * xz and zstd inputs of a few KiB can inflate to the 512 MiB cap, which
 * makes each run slow without testing our code more: only the gzip path
 * (ratio about 1000:1) goes through the decompressor here; util tests
 * cover the others and the cap.
 */
static bool is_slow_compressed(const uint8_t *data, size_t len)
{
	static const u8 xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
	static const u8 zst[] = { 0x28, 0xb5, 0x2f, 0xfd };

	return (len >= sizeof(xz) && !memcmp(data, xz, sizeof(xz))) ||
	       (len >= sizeof(zst) && !memcmp(data, zst, sizeof(zst)));
}

static bool is_gzip(const uint8_t *data, size_t len)
{
	return len >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	unsigned char id[BUILD_ID_SIZE_MAX];
	struct build_id bid;
	u32 size = 0;
	int err;

	err = build_id_parse_mem(data, len, id, &size);
	check(err, id, size);
	if (!is_slow_compressed(data, len) && !is_gzip(data, len))
		check_fd(data, len, err, id, size);
	else if (is_gzip(data, len))
		buf__read_build_id(data, len, &bid);

	err = build_id_parse_notes(data, len, id, &size);
	check(err, id, size);
	return 0;
}
