// SPDX-License-Identifier: GPL-2.0
/*
 * The header listing of perf report/script --header(-only), as upstream
 * 6.1 prints it (facts from running it on its files and ours): the file
 * layout, one line or a few per feature in feature order (topologies and
 * caches only announced, as upstream does, unless -I asks for them), the features
 * absent, and our UNSECURED_BUILD_ID list.  Sections are decoded here with
 * bounds checks; one that does not decode says so in one line.
 */
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "util/session/header-print.h"
#include "util/data/attr-fprintf.h"
#include "util/symbols/build-id.h"
#include "util/session/session.h"

/* A bounds-checked reader over one feature section. */
struct feat_reader {
	const u8 *p;
	u64 left;
	bool bad;
};

static bool feat_reader__get(struct feat_reader *r, void *out, u64 len)
{
	if (r->bad || r->left < len) {
		r->bad = true;
		memset(out, 0, len);
		return false;
	}
	memcpy(out, r->p, len);
	r->p += len;
	r->left -= len;
	return true;
}

static u32 feat_reader__u32(struct feat_reader *r)
{
	u32 v;

	feat_reader__get(r, &v, sizeof(v));
	return v;
}

static u64 feat_reader__u64(struct feat_reader *r)
{
	u64 v;

	feat_reader__get(r, &v, sizeof(v));
	return v;
}

/* A perf string (u32 padded length, NUL-terminated text): "" when bad. */
static const char *feat_reader__string(struct feat_reader *r)
{
	const char *s;
	u32 len = feat_reader__u32(r);

	if (r->bad || len > r->left || !memchr(r->p, '\0', len)) {
		r->bad = true;
		return "";
	}
	s = (const char *)r->p;
	r->p += len;
	r->left -= len;
	return s;
}

/* Step over @len bytes; bad if the section has fewer. */
static void feat_reader__skip(struct feat_reader *r, u64 len)
{
	if (r->bad || r->left < len) {
		r->bad = true;
		return;
	}
	r->p += len;
	r->left -= len;
}

/* Step over @nr strings: a hostile count stops with the section. */
static void feat_reader__skip_strings(struct feat_reader *r, u64 nr)
{
	while (nr-- && !r->bad)
		feat_reader__string(r);
}

static bool feat_reader__init(struct feat_reader *r, const struct perf_session *session,
			      int feat)
{
	u64 size;

	r->p = perf_header__feat(&session->header, feat, &size);
	r->left = r->p ? size : 0;
	r->bad = false;
	return r->p != NULL;
}

static void print_bad(FILE *fp, int feat)
{
	fprintf(fp, "# %s: section malformed, not shown\n", perf_header__feat_name(feat));
}

static void print_string(const struct perf_session *session, int feat, FILE *fp)
{
	static const char * const labels[] = {
		[HEADER_HOSTNAME] = "hostname", [HEADER_OSRELEASE] = "os release",
		[HEADER_VERSION] = "perf version", [HEADER_ARCH] = "arch",
		[HEADER_CPUDESC] = "cpudesc", [HEADER_CPUID] = "cpuid",
	};
	struct feat_reader r;
	const char *s;

	feat_reader__init(&r, session, feat);
	s = feat_reader__string(&r);
	if (r.bad)
		print_bad(fp, feat);
	else
		fprintf(fp, "# %s : %s\n", labels[feat], s);
}

static void print_nrcpus(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	u32 avail, online;

	feat_reader__init(&r, session, feat);
	avail = feat_reader__u32(&r);
	online = feat_reader__u32(&r);
	if (r.bad)
		return print_bad(fp, feat);
	fprintf(fp, "# nrcpus online : %u\n# nrcpus avail : %u\n", online, avail);
}

/* A feature that is one u64: "# LABEL<value * scale>UNIT", upstream's words. */
static void print_u64_feat(const struct perf_session *session, int feat, FILE *fp,
			   const char *label, u64 scale, const char *unit)
{
	struct feat_reader r;
	u64 v;

	feat_reader__init(&r, session, feat);
	v = feat_reader__u64(&r);
	if (r.bad)
		return print_bad(fp, feat);
	fprintf(fp, "# %s%llu%s\n", label, (unsigned long long)(v * scale), unit);
}

