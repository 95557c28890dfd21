// SPDX-License-Identifier: GPL-2.0
/*
 * The feature sections that describe the machine beyond uname: CPUID,
 * CPU_TOPOLOGY, NUMA_TOPOLOGY, PMU_MAPPINGS, CACHE and MEM_TOPOLOGY, read
 * from /proc and sysfs and laid out as upstream perf 6.1 writes them (its
 * "perf report --header-only -I" decodes ours as its own).  Each is
 * optional: one whose source cannot be read is left out, not guessed.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/features.h"

#define SYS_CPU		"/sys/devices/system/cpu"
#define SYS_NODE	"/sys/devices/system/node"
#define MAX_CACHE_INDEX	4	/* upstream reads cache/index0..3 of each CPU */

/* One line of a sysfs (or proc) file, without its newline. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	int ret = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, len, f))
		ret = -EIO;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ret;
}

static int read_int(const char *path, int *v)
{
	char buf[64];
	int ret = read_line(path, buf, sizeof(buf));

	if (!ret)
		*v = atoi(buf);
	return ret;
}

/* ---- CPUID: x86's "vendor,family,model,stepping" ----------------------- */

static int write_cpuid(struct perf_header *h)
{
	char line[256], vendor[64] = "";
	int family = -1, model = -1, stepping = -1;
	FILE *f = fopen("/proc/cpuinfo", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f) && stepping < 0) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += strspn(v + 1, " \t") + 1;
		v[strcspn(v, "\n")] = '\0';
		if (!strncmp(line, "vendor_id", 9))
			snprintf(vendor, sizeof(vendor), "%s", v);
		else if (!strncmp(line, "cpu family", 10))
			family = atoi(v);
		else if (!strncmp(line, "model\t", 6))
			model = atoi(v);
		else if (!strncmp(line, "stepping", 8))
			stepping = atoi(v);
	}
	fclose(f);
	/* other architectures spell theirs otherwise: left out */
	if (!*vendor || family < 0 || model < 0 || stepping < 0)
		return 0;
	snprintf(line, sizeof(line), "%s,%d,%d,%d", vendor, family, model, stepping);
	return perf_header__set_feat_string(h, HEADER_CPUID, line);
}

/* ---- string lists, kept unique in first-seen order --------------------- */

struct str_list {
	char **s;
	u32 nr;
};

static int str_list__add_unique(struct str_list *l, const char *s)
{
	char **n;
	u32 i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->s[i], s))
			return 0;
	n = realloc(l->s, (l->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	l->s = n;
	l->s[l->nr] = strdup(s);
	if (!l->s[l->nr])
		return -ENOMEM;
	l->nr++;
	return 0;
}

static int str_list__write(struct feat_buf *b, const struct str_list *l)
{
	int ret = feat_buf__add(b, &l->nr, sizeof(l->nr));
	u32 i;

	for (i = 0; !ret && i < l->nr; i++)
		ret = feat_buf__add_string(b, l->s[i]);
	return ret;
}

static void str_list__exit(struct str_list *l)
{
	while (l->nr)
		free(l->s[--l->nr]);
	free(l->s);
}

/* ---- CPU_TOPOLOGY ------------------------------------------------------ */

static int cpu_topo_read(int cpu, const char *file, char *buf, size_t len)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/topology/%s", cpu, file);
	return read_line(path, buf, len);
}

static int cpu_topo_id(int cpu, const char *file)
{
	char buf[32];

	return cpu_topo_read(cpu, file, buf, sizeof(buf)) ? -1 : atoi(buf);
}

/*
 * Sibling lists of the online CPUs (sockets, dies, threads), then per
 * configured CPU its core and socket id, then the dies' lists and ids
 * (x86 only, where the die is known).
 */
