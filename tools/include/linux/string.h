/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim for <linux/string.h>: memcpy, memcmp, memset, str*(). */
#ifndef _TOOLS_LINUX_STRING_H
#define _TOOLS_LINUX_STRING_H

#include <string.h>

#endif
