// SPDX-License-Identifier: GPL-2.0
/*
 * perf report --header / --header-only: the part of upstream's header
 * listing that comes from the file layout and the string features, and
 * our UNSECURED_BUILD_ID list (one "#" line, then one per id and path).
 * Sections upstream decodes further (event attrs, topologies, caches,
 * sample times...) are not printed; Documentation/perf-report.txt says so.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "report/header-print.h"
#include "util/symbols/build-id.h"
#include "util/session/session.h"

/* A perf string: u32 length (with padding), then the NUL-padded text. */
static const char *perf_string(const u8 *p, u64 size, u64 *used, char *buf, size_t buflen)
{
	u32 len;
	size_t n;

	if (size < 4)
		return NULL;
	memcpy(&len, p, 4);
	if (len > size - 4)
		return NULL;
	n = strnlen((const char *)p + 4, len);
	if (n >= buflen)
		n = buflen - 1;
	memcpy(buf, p + 4, n);
	buf[n] = '\0';
	*used = 4 + (u64)len;
	return buf;
}

static void print_string_feat(const struct perf_session *session, int feat, const char *label,
			      FILE *fp)
{
	u64 size, used;
	const u8 *p = perf_header__feat(&session->header, feat, &size);
	char buf[1024];

	if (p && perf_string(p, size, &used, buf, sizeof(buf)))
		fprintf(fp, "# %s : %s\n", label, buf);
}

static void print_cmdline(const struct perf_session *session, FILE *fp)
{
	u64 size, used;
	const u8 *p = perf_header__feat(&session->header, HEADER_CMDLINE, &size);
	char buf[4096];
	u32 nr;

	if (!p || size < 4)
		return;
	memcpy(&nr, p, 4);
	p += 4;
	size -= 4;
	fprintf(fp, "# cmdline : ");
	while (nr-- && perf_string(p, size, &used, buf, sizeof(buf))) {
		fprintf(fp, "%s ", buf);
		p += used;
		size -= used;
	}
	fputc('\n', fp);
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
static void print_unsecured(const struct perf_session *session, FILE *fp)
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

void report__print_header(const struct perf_session *session, FILE *fp)
{
	const struct perf_header *h = &session->header;
	struct stat st;

	fprintf(fp, "# ========\n");
	if (!h->is_pipe && !fstat(session->data->fd, &st))
		fprintf(fp, "# captured on    : %s", ctime(&st.st_mtime));
	if (!h->is_pipe) {
		fprintf(fp, "# header version : 1\n");
		fprintf(fp, "# data offset    : %llu\n", (unsigned long long)h->data_offset);
		fprintf(fp, "# data size      : %llu\n", (unsigned long long)h->data_size);
	}
	print_string_feat(session, HEADER_HOSTNAME, "hostname", fp);
	print_string_feat(session, HEADER_OSRELEASE, "os release", fp);
	print_string_feat(session, HEADER_VERSION, "perf version", fp);
	print_string_feat(session, HEADER_ARCH, "arch", fp);
	print_string_feat(session, HEADER_CPUDESC, "cpudesc", fp);
	print_string_feat(session, HEADER_CPUID, "cpuid", fp);
	print_cmdline(session, fp);
	print_unsecured(session, fp);
	fprintf(fp, "# ========\n#\n");
}
