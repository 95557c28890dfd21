// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph's tree: frames merged by name (as upstream's
 * flamegraph.py merges them), names interned once, children found through
 * one hash table keyed by (parent, name).  The writers: JSON and folded
 * stacks here, HTML in flamegraph-html.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/array.h"
#include "script/flamegraph.h"
#include "script/flamegraph-int.h"
#include "util/base/hashmap.h"
#include <linux/perf_event.h>
#include "util/model/dso.h"
#include "util/symbols/symbol.h"

struct flamegraph *flamegraph__new(void)
{
	struct flamegraph *fg = calloc(1, sizeof(*fg));

	if (!fg)
		return NULL;
	fg->nodes_alloc = 64;
	fg->nodes = calloc(fg->nodes_alloc, sizeof(*fg->nodes));
	fg->nr_slots = 128;
	fg->slots = calloc(fg->nr_slots, sizeof(*fg->slots));
	fg->names.nr_slots = 128;
	fg->names.slots = calloc(fg->names.nr_slots, sizeof(*fg->names.slots));
	fg->names.nr = 1;	/* name 0: the root, "all" */
	fg->names.alloc = 64;
	fg->names.str = calloc(fg->names.alloc, sizeof(*fg->names.str));
	if (!fg->nodes || !fg->slots || !fg->names.slots || !fg->names.str) {
		flamegraph__delete(fg);
		return NULL;
	}
	fg->names.str[0] = "all";
	fg->nr_nodes = 1;
	return fg;
}

void flamegraph__delete(struct flamegraph *fg)
{
	u32 i;

	if (!fg)
		return;
	for (i = 1; i < fg->names.nr; i++)
		free(fg->names.str[i]);
	free(fg->names.str);
	free(fg->names.slots);
	free(fg->nodes);
	free(fg->slots);
	free(fg);
}

/*
 * The shared string hash, but not the shared table: a lookup per frame
 * per sample, where hashmap's extra step (slot, entry, then node) cost 8%
 * of a flame graph of a 10 MB file.
 */
static u32 fg_str_hash(const char *s)
{
	return (u32)hash__str(s, 0);
}

static int fg_names__grow(struct fg_names *names)
{
	u32 i, n = names->nr_slots * 2, *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 1; i < names->nr; i++) {
		u32 k = fg_str_hash(names->str[i]) & (n - 1);

		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i;
	}
	free(names->slots);
	names->slots = slots;
	names->nr_slots = n;
	return 0;
}

/* The id of @name, added if new. */
static int fg_names__intern(struct fg_names *names, const char *name, u32 *id)
{
	u32 k, mask;

	if ((names->nr + 1) * 2 > names->nr_slots && fg_names__grow(names))
		return -ENOMEM;
	mask = names->nr_slots - 1;
	for (k = fg_str_hash(name) & mask; names->slots[k]; k = (k + 1) & mask) {
		if (!strcmp(names->str[names->slots[k]], name)) {
			*id = names->slots[k];
			return 0;
		}
	}
	if (ARRAY_GROW(names->str, names->alloc, (size_t)names->nr + 1))
		return -ENOMEM;
	names->str[names->nr] = strdup(name);
	if (!names->str[names->nr])
		return -ENOMEM;
	*id = names->slots[k] = names->nr++;
	return 0;
}

static u32 fg_hash(u32 parent, u32 name)
{
	u64 h = ((u64)parent << 32 | name) * 0x9e3779b97f4a7c15ULL;

	return (u32)(h >> 32);
}

static int fg__grow_slots(struct flamegraph *fg)
{
	u32 i, n = fg->nr_slots * 2, *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	for (i = 1; i < fg->nr_nodes; i++) {
		u32 k = fg_hash(fg->nodes[i].parent, fg->nodes[i].name) & (n - 1);

		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i;
	}
	free(fg->slots);
	fg->slots = slots;
	fg->nr_slots = n;
	return 0;
}

static int fg__child(struct flamegraph *fg, u32 parent, u32 name, bool kernel, u32 *child)
{
	u32 k, mask;
	struct fg_node *node;

	if ((fg->nr_nodes + 1) * 2 > fg->nr_slots && fg__grow_slots(fg))
		return -ENOMEM;
	mask = fg->nr_slots - 1;
	for (k = fg_hash(parent, name) & mask; fg->slots[k]; k = (k + 1) & mask) {
		node = &fg->nodes[fg->slots[k]];
		if (node->parent == parent && node->name == name) {
			*child = fg->slots[k];
			return 0;
		}
	}
	if (ARRAY_GROW(fg->nodes, fg->nodes_alloc, (size_t)fg->nr_nodes + 1))
		return -ENOMEM;
	*child = fg->slots[k] = fg->nr_nodes++;
	node = &fg->nodes[*child];
	memset(node, 0, sizeof(*node));
	node->parent = parent;
	node->name = name;
	node->kernel = kernel;
	node->next_sibling = fg->nodes[parent].first_child;
	fg->nodes[parent].first_child = *child;
	return 0;
}

/* Upstream's names: the symbol, else [unknown]; we add the DSO when known. */
static const char *fg_frame_name(const struct callchain_frame *f, char *buf, size_t size)
{
	if (f->sym)
		return f->sym->name;
	if (!f->dso)
		return "[unknown]";
	snprintf(buf, size, "[unknown] (%s)", f->dso->short_name);
	return buf;
}

