/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file holding a DSO's code (its runtime image), for what reads
 * instructions rather than symbols (perf annotate's disassembler).
 * Chosen by build-id like the symbols (Documentation/symbol-resolution.txt),
 * never blindly the recorded path.
 */
#ifndef __PERF_DSO_IMAGE_H
#define __PERF_DSO_IMAGE_H

#include <stddef.h>
#include "util/model/dso.h"

/*
 * Into @buf, the first file that carries the DSO's build-id and its code
 * (an executable section with contents: a .debug file has none): the
 * build-id cache's elf (or vdso, or the older layout's file), the file at
 * the recorded path (under --symfs), the debuginfod hook's executable;
 * for the kernel, -k/--vmlinux.  A DSO recorded without build-id: the
 * recorded path, as upstream takes it.  0, or -ENOENT when no file fits.
 */
int dso__image_path(struct dso *dso, const struct dso_load_opts *opts, char *buf, size_t size);

#endif
