// SPDX-License-Identifier: GPL-2.0
/*
 * perf config: list, get and set perfconfig variables, as upstream's
 * (perf-config(1)): "section.name" prints "section.name=value",
 * "section.name=value" writes it (to $HOME/.perfconfig unless --system).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "util/base/config.h"
#include "util/base/parse-options.h"

static const char * const config_usage[] = {
	"perf config [<file-option>] [options] [section.name[=value] ...]",
	NULL,
};

static void config__list(const struct perf_config *cfg)
{
	int i, j;

	/* a key set in both files: the value that wins, where it first appeared */
	for (i = 0; i < cfg->nr; i++) {
		for (j = 0; j < i; j++) {
			if (!strcmp(cfg->items[j].key, cfg->items[i].key))
				break;
		}
		if (j == i)
			printf("%s=%s\n", cfg->items[i].key,
			       perf_config__get(cfg, cfg->items[i].key));
	}
}

static int config__set(enum perf_config_scope scope, char *arg)
{
	char path[4096];
	char *eq = strchr(arg, '=');
	int err;

	*eq = '\0';
	err = perf_config__path(scope == PERF_CONFIG_SYSTEM_ONLY ? scope : PERF_CONFIG_USER,
				path, sizeof(path));
	if (!err)
		err = perf_config__set(path, arg, eq + 1);
	if (err) {
		fprintf(stderr, "perf config: cannot write %s: %s\n",
			err == -ENOENT ? "$HOME/.perfconfig (HOME unset)" : path, strerror(-err));
		return 1;
	}
	return 0;
}

int cmd_config(int argc, const char **argv)
{
	bool list = false, user = false, sys = false;
	const struct parse_opt opts[] = {
		{ PARSE_OPT_BOOL, 'l', "list", &list, NULL,
		  "show current config variables" },
		{ PARSE_OPT_BOOL, 0, "user", &user, NULL, "use user config file" },
		{ PARSE_OPT_BOOL, 0, "system", &sys, NULL, "use system config file" },
		{ PARSE_OPT_END },
	};
	const struct parse_opts p = { .cmd = "config", .usage = config_usage, .opts = opts };
	struct perf_config cfg = { .quiet = false };
	enum perf_config_scope scope = PERF_CONFIG_ALL;
	int n = parse_opts__parse(&p, argc, argv), i, ret = 0;

	if (n < 0)
		return -n;
	if (user && sys)
		return parse_opts__error(&p, "only one config file at a time");
	if (user)
		scope = PERF_CONFIG_USER;
	else if (sys)
		scope = PERF_CONFIG_SYSTEM_ONLY;
	if (list && n)
		return parse_opts__error(&p, "--list takes no variables");
	if (!list && !n) {
		parse_opts__usage(&p, stderr);
		return PERF_USAGE_ERROR;
	}
	/* check every argument before writing anything */
	for (i = 0; i < n; i++) {
		char key[512];
		const char *eq = strchr(argv[i], '=');
		size_t len = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);

		snprintf(key, sizeof(key), "%.*s", (int)len, argv[i]);
		if (len >= sizeof(key) || perf_config__check_key(key)) {
			fprintf(stderr, strchr(key, '.') ?
				"Invalid config variable name: %s\n" :
				"The config variable does not contain a section name: %s\n", key);
			return 255;	/* upstream's -1 */
		}
	}
	if (perf_config__load(&cfg, scope)) {
		fprintf(stderr, "perf config: out of memory\n");
		return 1;
	}
	if (list)
		config__list(&cfg);
	for (i = 0; i < n && !ret; i++) {
		char key[512], *k = key, *eq;
		const char *v;

		snprintf(key, sizeof(key), "%s", argv[i]);
		eq = strchr(key, '=');
		if (eq) {
			ret = config__set(scope, key);
			continue;
		}
		/* section and name are case-insensitive */
		for (; *k; k++)
			*k = (char)(*k >= 'A' && *k <= 'Z' ? *k - 'A' + 'a' : *k);
		v = perf_config__get(&cfg, key);
		if (v)
			printf("%s=%s\n", key, v);
	}
	perf_config__exit(&cfg);
	return ret;
}