static void print_total_mem(const struct perf_session *session, int feat, FILE *fp)
{
	print_u64_feat(session, feat, fp, "total memory : ", 1, " kB");
}

static void print_cmdline(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	u32 nr;

	feat_reader__init(&r, session, feat);
	nr = feat_reader__u32(&r);
	if (r.bad)
		return print_bad(fp, feat);
	fprintf(fp, "# cmdline : ");
	while (nr-- && !r.bad) {
		const char *arg = feat_reader__string(&r);

		if (!r.bad)
			fprintf(fp, "%s ", arg);
	}
	fputc('\n', fp);
}

struct event_desc_print {
	FILE *fp;
	const u8 *section;
};

static int print_event_desc_one(void *priv, u32 idx, const struct event_desc_entry *e)
{
	const struct event_desc_print *d = priv;
	const u8 *section = d->section;
	FILE *fp = d->fp;
	struct perf_event_attr attr;
	u32 i;

	/* An older, shorter attr reads as zeros past its end, as the kernel's. */
	memset(&attr, 0, sizeof(attr));
	memcpy(&attr, section + e->attr_off, e->attr_size < sizeof(attr) ? e->attr_size :
	       sizeof(attr));
	fprintf(fp, "# event : name = %s, ", e->name);
	if (e->nr_ids) {
		fprintf(fp, ", id = {");
		for (i = 0; i < e->nr_ids; i++) {
			u64 id;

			memcpy(&id, (const u8 *)e->ids + 8 * i, 8);
			fprintf(fp, "%s %llu", i ? "," : "", id);
		}
		fprintf(fp, " }");
	}
	perf_event_attr__fprintf(fp, &attr);
	fputc('\n', fp);
	return 0;
}

static void print_event_desc(const struct perf_session *session, int feat, FILE *fp)
{
	struct event_desc_print d = { .fp = fp };
	u64 size;

	d.section = perf_header__feat(&session->header, feat, &size);
	if (event_desc__for_each(d.section, size, print_event_desc_one, &d))
		fprintf(fp, "# event desc: not available or unable to read\n");
}

static void print_pmu_mappings(const struct perf_session *session, int feat, FILE *fp)
{
	const char *sep = "# pmu mappings: ";
	struct feat_reader r;
	u32 nr;

	feat_reader__init(&r, session, feat);
	nr = feat_reader__u32(&r);
	if (!r.bad && !nr) {
		fprintf(fp, "# pmu mappings: not available\n");
		return;
	}
	while (nr-- && !r.bad) {
		u32 type = feat_reader__u32(&r);
		const char *name = feat_reader__string(&r);

		if (r.bad)
			break;
		fprintf(fp, "%s%s = %u", sep, name, type);
		sep = ", ";
	}
	if (r.bad)
		fprintf(fp, "%s# pmu mappings: unable to read\n", *sep == ',' ? "\n" : "");
	else
		fputc('\n', fp);
}

/* An event's name by position: EVENT_DESC's, else the one derived. */
static const char *event_name(const struct perf_session *session, u32 idx, char *buf,
			      size_t len);

static void print_group_desc(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	char buf[256];
	u32 nr;

	feat_reader__init(&r, session, feat);
	nr = feat_reader__u32(&r);
	while (nr-- && !r.bad) {
		const char *name = feat_reader__string(&r);
		u32 leader = feat_reader__u32(&r), members = feat_reader__u32(&r), i;

		if (r.bad || members < 2)
			continue;
		/* members are events of the file: no more than it has (not 2^32 lines) */
		if (leader >= (u32)session->evlist.nr ||
		    members > (u32)session->evlist.nr - leader) {
			r.bad = true;
			break;
		}
		fprintf(fp, "# group: %s{", strcmp(name, "{anon_group}") ? name : "");
		for (i = 0; i < members; i++)
			fprintf(fp, "%s%s", i ? "," : "",
				event_name(session, leader + i, buf, sizeof(buf)));
		fprintf(fp, "}\n");
	}
	if (r.bad)
		print_bad(fp, feat);
}

