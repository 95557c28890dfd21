// SPDX-License-Identifier: GPL-2.0
/*
 * Test driver: print the build-id of files through util/symbols/build-id.c, one
 * line each, so shell tests can compare with readelf -n.
 *
 *   read-build-id [--notes] FILE...    "<hex> <file>", or "<ERRNO> <file>"
 *   read-build-id --kernel             the running kernel's
 *   read-build-id --module NAME        a loaded module's
 *
 * --notes reads each FILE as a raw notes blob (/sys/kernel/notes).  Exit
 * 0 if every id was read, 1 if any failed, 129 on usage errors.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "util/symbols/build-id.h"

static int print(const char *what, int err, const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE];

	if (err) {
		const char *name = strerrorname_np(-err);

		printf("%s %s\n", name ? name : "E?", what);
		return 1;
	}
	build_id__sprintf(bid, hex);
	printf("%s %s\n", hex, what);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "notes",	no_argument,		NULL, 'n' },
		{ "kernel",	no_argument,		NULL, 'k' },
		{ "module",	required_argument,	NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *module = NULL;
	bool notes = false, kernel = false;
	struct build_id bid;
	int c, i, ret = 0;

	while ((c = getopt_long(argc, argv, "nkm:", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			notes = true;
			break;
		case 'k':
			kernel = true;
			break;
		case 'm':
			module = optarg;
			break;
		default:
			fprintf(stderr, "usage: read-build-id [--notes] FILE... | --kernel | --module NAME\n");
			return 129;
		}
	}
	if (kernel)
		ret |= print("[kernel.kallsyms]", kernel__read_build_id(&bid), &bid);
	if (module)
		ret |= print(module, module__read_build_id(module, &bid), &bid);
	for (i = optind; i < argc; i++) {
		int err = notes ? sysfs__read_build_id(argv[i], &bid) :
				  filename__read_build_id(argv[i], &bid);

		ret |= print(argv[i], err, &bid);
	}
	return ret;
}