static int write_cpu_topology(struct perf_header *h, int nr_cpus)
{
	struct str_list cores = { 0 }, threads = { 0 }, dies = { 0 };
	struct feat_buf b = { 0 };
	bool has_dies = !access(SYS_CPU "/cpu0/topology/die_cpus_list", R_OK);
	char buf[4096];
	int cpu, ret = 0;

	for (cpu = 0; !ret && cpu < nr_cpus; cpu++) {
		char online[PATH_MAX];
		int on = 1;

		snprintf(online, sizeof(online), SYS_CPU "/cpu%d/online", cpu);
		if (read_int(online, &on) == 0 && !on)
			continue;
		if (cpu_topo_read(cpu, "core_siblings_list", buf, sizeof(buf)))
			continue;
		ret = str_list__add_unique(&cores, buf);
		if (!ret && has_dies && !cpu_topo_read(cpu, "die_cpus_list", buf, sizeof(buf)))
			ret = str_list__add_unique(&dies, buf);
		if (!ret && !cpu_topo_read(cpu, "thread_siblings_list", buf, sizeof(buf)))
			ret = str_list__add_unique(&threads, buf);
	}
	if (ret || !cores.nr || !threads.nr)
		goto out;
	ret = str_list__write(&b, &cores) ?: str_list__write(&b, &threads);
	for (cpu = 0; !ret && cpu < nr_cpus; cpu++) {
		s32 ids[2] = { cpu_topo_id(cpu, "core_id"), cpu_topo_id(cpu, "physical_package_id") };

		ret = feat_buf__add(&b, ids, sizeof(ids));
	}
	if (!ret && has_dies && dies.nr) {
		ret = str_list__write(&b, &dies);
		for (cpu = 0; !ret && cpu < nr_cpus; cpu++) {
			s32 id = cpu_topo_id(cpu, "die_id");

			ret = feat_buf__add(&b, &id, sizeof(id));
		}
	}
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_CPU_TOPOLOGY, b.data, b.size);
out:
	free(b.data);
	str_list__exit(&cores);
	str_list__exit(&threads);
	str_list__exit(&dies);
	return ret;
}

/* ---- NUMA_TOPOLOGY and MEM_TOPOLOGY ------------------------------------- */

/* The online nodes, in order; their count, or -errno. */
static int online_nodes(int **nodes)
{
	char buf[4096], *p = buf;
	int nr = 0, *n = NULL;

	if (read_line(SYS_NODE "/online", buf, sizeof(buf)))
		return -ENOENT;
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo, i;
		int *nn;

		if (end == p)
			break;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (hi < lo || hi - lo > 4096)
			break;
		nn = realloc(n, (nr + hi - lo + 1) * sizeof(*n));
		if (!nn) {
			free(n);
			return -ENOMEM;
		}
		n = nn;
		for (i = lo; i <= hi; i++)
			n[nr++] = (int)i;
		p = end + (*end == ',');
	}
	*nodes = n;
	return nr;
}

static int node_meminfo(int node, u64 *total, u64 *free_kb)
{
	char path[PATH_MAX], line[256];
	unsigned long long v;
	FILE *f;

	snprintf(path, sizeof(path), SYS_NODE "/node%d/meminfo", node);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	*total = *free_kb = 0;
	while (fgets(line, sizeof(line), f)) {
		char *p = strchr(line, ':');

		if (!p || sscanf(p + 1, "%llu", &v) != 1)
			continue;
		if (strstr(line, " MemTotal:"))
			*total = v;
		else if (strstr(line, " MemFree:"))
			*free_kb = v;
	}
	fclose(f);
	return 0;
}

static int write_numa_topology(struct perf_header *h, const int *nodes, int nr)
{
	struct feat_buf b = { 0 };
	u32 n = (u32)nr;
	int i, ret;

	ret = feat_buf__add(&b, &n, sizeof(n));
	for (i = 0; !ret && i < nr; i++) {
		char path[PATH_MAX], cpus[4096];
		u32 node = (u32)nodes[i];
		u64 mem[2];

		snprintf(path, sizeof(path), SYS_NODE "/node%d/cpulist", nodes[i]);
		if (node_meminfo(nodes[i], &mem[0], &mem[1]) || read_line(path, cpus, sizeof(cpus)))
			goto out;	/* all nodes or none */
		ret = feat_buf__add(&b, &node, sizeof(node)) ?: feat_buf__add(&b, mem, sizeof(mem)) ?:
		      feat_buf__add_string(&b, cpus);
	}
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_NUMA_TOPOLOGY, b.data, b.size);
out:
	free(b.data);
	return ret;
}

