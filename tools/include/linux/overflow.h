/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim for <linux/overflow.h>: checked arithmetic with the
 * kernel's names.  Each returns true if the result overflowed *@d.
 *
 * Like Linux 6.1's, the operands and the result must have the same type
 * (the pointer comparisons warn otherwise, -Werror makes that an error),
 * so code that builds here also builds in a 6.1 kernel.
 */
#ifndef _TOOLS_LINUX_OVERFLOW_H
#define _TOOLS_LINUX_OVERFLOW_H

#define __overflow_same_types(a, b, d) ({	\
	typeof(a) __oa = (a);			\
	typeof(b) __ob = (b);			\
	typeof(d) __od = (d);			\
	(void)(&__oa == &__ob);			\
	(void)(&__oa == __od);			\
})

#define check_add_overflow(a, b, d) ({				\
	__overflow_same_types(a, b, d);				\
	__builtin_add_overflow(a, b, d);			\
})

#define check_sub_overflow(a, b, d) ({				\
	__overflow_same_types(a, b, d);				\
	__builtin_sub_overflow(a, b, d);			\
})

#define check_mul_overflow(a, b, d) ({				\
	__overflow_same_types(a, b, d);				\
	__builtin_mul_overflow(a, b, d);			\
})

#endif
