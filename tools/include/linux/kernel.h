/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim for <linux/kernel.h>: the few kernel helpers that code
 * shared with the kernel (lib/) uses, on top of the uapi header.
 */
#ifndef _TOOLS_LINUX_KERNEL_H
#define _TOOLS_LINUX_KERNEL_H

#include_next <linux/kernel.h>	/* uapi: linux/const.h's __ALIGN_KERNEL */
#include <linux/types.h>

/* Sparse annotation in the kernel; nothing in userspace. */
#ifndef __force
#define __force
#endif

#ifndef ALIGN
#define ALIGN(x, a)		__ALIGN_KERNEL((x), (a))
#endif

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))
#endif

#ifndef min
#define min(x, y)		((x) < (y) ? (x) : (y))
#endif

#ifndef max
#define max(x, y)		((x) > (y) ? (x) : (y))
#endif

#ifndef min_t
#define min_t(type, x, y)	min((type)(x), (type)(y))
#endif

#endif
