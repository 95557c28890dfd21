// SPDX-License-Identifier: GPL-2.0
/*
 * The protocol buffers wire format: varints (7 bits a byte, low first,
 * high bit "more"), a tag (field << 3 | wire type) before every field,
 * length-delimited fields as a varint length and the bytes.  See
 * util/base/protobuf.h.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/base/protobuf.h"
#include "util/base/array.h"

#define PB_VARINT_MAX	10

void pb_buf__init(struct pb_buf *b)
{
	memset(b, 0, sizeof(*b));
}

void pb_buf__exit(struct pb_buf *b)
{
	free(b->data);
	pb_buf__init(b);
}

static bool pb_buf__room(struct pb_buf *b, size_t n)
{
	if (b->err)
		return false;
	if (n > SIZE_MAX - b->len) {
		b->err = -EOVERFLOW;
		return false;
	}
	if (b->len + n > b->alloc) {
		int err = ARRAY_GROW(b->data, b->alloc, b->len + n);

		if (err) {
			b->err = err;
			return false;
		}
	}
	return true;
}

static size_t pb__encode_varint(u8 *out, u64 v)
{
	size_t n = 0;

	while (v >= 0x80) {
		out[n++] = (u8)(v | 0x80);
		v >>= 7;
	}
	out[n++] = (u8)v;
	return n;
}

void pb__varint(struct pb_buf *b, u64 v)
{
	if (pb_buf__room(b, PB_VARINT_MAX))
		b->len += pb__encode_varint(b->data + b->len, v);
}

void pb__tag(struct pb_buf *b, u32 field, enum pb_wire wire)
{
	pb__varint(b, (u64)field << 3 | wire);
}

void pb__uint64(struct pb_buf *b, u32 field, u64 v)
{
	pb__tag(b, field, PB_WIRE_VARINT);
	pb__varint(b, v);
}

void pb__uint64_opt(struct pb_buf *b, u32 field, u64 v)
{
	if (v)
		pb__uint64(b, field, v);
}

/* int64 is the two's complement as a u64: a negative value takes ten bytes */
void pb__int64_opt(struct pb_buf *b, u32 field, s64 v)
{
	if (v)
		pb__uint64(b, field, (u64)v);
}

void pb__bool_opt(struct pb_buf *b, u32 field, bool v)
{
	if (v)
		pb__uint64(b, field, 1);
}

void pb__bytes(struct pb_buf *b, u32 field, const void *data, size_t len)
{
	pb__tag(b, field, PB_WIRE_LEN);
	pb__varint(b, len);
	if (len && pb_buf__room(b, len)) {
		memcpy(b->data + b->len, data, len);
		b->len += len;
	}
}

static void pb__packed(struct pb_buf *b, u32 field, const u64 *v, const s64 *s, size_t n)
{
	size_t mark, i;

	if (!n)
		return;
	mark = pb_buf__begin(b, field);
	for (i = 0; i < n; i++)
		pb__varint(b, v ? v[i] : (u64)s[i]);
	pb_buf__end(b, mark);
}

void pb__packed_uint64(struct pb_buf *b, u32 field, const u64 *v, size_t n)
{
	pb__packed(b, field, v, NULL, n);
}

void pb__packed_int64(struct pb_buf *b, u32 field, const s64 *v, size_t n)
{
	pb__packed(b, field, NULL, v, n);
}

/*
 * One byte is kept for the length: most nested messages (a sample, a
 * location) are shorter than 128 bytes, so closing them moves nothing.
 */
size_t pb_buf__begin(struct pb_buf *b, u32 field)
{
	pb__tag(b, field, PB_WIRE_LEN);
	if (!pb_buf__room(b, 1))
		return 0;
	b->data[b->len++] = 0;
	return b->len;
}

void pb_buf__end(struct pb_buf *b, size_t mark)
{
	u8 len[PB_VARINT_MAX];
	size_t body, n;

	if (b->err)
		return;
	body = b->len - mark;
	n = pb__encode_varint(len, body);
	if (n > 1) {
		if (!pb_buf__room(b, n - 1))
			return;
		memmove(b->data + mark + n - 1, b->data + mark, body);
		b->len += n - 1;
	}
	memcpy(b->data + mark - 1, len, n);
}

int pb_reader__varint(struct pb_reader *r, u64 *v)
{
	unsigned int shift = 0;
	u64 x = 0;

	if (r->p >= r->end)
		return 0;
	while (r->p < r->end && shift < 64) {
		u8 c = *r->p++;

		x |= (u64)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = x;
			return 1;
		}
		shift += 7;
	}
	return -EINVAL;		/* cut short, or longer than ten bytes */
}

int pb_reader__next(struct pb_reader *r, struct pb_field *f)
{
	u64 key, len;
	int err = pb_reader__varint(r, &key);

	if (err <= 0)
		return err;
	if (key >> 3 == 0 || key >> 3 > 0x1fffffff)
		return -EINVAL;
	f->field = (u32)(key >> 3);
	f->wire = key & 7;
	f->v = 0;
	switch (f->wire) {
	case PB_WIRE_VARINT:
		return pb_reader__varint(r, &f->v) == 1 ? 1 : -EINVAL;
	case PB_WIRE_I64:
	case PB_WIRE_I32:
		len = f->wire == PB_WIRE_I64 ? 8 : 4;
		if ((size_t)(r->end - r->p) < len)
			return -EINVAL;
		memcpy(&f->v, r->p, len);	/* little endian on the wire, as here */
		r->p += len;
		return 1;
	case PB_WIRE_LEN:
		if (pb_reader__varint(r, &len) != 1 || len > (u64)(r->end - r->p))
			return -EINVAL;
		pb_reader__init(&f->sub, r->p, len);
		r->p += len;
		return 1;
	default:
		return -EINVAL;		/* groups (3, 4) and 6, 7: not in proto3 */
	}
}
