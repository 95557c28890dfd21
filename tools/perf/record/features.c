// SPDX-License-Identifier: GPL-2.0
/* Feature sections written by perf record (formats: perf.data-file-format). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "record/features.h"
#include "record/build-id-secure.h"
#include "record/compress.h"
#include "record/evlist-open.h"

#define NAME_ALIGN	64

int feat_buf__add(struct feat_buf *b, const void *p, size_t len)
{
	if (b->size + len > b->alloc) {
		size_t n = b->alloc ? b->alloc : 256;
		char *nd;

		while (n < b->size + len)
			n *= 2;
		nd = realloc(b->data, n);
		if (!nd)
			return -ENOMEM;
		b->data = nd;
		b->alloc = n;
	}
	if (p)
		memcpy(b->data + b->size, p, len);
	else
		memset(b->data + b->size, 0, len);
	b->size += len;
	return 0;
}

int feat_buf__add_string(struct feat_buf *b, const char *s)
{
	size_t slen = strlen(s) + 1;
	u32 len = (u32)((slen + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN);
	int ret;

	ret = feat_buf__add(b, &len, sizeof(len));
	if (!ret)
		ret = feat_buf__add(b, s, slen);
	if (!ret)
		ret = feat_buf__add(b, NULL, len - slen);
	return ret;
}

/* "model name : AMD  EPYC" -> "AMD EPYC", like upstream squashes blanks. */
static int read_cpudesc(char *buf, size_t size)
{
	char line[512], *p, *q;
	FILE *f = fopen("/proc/cpuinfo", "re");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "model name", 10))
			continue;
		p = strchr(line, ':');
		if (!p)
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		q = buf;
		for (; *p && *p != '\n' && q < buf + size - 1; p++) {
			if ((*p == ' ' || *p == '\t') && (q == buf || q[-1] == ' '))
				continue;
			*q++ = *p == '\t' ? ' ' : *p;
		}
		while (q > buf && q[-1] == ' ')
			q--;
		*q = '\0';
		ret = 0;
		break;
	}
	fclose(f);
	return ret;
}

static int read_total_mem(u64 *kb)
{
	char line[256];
	unsigned long long v;
	FILE *f = fopen("/proc/meminfo", "re");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "MemTotal: %llu kB", &v) == 1) {
			*kb = v;
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int set_cmdline(struct perf_header *h, int argc, const char **argv)
{
	struct feat_buf b = { 0 };
	char exe[PATH_MAX];
	ssize_t n;
	u32 nr = (u32)argc + 1;
	int i, ret;

	/* Like upstream: perf's own path first, then the command's words. */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		n = 0;
	exe[n] = '\0';
	ret = feat_buf__add(&b, &nr, sizeof(nr));
	if (!ret)
		ret = feat_buf__add_string(&b, exe);
	for (i = 0; !ret && i < argc; i++)
		ret = feat_buf__add_string(&b, argv[i]);
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_CMDLINE, b.data, b.size);
	free(b.data);
	return ret;
}

int record_features__host(struct perf_header *h, int argc, const char **argv,
			  const char *version)
{
	struct utsname uts;
	char desc[256];
	u32 nrcpus[2];
	u64 mem;
	long n;
	int ret;

	if (uname(&uts) == 0) {
		ret = perf_header__set_feat_string(h, HEADER_HOSTNAME, uts.nodename);
		if (!ret)
			ret = perf_header__set_feat_string(h, HEADER_OSRELEASE, uts.release);
		if (!ret)
			ret = perf_header__set_feat_string(h, HEADER_ARCH, uts.machine);
		if (ret)
			return ret;
	}
	ret = perf_header__set_feat_string(h, HEADER_VERSION, version);
	if (ret)
		return ret;
	/* NRCPUS: u32 available (configured), u32 online. */
	n = sysconf(_SC_NPROCESSORS_CONF);
	nrcpus[0] = n > 0 ? (u32)n : 0;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	nrcpus[1] = n > 0 ? (u32)n : 0;
	ret = perf_header__set_feat(h, HEADER_NRCPUS, nrcpus, sizeof(nrcpus));
	if (ret)
		return ret;
	if (!read_cpudesc(desc, sizeof(desc))) {
		ret = perf_header__set_feat_string(h, HEADER_CPUDESC, desc);
		if (ret)
			return ret;
	}
	if (!read_total_mem(&mem)) {
		ret = perf_header__set_feat(h, HEADER_TOTAL_MEM, &mem, sizeof(mem));
		if (ret)
			return ret;
	}
	return set_cmdline(h, argc, argv);
}

int record_features__event_desc(struct perf_header *h, const struct evlist *evlist)
{
	struct feat_buf b = { 0 };
	u32 nr = (u32)evlist->nr, attr_size = sizeof(struct perf_event_attr);
	int i, ret;

	/* u32 nr, u32 attr_size, then per event: attr, u32 nr_ids, name, ids. */
	ret = feat_buf__add(&b, &nr, sizeof(nr));
	if (!ret)
		ret = feat_buf__add(&b, &attr_size, sizeof(attr_size));
	for (i = 0; !ret && i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];

		ret = feat_buf__add(&b, &evsel->attr, attr_size);
		if (!ret)
			ret = feat_buf__add(&b, &evsel->nr_ids, sizeof(evsel->nr_ids));
		if (!ret)
			ret = feat_buf__add_string(&b, evsel__name(evsel));
		if (!ret)
			ret = feat_buf__add(&b, evsel->ids, evsel->nr_ids * sizeof(u64));
	}
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_EVENT_DESC, b.data, b.size);
	free(b.data);
	return ret;
}

