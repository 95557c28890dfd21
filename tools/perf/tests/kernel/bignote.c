// SPDX-License-Identifier: GPL-2.0
/*
 * A program whose build-id note is ~2.7 MiB into the file: 2 MiB of
 * non-zero read-only data, and scripts/kernel-test links it with a linker
 * script that moves .note.gnu.build-id after .data.  Linux 6.1's parser
 * only looked at page 0; a file read after drop_caches has only the pages
 * exec touched in the page cache.
 */
#include <stdio.h>

#define PAD (2u << 20)
static const unsigned char pad[PAD] = { [0 ... PAD - 1] = 0x5a };
int main(int argc, char **argv)
{
	volatile unsigned int i = (unsigned int)argc * 4096u;

	(void)argv;
	printf("bignote %u\n", pad[i % PAD]);
	return 0;
}
