/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The protocol buffers wire format, both ways: what perf data convert
 * --to-pprof writes and what its tests and fuzz target read back.  Only
 * what proto3 messages of varints and length-delimited fields need
 * (wire types 0 and 2; 1 and 5 are skipped when read): no code generation,
 * no schema at run time.  The messages are spelled in the caller.
 *
 * Writing: one growing buffer; a nested message is opened with
 * pb_buf__begin(), written in place, and closed with pb_buf__end(), which
 * puts its length in front.  The first error sticks in ->err, so a writer
 * checks once at the end.
 *
 * Reading: a reader is a [p, end) window; every length is checked against
 * it before use, so hostile bytes give -EINVAL, never a read past the end.
 */
#ifndef __PERF_PROTOBUF_H
#define __PERF_PROTOBUF_H

#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

enum pb_wire {
	PB_WIRE_VARINT = 0,
	PB_WIRE_I64 = 1,
	PB_WIRE_LEN = 2,
	PB_WIRE_I32 = 5,
};

struct pb_buf {
	u8	*data;
	size_t	len, alloc;
	int	err;		/* the first failure (-ENOMEM), 0 while fine */
};

void pb_buf__init(struct pb_buf *b);
void pb_buf__exit(struct pb_buf *b);

/* Field writers.  The *_opt forms skip a zero value, as proto3 encoders do. */
void pb__varint(struct pb_buf *b, u64 v);
void pb__tag(struct pb_buf *b, u32 field, enum pb_wire wire);
void pb__uint64(struct pb_buf *b, u32 field, u64 v);
void pb__uint64_opt(struct pb_buf *b, u32 field, u64 v);
void pb__int64_opt(struct pb_buf *b, u32 field, s64 v);
void pb__bool_opt(struct pb_buf *b, u32 field, bool v);
void pb__bytes(struct pb_buf *b, u32 field, const void *data, size_t len);
/* A packed repeated field (nothing for @n 0). */
void pb__packed_uint64(struct pb_buf *b, u32 field, const u64 *v, size_t n);
void pb__packed_int64(struct pb_buf *b, u32 field, const s64 *v, size_t n);

/* Open a nested message as field @field; returns the mark pb_buf__end() takes. */
size_t pb_buf__begin(struct pb_buf *b, u32 field);
void pb_buf__end(struct pb_buf *b, size_t mark);

struct pb_reader {
	const u8 *p, *end;
};

static inline void pb_reader__init(struct pb_reader *r, const void *data, size_t len)
{
	r->p = data;
	r->end = r->p + len;
}

/* One field.  1 read, 0 at the end, -EINVAL malformed. */
struct pb_field {
	u32		field;
	enum pb_wire	wire;
	u64		v;		/* VARINT, I64, I32 */
	struct pb_reader sub;		/* LEN: the bytes */
};

int pb_reader__next(struct pb_reader *r, struct pb_field *f);

/* A varint of a packed field's bytes.  1 read, 0 at the end, -EINVAL. */
int pb_reader__varint(struct pb_reader *r, u64 *v);

#endif
