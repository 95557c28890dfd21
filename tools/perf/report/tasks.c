// SPDX-License-Identifier: GPL-2.0
/*
 * --tasks / --mmaps: the machine's threads as a process tree, and -T: the
 * per-thread counts perf record -s leaves in READ records.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "report/tasks.h"
#include "util/base/array.h"
#include "util/data/event.h"
#include "util/data/evlist.h"
#include "util/model/machine.h"
#include "util/model/thread.h"
#include "util/model/map.h"
#include "util/model/dso.h"

/* ---- --tasks, --mmaps ---------------------------------------------------- */

struct task_list {
	struct thread	**v;
	size_t		nr, alloc;
	bool		*done;
};

static int cmp_thread(const void *pa, const void *pb)
{
	const struct thread *a = *(struct thread * const *)pa, *b = *(struct thread * const *)pb;

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->tid < b->tid ? -1 : a->tid > b->tid;
}

static void maps__fprintf_task(const struct maps *maps, int indent, FILE *fp)
{
	size_t i;

	for (i = 0; maps && i < maps->nr; i++) {
		const struct map *map = maps->entries[i];
		const struct dso *dso = map->dso;

		fprintf(fp, "%*s  %llx-%llx %c%c%c%c %08llx %llu %s\n", indent, "",
			(unsigned long long)map->start, (unsigned long long)map->end,
			map->prot & PROT_READ ? 'r' : '-', map->prot & PROT_WRITE ? 'w' : '-',
			map->prot & PROT_EXEC ? 'x' : '-', map->flags & MAP_SHARED ? 's' : 'p',
			(unsigned long long)map->pgoff,
			(unsigned long long)(dso && dso->id.has_inode ? dso->id.ino : 0),
			dso ? dso->long_name : "[unknown]");
	}
}

static bool task_list__has(const struct task_list *tl, pid_t tid)
{
	size_t i;

	for (i = 0; i < tl->nr; i++)
		if (tl->v[i]->tid == tid)
			return true;
	return false;
}

static void task__fprintf(struct task_list *tl, size_t idx, int level, bool mmaps, FILE *fp)
{
	struct thread *t = tl->v[idx];
	int indent;
	size_t i;

	tl->done[idx] = true;
	indent = fprintf(fp, "  %8d %8d %8d |%*s", (int)t->pid, (int)t->tid, (int)t->ppid,
			 level, "");
	fprintf(fp, "%s\n", thread__comm_str(t));
	if (mmaps)
		maps__fprintf_task(t->maps, indent, fp);
	/* children: a ppid naming this task, in pid order */
	for (i = 0; i < tl->nr; i++)
		if (!tl->done[i] && tl->v[i] != t && tl->v[i]->ppid == t->tid)
			task__fprintf(tl, i, level + 1, mmaps, fp);
}

