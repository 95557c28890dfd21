// SPDX-License-Identifier: GPL-2.0
/* Our vDSO into the build-id cache: see vdso-cache.h. */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/cache/vdso-cache.h"
#include "util/cache/build-id-cache.h"
#include "util/symbols/vdso.h"

/* A descriptor the cache can copy from, like any file entry. */
static int vdso__memfd(const struct vdso_image *img)
{
	int fd = memfd_create("vdso", MFD_CLOEXEC);
	const char *p = img->start;
	size_t n = img->len;

	if (fd < 0)
		return -errno;
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			int ret = -errno;

			close(fd);
			return ret;
		}
		p += w;
		n -= (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) < 0) {
		int ret = -errno;

		close(fd);
		return ret;
	}
	return fd;
}

int vdso__cache(const char *dir, struct build_id *bid)
{
	struct vdso_image img;
	struct build_id ours;
	int fd, ret;

	ret = vdso__self(&img);
	if (!ret) {
		memset(&ours, 0, sizeof(ours));
		ret = buf__read_build_id(img.start, img.len, &ours);
	}
	if (ret || !ours.size)
		return ret ? ret : -ENOENT;
	if (bid->size && !build_id__equal(bid, &ours))
		return -ESTALE;
	*bid = ours;
	if (build_id_cache__cached(dir, bid))
		return 0;
	fd = vdso__memfd(&img);
	if (fd < 0)
		return fd;
	ret = build_id_cache__store_fd(dir, VDSO_NAME, bid, fd, NULL);
	close(fd);
	return ret;
}
