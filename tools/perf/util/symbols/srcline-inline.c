// SPDX-License-Identifier: GPL-2.0
/*
 * Inline chains of source lines: which inlined subroutines hold an
 * address, outermost to innermost, read from the DIE tree through libdw.
 *
 * Finding the function that holds an address means looking at every
 * function of its unit: a unit of 4096 functions costs that many DIE
 * reads and range decodings per address.  The unit's top level (its
 * functions, and the namespaces and classes C++ nests them in) is read
 * once into an index of address ranges; a lookup takes the scopes that
 * hold the address from it and walks only their insides.  What it finds
 * is what the plain walk of the whole unit finds (kept for a unit too big
 * or broken to index), scope for scope, in the same order.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "util/symbols/srcline-int.h"
#include "util/base/hashmap.h"
#include "util/base/array.h"

static const char *die__call_file(Dwarf_Die *cu, Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Files *files;
	Dwarf_Word idx;
	size_t nr;

	if (!dwarf_attr(die, DW_AT_call_file, &attr) || dwarf_formudata(&attr, &idx))
		return NULL;
	if (dwarf_getsrcfiles(cu, &files, &nr) || idx >= nr)
		return NULL;
	return dwarf_filesrc(files, idx, NULL, NULL);
}

static unsigned int die__call_line(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Word line;

	if (!dwarf_attr(die, DW_AT_call_line, &attr) || dwarf_formudata(&attr, &line))
		return 0;
	return line > 0xffffffffu ? 0 : (unsigned int)line;
}

/* The name of an inlined subroutine: its own, or its abstract origin's. */
static const char *die__func_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name;

	name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	return name;
}

/* DIEs one lookup (or one unit's index) may visit: a corrupt DW_AT_sibling can loop. */
#define SRCLINE_MAX_DIES	(1u << 20)
/* Scope nesting followed: the walk recurses, the stack must stay small. */
#define SRCLINE_MAX_DEPTH	256

struct scope_walk {
	struct srcline	*sl;
	Dwarf_Die	*cu;
	u64		addr;
	size_t		alloc;
	unsigned int	budget;
};

static int scope_walk__push(struct scope_walk *w, Dwarf_Die *die)
{
	struct srcline *sl = w->sl;
	struct srcline_inline *in;

	if (ARRAY_GROW(sl->inlines, w->alloc, (size_t)sl->nr_inlines + 1))
		return -ENOMEM;
	in = &sl->inlines[sl->nr_inlines++];
	in->func = die__func_name(die);
	in->file = die__call_file(w->cu, die);
	in->line = die__call_line(die);
	return 0;
}

static bool tag__is_container(int tag)
{
	/* C++ definitions may sit inside: no ranges of their own */
	return tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
	       tag == DW_TAG_structure_type;
}

static bool tag__is_block(int tag)
{
	return tag == DW_TAG_inlined_subroutine || tag == DW_TAG_lexical_block ||
	       tag == DW_TAG_try_block || tag == DW_TAG_catch_block;
}

/* @die holds the address: a block's inside is where to go next. */
static int scope_walk__enter_block(struct scope_walk *w, Dwarf_Die *die, int tag, int depth);

/* @func holds the address: name it, then look inside. */
static int scope_walk__enter_func(struct scope_walk *w, Dwarf_Die *func, int depth);

/*
 * Descend from @parent through the scopes holding the address, noting
 * each inlined subroutine on the way (outermost first).  Our own walk
 * rather than dwarf_getscopes(), which leaks its array on a corrupt DIE
 * tree and has no bound on the DIEs it visits.
 */
