/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim for <linux/overflow.h>: checked arithmetic with the
 * kernel's names.  Each returns true if the result overflowed *@d.
 */
#ifndef _TOOLS_LINUX_OVERFLOW_H
#define _TOOLS_LINUX_OVERFLOW_H

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

#endif
