// SPDX-License-Identifier: GPL-2.0
/* HEADER_TRACING_DATA: tracefs format files for -e SYS:NAME (layout in the .h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/tracing-data.h"
#include "record/tracepoint.h"
#include "record/evlist-open.h"
#include "record/features.h"

#define TRACING_MAGIC		"\027\010\104tracing"
#define TRACING_VERSION		"0.6"
/* A format file is a few KiB; header_page under one. */
#define TRACING_FILE_MAX	(1 << 20)

/* Append u64 size and the bytes of tracefs file @path (size 0 in stat). */
static int tracing_data__file(struct feat_buf *b, const char *path)
{
	char *buf = malloc(TRACING_FILE_MAX);
	size_t len = 0;
	ssize_t n;
	u64 size;
	int fd, ret;

	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	while (len < TRACING_FILE_MAX && (n = read(fd, buf + len, TRACING_FILE_MAX - len)) > 0)
		len += (size_t)n;
	ret = n < 0 ? -errno : len == TRACING_FILE_MAX ? -EFBIG : 0;
	close(fd);
	if (ret)
		goto out;
	size = len;
	ret = feat_buf__add(b, &size, sizeof(size));
	if (!ret)
		ret = feat_buf__add(b, buf, len);
out:
	free(buf);
	return ret;
}

/* "sys:name[:mods]" of a tracepoint event: its system and name lengths. */
static bool tracing_data__split(const char *ev, size_t *sys_len, const char **name,
				size_t *name_len)
{
	const char *c = strchr(ev, ':'), *e;

	if (!c)
		return false;
	*sys_len = (size_t)(c - ev);
	*name = c + 1;
	e = strchr(*name, ':');
	*name_len = e ? (size_t)(e - *name) : strlen(*name);
	return *sys_len && *name_len;
}

static bool is_tracepoint(const struct rec_evlist *el, int i, size_t *sl, const char **n,
			  size_t *nl)
{
	return el->entries[i].attr.type == PERF_TYPE_TRACEPOINT &&
	       tracing_data__split(el->entries[i].name, sl, n, nl);
}

/* Is the system of tracepoint @i (@sl bytes of its name) one of an earlier event? */
static bool system_seen_before(const struct rec_evlist *el, int i, size_t sl)
{
	const char *name;
	size_t sl2, nl;
	int j;

	for (j = 0; j < i; j++)
		if (is_tracepoint(el, j, &sl2, &name, &nl) && sl2 == sl &&
		    !strncmp(el->entries[j].name, el->entries[i].name, sl))
			return true;
	return false;
}

int tracing_data__set(struct perf_header *h, const struct rec_evlist *el)
{
	const char *dir = tracefs__dir(), *name, *name2;
	struct feat_buf b = { 0 };
	char path[PATH_MAX];
	u32 v32, nr_sys = 0;
	size_t sl, nl, sl2, nl2;
	int i, j, ret = 0;
	u8 v8;

	for (i = 0; i < el->nr; i++) {
		if (!is_tracepoint(el, i, &sl, &name, &nl))
			continue;
		/* A system counts once: at its first event. */
		if (!system_seen_before(el, i, sl))
			nr_sys++;
	}
	if (!nr_sys)
		return 0;
	if (!dir)
		return -ENODEV;
	ret = feat_buf__add(&b, TRACING_MAGIC, 10) ?: feat_buf__add(&b, TRACING_VERSION, 4);
	v8 = 0;		/* little endian: we write the host's order, x86 and arm64 */
	if (!ret)
		ret = feat_buf__add(&b, &v8, 1);
	v8 = sizeof(long);
	if (!ret)
		ret = feat_buf__add(&b, &v8, 1);
	v32 = (u32)sysconf(_SC_PAGESIZE);
	if (!ret)
		ret = feat_buf__add(&b, &v32, 4);
	if (!ret)
		ret = feat_buf__add(&b, "header_page", 12);
	snprintf(path, sizeof(path), "%s/events/header_page", dir);
	if (!ret)
		ret = tracing_data__file(&b, path);
	if (!ret)
		ret = feat_buf__add(&b, "header_event", 13);
	snprintf(path, sizeof(path), "%s/events/header_event", dir);
	if (!ret)
		ret = tracing_data__file(&b, path);
	v32 = 0;	/* ftrace's own formats: none of our events */
	if (!ret)
		ret = feat_buf__add(&b, &v32, 4);
	if (!ret)
		ret = feat_buf__add(&b, &nr_sys, 4);
	for (i = 0; i < el->nr && !ret; i++) {
		u32 nr_ev = 0;
		int k;

		if (!is_tracepoint(el, i, &sl, &name, &nl))
			continue;
		if (system_seen_before(el, i, sl))
			continue;
		/* This system: its name, then each of its events once. */
		for (j = i; j < el->nr; j++) {
			if (!is_tracepoint(el, j, &sl2, &name2, &nl2) || sl2 != sl ||
			    strncmp(el->entries[j].name, el->entries[i].name, sl))
				continue;
			for (k = i; k < j; k++)
				if (el->entries[k].attr.type == PERF_TYPE_TRACEPOINT &&
				    el->entries[k].attr.config == el->entries[j].attr.config)
					break;
			nr_ev += k == j;
		}
		ret = feat_buf__add(&b, el->entries[i].name, sl) ?: feat_buf__add(&b, "", 1);
		if (!ret)
			ret = feat_buf__add(&b, &nr_ev, 4);
		for (j = i; j < el->nr && !ret; j++) {
			if (!is_tracepoint(el, j, &sl2, &name2, &nl2) || sl2 != sl ||
			    strncmp(el->entries[j].name, el->entries[i].name, sl))
				continue;
			for (k = i; k < j; k++)
				if (el->entries[k].attr.type == PERF_TYPE_TRACEPOINT &&
				    el->entries[k].attr.config == el->entries[j].attr.config)
					break;
			if (k < j)
				continue;
			snprintf(path, sizeof(path), "%s/events/%.*s/%.*s/format", dir, (int)sl,
				 el->entries[j].name, (int)nl2, name2);
			ret = tracing_data__file(&b, path);
		}
	}
	/* kallsyms and printk formats (u32 sizes), saved_cmdlines (u64): empty */
	v32 = 0;
	if (!ret)
		ret = feat_buf__add(&b, &v32, 4) ?: feat_buf__add(&b, &v32, 4) ?:
		      feat_buf__add(&b, NULL, 8);
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_TRACING_DATA, b.data, b.size);
	free(b.data);
	return ret;
}