static int scope_walk__descend(struct scope_walk *w, Dwarf_Die *parent, int depth)
{
	Dwarf_Die child, func;
	bool have_func = false;

	if (depth > SRCLINE_MAX_DEPTH || dwarf_child(parent, &child))
		return 0;
	do {
		int tag = dwarf_tag(&child);

		if (!w->budget--)
			return 0;
		if (tag__is_container(tag)) {
			if (!have_func && scope_walk__descend(w, &child, depth + 1))
				return -ENOMEM;
		} else if (tag == DW_TAG_subprogram) {
			/*
			 * The assembler gives each alias of an asm function a
			 * subprogram of the same range (__mprotect, mprotect,
			 * __GI_mprotect): addr2line names the last one, and so
			 * do we.  C functions do not overlap.
			 */
			if (dwarf_haspc(&child, w->addr) == 1) {
				func = child;
				have_func = true;
			}
		} else if (tag__is_block(tag)) {
			if (have_func || dwarf_haspc(&child, w->addr) != 1)
				continue;
			/* the address is in this scope: nowhere else at this level */
			return scope_walk__enter_block(w, &child, tag, depth);
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	if (!have_func)
		return 0;
	return scope_walk__enter_func(w, &func, depth);
}

static int scope_walk__enter_block(struct scope_walk *w, Dwarf_Die *die, int tag, int depth)
{
	if (tag == DW_TAG_inlined_subroutine) {
		if (w->sl->nr_inlines >= SRCLINE_MAX_INLINES)
			return 0;
		if (scope_walk__push(w, die))
			return -ENOMEM;
	}
	return scope_walk__descend(w, die, depth + 1);
}

static int scope_walk__enter_func(struct scope_walk *w, Dwarf_Die *func, int depth)
{
	/* the innermost one: GNU C nests functions */
	w->sl->func = die__func_name(func);
	return scope_walk__descend(w, func, depth + 1);
}

/* A scope of a unit's top level, or a container (namespace, class) around some. */
struct scope_node {
	Dwarf_Off	off;
	int		parent;		/* the container's node, -1: the unit itself */
	int		tag;
	int		depth;		/* the walk's depth at the node's level */
};

/* One address range of a scope; sorted by low. */
struct scope_range {
	u64		low, high;
	u64		max_high;	/* the highest high of this range and those before */
	u32		node;
};

struct unit_scopes {
	Dwarf_Off		cu_off;
	bool			indexed;	/* false: walk the whole unit every time */
	struct scope_node	*nodes;
	size_t			nr_nodes, alloc_nodes;
	struct scope_range	*ranges;
	size_t			nr_ranges, alloc_ranges;
};

struct srcline_scopes {
	Dwarf			*dwarf;
	struct hashmap		units;		/* hash of the unit's offset -> struct unit_scopes */
};

struct srcline_scopes *srcline_scopes__new(Dwarf *dwarf)
{
	struct srcline_scopes *scopes = calloc(1, sizeof(*scopes));

	if (!scopes)
		return NULL;
	scopes->dwarf = dwarf;
	hashmap__init(&scopes->units);
	return scopes;
}

static void unit_scopes__delete(struct unit_scopes *u)
{
	free(u->nodes);
	free(u->ranges);
	free(u);
}

void srcline_scopes__delete(struct srcline_scopes *scopes)
{
	size_t i;

	if (!scopes)
		return;
	for (i = 0; i < scopes->units.nr; i++)
		unit_scopes__delete(scopes->units.entries[i].value);
	hashmap__exit(&scopes->units);
	free(scopes);
}

static int unit_scopes__add(struct unit_scopes *u, Dwarf_Die *die, int tag, int parent,
			    int depth)
{
	struct scope_node *n;
	Dwarf_Addr base, low, high;
	ptrdiff_t off = 0;

	if (ARRAY_GROW(u->nodes, u->alloc_nodes, u->nr_nodes + 1))
		return -ENOMEM;
	n = &u->nodes[u->nr_nodes];
	n->off = dwarf_dieoffset(die);
	n->parent = parent;
	n->tag = tag;
	n->depth = depth;
	/* the ranges dwarf_haspc() would test, one by one */
	while (!tag__is_container(tag) && (off = dwarf_ranges(die, off, &base, &low, &high)) > 0) {
		if (high <= low)
			continue;
		if (ARRAY_GROW(u->ranges, u->alloc_ranges, u->nr_ranges + 1))
			return -ENOMEM;
		u->ranges[u->nr_ranges++] = (struct scope_range){
			.low = low, .high = high, .node = (u32)u->nr_nodes,
		};
	}
	u->nr_nodes++;
	return 0;
}

/*
 * The scopes at the level under @parent, as scope_walk__descend() meets
 * them; returns -ENOMEM, or -E2BIG when the walk's bounds cut the level
 * (the plain walk then answers as it always did).
 */
static int unit_scopes__read(struct unit_scopes *u, Dwarf_Die *parent, int parent_node,
			     int depth, unsigned int *budget)
{
	Dwarf_Die child;
	int err;

	if (depth > SRCLINE_MAX_DEPTH || dwarf_child(parent, &child))
		return 0;
	do {
		int tag = dwarf_tag(&child);

		if (!(*budget)--)
			return -E2BIG;
		if (tag__is_container(tag)) {
			int node = (int)u->nr_nodes;

			if (u->nr_nodes >= INT32_MAX)
				return -E2BIG;
			err = unit_scopes__add(u, &child, tag, parent_node, depth);
			if (!err)
				err = unit_scopes__read(u, &child, node, depth + 1, budget);
			if (err)
				return err;
		} else if (tag == DW_TAG_subprogram || tag__is_block(tag)) {
			if (u->nr_nodes >= INT32_MAX)
				return -E2BIG;
			err = unit_scopes__add(u, &child, tag, parent_node, depth);
			if (err)
				return err;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return 0;
}

static int scope_range__cmp(const void *a, const void *b)
{
	const struct scope_range *x = a, *y = b;

	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node;
}

/* The unit's index, made on its first lookup; NULL without memory. */
static struct unit_scopes *srcline_scopes__unit(struct srcline_scopes *scopes, Dwarf_Die *cu)
{
	Dwarf_Off off = dwarf_dieoffset(cu);
	u64 hash = hash__bytes(&off, sizeof(off), 0);
	unsigned int budget = SRCLINE_MAX_DIES;
	struct unit_scopes *u;
	size_t iter = 0, i;
	int err;

	while ((u = hashmap__next(&scopes->units, hash, &iter)))
		if (u->cu_off == off)
			return u;
	u = calloc(1, sizeof(*u));
	if (!u)
		return NULL;
	u->cu_off = off;
	err = unit_scopes__read(u, cu, -1, 0, &budget);
	if (err == -ENOMEM) {
		unit_scopes__delete(u);
		return NULL;
	}
	u->indexed = !err;
	if (!u->indexed) {
		free(u->nodes);
		free(u->ranges);
		u->nodes = NULL;
		u->ranges = NULL;
		u->nr_nodes = u->nr_ranges = 0;
	}
	if (u->nr_ranges > 1)
		qsort(u->ranges, u->nr_ranges, sizeof(*u->ranges), scope_range__cmp);
	for (i = 0; i < u->nr_ranges; i++)
		u->ranges[i].max_high = i && u->ranges[i - 1].max_high > u->ranges[i].high ?
					u->ranges[i - 1].max_high : u->ranges[i].high;
	if (hashmap__add(&scopes->units, hash, u)) {
		unit_scopes__delete(u);
		return NULL;
	}
	return u;
}

static int u32__cmp(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/* The nodes whose ranges hold @addr, in DIE order, once each. */
static int unit_scopes__holding(const struct unit_scopes *u, u64 addr, u32 **out, size_t *nr)
{
	size_t lo = 0, hi = u->nr_ranges, alloc = 0, n = 0, i, j;
	u32 *found = NULL;

	/* the first range starting past @addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u->ranges[mid].low <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i-- > 0 && u->ranges[i].max_high > addr;) {
		if (u->ranges[i].high <= addr)
			continue;
		if (ARRAY_GROW(found, alloc, n + 1)) {
			free(found);
			return -ENOMEM;
		}
		found[n++] = u->ranges[i].node;
	}
	if (n > 1)
		qsort(found, n, sizeof(*found), u32__cmp);
	for (i = 0, j = 0; i < n; i++)
		if (!j || found[j - 1] != found[i])
			found[j++] = found[i];
	*out = found;
	*nr = j;
	return 0;
}

/* The node at @level's own level whose subtree holds node @i; -1: none. */
static int unit_scopes__child_of(const struct unit_scopes *u, int i, int level)
{
	while (u->nodes[i].parent != level) {
		if (u->nodes[i].parent < 0)
			return -1;
		i = u->nodes[i].parent;
	}
	return i;
}

struct scope_pick {
	struct scope_walk		*w;
	const struct unit_scopes	*u;
	Dwarf				*dwarf;
	const u32			*held;		/* nodes holding the address, DIE order */
	size_t				nr, pos;
};

/*
 * scope_walk__descend() of one level (@level: a container's node, -1: the
 * unit), over the scopes of the level that hold the address only: the
 * others it would pass by.
 */
static int scope_pick__level(struct scope_pick *p, int level)
{
	const struct unit_scopes *u = p->u;
	const struct scope_node *func = NULL;
	Dwarf_Die die;

	while (p->pos < p->nr) {
		int c = unit_scopes__child_of(u, (int)p->held[p->pos], level);
		const struct scope_node *n;

		if (c < 0)
			break;		/* past the level */
		n = &u->nodes[c];
		if (tag__is_container(n->tag)) {
			if (!func && scope_pick__level(p, c))
				return -ENOMEM;
			/* what the container's walk left (it stopped, or was skipped) */
			while (p->pos < p->nr && unit_scopes__child_of(u, (int)p->held[p->pos], c) >= 0)
				p->pos++;
			continue;
		}
		p->pos++;
		if (n->tag == DW_TAG_subprogram) {
			func = n;	/* the last alias, as the walk takes it */
			continue;
		}
		if (func)
			continue;
		if (!dwarf_offdie(p->dwarf, n->off, &die))
			return 0;
		return scope_walk__enter_block(p->w, &die, n->tag, n->depth);
	}
	if (!func || !dwarf_offdie(p->dwarf, func->off, &die))
		return 0;
	return scope_walk__enter_func(p->w, &die, func->depth);
}

/* The walk found the call sites outermost first: turn them round. */
static void srcline__reverse_inlines(struct srcline *sl)
{
	int i, j;

	for (i = 0, j = sl->nr_inlines - 1; i < j; i++, j--) {
		struct srcline_inline tmp = sl->inlines[i];

		sl->inlines[i] = sl->inlines[j];
		sl->inlines[j] = tmp;
	}
}

int srcline_scopes__add_inlines_walk(Dwarf_Die *cu, struct srcline *sl)
{
	struct scope_walk w = { .sl = sl, .cu = cu, .addr = sl->addr, .budget = SRCLINE_MAX_DIES };
	int err = scope_walk__descend(&w, cu, 0);

	if (!err)
		srcline__reverse_inlines(sl);
	return err;
}

int srcline_scopes__add_inlines(struct srcline_scopes *scopes, Dwarf_Die *cu,
				struct srcline *sl)
{
	struct scope_walk w = { .sl = sl, .cu = cu, .addr = sl->addr, .budget = SRCLINE_MAX_DIES };
	struct unit_scopes *u = srcline_scopes__unit(scopes, cu);
	struct scope_pick p = { .w = &w, .u = u, .dwarf = scopes->dwarf };
	u32 *held = NULL;
	int err;

	if (!u)
		return -ENOMEM;
	if (!u->indexed)
		return srcline_scopes__add_inlines_walk(cu, sl);
	err = unit_scopes__holding(u, sl->addr, &held, &p.nr);
	p.held = held;
	if (!err)
		err = scope_pick__level(&p, -1);
	free(held);
	if (!err)
		srcline__reverse_inlines(sl);
	return err;
}