/* A node's memory blocks (nodeN/memoryM) as a bitmap of M, nbits = max M + 1. */
static int node_memory_blocks(int node, u64 **bits, u64 *nbits)
{
	char path[PATH_MAX];
	struct dirent *e;
	unsigned int m, max = 0;
	bool any = false;
	DIR *d;

	snprintf(path, sizeof(path), SYS_NODE "/node%d", node);
	d = opendir(path);
	if (!d)
		return -errno;
	while ((e = readdir(d)))
		if (sscanf(e->d_name, "memory%u", &m) == 1 && m < (1U << 24)) {
			max = !any || m > max ? m : max;
			any = true;
		}
	*nbits = any ? (u64)max + 1 : 0;
	*bits = calloc((*nbits + 63) / 64 + 1, sizeof(u64));
	if (!*bits) {
		closedir(d);
		return -ENOMEM;
	}
	rewinddir(d);
	while ((e = readdir(d)))
		if (sscanf(e->d_name, "memory%u", &m) == 1 && m < *nbits)
			(*bits)[m / 64] |= 1ULL << (m % 64);
	closedir(d);
	return 0;
}

/* u64 version 1, block size, node count; per node: node, nbits, nbits, words. */
static int write_mem_topology(struct perf_header *h, const int *nodes, int nr)
{
	struct feat_buf b = { 0 };
	char buf[64];
	u64 head[3] = { 1, 0, (u64)nr };
	int i, ret;

	if (read_line("/sys/devices/system/memory/block_size_bytes", buf, sizeof(buf)))
		return 0;
	head[1] = strtoull(buf, NULL, 16);
	ret = feat_buf__add(&b, head, sizeof(head));
	for (i = 0; !ret && i < nr; i++) {
		u64 *bits, nbits, node[3];

		if (node_memory_blocks(nodes[i], &bits, &nbits))
			goto out;
		node[0] = (u64)nodes[i];
		node[1] = node[2] = nbits;
		ret = feat_buf__add(&b, node, sizeof(node)) ?:
		      feat_buf__add(&b, bits, (nbits + 63) / 64 * sizeof(u64));
		free(bits);
	}
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_MEM_TOPOLOGY, b.data, b.size);
out:
	free(b.data);
	return ret;
}

/* ---- PMU_MAPPINGS ------------------------------------------------------ */

/* u32 nr, then per PMU its type and name, in directory order as upstream. */
static int write_pmu_mappings(struct perf_header *h)
{
	struct feat_buf b = { 0 };
	struct dirent *e;
	u32 nr = 0;
	int ret;
	DIR *d = opendir("/sys/bus/event_source/devices");

	if (!d)
		return 0;
	ret = feat_buf__add(&b, &nr, sizeof(nr));
	while (!ret && (e = readdir(d))) {
		char path[PATH_MAX];
		int type;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", e->d_name);
		if (read_int(path, &type))
			continue;
		ret = feat_buf__add(&b, &type, sizeof(type)) ?: feat_buf__add_string(&b, e->d_name);
		nr++;
	}
	closedir(d);
	if (!ret && nr) {
		memcpy(b.data, &nr, sizeof(nr));
		ret = perf_header__set_feat(h, HEADER_PMU_MAPPINGS, b.data, b.size);
	}
	free(b.data);
	return ret;
}

/* ---- CACHE ------------------------------------------------------------- */

struct cache_level {
	u32 level, line_size, sets, ways;
	char type[32], size[32], map[4096];
};

