// SPDX-License-Identifier: GPL-2.0
/* perfconfig files: reading with upstream's precedence, rewriting for perf config. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/base/array.h"
#include "util/base/config.h"

/* The keys this perf acts on; any pager.<command> too. */
static const char * const config_known[] = {
	"buildid.dir",
	"call-graph.dump-size",
	"call-graph.order",
	"call-graph.print-limit",
	"call-graph.print-type",
	"call-graph.record-mode",
	"call-graph.sort-key",
	"call-graph.threshold",
	"record.build-id",
	"report.children",
	"report.percent-limit",
};

static int config__add(struct perf_config *cfg, const char *key, const char *value,
		       const char *file)
{
	struct perf_config_item *it;

	if (ARRAY_GROW(cfg->items, cfg->alloc, (size_t)cfg->nr + 1))
		return -ENOMEM;
	it = &cfg->items[cfg->nr];
	it->key = strdup(key);
	it->value = strdup(value);
	it->file = file;
	if (!it->key || !it->value) {
		free(it->key);
		free(it->value);
		return -ENOMEM;
	}
	cfg->nr++;
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* "[name]" or "[name \"sub\"]" into @section ("name" or "name.sub"); -EINVAL if neither. */
static int config__section(char *line, char *section, size_t size)
{
	char *end = strrchr(line, ']'), *q, *p, *name;
	int n;

	if (!end || trim(end + 1)[0])
		return -EINVAL;
	*end = '\0';
	name = line + 1;
	q = strchr(name, '"');
	if (q) {
		char *qe = strrchr(q + 1, '"');

		if (!qe || trim(qe + 1)[0])
			return -EINVAL;
		*qe = '\0';
		*q = '\0';
	}
	name = trim(name);
	if (!*name)
		return -EINVAL;
	/* section names are case-insensitive; a subsection is not */
	for (p = name; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_' && *p != '.')
			return -EINVAL;
		*p = (char)tolower((unsigned char)*p);
	}
	n = q ? snprintf(section, size, "%s.%s", name, q + 1) : snprintf(section, size, "%s", name);
	return n >= (int)size ? -EINVAL : 0;
}

/* "name = value"; a quoted value keeps its inner spaces and '#'. */
static int config__pair(char *line, char **name, char **value)
{
	char *eq = strchr(line, '='), *v, *p;

	if (eq)
		*eq = '\0';
	*name = trim(line);
	if (!**name)
		return -EINVAL;
	for (p = *name; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
			return -EINVAL;
		*p = (char)tolower((unsigned char)*p);
	}
	/* git takes a bare name as true; upstream perf calls it a bad line */
	if (!eq)
		return -EINVAL;
	v = trim(eq + 1);
	if (*v == '"') {
		char *qe = strchr(v + 1, '"');

		if (!qe)
			return -EINVAL;
		*qe = '\0';
		p = trim(qe + 1);
		if (*p && *p != '#' && *p != ';')
			return -EINVAL;
		*value = v + 1;
		return 0;
	}
	p = strpbrk(v, "#;");
	if (p)
		*p = '\0';
	*value = trim(v);
	return 0;
}

static int config__read_file(struct perf_config *cfg, const char *path)
{
	char line[4096], section[256] = "", key[512];
	struct stat st;
	int lineno = 0, err = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		if (errno != ENOENT && !cfg->quiet)
			fprintf(stderr, "perf: cannot read config file %s: %s; ignored\n", path,
				strerror(errno));
		return 0;
	}
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		/* /dev/null is how upstream says "no config" */
		if (!S_ISCHR(st.st_mode) && !cfg->quiet)
			fprintf(stderr, "perf: config file %s is not a regular file; ignored\n", path);
		fclose(f);
		return 0;
	}
	while (!err && fgets(line, sizeof(line), f)) {
		char *l = trim(line), *name, *value;

		lineno++;
		if (!*l || *l == '#' || *l == ';')
			continue;
		if (*l == '[') {
			if (config__section(l, section, sizeof(section)))
				goto bad;
			continue;
		}
		if (!*section || config__pair(l, &name, &value) ||
		    snprintf(key, sizeof(key), "%s.%s", section, name) >= (int)sizeof(key))
			goto bad;
		err = config__add(cfg, key, value, path);
		continue;
bad:
		/* upstream's words; like upstream, what follows is not read */
		if (!cfg->quiet)
			fprintf(stderr, "bad config file line %d in %s\n", lineno, path);
		break;
	}
	fclose(f);
	return err;
}

