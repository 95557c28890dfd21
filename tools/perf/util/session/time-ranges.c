// SPDX-License-Identifier: GPL-2.0
/*
 * --time strings into ranges of sample times (time-ranges.h), with
 * upstream perf 6.1's syntax: absolute ranges separated by blanks,
 * percent slices and percent ranges separated by commas.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/session/time-ranges.h"

#define NSEC_PER_SEC	1000000000ULL

int time_ranges__parse_nsec(const char *str, u64 *ns)
{
	char frac[10], *end;
	unsigned long long sec, nsec = 0;
	size_t len;

	sec = strtoul(str, &end, 10);
	if (*end != '.' && *end)
		return -EINVAL;
	if (*end == '.') {
		len = strlen(++end);
		if (len > 9)
			return -EINVAL;
		/* ".5" is half a second: the digits padded to nanoseconds */
		memset(frac, '0', 9);
		memcpy(frac, end, len);
		frac[9] = '\0';
		nsec = strtoul(frac, &end, 10);
		if (*end)
			return -EINVAL;
	}
	*ns = sec * NSEC_PER_SEC + nsec;
	return 0;
}

/* "start,stop" (either may be empty); stop before start is -EINVAL. */
static int time_range__parse(struct time_range *r, char *s)
{
	char *comma = strchr(s, ',');

	r->start = r->end = 0;
	if (comma)
		*comma = '\0';
	if (*s && time_ranges__parse_nsec(s, &r->start))
		return -EINVAL;
	if (comma && comma[1] && time_ranges__parse_nsec(comma + 1, &r->end))
		return -EINVAL;
	return r->end && r->end < r->start ? -EINVAL : 0;
}

/*
 * Absolute ranges: one comma each, a range ends at the first blank after
 * its comma; in order and disjoint.  Returns how many, or -EINVAL.
 */
static int time_ranges__parse_abs(struct time_ranges *tr, char *s)
{
	size_t n = 0, i;
	char *p = s, *arg;

	for (arg = s; *arg; arg++)
		n += *arg == ',';
	if (!n)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		arg = p;
		if (i + 1 < n) {
			p = strchr(p, ',') + 1;
			while (isspace((unsigned char)*p))
				p++;
			/* the stop value: no comma in it, a blank after it */
			while (*p && !isspace((unsigned char)*p))
				if (*p++ == ',')
					return -EINVAL;
			if (*p)
				*p++ = '\0';
		}
		if (time_range__parse(&tr->v[i], arg))
			return -EINVAL;
	}
	for (i = 0; i + 1 < n; i++)
		if (tr->v[i].end >= tr->v[i + 1].start)
			return -EINVAL;
	return (int)n;
}

/* "12.5%": what precedes the '%' is the number (what follows is ignored). */
static int parse_percent(const char *s, double *pcnt)
{
	const char *c = s ? strchr(s, '%') : NULL;
	char *end;
	double d;

	if (!c)
		return -EINVAL;
	d = strtod(s, &end);
	if (end != c)
		return -EINVAL;
	*pcnt = d / 100.0;
	return 0;
}

static int time_range__set_percent(struct time_range *r, double from, double to, u64 first,
				   u64 last)
{
	u64 total = last - first;

	if (from < 0.0 || from > 1.0 || to < 0.0 || to > 1.0)
		return -EINVAL;
	r->start = first + (u64)round(from * total);
	r->end = first + (u64)round(to * total);
	/* slices that meet do not share their boundary nanosecond */
	if (r->end > r->start && r->end != last)
		r->end--;
	return 0;
}

/* "10%/2": the second slice of 10%. */
static int time_range__percent_slice(struct time_range *r, char *s, u64 first, u64 last)
{
	char *slash = strchr(s, '/'), *end;
	double pcnt;
	long i;

	if (!slash)
		return -EINVAL;
	*slash = '\0';
	if (parse_percent(s, &pcnt))
		return -EINVAL;
	i = strtol(slash + 1, &end, 10);
	if (*end || pcnt <= 0.0)
		return -EINVAL;
	return time_range__set_percent(r, pcnt * (i - 1), pcnt * i, first, last);
}

/* "0%-10%" */
static int time_range__percent_range(struct time_range *r, char *s, u64 first, u64 last)
{
	char *dash = strchr(s, '-');
	double from, to;

	if (!dash)
		return -EINVAL;
	*dash = '\0';
	if (parse_percent(s, &from) || parse_percent(dash + 1, &to))
		return -EINVAL;
	return time_range__set_percent(r, from, to, first, last);
}

typedef int (*percent_fn)(struct time_range *r, char *s, u64 first, u64 last);

/* Comma-separated percent forms (a trailing comma ends the list). */
static int time_ranges__parse_percent(struct time_ranges *tr, char *s, size_t size, u64 first,
				      u64 last)
{
	percent_fn fn;
	char *p = s, *comma;
	size_t n = 0;
	char *pct;

	if (strchr(s, '/'))
		fn = time_range__percent_slice;
	else if (strchr(s, '-'))
		fn = time_range__percent_range;
	else {
		/* one bare "10%", which is "10%/1": nothing after the '%' */
		pct = strchr(s, '%');
		if (!pct || pct[1])
			return -EINVAL;
		strcat(s, "/1");
		return time_range__percent_slice(&tr->v[0], s, first, last) ? -EINVAL : 1;
	}
	while (*p) {
		if (n >= size)
			return -EINVAL;
		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (fn(&tr->v[n], p, first, last))
			return -EINVAL;
		n++;
		if (!comma)
			break;
		p = comma + 1;
	}
	return (int)n;
}

int time_ranges__parse(struct time_ranges *tr, const char *str, u64 first, u64 last)
{
	size_t size = 1, len = strlen(str);
	const char *c;
	char *s;
	int n;

	memset(tr, 0, sizeof(*tr));
	for (c = str; *c; c++)
		size += *c == ',';
	if (strchr(str, '%') && !first && !last)
		return -ENODATA;
	tr->v = calloc(size, sizeof(*tr->v));
	/* room for the "/1" a bare percentage becomes */
	s = malloc(len + 3);
	if (!tr->v || !s) {
		free(s);
		time_ranges__exit(tr);
		return -ENOMEM;
	}
	memcpy(s, str, len + 1);
	if (strchr(s, '%'))
		n = time_ranges__parse_percent(tr, s, size, first, last);
	else
		n = time_ranges__parse_abs(tr, s);
	free(s);
	if (n < 0) {
		time_ranges__exit(tr);
		return n;
	}
	tr->nr = n;
	return 0;
}

void time_ranges__exit(struct time_ranges *tr)
{
	free(tr->v);
	memset(tr, 0, sizeof(*tr));
}

bool time_ranges__skip(const struct time_ranges *tr, u64 time)
{
	const struct time_range *r;
	size_t i;

	if (!tr->nr || !time)
		return false;
	if (tr->nr == 1) {
		r = &tr->v[0];
		return (r->start && time < r->start) || (r->end && time > r->end);
	}
	for (i = 0; i < tr->nr; i++) {
		r = &tr->v[i];
		if (time >= r->start && (time <= r->end || !r->end))
			return false;
	}
	return true;
}
