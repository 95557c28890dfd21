// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's -e: upstream's symbolic hardware and software events with
 * :ukhp modifiers, "NAME/period=N,freq=N,name=S/" terms, tracepoints
 * SYS:NAME (ids from tracefs), and {a,b}:mods groups.  Raw and
 * PMU-specific events are not supported.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/parse-events.h"
#include "record/tracepoint.h"
#include "util/base/array.h"

struct event_symbol {
	const char *name;
	u32 type;
	u64 config;
};

/* Upstream's names and aliases, canonical name first for each config. */
static const struct event_symbol event_symbols[] = {
	{ "cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cpu-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branches",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-instructions",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses",		PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "idle-cycles-frontend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "idle-cycles-backend",	PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles",			PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs",				PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults",		PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy",			PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
};

#define NR_SYMBOLS (sizeof(event_symbols) / sizeof(event_symbols[0]))

static int parse_modifiers(const char *mod, struct perf_event_attr *attr)
{
	bool u = false, k = false, h = false;
	unsigned int precise = 0;

	for (; *mod; mod++) {
		switch (*mod) {
		case 'u': u = true; break;
		case 'k': k = true; break;
		case 'h': h = true; break;
		case 'p':
			if (++precise > 3)
				return -EINVAL;
			break;
		default:
			return -EINVAL;
		}
	}
	/* Like upstream: naming some privilege levels excludes the others. */
	if (u || k || h) {
		if (!u)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_USER;
		if (!k)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_KERNEL;
		if (!h)
			attr->flags |= PERF_ATTR_FLAG_EXCLUDE_HV;
	}
	attr->flags &= ~PERF_ATTR_FLAG_PRECISE_IP_MASK;
	attr->flags |= (u64)precise << PERF_ATTR_FLAG_PRECISE_IP_SHIFT;
	return 0;
}

int parse_events__one(const char *name, struct perf_event_attr *attr)
{
	const char *colon = strchr(name, ':');
	size_t len = colon ? (size_t)(colon - name) : strlen(name);
	size_t i;

	for (i = 0; i < NR_SYMBOLS; i++) {
		if (strlen(event_symbols[i].name) == len &&
		    !strncmp(event_symbols[i].name, name, len))
			break;
	}
	if (i == NR_SYMBOLS)
		return -ENOENT;
	attr->type = event_symbols[i].type;
	attr->config = event_symbols[i].config;
	return colon ? parse_modifiers(colon + 1, attr) : 0;
}

const char *parse_events__name(u32 type, u64 config)
{
	size_t i;

	for (i = 0; i < NR_SYMBOLS; i++) {
		if (event_symbols[i].type == type && event_symbols[i].config == config)
			return event_symbols[i].name;
	}
	return NULL;
}

void parse_events__print_error(const char *str, size_t pos)
{
	struct parse_events_error err = { .str = str, .pos = pos, .why = "parser error" };

	parse_events__print(&err);
}

void parse_events__print(const struct parse_events_error *err)
{
	/* The caret line lines up under the string after "event syntax error: '". */
	fprintf(stderr, "event syntax error: '%s'\n", err->str);
	fprintf(stderr, "%*s\\___ %s\n", (int)(err->pos + 21), "", err->why);
	if (err->detail[0])
		fprintf(stderr, "\n%s\n", err->detail);
	fprintf(stderr, "Run 'perf list' for a list of valid events\n");
}

/* ---- event lists: "a,b/terms/,{c,d}:u,sys:tp" ---------------------- */

/* Upstream's terms that make sense for hardware PMUs or modes we lack. */
static const char * const unsupported_terms[] = {
	"config", "config1", "config2", "branch_type", "time", "call-graph", "stack-size",
	"no-inherit", "inherit", "max-stack", "nr", "no-overwrite", "overwrite",
	"driver-config", "percore", "aux-output", "aux-sample-size", "metric-id",
};

static int pe__fail(struct parse_events_error *err, size_t pos, const char *why)
{
	err->pos = pos;
	snprintf(err->why, sizeof(err->why), "%s", why);
	return -EINVAL;
}

static int pe__parse_u64(const char *s, size_t len, u64 *v)
{
	char buf[32], *end;

	if (!len || len >= sizeof(buf) || *s == '-')
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*v = strtoull(buf, &end, 0);
	return errno || *end || !*v ? -EINVAL : 0;
}

/* "period=N,freq=N,name=S" between the slashes of @s[@from, @to). */
static int pe__terms(struct parse_event *ev, const char *s, size_t from, size_t to,
		     struct parse_events_error *err)
{
	size_t i = from;

	while (i < to) {
		size_t end = i, eq, k;
		u64 v;

		while (end < to && s[end] != ',')
			end++;
		for (eq = i; eq < end && s[eq] != '='; eq++)
			;
		if (eq - i == 6 && !strncmp(s + i, "period", 6)) {
			if (eq == end || pe__parse_u64(s + eq + 1, end - eq - 1, &v))
				return pe__fail(err, eq, "expected a number > 0");
			ev->attr.sample_period = v;
			ev->attr.flags &= ~PERF_ATTR_FLAG_FREQ;
			ev->sampling_set = true;
		} else if (eq - i == 4 && !strncmp(s + i, "freq", 4)) {
			if (eq == end || pe__parse_u64(s + eq + 1, end - eq - 1, &v))
				return pe__fail(err, eq, "expected a number > 0");
			ev->attr.sample_freq = v;
			ev->attr.flags |= PERF_ATTR_FLAG_FREQ;
			ev->sampling_set = true;
		} else if (eq - i == 4 && !strncmp(s + i, "name", 4)) {
			if (eq == end || eq + 1 == end)
				return pe__fail(err, eq, "expected a name");
			free(ev->name);
			ev->name = strndup(s + eq + 1, end - eq - 1);
			if (!ev->name)
				return -ENOMEM;
			ev->named = true;
		} else {
			for (k = 0; k < sizeof(unsupported_terms) / sizeof(unsupported_terms[0]); k++)
				if (strlen(unsupported_terms[k]) == eq - i &&
				    !strncmp(unsupported_terms[k], s + i, eq - i))
					return pe__fail(err, i, "term not supported here");
			snprintf(err->detail, sizeof(err->detail), "valid terms: period,freq,name");
			return pe__fail(err, i, "unknown term");
		}
		i = end < to ? end + 1 : end;
	}
	return 0;
}

static const struct event_symbol *pe__symbol(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < NR_SYMBOLS; i++)
		if (strlen(event_symbols[i].name) == len && !strncmp(event_symbols[i].name, s, len))
			return &event_symbols[i];
	return NULL;
}

