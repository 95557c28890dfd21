// SPDX-License-Identifier: GPL-2.0
/*
 * The --stdio text.  Per symbol: a header naming the DSO, the event, the
 * symbol's samples and the percent type, a dashed rule as long as the
 * header, then objdump's lines: an instruction with its share of the
 * samples and its address, any other line (source, labels, blank) after
 * an empty percent column with its line number, as upstream prints them.
 * An instruction's share is that of the addresses from it up to the next
 * instruction (a sample may land inside a long instruction's bytes).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "annotate/annotate.h"
#include "annotate/hists.h"
#include "annotate/objdump.h"
#include "annotate/stdio.h"
#include "util/base/debug.h"
#include "util/data/evsel.h"
#include "util/model/dso-image.h"
#include "util/model/machine.h"

/* The first address entry at or after @offset (entries sorted by offset). */
static size_t addrs__lower_bound(const struct annotated_sym *as, u64 offset)
{
	size_t lo = 0, hi = as->nr_addrs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (as->addrs[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The next instruction's offset after line @i, else the symbol's size. */
static u64 disasm__next_offset(const struct disasm *d, size_t i, u64 size)
{
	for (i++; i < d->nr; i++)
		if (d->lines[i].offset >= 0)
			return d->lines[i].offset;
	return size;
}

struct line_share {
	u64	nr_samples;
	u64	period;
};

static struct line_share annotated_sym__share(const struct annotated_sym *as, u64 from, u64 to)
{
	struct line_share s = { 0, 0 };
	size_t j;

	for (j = addrs__lower_bound(as, from); j < as->nr_addrs && as->addrs[j].offset < to; j++) {
		s.nr_samples += as->addrs[j].nr_samples;
		s.period += as->addrs[j].period;
	}
	return s;
}

static double annotate__percent(const struct annotate_opts *opts, const struct annotate_hists *h,
				const struct annotated_sym *as, struct line_share s)
{
	u64 part, total;

	switch (opts->percent_type) {
	case PERCENT_HITS_LOCAL:
		part = s.nr_samples, total = as->nr_samples;
		break;
	case PERCENT_PERIOD_GLOBAL:
		part = s.period, total = h->period;
		break;
	case PERCENT_HITS_GLOBAL:
		part = s.nr_samples, total = h->nr_samples;
		break;
	default:
		part = s.period, total = as->period;
		break;
	}
	return total ? 100.0 * part / total : 0.0;
}

/* Upstream sizes the address column after the last instruction's address. */
static int disasm__addr_width(const struct disasm *d, u64 start)
{
	char buf[32];
	size_t i;

	for (i = d->nr; i-- > 0;)
		if (d->lines[i].offset >= 0)
			return snprintf(buf, sizeof(buf), "%llx", start + d->lines[i].offset);
	return 0;
}

static const char rule[] =
	"--------------------------------------------------------------------------------"
	"--------------------------------------------------------------------------------"
	"--------------------------------------------------------------------------------"
	"--------------------------------------------------------------------------------";

static void annotate_stdio__header(const struct annotate_opts *opts, struct evsel *evsel,
				   const struct annotated_sym *as, int width)
{
	const char *name = as->dso->long_name;
	const char *base = strrchr(name, '/');
	const char *what = opts->show_total_period ? "Period" :
			   opts->show_nr_samples ? "Samples" : "Percent";
	int len;

	if (!opts->full_paths && base && base[1])
		name = base + 1;
	len = printf(" %-*.*s|\tSource code & Disassembly of %s for %s (%llu"
		     " samples, percent: %s)\n", width, width, what, name, evsel__name(evsel),
		     as->nr_samples, annotate_percent_type__name(opts->percent_type));
	if (len < 0)
		len = 0;
	if ((size_t)len > sizeof(rule) - 1)
		len = sizeof(rule) - 1;
	printf("%.*s----\n", len, rule);
}

static void annotate_stdio__lines(const struct annotate_opts *opts, const struct annotate_hists *h,
				  const struct annotated_sym *as, const struct disasm *d)
{
	int width = opts->show_total_period ? 12 : 8;
	u64 start = as->sym->start, size = as->sym->end - as->sym->start;
	int addr_width = disasm__addr_width(d, start);
	u64 counted = 0;	/* addresses below are counted: each one once */
	size_t i;

	for (i = 0; i < d->nr; i++) {
		const struct disasm_line *dl = &d->lines[i];
		struct line_share s;
		u64 from, to;

		if (dl->offset < 0) {
			if (!*dl->text)
				printf(" %*s:\n", width, " ");
			else
				printf(" %*s: %-*d %s\n", width, " ", addr_width, dl->line_nr,
				       dl->text);
			continue;
		}
		/*
		 * objdump's addresses ascend; a hostile output's may not, and
		 * overlapping ranges would walk the histogram once per line
		 */
		from = (u64)dl->offset > counted ? (u64)dl->offset : counted;
		to = disasm__next_offset(d, i, size);
		s = annotated_sym__share(as, from, to);
		if (to > counted)
			counted = to;
		if (opts->show_total_period)
			printf(" %11llu", s.period);
		else if (opts->show_nr_samples)
			printf(" %7llu", s.nr_samples);
		else
			printf(" %7.2f", annotate__percent(opts, h, as, s));
		printf(" :   %*llx" ":%s\n", addr_width, start + dl->offset, dl->text);
	}
}

/* -v: the samples per sampled address, upstream's list */
static void annotate_stdio__hits(const struct annotated_sym *as)
{
	size_t i;

	for (i = 0; i < as->nr_addrs; i++)
		if (as->addrs[i].nr_samples)
			printf("%*llx: %llu\n", 32, as->sym->start + as->addrs[i].offset,
			       as->addrs[i].nr_samples);
	printf("%*s: %llu\n", 32, "h->nr_samples", as->nr_samples);
}

/* Said once per DSO, as upstream does, with what would help. */
static void annotate_stdio__no_image(struct annotate_stdio *out, const struct annotated_sym *as)
{
	char hex[BUILD_ID_SIZE_MAX * 2 + 1] = "none";
	u64 hash = hash__bytes(&as->dso, sizeof(as->dso), 0);
	size_t iter = 0;
	void *v;

	while ((v = hashmap__next(&out->warned, hash, &iter)))
		if (v == as->dso)
			return;
	if (hashmap__add(&out->warned, hash, as->dso))
		return;
	if (out->opts->quiet)
		return;
	if (dso__has_build_id(as->dso))
		build_id__sprintf(&as->dso->id.bid, hex);
	pr_warning("perf annotate: no file with the code of %s (build-id %s): its symbols "
		   "(%s first) are not annotated; %s\n", as->dso->long_name, hex, as->sym->name,
		   as->dso->kernel ? "give -k/--vmlinux" :
		   "put the binary in the build-id cache (perf buildid-cache -a) or set "
		   "DEBUGINFOD_URLS");
}

static int annotate_stdio__symbol(struct annotate_stdio *out, struct evsel *evsel,
				  const struct annotate_hists *h, const struct annotated_sym *as)
{
	const struct annotate_opts *opts = out->opts;
	struct objdump_args args = {
		.objdump = opts->objdump, .source = opts->source,
		.start = as->sym->start, .end = as->sym->end,
		.show_stderr = opts->verbose > 0,
	};
	char path[PATH_MAX];
	struct disasm d;
	int err;

	if (dso__image_path(as->dso, &out->machine->load_opts, path, sizeof(path))) {
		annotate_stdio__no_image(out, as);
		return 0;
	}
	pr_debug(opts->verbose, 1, "perf annotate: %s: disassembling %s\n", as->sym->name, path);
	args.file = path;
	err = disasm__objdump(&d, &args, "perf annotate");
	if (err)
		return err;
	annotate_stdio__header(opts, evsel, as, opts->show_total_period ? 12 : 8);
	if (opts->verbose > 0)
		annotate_stdio__hits(as);
	annotate_stdio__lines(opts, h, as, &d);
	disasm__exit(&d);
	out->nr_printed++;
	return 0;
}

int annotate_stdio__print(struct annotate_stdio *out, struct evsel *evsel,
			  const struct annotate_hists *h)
{
	size_t i;
	int err;

	for (i = 0; i < h->nr; i++) {
		err = annotate_stdio__symbol(out, evsel, h, h->syms[i]);
		if (err)
			return err;
	}
	return 0;
}
