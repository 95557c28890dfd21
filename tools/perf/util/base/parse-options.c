// SPDX-License-Identifier: GPL-2.0
/*
 * A small table-driven option parser, the facts taken from upstream's
 * documented behaviour: clustered short options (-fq), attached or
 * separate values (-ifile, -i file, --input=file, --input file), --no-NAME
 * for flags, unique prefixes of long names, "--" ends the options, -h
 * prints the table sorted as upstream does, errors exit 129.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/parse-options.h"

#define USAGE_OPTS_WIDTH	24
#define USAGE_GAP		2

static bool opt__takes_value(const struct parse_opt *o)
{
	if (o->type == PARSE_OPT_STRING)
		return true;
	return o->type == PARSE_OPT_CALLBACK && !(o->flags & PARSE_OPT_NOARG);
}

static bool opt__can_negate(const struct parse_opt *o)
{
	if (o->flags & PARSE_OPT_NONEG)
		return false;
	/* a callback says it handles `unset' */
	return o->type != PARSE_OPT_CALLBACK || (o->flags & PARSE_OPT_CANNEG);
}

static void usage__header(const struct parse_opts *p, FILE *fp)
{
	const char * const *u = p->usage;

	fprintf(fp, "\n Usage: %s\n", *u++);
	while (*u)
		fprintf(fp, "    or: %s\n", *u++);
	fputc('\n', fp);
}

static void usage__one(const struct parse_opt *o, FILE *fp)
{
	int pos = fprintf(fp, "    ");

	if (o->short_name)
		pos += fprintf(fp, "-%c", o->short_name);
	else
		pos += fprintf(fp, "    ");
	if (o->short_name && o->long_name)
		pos += fprintf(fp, ", ");
	if (o->long_name)
		pos += fprintf(fp, "--%s", o->long_name);
	if (opt__takes_value(o) && o->argh) {
		/* a value that may be the next word reads as a required one */
		if (!(o->flags & PARSE_OPT_OPTARG) || (o->flags & PARSE_OPT_OPTARG_NEXT))
			pos += fprintf(fp, " <%s>", o->argh);
		else if (o->long_name)
			pos += fprintf(fp, "[=<%s>]", o->argh);
		else
			pos += fprintf(fp, "[<%s>]", o->argh);
	}
	if (pos <= USAGE_OPTS_WIDTH) {
		fprintf(fp, "%*s", USAGE_OPTS_WIDTH + USAGE_GAP - pos, "");
	} else {
		fputc('\n', fp);
		fprintf(fp, "%*s", USAGE_OPTS_WIDTH + USAGE_GAP, "");
	}
	fprintf(fp, "%s\n", o->help ? o->help : "");
}

/* Upstream's order: short names (case folded, then by long name), then long-only ones. */
static int opt__cmp(const void *va, const void *vb)
{
	const struct parse_opt *a = *(const struct parse_opt * const *)va;
	const struct parse_opt *b = *(const struct parse_opt * const *)vb;
	int sa = a->short_name ? tolower(a->short_name) : 0x100;
	int sb = b->short_name ? tolower(b->short_name) : 0x100;

	if (sa != sb)
		return sa - sb;
	return strcmp(a->long_name ? a->long_name : "", b->long_name ? b->long_name : "");
}

void parse_opts__usage(const struct parse_opts *p, FILE *fp)
{
	const struct parse_opt **v;
	size_t n = 0, i;

	usage__header(p, fp);
	for (i = 0; p->opts[i].type != PARSE_OPT_END; i++)
		;
	v = calloc(i + 1, sizeof(*v));
	if (!v)
		return;
	for (i = 0; p->opts[i].type != PARSE_OPT_END; i++) {
		if (!(p->opts[i].flags & (PARSE_OPT_HIDDEN | PARSE_OPT_UNSUPPORTED)))
			v[n++] = &p->opts[i];
	}
	qsort(v, n, sizeof(*v), opt__cmp);
	for (i = 0; i < n; i++)
		usage__one(v[i], fp);
	fputc('\n', fp);
	free(v);
}