static void print_sample_time(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	u64 t[2];
	int i;

	feat_reader__init(&r, session, feat);
	t[0] = feat_reader__u64(&r);
	t[1] = feat_reader__u64(&r);
	if (r.bad)
		return print_bad(fp, feat);
	for (i = 0; i < 2; i++)
		fprintf(fp, "# time of %s sample : %llu.%06llu\n",
			i ? "last" : "first", t[i] / 1000000000, t[i] % 1000000000 / 1000);
	fprintf(fp, "# sample duration : %10.3f ms\n", (double)(t[1] - t[0]) / 1000000);
}

/* upstream prints the resolution in ns times 1000 and calls it MHz */
static void print_clockid(const struct perf_session *session, int feat, FILE *fp)
{
	print_u64_feat(session, feat, fp, "clockid frequency: ", 1000, " MHz");
}

static const char *clockid_name(u32 clockid)
{
	static const char * const names[] = {
		[0] = "realtime", [1] = "monotonic", [4] = "monotonic_raw",
		[7] = "boottime", [11] = "tai",
	};

	if (clockid < sizeof(names) / sizeof(names[0]) && names[clockid])
		return names[clockid];
	return "(unknown)";
}

static void print_clock_data(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	char date[64];
	u32 clockid;
	u64 tod_ns, clk_ns;
	time_t sec;
	struct tm tm;

	feat_reader__init(&r, session, feat);
	feat_reader__u32(&r);		/* version */
	clockid = feat_reader__u32(&r);
	tod_ns = feat_reader__u64(&r);
	clk_ns = feat_reader__u64(&r);
	if (r.bad)
		return print_bad(fp, feat);
	sec = tod_ns / 1000000000;
	if (!localtime_r(&sec, &tm) || !strftime(date, sizeof(date), "%F %T", &tm))
		strcpy(date, "?");
	fprintf(fp, "# clockid: %s (%u)\n", clockid_name(clockid), clockid);
	fprintf(fp, "# reference time: %s.%06u = %llu.%06u (TOD) = %llu.%09u (%s)\n",
		date, (unsigned int)(tod_ns % 1000000000 / 1000), tod_ns / 1000000000,
		(unsigned int)(tod_ns % 1000000000 / 1000), clk_ns / 1000000000,
		(unsigned int)(clk_ns % 1000000000), clockid_name(clockid));
}

static void print_dir_format(const struct perf_session *session, int feat, FILE *fp)
{
	print_u64_feat(session, feat, fp, "directory data version : ", 1, "");
}

static void print_compressed(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	u32 type, level, ratio;

	feat_reader__init(&r, session, feat);
	feat_reader__u32(&r);		/* version */
	type = feat_reader__u32(&r);
	level = feat_reader__u32(&r);
	ratio = feat_reader__u32(&r);
	if (r.bad)
		return print_bad(fp, feat);
	fprintf(fp, "# compressed : %s, level = %d, ratio = %d\n", type == 1 ? "Zstd" : "Unknown",
		(int)level, (int)ratio);
}

/* "name=value" capability pairs, after their count (read by the caller). */
static void print_caps(struct feat_reader *r, u32 nr, const char *pmu, FILE *fp)
{
	const char *sep = "";

	if (!nr) {
		fprintf(fp, "# %s pmu capabilities: not available\n", pmu);
		return;
	}
	fprintf(fp, "# %s pmu capabilities: ", pmu);
	while (nr-- && !r->bad) {
		const char *name = feat_reader__string(r);
		const char *value = feat_reader__string(r);

		if (!r->bad)
			fprintf(fp, "%s%s=%s", sep, name, value);
		sep = ", ";
	}
	fputc('\n', fp);
}

