// SPDX-License-Identifier: GPL-2.0
/*
 * JSON output in upstream perf's layout (see json-writer.h).  Written a
 * character at a time through stdio: a 100 MB -g profile makes some
 * 300 MB of JSON, and these are the loops it goes through.
 */
#include <stdio.h>
#include "data/json-writer.h"

/*
 * The length of the valid UTF-8 sequence of a byte >= 0x80 at @s (2 to
 * 4), or 0: no overlong forms, no surrogates, nothing past U+10FFFF.
 */
static int utf8__seq_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		if (s[0] == 0xe0)
			lo = 0xa0;
		else if (s[0] == 0xed)
			hi = 0x9f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		if (s[0] == 0xf0)
			lo = 0x90;
		else if (s[0] == 0xf4)
			hi = 0x8f;
	} else {
		return 0;
	}
	/* the NUL ending the string is no continuation byte: no overrun */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void json__string(FILE *fp, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	putc_unlocked('"', fp);
	while (*s) {
		switch (*s) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\b':
			fputs("\\b", fp);
			break;
		case '\f':
			fputs("\\f", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		default:
			if (*s < 0x20) {
				fprintf(fp, "\\u%04x", *s);
			} else if (*s < 0x80) {
				putc_unlocked(*s, fp);
			} else if ((n = utf8__seq_len(s)) > 0) {
				fwrite(s, 1, n, fp);
				s += n;
				continue;
			} else {
				fprintf(fp, "\\u%04x", *s);
			}
			break;
		}
		s++;
	}
	putc_unlocked('"', fp);
}

void json__next(FILE *fp, bool comma, int depth)
{
	if (comma)
		putc_unlocked(',', fp);
	putc_unlocked('\n', fp);
	while (depth-- > 0)
		putc_unlocked('\t', fp);
}

void json__key(FILE *fp, bool comma, int depth, const char *key)
{
	json__next(fp, comma, depth);
	json__string(fp, key);
	fputs(": ", fp);
}

void json__key_string(FILE *fp, bool comma, int depth, const char *key, const char *value)
{
	json__key(fp, comma, depth, key);
	json__string(fp, value);
}