int record_features__sample_time(struct perf_header *h, u64 first, u64 last)
{
	u64 t[2] = { first, last };

	return perf_header__set_feat(h, HEADER_SAMPLE_TIME, t, sizeof(t));
}

/*
 * u32 nr, then per group: its name (upstream writes "{anon_group}" for
 * the unnamed groups -e makes), u32 leader index, u32 nr_members.
 */
int record_features__group_desc(struct perf_header *h, const struct rec_evlist *el)
{
	struct feat_buf b = { 0 };
	u32 nr = 0, v[2];
	int i, j, ret = 0;

	for (i = 0; i < el->nr; i++) {
		for (j = i + 1; j < el->nr && el->entries[j].leader == i; j++)
			;
		if (el->entries[i].leader == i && j - i > 1)
			nr++;
	}
	if (!nr)
		return 0;
	ret = feat_buf__add(&b, &nr, sizeof(nr));
	for (i = 0; i < el->nr && !ret; i++) {
		for (j = i + 1; j < el->nr && el->entries[j].leader == i; j++)
			;
		if (el->entries[i].leader != i || j - i < 2)
			continue;
		v[0] = (u32)i;
		v[1] = (u32)(j - i);
		ret = feat_buf__add_string(&b, "{anon_group}");
		if (!ret)
			ret = feat_buf__add(&b, v, sizeof(v));
	}
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_GROUP_DESC, b.data, b.size);
	free(b.data);
	return ret;
}

/*
 * -k: HEADER_CLOCKID holds the clock's resolution in ns (upstream prints
 * it times 1000 as "MHz"), HEADER_CLOCK_DATA one reading of the wall
 * clock and of that clock taken back to back (version 1, clockid, both
 * in ns), so that sample times can be turned into times of day later.
 */
int record_features__clock(struct perf_header *h, int clockid)
{
	struct timespec res, tod, clk;
	u32 head[2] = { 1, (u32)clockid };
	u64 res_ns, tod_ns, clk_ns;
	char data[sizeof(head) + 2 * sizeof(u64)];
	int ret;

	if (clock_getres(clockid, &res) || clock_gettime(CLOCK_REALTIME, &tod) ||
	    clock_gettime(clockid, &clk))
		return -errno;
	res_ns = (u64)res.tv_sec * 1000000000ULL + (u64)res.tv_nsec;
	ret = perf_header__set_feat(h, HEADER_CLOCKID, &res_ns, sizeof(res_ns));
	if (ret)
		return ret;
	tod_ns = (u64)tod.tv_sec * 1000000000ULL + (u64)tod.tv_nsec;
	clk_ns = (u64)clk.tv_sec * 1000000000ULL + (u64)clk.tv_nsec;
	memcpy(data, head, sizeof(head));
	memcpy(data + sizeof(head), &tod_ns, sizeof(tod_ns));
	memcpy(data + sizeof(head) + sizeof(tod_ns), &clk_ns, sizeof(clk_ns));
	return perf_header__set_feat(h, HEADER_CLOCK_DATA, data, sizeof(data));
}

/* HEADER_COMPRESSED's version and type (upstream's values). */
#define COMPRESSED_VERSION	0
#define COMPRESSED_TYPE_ZSTD	1

int record_features__compressed(struct perf_header *h, const struct record_compress *c,
				size_t mmap_pages)
{
	/* u32 version, type, level, ratio, mmap_len (control page included). */
	u32 v[5] = {
		COMPRESSED_VERSION, COMPRESSED_TYPE_ZSTD, (u32)c->level,
		record_compress__ratio(c), (u32)((mmap_pages + 1) * (size_t)sysconf(_SC_PAGESIZE)),
	};

	return perf_header__set_feat(h, HEADER_COMPRESSED, v, sizeof(v));
}

static int unsecured__add(void *priv, const char *path, const struct build_id *bid)
{
	/*
	 * The userspace build-id source can lose a file before it read its
	 * id: counted in the section's total, no entry (an id is its key).
	 */
	if (!bid->size)
		return 0;
	return perf_header__add_unsecured(priv, bid->data, bid->size, path);
}

/*
 * The stderr line names them as they are lost; the file keeps the same
 * list, so that whoever reads it later learns why those frames cannot
 * resolve.  Nothing lost, no section (upstream's files look the same).
 */
int record_features__unsecured(struct perf_header *h, const struct build_id_secure *s)
{
	u64 nr = build_id_secure__nr_lost(s);
	int ret;

	if (!nr)
		return perf_header__set_feat(h, HEADER_UNSECURED_BUILD_ID, NULL, 0);
	ret = perf_header__begin_unsecured(h, nr);
	if (!ret)
		ret = build_id_secure__for_each_lost(s, unsecured__add, h);
	return ret;
}