int flamegraph__add(struct flamegraph *fg, const char *process,
		    const struct callchain_cursor *cursor, u64 weight)
{
	char buf[512];
	u32 n = 0, name;
	size_t i;
	int err;

	err = fg_names__intern(&fg->names, process, &name);
	if (!err)
		err = fg__child(fg, 0, name, false, &n);
	for (i = cursor->nr; !err && i > 0; i--) {
		const struct callchain_frame *f = &cursor->frames[i - 1];
		bool kernel = f->cpumode == PERF_RECORD_MISC_KERNEL ||
			      f->cpumode == PERF_RECORD_MISC_GUEST_KERNEL;

		err = fg_names__intern(&fg->names, fg_frame_name(f, buf, sizeof(buf)), &name);
		if (!err)
			err = fg__child(fg, n, name, kernel, &n);
	}
	if (err)
		return err;
	fg->nodes[n].self += weight;
	fg->summed = false;
	return 0;
}

void fg__sum(struct flamegraph *fg)
{
	u32 n;

	if (fg->summed)
		return;
	for (n = 0; n < fg->nr_nodes; n++)
		fg->nodes[n].total = fg->nodes[n].self;
	/* children come after their parents */
	for (n = fg->nr_nodes - 1; n > 0; n--)
		fg->nodes[fg->nodes[n].parent].total += fg->nodes[n].total;
	fg->summed = true;
}

u64 flamegraph__total(const struct flamegraph *fg)
{
	u64 total = 0;
	u32 n;

	for (n = 0; n < fg->nr_nodes; n++)
		total += fg->nodes[n].self;
	return total;
}

static int fg_by_name(const void *a, const void *b, void *arg)
{
	const struct flamegraph *fg = arg;
	const u32 *l = a, *r = b;

	return strcmp(fg->names.str[fg->nodes[*l].name], fg->names.str[fg->nodes[*r].name]);
}

u32 *fg__children(const struct flamegraph *fg, u32 n, size_t *nr)
{
	size_t k = 0;
	u32 c, *out;

	for (c = fg->nodes[n].first_child; c; c = fg->nodes[c].next_sibling)
		k++;
	*nr = k;
	if (!k)
		return NULL;
	out = malloc(k * sizeof(*out));
	if (!out) {
		*nr = 0;
		return NULL;
	}
	k = 0;
	for (c = fg->nodes[n].first_child; c; c = fg->nodes[c].next_sibling)
		out[k++] = c;
	/* by name, as flame graphs are usually drawn: stable from run to run */
	qsort_r(out, k, sizeof(*out), fg_by_name, (void *)fg);
	return out;
}

/* "a;b;c N": the frames from the process down, N samples ending there. */
static void fg__folded(struct flamegraph *fg, FILE *fp, u32 n, char **stack, size_t depth)
{
	size_t nr, i;
	u32 *kids;

	if (n) {
		stack[depth - 1] = fg->names.str[fg->nodes[n].name];
		if (fg->nodes[n].self) {
			for (i = 0; i < depth; i++)
				fprintf(fp, "%s%s", i ? ";" : "", stack[i]);
			fprintf(fp, " %llu\n", (unsigned long long)fg->nodes[n].self);
		}
	}
	kids = fg__children(fg, n, &nr);
	for (i = 0; i < nr; i++)
		fg__folded(fg, fp, kids[i], stack, depth + 1);
	free(kids);
}

static size_t fg__max_depth(const struct flamegraph *fg)
{
	size_t max = 0, d;
	u32 n, m;

	for (n = 0; n < fg->nr_nodes; n++) {
		if (fg->nodes[n].first_child)
			continue;
		for (d = 0, m = n; m; m = fg->nodes[m].parent)
			d++;
		if (d > max)
			max = d;
	}
	return max;
}

int flamegraph__write_folded(struct flamegraph *fg, FILE *fp)
{
	char **stack = calloc(fg__max_depth(fg) + 1, sizeof(*stack));

	if (!stack)
		return -ENOMEM;
	fg__folded(fg, fp, 0, stack, 0);
	free(stack);
	return ferror(fp) ? -EIO : 0;
}

void fg__json_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

/* Upstream's tree: {"n": name, "l": libtype, "v": own samples, "c": [...]} */
static void fg__json(struct flamegraph *fg, FILE *fp, u32 n)
{
	const struct fg_node *node = &fg->nodes[n];
	size_t nr, i;
	u32 *kids;

	fputs("{\"n\": ", fp);
	fg__json_string(fp, fg->names.str[node->name]);
	fprintf(fp, ", \"l\": \"%s\", \"v\": %llu, \"c\": [", n ? (node->kernel ? "kernel" : "") :
		"root", (unsigned long long)node->self);
	kids = fg__children(fg, n, &nr);
	for (i = 0; i < nr; i++) {
		if (i)
			fputs(", ", fp);
		fg__json(fg, fp, kids[i]);
	}
	free(kids);
	fputs("]}", fp);
}

int flamegraph__write_json(struct flamegraph *fg, FILE *fp)
{
	fg__json(fg, fp, 0);
	fputc('\n', fp);
	return ferror(fp) ? -EIO : 0;
}