int machine__fprintf_tasks(struct machine *machine, bool mmaps, FILE *fp)
{
	struct task_list tl = { .v = NULL };
	size_t b, i;
	int err = 0;

	for (b = 0; b < machine->nr_buckets; b++) {
		struct thread *t;

		for (t = machine->threads[b]; t; t = t->hnext) {
			if (ARRAY_GROW(tl.v, tl.alloc, tl.nr + 1)) {
				err = -ENOMEM;
				goto out;
			}
			tl.v[tl.nr++] = t;
		}
	}
	qsort(tl.v, tl.nr, sizeof(*tl.v), cmp_thread);
	tl.done = calloc(tl.nr ? tl.nr : 1, sizeof(*tl.done));
	if (!tl.done) {
		err = -ENOMEM;
		goto out;
	}
	fprintf(fp, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
	/* roots: tasks whose parent is not in the file */
	for (i = 0; i < tl.nr; i++)
		if (!tl.done[i] && (tl.v[i]->ppid <= 0 || !task_list__has(&tl, tl.v[i]->ppid) ||
				    tl.v[i]->ppid == tl.v[i]->tid))
			task__fprintf(&tl, i, 0, mmaps, fp);
	/* and whatever a cycle of ppids left */
	for (i = 0; i < tl.nr; i++)
		if (!tl.done[i])
			task__fprintf(&tl, i, 0, mmaps, fp);
out:
	free(tl.v);
	free(tl.done);
	return err;
}

/* ---- -T/--threads -------------------------------------------------------- */

struct thread_count {
	pid_t	pid, tid;
	u64	*values;			/* by evsel index */
};

struct thread_counts {
	struct thread_count	*v;
	size_t			nr, alloc;
	u64			seen;		/* evsel indexes counted (mod 64) */
};

struct thread_counts *thread_counts__new(void)
{
	return calloc(1, sizeof(struct thread_counts));
}

void thread_counts__delete(struct thread_counts *tc)
{
	size_t i;

	if (!tc)
		return;
	for (i = 0; i < tc->nr; i++)
		free(tc->v[i].values);
	free(tc->v);
	free(tc);
}

int thread_counts__add(struct thread_counts *tc, const struct evlist *evlist,
		       const union perf_event *event, const struct perf_sample *sample)
{
	const u32 *ids = (const u32 *)(&event->header + 1);
	struct evsel *evsel = evlist__event2evsel(evlist, event);
	struct thread_count *c = NULL;
	u64 value;
	size_t i;

	/* pid, tid, then the counter as read_format lays it out (not a group) */
	if (!evsel || event->header.size < sizeof(event->header) + 8 + 8 ||
	    (evsel->attr.read_format & PERF_FORMAT_GROUP))
		return 0;
	memcpy(&value, ids + 2, sizeof(value));
	for (i = 0; i < tc->nr; i++)
		if (tc->v[i].pid == (pid_t)ids[0] && tc->v[i].tid == (pid_t)ids[1])
			c = &tc->v[i];
	if (!c) {
		if (ARRAY_GROW(tc->v, tc->alloc, tc->nr + 1))
			return -ENOMEM;
		c = &tc->v[tc->nr++];
		*c = (struct thread_count){ .pid = ids[0], .tid = ids[1] };
		c->values = calloc(evlist->nr, sizeof(*c->values));
		if (!c->values) {
			tc->nr--;
			return -ENOMEM;
		}
	}
	if (evsel->idx < evlist->nr) {
		c->values[evsel->idx] = value;
		tc->seen |= 1ULL << (evsel->idx & 63);
	}
	(void)sample;
	return 0;
}

static int digits(long long v)
{
	char buf[32];

	return snprintf(buf, sizeof(buf), "%lld", v);
}

/*
 * Upstream's table: columns as wide as their widest value or title, one
 * column per event some READ record counted (no columns without any).
 */
void thread_counts__fprintf(const struct thread_counts *tc, const struct evlist *evlist,
			    FILE *fp)
{
	int i, wp = 3, wt = 3, *w = calloc(evlist->nr ? evlist->nr : 1, sizeof(*w));
	size_t t;

	if (!w)
		return;
	for (t = 0; t < tc->nr; t++) {
		if (digits(tc->v[t].pid) > wp)
			wp = digits(tc->v[t].pid);
		if (digits(tc->v[t].tid) > wt)
			wt = digits(tc->v[t].tid);
	}
	for (i = 0; i < evlist->nr; i++) {
		if (!(tc->seen & (1ULL << (i & 63))))
			continue;
		w[i] = strlen(evsel__name(evlist->entries[i]));
		for (t = 0; t < tc->nr; t++)
			if (digits(tc->v[t].values[i]) > w[i])
				w[i] = digits(tc->v[t].values[i]);
	}
	fprintf(fp, "# %*s  %*s", wp, "PID", wt, "TID");
	for (i = 0; i < evlist->nr; i++)
		if (w[i])
			fprintf(fp, "  %*s", w[i], evsel__name(evlist->entries[i]));
	fputc('\n', fp);
	for (t = 0; t < tc->nr; t++) {
		fprintf(fp, "  %*d  %*d", wp, (int)tc->v[t].pid, wt, (int)tc->v[t].tid);
		for (i = 0; i < evlist->nr; i++)
			if (w[i])
				fprintf(fp, "  %*llu", w[i], (unsigned long long)tc->v[t].values[i]);
		fputc('\n', fp);
	}
	free(w);
}
