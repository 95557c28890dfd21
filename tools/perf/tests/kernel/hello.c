// SPDX-License-Identifier: GPL-2.0
/*
 * The smallest useful guest program: scripts/kernel-test links it with
 * --build-id=md5 (a 16-byte id) and with --build-id=none (no note).
 */
#include <stdio.h>

int main(void)
{
	puts("hello");
	return 0;
}