/* The tracepoint @sys:@name of @s[@at...]: its id and upstream's errors. */
static int pe__tracepoint(struct parse_event *ev, const char *s, size_t at, size_t colon,
			  size_t end, struct parse_events_error *err)
{
	char sys[128], name[128];
	char path[4096];
	int ret;

	if (colon - at >= sizeof(sys) || end - colon - 1 >= sizeof(name))
		return pe__fail(err, at, "parser error");
	memcpy(sys, s + at, colon - at);
	sys[colon - at] = '\0';
	memcpy(name, s + colon + 1, end - colon - 1);
	name[end - colon - 1] = '\0';
	ret = tracepoint__id(sys, name, &ev->attr.config, path, sizeof(path));
	if (ret == -ENODEV) {
		snprintf(err->detail, sizeof(err->detail), "Error:\ttracefs is not mounted "
			 "(mount -t tracefs nodev /sys/kernel/tracing): no tracepoints.");
		return pe__fail(err, at, "unknown tracepoint");
	}
	if (ret == -ENOENT) {
		snprintf(err->detail, sizeof(err->detail), "Error:\tFile %s not found.\n"
			 "Hint:\tPerhaps this kernel misses some CONFIG_ setting to enable "
			 "this feature?.\n", path);
		return pe__fail(err, at, "unknown tracepoint");
	}
	if (ret)
		return pe__fail(err, at, ret == -EINVAL ? "parser error" : "unknown tracepoint");
	ev->attr.type = PERF_TYPE_TRACEPOINT;
	ev->tracepoint = true;
	return 0;
}

/*
 * One event at @s[@at, @end): NAME[/terms/][:mods] or SYS:NAME.  Appended
 * to @pe.
 */
static int pe__event(struct parse_events *pe, const char *s, size_t at, size_t end,
		     struct parse_events_error *err)
{
	const struct event_symbol *sym;
	struct parse_event *ev;
	size_t n = at, mods = 0;
	char *tmp;
	int ret;

