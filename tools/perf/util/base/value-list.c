// SPDX-License-Identifier: GPL-2.0
/*
 * Comma-separated option lists (value-list.h): names and integers, kept
 * in the order given with a hash for lookups.
 */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/value-list.h"
#include "util/base/array.h"

#define FILE_PREFIX	"file://"

static int str_list__set_error(struct str_list *sl, const char *s, size_t len, int err)
{
	free(sl->error);
	sl->error = strndup(s, len);
	return err;
}

bool str_list__has(const struct str_list *sl, const char *s)
{
	size_t iter = 0;
	char *e;

	while ((e = hashmap__next(&sl->map, hash__str(s, 0), &iter)))
		if (!strcmp(e, s))
			return true;
	return false;
}

static int str_list__add(struct str_list *sl, const char *s, size_t len)
{
	char *e = strndup(s, len);

	if (!e)
		return -ENOMEM;
	if (str_list__has(sl, e)) {
		free(e);
		return str_list__set_error(sl, s, len, -EEXIST);
	}
	if (ARRAY_GROW(sl->entries, sl->alloc, sl->nr + 1) ||
	    hashmap__add(&sl->map, hash__str(e, 0), e)) {
		free(e);
		return -ENOMEM;
	}
	sl->entries[sl->nr++] = e;
	return 0;
}

/* One name a line (its newline dropped); blank lines name nothing. */
static int str_list__load(struct str_list *sl, const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *fp = fopen(path, "r");
	int err = 0;

	if (!fp)
		return str_list__set_error(sl, path, strlen(path), -errno);
	while (!err && (len = getline(&line, &cap, fp)) > 0) {
		if (line[len - 1] == '\n')
			len--;
		if (len)
			err = str_list__add(sl, line, len);
	}
	if (!err && ferror(fp))
		err = str_list__set_error(sl, path, strlen(path), -EIO);
	free(line);
	fclose(fp);
	return err;
}

int str_list__parse(struct str_list *sl, const char *arg)
{
	const char *p = arg, *comma;
	size_t len;
	int err;

	memset(sl, 0, sizeof(*sl));
	hashmap__init(&sl->map);
	/* "a,b," is a and b; an empty middle entry is the empty name */
	while (*p) {
		comma = strchr(p, ',');
		len = comma ? (size_t)(comma - p) : strlen(p);
		if (len >= strlen(FILE_PREFIX) && !strncmp(p, FILE_PREFIX, strlen(FILE_PREFIX))) {
			char *path = strndup(p + strlen(FILE_PREFIX), len - strlen(FILE_PREFIX));

			if (!path)
				return -ENOMEM;
			err = str_list__load(sl, path);
			free(path);
		} else {
			err = str_list__add(sl, p, len);
		}
		if (err)
			return err;
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

void str_list__exit(struct str_list *sl)
{
	size_t i;

	for (i = 0; i < sl->nr; i++)
		free(sl->entries[i]);
	free(sl->entries);
	hashmap__exit(&sl->map);
	free(sl->error);
	memset(sl, 0, sizeof(*sl));
}

/* ---- integers ------------------------------------------------------------ */

static u64 int_hash(long v)
{
	return hash__bytes(&v, sizeof(v), 0);
}

bool int_list__has(const struct int_list *il, long v)
{
	size_t iter = 0;
	void *e;

	/* the values are indexes + 1 into the array, which may still move */
	while ((e = hashmap__next(&il->map, int_hash(v), &iter)))
		if (il->entries[(uintptr_t)e - 1] == v)
			return true;
	return false;
}

static int int_list__set_error(struct int_list *il, const char *s, size_t len, int err)
{
	free(il->error);
	il->error = strndup(s, len);
	return err;
}

int int_list__parse(struct int_list *il, const char *arg)
{
	const char *p = arg;
	char *end;
	long v;

	memset(il, 0, sizeof(*il));
	hashmap__init(&il->map);
	for (;;) {
		errno = 0;
		v = strtol(p, &end, 10);
		if ((*end && *end != ',') || errno == ERANGE)
			return int_list__set_error(il, p, strcspn(p, ","), -EINVAL);
		if (int_list__has(il, v))
			return int_list__set_error(il, p, end - p, -EEXIST);
		if (ARRAY_GROW(il->entries, il->alloc, il->nr + 1))
			return -ENOMEM;
		il->entries[il->nr++] = v;
		if (hashmap__add(&il->map, int_hash(v), (void *)(uintptr_t)il->nr))
			return -ENOMEM;
		if (!*end)
			break;
		p = end + 1;
	}
	return 0;
}

void int_list__exit(struct int_list *il)
{
	free(il->entries);
	hashmap__exit(&il->map);
	free(il->error);
	memset(il, 0, sizeof(*il));
}
