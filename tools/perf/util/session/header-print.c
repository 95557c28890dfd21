// SPDX-License-Identifier: GPL-2.0
/*
 * The header listing of perf report/script --header(-only), as upstream
 * 6.1 prints it (facts from running it on its files and ours): the file
 * layout, one line or a few per feature in feature order (topologies and
 * caches only announced, as upstream does without -I), the features
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
	u32 nr_pmu, nr, i;

	feat_reader__init(&r, session, feat);
	nr_pmu = feat_reader__u32(&r);
	while (nr_pmu-- && !r.bad) {
		nr = feat_reader__u32(&r);
		caps = r;
		for (i = 0; i < 2 * nr; i++)
			feat_reader__string(&r);
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

void perf_session__fprintf_features(const struct perf_session *session, FILE *fp)
{
	int feat;

	for (feat = 1; feat < HEADER_LAST_FEATURE; feat++)
		if (feat_print[feat] && perf_header__has_feat(&session->header, feat))
			feat_print[feat](session, feat, fp);
	print_unsecured(session, HEADER_UNSECURED_BUILD_ID, fp);
}

void perf_session__fprintf_header(const struct perf_session *session, FILE *fp)
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
		perf_session__fprintf_features(session, fp);
		fprintf(fp, "# missing features: ");
		for (feat = 1; feat < HEADER_LAST_FEATURE; feat++)
			if (!perf_header__has_feat(h, feat))
				fprintf(fp, "%s ", perf_header__feat_name(feat));
		fputc('\n', fp);
	}
	fprintf(fp, "# ========\n#\n");
}
