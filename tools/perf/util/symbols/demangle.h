/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbol name demangling: C++ (Itanium ABI, "_Z...") and Rust (legacy
 * "_ZN...17h<hash>E" and v0 "_R...") through libiberty's cplus_demangle,
 * the demangler binutils and gdb use.
 */
#ifndef __PERF_DEMANGLE_H
#define __PERF_DEMANGLE_H

#include <stdbool.h>

/*
 * Returns a malloc'ed demangled name, or NULL when @name is not mangled
 * (or not demangleable: the caller keeps the raw name).  @params adds
 * parameter lists ("ns::f(int)"); upstream perf omits them unless -v.
 */
char *demangle__sym(const char *name, bool params);

/* How symbol names are shown; the zero value is upstream's default. */
enum demangle_mode {
	DEMANGLE_NAMES,		/* "ns::f" */
	DEMANGLE_PARAMS,	/* "ns::f(int)" */
	DEMANGLE_NONE,		/* "_ZN2ns1fEi": --no-demangle */
};

/* --demangle/--no-demangle and -v: upstream shows parameter lists with -v. */
static inline enum demangle_mode demangle_mode__of(bool demangle, int verbose)
{
	if (!demangle)
		return DEMANGLE_NONE;
	return verbose > 0 ? DEMANGLE_PARAMS : DEMANGLE_NAMES;
}

/* demangle__sym() as @mode says; NULL: keep @name. */
static inline char *demangle__sym_mode(const char *name, enum demangle_mode mode)
{
	return mode == DEMANGLE_NONE ? NULL : demangle__sym(name, mode == DEMANGLE_PARAMS);
}

#endif