static void print_cpu_pmu_caps(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r;
	u32 nr;

	feat_reader__init(&r, session, feat);
	nr = feat_reader__u32(&r);
	if (r.bad)
		return print_bad(fp, feat);
	print_caps(&r, nr, "cpu", fp);
}

/* Per PMU: its caps count, its caps, then its name (which we need first). */
static void print_pmu_caps(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r, caps;
	u32 nr_pmu, nr;

	feat_reader__init(&r, session, feat);
	nr_pmu = feat_reader__u32(&r);
	while (nr_pmu-- && !r.bad) {
		nr = feat_reader__u32(&r);
		caps = r;
		feat_reader__skip_strings(&r, 2 * (u64)nr);
		if (r.bad)
			break;
		print_caps(&caps, nr, feat_reader__string(&r), fp);
	}
	if (r.bad)
		print_bad(fp, feat);
}

static void print_line(const struct perf_session *session, int feat, FILE *fp)
{
	switch (feat) {
	case HEADER_BRANCH_STACK:
		fprintf(fp, "# contains samples with branch stack\n");
		break;
	case HEADER_AUXTRACE:
		fprintf(fp, "# contains AUX area data (e.g. instruction trace)\n");
		break;
	case HEADER_STAT:
		fprintf(fp, "# contains stat data\n");
		break;
	default:	/* decoded by -I only upstream */
		fprintf(fp, "# %s info available, use -I to display\n", perf_header__feat_name(feat));
	}
}

/* ---- -I/--show-info: the topologies and caches, decoded ---- */

/*
 * CPU_TOPOLOGY: core (socket) siblings, thread siblings, then per CPU of
 * NRCPUS' "avail" its core and socket ids; newer files add die siblings
 * and per CPU die ids.  Printed sockets, dies, threads, then the CPUs.
 */
static void print_cpu_topology(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r, cpus, nrcpus;
	u32 nr_cores, nr_threads, nr_dies = 0, nr_cpus, i;
	bool have_ids, have_dies = false;
	struct feat_reader cores, threads, dies;

	feat_reader__init(&nrcpus, session, HEADER_NRCPUS);
	nr_cpus = feat_reader__u32(&nrcpus);
	feat_reader__init(&r, session, feat);
	nr_cores = feat_reader__u32(&r);
	cores = r;
	feat_reader__skip_strings(&r, nr_cores);
	nr_threads = feat_reader__u32(&r);
	threads = r;
	feat_reader__skip_strings(&r, nr_threads);
	if (r.bad)
		return print_bad(fp, feat);
	/* the per-CPU ids: absent from the oldest files, or with no NRCPUS */
	have_ids = !nrcpus.bad && r.left >= (u64)nr_cpus * 8;
	cpus = r;
	if (have_ids) {
		feat_reader__skip(&r, (u64)nr_cpus * 8);
		if (r.left >= 4) {
			nr_dies = feat_reader__u32(&r);
			dies = r;
			feat_reader__skip_strings(&r, nr_dies);
			have_dies = !r.bad && nr_dies && r.left >= (u64)nr_cpus * 4;
			if (!have_dies)
				nr_dies = 0;
		}
	}
	for (i = 0; i < nr_cores; i++)
		fprintf(fp, "# sibling sockets : %s\n", feat_reader__string(&cores));
	for (i = 0; i < nr_dies; i++)
		fprintf(fp, "# sibling dies    : %s\n", feat_reader__string(&dies));
	for (i = 0; i < nr_threads; i++)
		fprintf(fp, "# sibling threads : %s\n", feat_reader__string(&threads));
	if (!have_ids) {
		fprintf(fp, "# Core ID and Socket ID information is not available\n");
		return;
	}
	for (i = 0; i < nr_cpus; i++) {
		s32 core = (s32)feat_reader__u32(&cpus), socket = (s32)feat_reader__u32(&cpus);

		if (have_dies)
			fprintf(fp, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n", i, core,
				(s32)feat_reader__u32(&r), socket);
		else
			fprintf(fp, "# CPU %u: Core ID %d, Socket ID %d\n", i, core, socket);
	}
}

