/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perfconfig, as upstream documents it (perf-config(1)): git-style files,
 * "[section]" or "[section \"sub\"]" then "name = value" lines, '#' and ';'
 * comments.  Read from $(sysconfdir)/perfconfig
 * (unless PERF_CONFIG_NOSYSTEM) then $HOME/.perfconfig, a later value
 * overriding an earlier one; PERF_CONFIG names the one file to read
 * instead (/dev/null: none).  Keys are "section.name" in lower case.
 */
#ifndef __PERF_CONFIG_H
#define __PERF_CONFIG_H

#include <stdbool.h>

#define PERF_CONFIG_SYSTEM	"/etc/perfconfig"

struct perf_config_item {
	char *key;
	char *value;
	const char *file;	/* where it was read: for messages */
};

struct perf_config {
	struct perf_config_item *items;
	int nr;
	size_t alloc;
	char *files[2];		/* the paths the items point to */
	bool quiet;		/* no warnings (perf config lists any key) */
};

enum perf_config_scope { PERF_CONFIG_ALL, PERF_CONFIG_USER, PERF_CONFIG_SYSTEM_ONLY };

/*
 * Read the files of @scope in their order of precedence.  A file that is
 * missing is no error; one that cannot be read (a directory, no
 * permission) or a line that is no "name = value" is said once on stderr
 * and skipped, as upstream goes on.  Returns 0 or -ENOMEM.
 */
int perf_config__load(struct perf_config *cfg, enum perf_config_scope scope);
void perf_config__exit(struct perf_config *cfg);

/* The path of @scope's file in @buf; the user's needs HOME. */
int perf_config__path(enum perf_config_scope scope, char *buf, unsigned long size);

/* The value @key last took, or NULL. */
const char *perf_config__get(const struct perf_config *cfg, const char *key);

/* upstream's booleans: true/yes/on/1, false/no/off/0; -EINVAL otherwise */
int perf_config__bool(const char *value, bool *b);

/* Say once, per key, what this perf does not use (upstream would). */
void perf_config__warn_unknown(const struct perf_config *cfg);

/* Set (or with @value NULL, remove) @key in the file @path, rewritten whole. */
int perf_config__set(const char *path, const char *key, const char *value);

/* "section.name" has a section and a name: 0, else -EINVAL. */
int perf_config__check_key(const char *key);

#endif