static int cache_read(int cpu, int idx, struct cache_level *c)
{
	char path[PATH_MAX];
	int v[4], i, ret = 0;
	static const char * const nums[] = {
		"level", "coherency_line_size", "number_of_sets", "ways_of_associativity",
	};

	for (i = 0; !ret && i < 4; i++) {
		snprintf(path, sizeof(path), SYS_CPU "/cpu%d/cache/index%d/%s", cpu, idx, nums[i]);
		ret = read_int(path, &v[i]);
	}
	if (ret)
		return ret;
	c->level = v[0];
	c->line_size = v[1];
	c->sets = v[2];
	c->ways = v[3];
	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/cache/index%d/type", cpu, idx);
	ret = read_line(path, c->type, sizeof(c->type));
	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/cache/index%d/size", cpu, idx);
	ret = ret ?: read_line(path, c->size, sizeof(c->size));
	snprintf(path, sizeof(path), SYS_CPU "/cpu%d/cache/index%d/shared_cpu_list", cpu, idx);
	return ret ?: read_line(path, c->map, sizeof(c->map));
}

static bool cache_same(const struct cache_level *a, const struct cache_level *b)
{
	return a->level == b->level && a->line_size == b->line_size && a->sets == b->sets &&
	       a->ways == b->ways && !strcmp(a->type, b->type) && !strcmp(a->size, b->size) &&
	       !strcmp(a->map, b->map);
}

/* Each distinct cache of the CPUs, ordered by level (stable), version 1. */
static int write_cache(struct perf_header *h, int nr_cpus)
{
	struct cache_level *c = NULL, cur;
	struct feat_buf b = { 0 };
	u32 nr = 0, i, j, head[2];
	int cpu, idx, ret = 0;

	for (cpu = 0; !ret && cpu < nr_cpus; cpu++) {
		for (idx = 0; !ret && idx < MAX_CACHE_INDEX; idx++) {
			struct cache_level *n;

			if (cache_read(cpu, idx, &cur))
				break;
			for (i = 0; i < nr && !cache_same(&c[i], &cur); i++)
				;
			if (i < nr)
				continue;
			n = realloc(c, (nr + 1) * sizeof(*c));
			if (!n) {
				ret = -ENOMEM;
				break;
			}
			c = n;
			c[nr++] = cur;
		}
	}
	/*
	 * No cache described (a VM whose sysfs has no cpuN/cache
	 * directory): upstream writes the feature with no entries, and its
	 * header print shows an empty "CPU cache info:"; so do we.
	 */
	if (ret)
		goto out;
	for (i = 1; i < nr; i++) {		/* insertion sort: stable */
		cur = c[i];
		for (j = i; j > 0 && c[j - 1].level > cur.level; j--)
			c[j] = c[j - 1];
		c[j] = cur;
	}
	head[0] = 1;
	head[1] = nr;
	ret = feat_buf__add(&b, head, sizeof(head));
	for (i = 0; !ret && i < nr; i++)
		ret = feat_buf__add(&b, &c[i], 4 * sizeof(u32)) ?:
		      feat_buf__add_string(&b, c[i].type) ?: feat_buf__add_string(&b, c[i].size) ?:
		      feat_buf__add_string(&b, c[i].map);
	if (!ret)
		ret = perf_header__set_feat(h, HEADER_CACHE, b.data, b.size);
out:
	free(b.data);
	free(c);
	return ret;
}

int record_features__machine(struct perf_header *h)
{
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	int *nodes = NULL, nr_nodes, ret;

	if (nr_cpus <= 0)
		nr_cpus = 1;
	ret = write_cpuid(h) ?: write_cpu_topology(h, (int)nr_cpus);
	nr_nodes = online_nodes(&nodes);
	if (!ret && nr_nodes > 0)
		ret = write_numa_topology(h, nodes, nr_nodes);
	ret = ret ?: write_pmu_mappings(h) ?: write_cache(h, (int)nr_cpus);
	if (!ret && nr_nodes > 0)
		ret = write_mem_topology(h, nodes, nr_nodes);
	free(nodes);
	return ret;
}
