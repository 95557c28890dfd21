// SPDX-License-Identifier: GPL-2.0
/* The running kernel's vDSO, read from this process: see vdso.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include "util/symbols/vdso.h"

/* A vDSO is a few pages; anything bigger is not one. */
#define VDSO_MAX_LEN	(1 << 20)

int vdso__self(struct vdso_image *img)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);
	unsigned long long start, end;
	char line[512];
	int ret = -ENOENT;
	FILE *f;

	if (!base)
		return -ENOENT;
	f = fopen("/proc/self/maps", "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (!strstr(line, " [vdso]") || sscanf(line, "%llx-%llx", &start, &end) != 2)
			continue;
		/* the map auxv points at, so no other "[vdso]" line is taken */
		if (start == base && end > start && end - start <= VDSO_MAX_LEN) {
			img->start = (const void *)(uintptr_t)start;
			img->len = (size_t)(end - start);
			ret = 0;
		}
		break;
	}
	fclose(f);
	return ret;
}

int vdso__read_build_id(struct build_id *bid)
{
	struct vdso_image img;
	int ret = vdso__self(&img);

	if (ret)
		return ret;
	memset(bid, 0, sizeof(*bid));
	ret = buf__read_build_id(img.start, img.len, bid);
	if (!ret && !bid->size)
		ret = -ENOENT;
	return ret;
}