/* NUMA_TOPOLOGY: per node its number, total and free memory (kB) and CPU list. */
static void print_numa_topology(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r, check;
	u32 nr, i;

	feat_reader__init(&r, session, feat);
	nr = feat_reader__u32(&r);
	/* the whole section first: a malformed one prints one line, not half */
	check = r;
	for (i = 0; i < nr && !check.bad; i++) {
		feat_reader__skip(&check, 4 + 2 * 8);		/* node, total, free */
		feat_reader__skip_strings(&check, 1);		/* CPU list */
	}
	if (r.bad || check.bad)
		return print_bad(fp, feat);
	for (i = 0; i < nr; i++) {
		u32 node = feat_reader__u32(&r);
		u64 total = feat_reader__u64(&r), free_kb = feat_reader__u64(&r);

		fprintf(fp, "# node%u meminfo  : total = %llu kB, free = %llu kB\n", node,
			(unsigned long long)total, (unsigned long long)free_kb);
		fprintf(fp, "# node%u cpu list : %s\n", node, feat_reader__string(&r));
	}
}

/* CACHE: version 1, then per cache its level, line size, sets, ways, type, size, CPUs. */
static void print_cache(const struct perf_session *session, int feat, FILE *fp)
{
	struct feat_reader r, check;
	u32 nr, i;

	feat_reader__init(&r, session, feat);
	if (feat_reader__u32(&r) != 1 && !r.bad)
		return print_bad(fp, feat);
	nr = feat_reader__u32(&r);
	check = r;
	for (i = 0; i < nr && !check.bad; i++) {
		feat_reader__skip(&check, 4 * 4);		/* level, line size, sets, ways */
		feat_reader__skip_strings(&check, 3);		/* type, size, CPUs */
	}
	if (r.bad || check.bad)
		return print_bad(fp, feat);
	fprintf(fp, "# CPU cache info:\n");
	for (i = 0; i < nr; i++) {
		u32 level = feat_reader__u32(&r);
		const char *type, *size;

		feat_reader__skip(&r, 3 * 4);	/* line size, sets, ways: not shown */
		type = feat_reader__string(&r);
		size = feat_reader__string(&r);
		fprintf(fp, "#  L%u %-15s %8s [%s]\n", level, type, size, feat_reader__string(&r));
	}
}

/* Append @text to @buf (of @size), as much as fits, as the kernel's scnprintf. */
static size_t append(char *buf, size_t size, size_t len, const char *text)
{
	size_t n = strlen(text);

	if (len + 1 >= size)
		return len;
	if (n > size - len - 1)
		n = size - len - 1;
	memcpy(buf + len, text, n);
	buf[len + n] = '\0';
	return len + n;
}

/*
 * MEM_TOPOLOGY: version 1, the memory block size, the node count; per
 * node its number and a bitmap of its blocks (bit count, then u64 words).
 * Printed as upstream: the node's memory in B/K/M/G and its block ranges
 * (at most 99 characters of them).
 */