int perf_config__path(enum perf_config_scope scope, char *buf, unsigned long size)
{
	const char *home;

	if (scope == PERF_CONFIG_SYSTEM_ONLY)
		return snprintf(buf, size, "%s", PERF_CONFIG_SYSTEM) >= (int)size ? -ENAMETOOLONG : 0;
	home = getenv("HOME");
	if (!home || !*home)
		return -ENOENT;
	return snprintf(buf, size, "%s/.perfconfig", home) >= (int)size ? -ENAMETOOLONG : 0;
}

static int config__load_one(struct perf_config *cfg, enum perf_config_scope scope)
{
	char path[4096];
	int i = cfg->files[0] ? 1 : 0;

	if (perf_config__path(scope, path, sizeof(path)))
		return 0;
	cfg->files[i] = strdup(path);
	if (!cfg->files[i])
		return -ENOMEM;
	return config__read_file(cfg, cfg->files[i]);
}

int perf_config__load(struct perf_config *cfg, enum perf_config_scope scope)
{
	const char *env = getenv("PERF_CONFIG");
	const char *nosys = getenv("PERF_CONFIG_NOSYSTEM");
	int err = 0;

	if (env && *env && scope == PERF_CONFIG_ALL) {
		cfg->files[0] = strdup(env);
		return cfg->files[0] ? config__read_file(cfg, cfg->files[0]) : -ENOMEM;
	}
	if (scope != PERF_CONFIG_USER && !(nosys && *nosys && strcmp(nosys, "0")))
		err = config__load_one(cfg, PERF_CONFIG_SYSTEM_ONLY);
	if (!err && scope != PERF_CONFIG_SYSTEM_ONLY)
		err = config__load_one(cfg, PERF_CONFIG_USER);
	return err;
}

void perf_config__exit(struct perf_config *cfg)
{
	int i;

	for (i = 0; i < cfg->nr; i++) {
		free(cfg->items[i].key);
		free(cfg->items[i].value);
	}
	free(cfg->items);
	free(cfg->files[0]);
	free(cfg->files[1]);
	memset(cfg, 0, sizeof(*cfg));
}

const char *perf_config__get(const struct perf_config *cfg, const char *key)
{
	int i;

	for (i = cfg->nr - 1; i >= 0; i--) {
		if (!strcmp(cfg->items[i].key, key))
			return cfg->items[i].value;
	}
	return NULL;
}

int perf_config__bool(const char *v, bool *b)
{
	if (!strcasecmp(v, "true") || !strcasecmp(v, "yes") || !strcasecmp(v, "on") ||
	    !strcmp(v, "1")) {
		*b = true;
		return 0;
	}
	if (!strcasecmp(v, "false") || !strcasecmp(v, "no") || !strcasecmp(v, "off") ||
	    !strcmp(v, "0") || !*v) {
		*b = false;
		return 0;
	}
	return -EINVAL;
}

static bool config__known(const char *key)
{
	size_t i;

	if (!strncmp(key, "pager.", 6))
		return true;
	for (i = 0; i < sizeof(config_known) / sizeof(config_known[0]); i++) {
		if (!strcmp(key, config_known[i]))
			return true;
	}
	return false;
}

