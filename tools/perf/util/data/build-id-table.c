// SPDX-License-Identifier: GPL-2.0
/* A small hash set of (path, cpumode, build-id) for perf record. */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/data/build-id-table.h"
#include "util/symbols/build-id.h"
#include "util/symbols/vdso.h"
#include "util/base/array.h"

void buildid_table__init(struct buildid_table *t)
{
	memset(t, 0, sizeof(*t));
	hashmap__init(&t->map);
}

void buildid_table__exit(struct buildid_table *t)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		free(t->entries[i].path);
	free(t->entries);
	hashmap__exit(&t->map);
	memset(t, 0, sizeof(*t));
}

static u64 entry_hash(const char *path, u16 cpumode, const u8 *bid, u8 size)
{
	u64 h = hash__str(path, 0);

	h = hash__bytes(&cpumode, sizeof(cpumode), h);
	h = hash__bytes(&size, sizeof(size), h);
	return hash__bytes(bid, size, h);
}

static bool entry_eq(const struct buildid_entry *e, const char *path, u16 cpumode,
		     const u8 *bid, u8 size)
{
	return e->cpumode == cpumode && e->size == size &&
	       !memcmp(e->build_id, bid, size) && !strcmp(e->path, path);
}

int buildid_table__add(struct buildid_table *t, const char *path, u16 cpumode,
		       const u8 *build_id, u8 size)
{
	u32 idx;

	return buildid_table__add_idx(t, path, cpumode, build_id, size, &idx);
}

int buildid_table__add_idx(struct buildid_table *t, const char *path, u16 cpumode,
			   const u8 *build_id, u8 size, u32 *idx)
{
	static const u8 none[PERF_BUILD_ID_MAX];
	struct buildid_entry *e;
	size_t iter = 0;
	void *v;
	u64 h;

	if (size > PERF_BUILD_ID_MAX)
		return -EINVAL;
	if (!build_id)
		build_id = none;
	h = entry_hash(path, cpumode, build_id, size);
	/* values are indexes + 1: the entries array moves as it grows */
	while ((v = hashmap__next(&t->map, h, &iter)) != NULL) {
		u32 i = (u32)((uintptr_t)v - 1);

		if (entry_eq(&t->entries[i], path, cpumode, build_id, size)) {
			*idx = i;
			return 0;
		}
	}
	if (ARRAY_GROW(t->entries, t->alloc, (size_t)t->nr + 1))
		return -ENOMEM;
	e = &t->entries[t->nr];
	memset(e, 0, sizeof(*e));
	e->path = strdup(path);
	if (!e->path)
		return -ENOMEM;
	if (hashmap__add(&t->map, h, (void *)(uintptr_t)(t->nr + 1))) {
		free(e->path);
		return -ENOMEM;
	}
	e->cpumode = cpumode;
	e->size = size;
	memcpy(e->build_id, build_id, size);
	*idx = t->nr++;
	return 1;
}

int buildid_table__add_file(struct buildid_table *t, const char *path, u32 maj, u32 min,
			    u64 ino, u64 ino_generation, u32 *idx)
{
	u8 key[PERF_BUILD_ID_MAX];
	u32 gen = (u32)ino_generation;

	_Static_assert(sizeof(maj) + sizeof(min) + sizeof(ino) + sizeof(gen) == sizeof(key),
		       "the file key fills an id's room");
	memcpy(key, &maj, 4);
	memcpy(key + 4, &min, 4);
	memcpy(key + 8, &ino, 8);
	memcpy(key + 16, &gen, 4);
	return buildid_table__add_idx(t, path, PERF_RECORD_MISC_USER, key, sizeof(key), idx);
}

bool buildid_table__skip_path(const char *path)
{
	if (!*path || !strcmp(path, "//anon") || !strncmp(path, "/memfd:", 7) ||
	    !strncmp(path, "anon_inode:", 11) || !strncmp(path, "/dev/", 5) ||
	    !strncmp(path, "/SYSV", 5))
		return true;
	/* [vdso] is read from our own process (buildid__read_vdso). */
	if (!strcmp(path, "[vdso]"))
		return false;
	/* [stack], [heap], [vsyscall], [uprobes]: no file to read. */
	return path[0] == '[';
}

void buildid_table__resolve(struct buildid_table *t)
{
	u32 i, nr = t->nr;

	for (i = 0; i < nr; i++) {
		u8 bid[PERF_BUILD_ID_MAX];
		int size;

		/* Not a pointer: adding may move the entries. */
		if (t->entries[i].size)
			continue;
		if (!strcmp(t->entries[i].path, "[vdso]"))
			size = buildid__read_vdso(bid);
		else if (t->entries[i].path[0] == '/')
			size = buildid__read_file(t->entries[i].path, bid);
		else
			continue;
		if (size > 0)
			buildid_table__add(t, t->entries[i].path, t->entries[i].cpumode, bid,
					   (u8)size);
	}
}

int buildid_table__to_header(const struct buildid_table *t, struct perf_header *h)
{
	u32 i;
	int ret;

	for (i = 0; i < t->nr; i++) {
		const struct buildid_entry *e = &t->entries[i];

		if (!e->size)
			continue;
		ret = perf_header__add_build_id(h, e->cpumode, -1, e->build_id, e->size, e->path);
		if (ret)
			return ret;
	}
	return 0;
}

int buildid_table__write_records(const struct buildid_table *t,
				 int (*write)(void *priv, const void *buf, size_t len),
				 void *priv)
{
	char buf[sizeof(struct perf_record_header_build_id) + 4096 + 64];
	struct perf_record_header_build_id *ev = (void *)buf;
	u32 i;
	int ret;

	for (i = 0; i < t->nr; i++) {
		const struct buildid_entry *e = &t->entries[i];
		size_t flen = strlen(e->path) + 1, len;

		if (!e->size || flen > 4096)
			continue;
		/* Like upstream: the name padded to 64 bytes. */
		len = sizeof(*ev) + ((flen + 63) & ~(size_t)63);
		memset(buf, 0, len);
		ev->header.type = PERF_RECORD_HEADER_BUILD_ID;
		ev->header.misc = e->cpumode | PERF_RECORD_MISC_BUILD_ID_SIZE;
		ev->header.size = (u16)len;
		ev->pid = -1;
		memcpy(ev->data, e->build_id, e->size);
		ev->size = e->size;
		memcpy(ev->filename, e->path, flen);
		ret = write(priv, buf, len);
		if (ret)
			return ret;
	}
	return 0;
}

static int buildid__copy(const struct build_id *bid, u8 *out)
{
	if (!bid->size || bid->size > PERF_BUILD_ID_MAX)
		return -EINVAL;
	memcpy(out, bid->data, bid->size);
	return (int)bid->size;
}

int buildid__read_file(const char *path, u8 *out)
{
	struct build_id bid;
	int ret;

	memset(&bid, 0, sizeof(bid));
	ret = filename__read_build_id(path, &bid);
	return ret < 0 ? ret : buildid__copy(&bid, out);
}

int buildid__read_kernel(u8 *out)
{
	struct build_id bid;
	int ret;

	memset(&bid, 0, sizeof(bid));
	ret = kernel__read_build_id(&bid);
	return ret < 0 ? ret : buildid__copy(&bid, out);
}

int buildid__read_vdso(u8 *out)
{
	struct build_id bid;
	int ret = vdso__read_build_id(&bid);

	return ret < 0 ? ret : buildid__copy(&bid, out);
}