static void print_mem_topology(const struct perf_session *session, int feat, FILE *fp)
{
	static const char units[] = "BKMG";
	struct feat_reader r, check;
	u64 version, bsize, nr, i;

	feat_reader__init(&r, session, feat);
	version = feat_reader__u64(&r);
	bsize = feat_reader__u64(&r);
	nr = feat_reader__u64(&r);
	check = r;
	for (i = 0; i < nr && !check.bad; i++) {
		u64 nbits;

		feat_reader__skip(&check, 2 * 8);		/* node, size */
		nbits = feat_reader__u64(&check);
		/* the words of nbits bits, without overflow for a hostile count */
		feat_reader__skip(&check, (nbits / 64 + !!(nbits % 64)) * 8);
	}
	if (r.bad || check.bad || version != 1)
		return print_bad(fp, feat);
	fprintf(fp, "# memory nodes (nr %d, block size 0x%llx):\n", (int)nr,
		(unsigned long long)bsize);
	for (i = 0; i < nr; i++) {
		u64 node = feat_reader__u64(&r), nbits, weight = 0, size;
		const u8 *words;
		char map[100] = "", sz[50];
		size_t len = 0;
		u64 bit, lo = 0;
		bool run = false, first = true;
		int unit = 0;

		feat_reader__u64(&r);
		nbits = feat_reader__u64(&r);
		words = r.p;
		feat_reader__skip(&r, (nbits / 64 + !!(nbits % 64)) * 8);
		for (bit = 0; bit <= nbits; bit++) {
			u64 w = 0;
			bool set = false;

			if (bit < nbits) {
				memcpy(&w, words + bit / 64 * 8, sizeof(w));
				set = w >> (bit % 64) & 1;
			}
			weight += set;
			if (set && !run) {
				lo = bit;
				run = true;
			} else if (!set && run) {
				char range[48];

				if (bit - 1 > lo)
					snprintf(range, sizeof(range), "%s%llu-%llu", first ? "" : ",",
						 (unsigned long long)lo, (unsigned long long)(bit - 1));
				else
					snprintf(range, sizeof(range), "%s%llu", first ? "" : ",",
						 (unsigned long long)lo);
				len = append(map, sizeof(map), len, range);
				first = false;
				run = false;
			}
		}
		for (size = bsize * weight; size / 1024 > 1 && unit < 3; unit++)
			size /= 1024;
		snprintf(sz, sizeof(sz), "%llu%c", (unsigned long long)size, units[unit]);
		fprintf(fp, "#  %3llu [%s]: %s\n", (unsigned long long)node, sz, map);
	}
}

struct unsecured_print {
	FILE *fp;
	u64 shown;
};

static int print_unsecured_one(void *priv, const struct perf_record_header_build_id *ev,
			       const u8 *build_id, u8 size, const char *filename)
{
	struct unsecured_print *u = priv;
	char hex[SBUILD_ID_SIZE];
	struct build_id bid;

	build_id__init(&bid, build_id, size);
	build_id__sprintf(&bid, hex);
	fprintf(u->fp, "#   %s %s\n", hex, filename);
	u->shown++;
	return 0;
}

/* Ours (UNSECURED_BUILD_ID): the files record saw but could not secure. */
static void print_unsecured(const struct perf_session *session, int feat, FILE *fp)
{
	struct unsecured_print u = { .fp = fp };
	u64 nr_lost;

	if (perf_header__unsecured_nr(&session->header, &nr_lost))
		return;
	fprintf(fp, "# unsecured build-ids : %llu (mapped files gone before perf record could "
		"copy them)\n", (unsigned long long)nr_lost);
	perf_header__for_each_unsecured(&session->header, print_unsecured_one, &u);
	if (nr_lost > u.shown)
		fprintf(fp, "#   and %llu not named (perf record was out of memory)\n",
			(unsigned long long)(nr_lost - u.shown));
}

typedef void (*feat_print_t)(const struct perf_session *session, int feat, FILE *fp);

/* NULL: upstream prints nothing (TRACING_DATA, BUILD_ID, BPF sections...). */
static const feat_print_t feat_print[HEADER_LAST_FEATURE] = {
	[HEADER_HOSTNAME]	= print_string,
	[HEADER_OSRELEASE]	= print_string,
	[HEADER_VERSION]	= print_string,
	[HEADER_ARCH]		= print_string,
	[HEADER_NRCPUS]		= print_nrcpus,
	[HEADER_CPUDESC]	= print_string,
	[HEADER_CPUID]		= print_string,
	[HEADER_TOTAL_MEM]	= print_total_mem,
	[HEADER_CMDLINE]	= print_cmdline,
	[HEADER_EVENT_DESC]	= print_event_desc,
	[HEADER_CPU_TOPOLOGY]	= print_line,
	[HEADER_NUMA_TOPOLOGY]	= print_line,
	[HEADER_BRANCH_STACK]	= print_line,
	[HEADER_PMU_MAPPINGS]	= print_pmu_mappings,
	[HEADER_GROUP_DESC]	= print_group_desc,
	[HEADER_AUXTRACE]	= print_line,
	[HEADER_STAT]		= print_line,
	[HEADER_CACHE]		= print_line,
	[HEADER_SAMPLE_TIME]	= print_sample_time,
	[HEADER_MEM_TOPOLOGY]	= print_line,
	[HEADER_CLOCKID]	= print_clockid,
	[HEADER_DIR_FORMAT]	= print_dir_format,
	[HEADER_COMPRESSED]	= print_compressed,
	[HEADER_CPU_PMU_CAPS]	= print_cpu_pmu_caps,
	[HEADER_CLOCK_DATA]	= print_clock_data,
	[HEADER_HYBRID_TOPOLOGY] = print_line,
	[HEADER_PMU_CAPS]	= print_pmu_caps,
};

