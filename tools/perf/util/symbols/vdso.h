/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's vDSO, read from this process.
 *
 * A vDSO has no file: a [vdso] map names no path that could be opened
 * (a file called "[vdso]" in the current directory is someone else's).
 * The kernel maps one image into every process of an ABI, so the one in
 * our own address space (AT_SYSINFO_EHDR, extent from /proc/self/maps)
 * stands for the [vdso] of any process recorded on this kernel; upstream
 * perf takes its own vDSO too.
 */
#ifndef __PERF_VDSO_H
#define __PERF_VDSO_H

#include <stddef.h>
#include "util/symbols/build-id.h"

#define VDSO_NAME	"[vdso]"

struct vdso_image {
	const void	*start;		/* mapped in this process: do not free */
	size_t		len;
};

/* Our own [vdso] mapping.  0 or -ENOENT (none, or not where auxv says). */
int vdso__self(struct vdso_image *img);

/* Its build-id.  0 or -errno. */
int vdso__read_build_id(struct build_id *bid);

#endif
