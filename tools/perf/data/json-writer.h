/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pieces of upstream perf's JSON layout: every value on its own line,
 * indented by tabs, the comma before the newline.  Strings are escaped as
 * RFC 8259 requires, so any parser reads the document back.
 */
#ifndef __PERF_DATA_JSON_WRITER_H
#define __PERF_DATA_JSON_WRITER_H

#include <stdbool.h>
#include <stdio.h>

/*
 * @s quoted and escaped: '"', '\\' and the control characters with short
 * forms as those (\n, \t...), the other control characters as \u00XX, as
 * upstream escapes them.  Valid UTF-8 is copied as it is; a byte that is
 * not part of a valid UTF-8 sequence is written as \u00XX (read as
 * Latin-1), so the document stays valid JSON whatever a comm or a symbol
 * holds (upstream 6.1 writes such bytes, and all non-ASCII ones, as
 * "\uffffffXX").
 */
void json__string(FILE *fp, const char *s);

/* An optional comma, a newline and @depth tabs: before the next value. */
void json__next(FILE *fp, bool comma, int depth);

/* json__next() and "@key": , the value is the caller's to write. */
void json__key(FILE *fp, bool comma, int depth, const char *key);

/* A key and its string value (@value escaped). */
void json__key_string(FILE *fp, bool comma, int depth, const char *key, const char *value);

#endif
