// SPDX-License-Identifier: GPL-2.0
/*
 * Demangling through libiberty.  Only names that carry a mangling prefix
 * are handed to it: plain C names must stay as they are (cplus_demangle
 * in auto mode would otherwise try other, older schemes on them).
 */
#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>
#include "util/symbols/demangle.h"

static bool demangle__is_mangled(const char *name)
{
	/* Itanium C++ and Rust legacy both start with _Z, Rust v0 with _R. */
	return name[0] == '_' && (name[1] == 'Z' || name[1] == 'R');
}

char *demangle__sym(const char *name, bool params)
{
	int flags = DMGL_AUTO;
	char *out;

	if (!name || !demangle__is_mangled(name))
		return NULL;
	if (params)
		flags |= DMGL_PARAMS | DMGL_ANSI;
	/* libiberty recognises Rust's hash suffix itself and drops it */
	out = cplus_demangle(name, flags);
	/* libiberty (Debian 12) makes "" of some malformed Rust v0 names ("_RNvC00") */
	if (out && !*out) {
		free(out);
		out = NULL;
	}
	return out;
}
