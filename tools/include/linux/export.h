/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim for <linux/export.h>: exports mean nothing here. */
#ifndef _TOOLS_LINUX_EXPORT_H
#define _TOOLS_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#endif