/* With -I/--show-info: what upstream then decodes instead of announcing it. */
static const feat_print_t feat_print_info[HEADER_LAST_FEATURE] = {
	[HEADER_CPU_TOPOLOGY]	= print_cpu_topology,
	[HEADER_NUMA_TOPOLOGY]	= print_numa_topology,
	[HEADER_CACHE]		= print_cache,
	[HEADER_MEM_TOPOLOGY]	= print_mem_topology,
};

struct name_lookup {
	u32 idx;
	char *buf;
	size_t len;
	bool found;
};

static int name_lookup_one(void *priv, u32 idx, const struct event_desc_entry *e)
{
	struct name_lookup *l = priv;

	if (idx != l->idx)
		return 0;
	snprintf(l->buf, l->len, "%s", e->name);
	l->found = true;
	return 1;
}

static const char *event_name(const struct perf_session *session, u32 idx, char *buf,
			      size_t len)
{
	struct name_lookup l = { .idx = idx, .buf = buf, .len = len };
	const void *desc;
	u64 size;

	desc = perf_header__feat(&session->header, HEADER_EVENT_DESC, &size);
	if (desc)
		event_desc__for_each(desc, size, name_lookup_one, &l);
	if (!l.found)
		snprintf(buf, len, "%s", (int)idx < session->evlist.nr ?
			 evsel__name(session->evlist.entries[idx]) : "?");
	return buf;
}

void perf_session__fprintf_features(const struct perf_session *session, FILE *fp,
				    bool show_info)
{
	int feat;

	for (feat = 1; feat < HEADER_LAST_FEATURE; feat++) {
		feat_print_t print = show_info && feat_print_info[feat] ? feat_print_info[feat] :
				     feat_print[feat];

		if (print && perf_header__has_feat(&session->header, feat))
			print(session, feat, fp);
	}
	print_unsecured(session, HEADER_UNSECURED_BUILD_ID, fp);
}

void perf_session__fprintf_header(const struct perf_session *session, FILE *fp,
				  bool show_info)
{
	const struct perf_header *h = &session->header;
	bool pipe = h->is_pipe;
	struct stat st;
	int feat;

	fprintf(fp, "# ========\n");
	if (!fstat(session->data->fd, &st))
		fprintf(fp, "# captured on    : %s", ctime(&st.st_mtime));
	fprintf(fp, "# header version : 1\n");
	fprintf(fp, "# data offset    : %llu\n", pipe ? 0ULL : (unsigned long long)h->data_offset);
	fprintf(fp, "# data size      : %llu\n",
		pipe ? 0ULL : (unsigned long long)h->header_data_size);
	fprintf(fp, "# feat offset    : %llu\n",
		pipe ? 0ULL : (unsigned long long)(h->data_offset + h->header_data_size));
	if (!pipe) {
		perf_session__fprintf_features(session, fp, show_info);
		fprintf(fp, "# missing features: ");
		for (feat = 1; feat < HEADER_LAST_FEATURE; feat++)
			if (!perf_header__has_feat(h, feat))
				fprintf(fp, "%s ", perf_header__feat_name(feat));
		fputc('\n', fp);
	}
	fprintf(fp, "# ========\n#\n");
}
