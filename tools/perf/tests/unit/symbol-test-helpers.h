/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the symbol/dso/machine unit tests: a scratch directory, and
 * tiny programs compiled at test time whose symbols we know (checked
 * against nm, not against our own reader).
 */
#ifndef __PERF_SYMBOL_TEST_HELPERS_H
#define __PERF_SYMBOL_TEST_HELPERS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>

/* Run a shell command built from a format; returns its exit status. */
static inline int __attribute__((format(printf, 1, 2))) sh(const char *fmt, ...)
{
	char *cmd;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&cmd, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return -1;
	ret = system(cmd);
	free(cmd);
	return ret;
}

/* First line of a command's output, newline stripped; malloc'ed or NULL. */
static inline char * __attribute__((format(printf, 1, 2))) sh_out(const char *fmt, ...)
{
	char *cmd, *line = NULL;
	size_t cap = 0;
	va_list ap;
	FILE *p;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&cmd, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return NULL;
	p = popen(cmd, "r");
	free(cmd);
	if (!p)
		return NULL;
	if (getline(&line, &cap, p) <= 0) {
		free(line);
		line = NULL;
	} else {
		line[strcspn(line, "\n")] = '\0';
	}
	pclose(p);
	return line;
}

/* A fresh scratch directory (malloc'ed path). */
static inline char *scratch_dir(void)
{
	char tmpl[] = "/tmp/perf-symtest.XXXXXX";
	char *d = mkdtemp(tmpl);

	return d ? strdup(d) : NULL;
}

static inline void scratch_remove(char *dir)
{
	if (dir && !strncmp(dir, "/tmp/perf-symtest.", 18))
		sh("rm -rf '%s'", dir);
	free(dir);
}

/* Write @text to @dir/@name. */
static inline int write_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* nm's value of @sym in @path (0 if absent). */
static inline u64 nm_addr(const char *path, const char *sym)
{
	char *out = sh_out("nm --defined-only '%s' 2>/dev/null | awk '$3 == \"%s\" { print $1; exit }'",
			   path, sym);
	u64 v = out ? strtoull(out, NULL, 16) : 0;

	free(out);
	return v;
}

/* The build-id readelf prints for @path, as hex (malloc'ed) or NULL. */
static inline char *readelf_build_id(const char *path)
{
	return sh_out("readelf -n '%s' 2>/dev/null | awk '/Build ID:/ { print $3; exit }'", path);
}

#endif