	if (ARRAY_GROW(pe->ev, pe->alloc, pe->nr + 1))
		return -ENOMEM;
	ev = &pe->ev[pe->nr];
	memset(ev, 0, sizeof(*ev));
	ev->attr.size = sizeof(ev->attr);
	ev->leader = (int)pe->nr;
	ev->nr_members = 1;
	ev->name = strndup(s + at, end - at);
	if (!ev->name)
		return -ENOMEM;
	pe->nr++;
	while (n < end && s[n] != '/' && s[n] != ':')
		n++;
	if (n == at)
		return pe__fail(err, at, "parser error");
	sym = pe__symbol(s + at, n - at);
	if (!sym) {
		size_t colon = n, e2;

		if (colon == end || s[colon] != ':')
			return pe__fail(err, at, "parser error");
		/* SYS:NAME, perhaps :mods after it */
		for (e2 = colon + 1; e2 < end && s[e2] != ':'; e2++)
			;
		ret = pe__tracepoint(ev, s, at, colon, e2, err);
		if (ret)
			return ret;
		mods = e2 < end ? e2 + 1 : 0;
		if (e2 < end && mods == end)
			return pe__fail(err, e2, "parser error");
	} else {
		ev->attr.type = sym->type;
		ev->attr.config = sym->config;
		if (n < end && s[n] == '/') {
			size_t close = n + 1;

			while (close < end && s[close] != '/')
				close++;
			if (close == end)
				return pe__fail(err, end, "expected '/'");
			ret = pe__terms(ev, s, n + 1, close, err);
			if (ret)
				return ret;
			n = close + 1;
		}
		if (n < end) {
			if (s[n] != ':' || n + 1 == end)
				return pe__fail(err, n, "parser error");
			mods = n + 1;
		}
	}
	if (mods) {
		tmp = strndup(s + mods, end - mods);
		if (!tmp)
			return -ENOMEM;
		ret = parse_modifiers(tmp, &ev->attr);
		free(tmp);
		if (ret)
			return pe__fail(err, mods, "invalid modifier");
	}
	return 0;
}

/* The end of the event starting at @i: a ',' or @end, outside slashes. */
static size_t pe__event_end(const char *s, size_t i, size_t end)
{
	bool in_terms = false;

	for (; i < end; i++) {
		if (s[i] == '/')
			in_terms = !in_terms;
		else if (s[i] == ',' && !in_terms)
			break;
	}
	return i;
}

int parse_events__add(struct parse_events *pe, const char *str, struct parse_events_error *err)
{
	size_t len = strlen(str), i = 0;
	int ret;

	memset(err, 0, sizeof(*err));
	err->str = str;
	while (i < len) {
		if (str[i] == '{') {
			size_t close = i + 1, first = pe->nr, j, k;
			char *tmp;

			while (close < len && str[close] != '}' && str[close] != '{')
				close++;
			if (close == len || str[close] == '{')
				return pe__fail(err, close, "expected '}'");
			for (j = i + 1; j < close; j = k + 1) {
				k = pe__event_end(str, j, close);
				ret = pe__event(pe, str, j, k, err);
				if (ret)
					return ret;
				if (k == close)
					break;
			}
			if (pe->nr == first)
				return pe__fail(err, i + 1, "parser error");
			for (j = first; j < pe->nr; j++)
				pe->ev[j].leader = (int)first;
			pe->ev[first].nr_members = (int)(pe->nr - first);
			for (j = first + 1; j < pe->nr; j++)
				pe->ev[j].nr_members = 0;
			i = close + 1;
			/* {a,b}:mods applies to every member */
			if (i < len && str[i] == ':') {
				k = i + 1;
				while (k < len && str[k] != ',')
					k++;
				tmp = strndup(str + i + 1, k - i - 1);
				if (!tmp)
					return -ENOMEM;
				for (j = first, ret = 0; j < pe->nr && !ret; j++)
					ret = parse_modifiers(tmp, &pe->ev[j].attr);
				free(tmp);
				if (ret || k == i + 1)
					return pe__fail(err, i + 1, "invalid modifier");
				i = k;
			}
			if (i < len && str[i] != ',')
				return pe__fail(err, i, "parser error");
		} else {
			size_t k = pe__event_end(str, i, len);

			ret = pe__event(pe, str, i, k, err);
			if (ret)
				return ret;
			i = k;
		}
		if (i < len) {
			i++;	/* the ',' */
			if (i == len)
				return pe__fail(err, i, "parser error");
		}
	}
	if (!len)
		return pe__fail(err, 0, "parser error");
	return 0;
}

void parse_events__exit(struct parse_events *pe)
{
	size_t i;

	for (i = 0; i < pe->nr; i++)
		free(pe->ev[i].name);
	free(pe->ev);
	memset(pe, 0, sizeof(*pe));
}