void parse_opts__list(const struct parse_opts *p, FILE *fp)
{
	const struct parse_opt *o;

	for (o = p->opts; o->type != PARSE_OPT_END; o++) {
		if (o->long_name && !(o->flags & (PARSE_OPT_HIDDEN | PARSE_OPT_UNSUPPORTED)))
			fprintf(fp, "--%s ", o->long_name);
	}
	fputc('\n', fp);
}

int parse_opts__error(const struct parse_opts *p, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "  Error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	parse_opts__usage(p, stderr);
	return PERF_USAGE_ERROR;
}

/* A value problem shows only the option concerned, as upstream does. */
static int opt__error(const struct parse_opts *p, const struct parse_opt *o, bool as_short,
		      const char *what)
{
	if (as_short)
		fprintf(stderr, " Error: switch `%c' %s\n", o->short_name, what);
	else
		fprintf(stderr, " Error: option `%s' %s\n", o->long_name, what);
	fprintf(stderr, " Usage: %s\n\n", p->usage[0]);
	usage__one(o, stderr);
	fputc('\n', stderr);
	return PERF_USAGE_ERROR;
}

static int opt__apply(const struct parse_opts *p, const struct parse_opt *o,
		      const char *arg, bool unset)
{
	if (o->flags & PARSE_OPT_UNSUPPORTED) {
		if (o->short_name && o->long_name)
			fprintf(stderr, "perf %s: -%c/--%s is not supported: %s\n", p->cmd,
				o->short_name, o->long_name, o->help);
		else if (o->long_name)
			fprintf(stderr, "perf %s: --%s is not supported: %s\n", p->cmd,
				o->long_name, o->help);
		else
			fprintf(stderr, "perf %s: -%c is not supported: %s\n", p->cmd,
				o->short_name, o->help);
		return PERF_USAGE_ERROR;
	}
	switch (o->type) {
	case PARSE_OPT_BOOL:
		*(bool *)o->value = !unset;
		return 0;
	case PARSE_OPT_INCR:
		*(int *)o->value = unset ? 0 : *(int *)o->value + 1;
		return 0;
	case PARSE_OPT_STRING:
		*(const char **)o->value = unset ? NULL : arg;
		return 0;
	case PARSE_OPT_CALLBACK:
		return p->cb ? p->cb(p->ctx, o->key, arg, unset) : 0;
	case PARSE_OPT_END:
	default:
		return 0;
	}
}

/* The value of an option that takes one; *i moves past a separate word. */
static int opt__value(const struct parse_opts *p, const struct parse_opt *o, bool as_short,
		      const char *attached, int argc, const char **argv, int *i,
		      const char **arg)
{
	const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;

	*arg = attached;
	if (attached)
		return 0;
	if (o->flags & PARSE_OPT_OPTARG) {
		if ((o->flags & PARSE_OPT_OPTARG_NEXT) && next && next[0] != '-') {
			*arg = next;
			(*i)++;
		}
		return 0;
	}
	if (!next)
		return opt__error(p, o, as_short, "requires a value");
	*arg = next;
	(*i)++;
	return 0;
}

static int parse_short(const struct parse_opts *p, const char *s, int argc, const char **argv,
		       int *i)
{
	for (; *s; s++) {
		const struct parse_opt *o;
		const char *arg = NULL;
		int err;

		for (o = p->opts; o->type != PARSE_OPT_END; o++) {
			if (o->short_name == *s)
				break;
		}
		if (o->type == PARSE_OPT_END) {
			if (*s == 'h') {
				/* stderr, as upstream's */
				parse_opts__usage(p, stderr);
				return PERF_USAGE_ERROR;
			}
			return parse_opts__error(p, "unknown switch `%c'", *s);
		}
		if (!opt__takes_value(o))
			err = opt__apply(p, o, NULL, false);
		else {
			err = opt__value(p, o, true, s[1] ? s + 1 : NULL, argc, argv, i, &arg);
			if (!err)
				err = opt__apply(p, o, arg, false);
			if (!err)
				return 0;	/* the value took the rest of the word */
		}
		if (err)
			return err;
	}
	return 0;
}