void perf_config__warn_unknown(const struct perf_config *cfg)
{
	const char *file = NULL;
	int i, n = 0;

	for (i = 0; i < cfg->nr; i++) {
		if (config__known(cfg->items[i].key))
			continue;
		if (!n++) {
			file = cfg->items[i].file;
			fprintf(stderr, "perf: %s: not used by this perf (see perf help config):", file);
		}
		fprintf(stderr, " %s", cfg->items[i].key);
	}
	if (n)
		fputc('\n', stderr);
}

int perf_config__check_key(const char *key)
{
	const char *dot = strchr(key, '.'), *p;

	if (!dot || dot == key || !dot[1] || key[strlen(key) - 1] == '.')
		return -EINVAL;
	/* what a file can spell without quotes (a subsection could, we do not write one) */
	for (p = key; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_' && *p != '.')
			return -EINVAL;
	}
	return 0;
}

/* "a.b.c": section "a", subsection "b", name "c"; "a.c": no subsection. */
static void config__write_item(FILE *f, const char *key, const char *value, char *cur,
			       size_t size)
{
	const char *first = strchr(key, '.'), *last = strrchr(key, '.');
	char section[512];
	bool quote = strpbrk(value, "#;\"") || (*value && (isspace((unsigned char)*value) ||
				isspace((unsigned char)value[strlen(value) - 1])));

	if (first == last)
		snprintf(section, sizeof(section), "[%.*s]", (int)(first - key), key);
	else
		snprintf(section, sizeof(section), "[%.*s \"%.*s\"]", (int)(first - key), key,
			 (int)(last - first - 1), first + 1);
	if (strcmp(section, cur)) {
		fprintf(f, "%s\n", section);
		snprintf(cur, size, "%s", section);
	}
	fprintf(f, quote ? "\t%s = \"%s\"\n" : "\t%s = %s\n", last + 1, value);
}

int perf_config__set(const char *path, const char *key, const char *value)
{
	struct perf_config cfg = { .quiet = true };
	char tmp[4200], cur[512] = "";
	const char *last = strrchr(key, '.');
	bool done = false;
	int i, j, err;
	FILE *f;

	if (perf_config__check_key(key))
		return -EINVAL;
	cfg.files[0] = strdup(path);
	if (!cfg.files[0])
		return -ENOMEM;
	err = config__read_file(&cfg, cfg.files[0]);
	if (err)
		goto out;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp)) {
		err = -ENAMETOOLONG;
		goto out;
	}
	f = fopen(tmp, "we");
	if (!f) {
		err = -errno;
		goto out;
	}
	fprintf(f, "# this file is auto-generated.\n");
	/* section by section, in the order they first appear; the new key last in its own */
	for (i = 0; i < cfg.nr; i++) {
		const char *ki = cfg.items[i].key, *li = strrchr(ki, '.');
		bool seen = false;

		for (j = 0; j < i && !seen; j++) {
			const char *kj = cfg.items[j].key;

			seen = strrchr(kj, '.') - kj == li - ki && !strncmp(kj, ki, li - ki);
		}
		if (seen)
			continue;
		for (j = i; j < cfg.nr; j++) {
			const char *kj = cfg.items[j].key;

			if (strrchr(kj, '.') - kj != li - ki || strncmp(kj, ki, li - ki))
				continue;
			if (!strcmp(kj, key)) {
				if (value && !done)
					config__write_item(f, key, value, cur, sizeof(cur));
				done = true;
				continue;
			}
			config__write_item(f, kj, cfg.items[j].value, cur, sizeof(cur));
		}
		if (!done && value && last - key == li - ki && !strncmp(key, ki, li - ki)) {
			config__write_item(f, key, value, cur, sizeof(cur));
			done = true;
		}
	}
	if (!done && value)
		config__write_item(f, key, value, cur, sizeof(cur));
	if (fclose(f) || rename(tmp, path)) {
		err = -errno;
		unlink(tmp);
	}
out:
	perf_config__exit(&cfg);
	return err;
}