/* 1: @name is exactly @o's long name (or its opposite), 2: a prefix of it. */
static int long__match(const struct parse_opt *o, const char *name, size_t len, bool *unset)
{
	const char *l = o->long_name;
	size_t ll = strlen(l);

	*unset = false;
	if (len <= ll && !strncmp(l, name, len))
		return len == ll ? 1 : 2;
	/* --buildid undoes --no-buildid */
	if (opt__can_negate(o) && !strncmp(l, "no-", 3) && len <= ll - 3 && !strncmp(l + 3, name, len)) {
		*unset = true;
		return len == ll - 3 ? 1 : 2;
	}
	if (opt__can_negate(o) && len > 3 && !strncmp(name, "no-", 3) &&
	    len - 3 <= ll && !strncmp(l, name + 3, len - 3)) {
		*unset = true;
		return len - 3 == ll ? 1 : 2;
	}
	return 0;
}

static int parse_long(const struct parse_opts *p, const char *s, int argc, const char **argv,
		      int *i)
{
	const struct parse_opt *o, *found = NULL, *other = NULL;
	const char *eq = strchr(s, '=');
	size_t len = eq ? (size_t)(eq - s) : strlen(s);
	bool unset = false, u, exact = false;
	const char *arg = NULL;
	int err;

	/* "--=x" names nothing (an empty prefix would match every option) */
	if (!len)
		return parse_opts__error(p, "unknown option `%s'", s);
	for (o = p->opts; o->type != PARSE_OPT_END; o++) {
		int m;

		if (!o->long_name)
			continue;
		m = long__match(o, s, len, &u);
		if (m == 1) {
			found = o;
			unset = u;
			exact = true;
			break;
		}
		if (m == 2) {
			if (found && found != o)
				other = o;
			else {
				found = o;
				unset = u;
			}
		}
	}
	if (!exact && other) {
		fprintf(stderr, " Error: Ambiguous option: %.*s (could be --%s%s or --%s%s)\n",
			(int)len, s, unset ? "no-" : "", found->long_name,
			unset ? "no-" : "", other->long_name);
		parse_opts__usage(p, stderr);
		return PERF_USAGE_ERROR;
	}
	if (!found) {
		if (!strcmp(s, "help") || !strcmp(s, "help-short")) {
			parse_opts__usage(p, stderr);
			return PERF_USAGE_ERROR;
		}
		if (!strcmp(s, "list-opts")) {
			parse_opts__list(p, stdout);
			return 130;	/* upstream's status for --list-opts */
		}
		return parse_opts__error(p, "unknown option `%.*s'", (int)len, s);
	}
	o = found;
	if (unset || !opt__takes_value(o)) {
		if (eq)
			return opt__error(p, o, false, "takes no value");
	} else {
		err = opt__value(p, o, false, eq ? eq + 1 : NULL, argc, argv, i, &arg);
		if (err)
			return err;
	}
	return opt__apply(p, o, arg, unset);
}

int parse_opts__parse(const struct parse_opts *p, int argc, const char **argv)
{
	int i, nout = 0, err;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-' || !a[1]) {
			if (p->flags & PARSE_OPTS_STOP_AT_NON_OPTION)
				break;
			argv[nout++] = a;	/* nout <= i: nothing unread is overwritten */
			continue;
		}
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[1] == '-')
			err = parse_long(p, a + 2, argc, argv, &i);
		else
			err = parse_short(p, a + 1, argc, argv, &i);
		if (err)
			return -err;
	}
	/* STOP_AT_NON_OPTION collects nothing: argv stays as given (record's CMDLINE). */
	if (p->flags & PARSE_OPTS_STOP_AT_NON_OPTION)
		return argc - i;
	while (i < argc)
		argv[nout++] = argv[i++];
	return nout;
}

int parse_opts__parse_no_args(const struct parse_opts *p, int argc, const char **argv)
{
	int n = parse_opts__parse(p, argc, argv);

	if (n < 0)
		return -n;
	if (n)
		return parse_opts__error(p, "unexpected argument `%s'", argv[0]);
	return 0;
}
