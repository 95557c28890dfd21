// SPDX-License-Identifier: GPL-2.0
/*
 * One unit's .debug_line table, decoded into 24 bytes a row.
 *
 * libdw 0.188 keeps a unit's table as ~100 bytes a row (its Dwarf_Line
 * and the sort's scratch, plus a malloc'ed list node per row while it
 * decodes: 1.5 MB of scratch for a 33K-row unit on top of 3.3 MB kept).
 * A report asks a file, a line and nothing else, so the rows here carry
 * just that, and the lookup gives what dwarf_getsrc_die() would on the
 * same table: rows sorted by address, an end of sequence before a row at
 * the same address, then in program order; the same bisection.  The
 * file names are built as libdw builds them (dwarf_linesrc()).
 *
 * Whatever this reader does not handle as libdw does (split units, string
 * forms needing the unit's string offsets, DW_LNE_define_file, values
 * libdw refuses) makes it give up: the caller asks libdw then, which
 * gives its own answer, error included.  test-srcline-lines checks the
 * two agree at every address of real files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <gelf.h>
#include <libelf.h>
#include "util/symbols/srcline-int.h"
#include "util/symbols/symbol.h"
#include "util/base/array.h"

struct srcline_row {
	u64		addr;
	s32		line;
	u32		file;
	u32		seq;		/* program order: ties keep it */
	u32		end;		/* end of sequence */
};

struct srcline_lines {
	struct srcline_row	*rows;
	size_t			nr, alloc;
	char			**files;
	size_t			nr_files, alloc_files;
};

struct line_reader {
	const u8	*p, *end;
	bool		bad;
};

static u64 rd_uleb(struct line_reader *r)
{
	u64 v = 0;
	unsigned int shift = 0;

	while (r->p < r->end) {
		u8 b = *r->p++;

		if (shift < 64)
			v |= (u64)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	r->bad = true;
	return 0;
}

static s64 rd_sleb(struct line_reader *r)
{
	u64 v = 0;
	unsigned int shift = 0;
	u8 b = 0;

	while (r->p < r->end) {
		b = *r->p++;
		if (shift < 64)
			v |= (u64)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~0ULL << shift;
			return (s64)v;
		}
	}
	r->bad = true;
	return 0;
}

static u64 rd_fixed(struct line_reader *r, size_t n)
{
	u64 v = 0;
	size_t i;

	if ((size_t)(r->end - r->p) < n) {
		r->bad = true;
		return 0;
	}
	/* the host's byte order: a foreign-endian file is left to libdw */
	for (i = 0; i < n; i++)
		v |= (u64)r->p[i] << (8 * i);
	r->p += n;
	return v;
}

static const char *section_string(const struct srcline_sections *secs, int form, u64 off)
{
	const u8 *base = form == DW_FORM_line_strp ? secs->line_str : secs->str;
	size_t size = form == DW_FORM_line_strp ? secs->line_str_size : secs->str_size;

	if (!base || off >= size || !memchr(base + off, '\0', size - off))
		return NULL;
	return (const char *)base + off;
}

/*
 * One entry field of a DWARF 5 directory or file table: a path (string
 * forms), an index (constant forms) or something to skip.  -EOPNOTSUPP:
 * a form this reader leaves to libdw.
 */
static int rd_form(struct line_reader *r, int form, size_t offset_size, const struct srcline_sections *secs,
		   const char **str, u64 *val)
{
	const u8 *s;

	switch (form) {
	case DW_FORM_string:
		s = memchr(r->p, '\0', (size_t)(r->end - r->p));
		if (!s)
			return -EINVAL;
		*str = (const char *)r->p;
		r->p = s + 1;
		return 0;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
		*str = section_string(secs, form, rd_fixed(r, offset_size));
		return *str ? 0 : -EOPNOTSUPP;
	case DW_FORM_data1:	*val = rd_fixed(r, 1); return 0;
	case DW_FORM_data2:	*val = rd_fixed(r, 2); return 0;
	case DW_FORM_data4:	*val = rd_fixed(r, 4); return 0;
	case DW_FORM_data8:	*val = rd_fixed(r, 8); return 0;
	case DW_FORM_udata:	*val = rd_uleb(r); return 0;
	case DW_FORM_data16:	rd_fixed(r, 8); rd_fixed(r, 8); return 0;
	case DW_FORM_block: {
		u64 len = rd_uleb(r);

		if (len > (u64)(r->end - r->p))
			return -EINVAL;
		r->p += len;
		return 0;
	}
	default:
		return -EOPNOTSUPP;
	}
}

/* The forms rd_form() reads; a table using another is left to libdw. */
static bool form_known(u64 form)
{
	switch (form) {
	case DW_FORM_string: case DW_FORM_strp: case DW_FORM_line_strp:
	case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4: case DW_FORM_data8:
	case DW_FORM_udata: case DW_FORM_data16: case DW_FORM_block:
		return true;
	default:
		return false;
	}
}

static int lines__add_file(struct srcline_lines *lines, const char *dir, const char *name)
{
	char *full;

	if (ARRAY_GROW(lines->files, lines->alloc_files, lines->nr_files + 1))
		return -ENOMEM;
	/* libdw's spelling: absolute as it is, else "dir/name" (a NULL dir: name) */
	if (name[0] == '/' || !dir)
		full = strdup(name);
	else if (asprintf(&full, "%s/%s", dir, name) < 0)
		full = NULL;
	if (!full)
		return -ENOMEM;
	lines->files[lines->nr_files++] = full;
	return 0;
}

#define MAX_DIRS	(1 << 16)

/*
 * The directory and file tables, @r at their start, up to @hdr_end.
 * DWARF 5 lists directory 0 and file 0 itself; before it directory 0 is
 * the unit's comp_dir and file 0 libdw's "???".
 */
static int lines__read_files(struct srcline_lines *lines, struct line_reader *r, int version,
			     size_t offset_size, const char *comp_dir,
			     const struct srcline_sections *secs)
{
	const char **dirs = NULL;
	size_t nr_dirs = 0, alloc_dirs = 0, n, nr;
	int err = -EINVAL, pass;

	if (version < 5) {
		if (ARRAY_GROW(dirs, alloc_dirs, nr_dirs + 1))
			return -ENOMEM;
		dirs[nr_dirs++] = comp_dir;
		while (r->p < r->end && *r->p) {
			const u8 *e = memchr(r->p, '\0', (size_t)(r->end - r->p));

			if (!e)
				goto out;
			if (ARRAY_GROW(dirs, alloc_dirs, nr_dirs + 1)) {
				err = -ENOMEM;
				goto out;
			}
			dirs[nr_dirs++] = (const char *)r->p;
			r->p = e + 1;
		}
		if (r->p >= r->end)
			goto out;
		r->p++;
		err = lines__add_file(lines, NULL, "???");
		if (err)
			goto out;
		err = -EINVAL;
		while (r->p < r->end && *r->p) {
			const char *name = (const char *)r->p;
			const u8 *e = memchr(r->p, '\0', (size_t)(r->end - r->p));
			u64 dir;

			if (!e)
				goto out;
			r->p = e + 1;
			dir = rd_uleb(r);
			rd_uleb(r);		/* mtime */
			rd_uleb(r);		/* length */
			if (r->bad || dir >= nr_dirs)
				goto out;
			err = lines__add_file(lines, dirs[dir], name);
			if (err)
				goto out;
			err = -EINVAL;
		}
		if (r->p >= r->end)
			goto out;
		r->p++;
		err = 0;
		goto out;
	}
	/* pass 0: the directories, pass 1: the files; each a format, then entries */
	for (pass = 0; pass < 2; pass++) {
		u64 desc[256], form[256];
		int nforms, path = -1, idx = -1, i;

		if (r->p >= r->end)
			goto out;
		nforms = *r->p++;
		for (i = 0; i < nforms; i++) {
			desc[i] = rd_uleb(r);
			form[i] = rd_uleb(r);
			if (!form_known(form[i])) {
				err = -EOPNOTSUPP;
				goto out;
			}
			if (desc[i] == DW_LNCT_path)
				path = i;
			else if (desc[i] == DW_LNCT_directory_index)
				idx = i;
		}
		nr = rd_uleb(r);
		if (r->bad || (nforms && (path < 0 || (pass && idx < 0))) || (!nforms && nr) ||
		    (nforms && nr > (size_t)(r->end - r->p) / (size_t)nforms) || nr > MAX_DIRS)
			goto out;
		if (pass == 1 && nr == 0)
			err = lines__add_file(lines, NULL, "???");
		for (n = 0; n < nr; n++) {
			const char *name = NULL;
			u64 dir = (u64)-1;

			for (i = 0; i < nforms; i++) {
				const char *s = NULL;
				u64 v = (u64)-1;
				int e = rd_form(r, (int)form[i], offset_size, secs, &s, &v);

				if (e) {
					err = e;
					goto out;
				}
				if (i == path)
					name = s;
				else if (i == idx)
					dir = v;
			}
			if (r->bad || !name)
				goto out;
			if (pass == 0) {
				if (ARRAY_GROW(dirs, alloc_dirs, nr_dirs + 1)) {
					err = -ENOMEM;
					goto out;
				}
				dirs[nr_dirs++] = name;
				continue;
			}
			/* an index form libdw reads as a constant, a missing one refused */
			if (dir == (u64)-1 || dir >= nr_dirs)
				goto out;
			err = lines__add_file(lines, dirs[dir], name);
			if (err)
				goto out;
			err = -EINVAL;
		}
	}
	err = 0;
out:
	free(dirs);
	return r->bad ? -EINVAL : err;
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct srcline_row *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->end != b->end)
		return a->end ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void rows__sift(struct srcline_row *rows, size_t root, size_t nr)
{
	for (;;) {
		size_t child = 2 * root + 1;
		struct srcline_row tmp;

		if (child >= nr)
			return;
		if (child + 1 < nr && row_cmp(&rows[child], &rows[child + 1]) < 0)
			child++;
		if (row_cmp(&rows[root], &rows[child]) >= 0)
			return;
		tmp = rows[root];
		rows[root] = rows[child];
		rows[child] = tmp;
		root = child;
	}
}

/*
 * libdw's order (address, an end of sequence first, program order), in
 * place: a unit's rows are mostly in order already, and qsort() would
 * malloc a copy of them (glibc's merge sort) at the report's peak.  The
 * order is total (program order is unique), so heapsort's instability
 * does not show.
 */
static void rows__sort(struct srcline_row *rows, size_t nr)
{
	size_t i;

	for (i = 1; i < nr && row_cmp(&rows[i - 1], &rows[i]) < 0; i++)
		;
	if (i >= nr)
		return;
	for (i = nr / 2; i-- > 0;)
		rows__sift(rows, i, nr);
	for (i = nr; i-- > 1;) {
		struct srcline_row tmp = rows[0];

		rows[0] = rows[i];
		rows[i] = tmp;
		rows__sift(rows, 0, i);
	}
}

struct line_state {
	u64	addr;
	s64	line;
	u32	file, column, op_index, isa;
	u8	is_stmt;
};

/* libdw refuses a row whose values do not fit its Dwarf_Line's fields */
static int lines__add_row(struct srcline_lines *lines, const struct line_state *st, bool end)
{
	struct srcline_row *row;

	if (st->line != (s32)st->line || st->column > 0xffff || st->op_index > 0xff ||
	    st->isa > 0xff || st->is_stmt > 1)
		return -EINVAL;
	if (lines->nr >= UINT32_MAX || ARRAY_GROW(lines->rows, lines->alloc, lines->nr + 1))
		return -ENOMEM;
	row = &lines->rows[lines->nr];
	*row = (struct srcline_row){ .addr = st->addr, .line = (s32)st->line, .file = st->file,
				     .seq = (u32)lines->nr, .end = end };
	lines->nr++;
	return 0;
}

struct line_header {
	u8		min_insn, max_ops, default_is_stmt, line_range, opcode_base;
	s8		line_base;
	const u8	*std_len;	/* indexed by opcode: [0] unused */
};

static void advance_pc(struct line_state *st, const struct line_header *lh, u32 ops)
{
	/* libdw's arithmetic, unsigned int wrap-around included */
	st->addr += (u32)(lh->min_insn * ((st->op_index + ops) / lh->max_ops));
	st->op_index = (st->op_index + ops) % lh->max_ops;
}

static void state__reset(struct line_state *st, const struct line_header *lh)
{
	*st = (struct line_state){ .file = 1, .line = 1, .is_stmt = lh->default_is_stmt };
}

/* The line program, @r over it. */
static int lines__run(struct srcline_lines *lines, struct line_reader *r,
		      const struct line_header *lh, u8 addr_size)
{
	struct line_state st;
	int err;

	state__reset(&st, lh);
	while (r->p < r->end) {
		unsigned int op = *r->p++;

		if (op >= lh->opcode_base) {
			if (!lh->line_range)
				return -EINVAL;
			st.line += lh->line_base + (int)((op - lh->opcode_base) % lh->line_range);
			advance_pc(&st, lh, (op - lh->opcode_base) / lh->line_range);
			err = lines__add_row(lines, &st, false);
			if (err)
				return err;
		} else if (op == 0) {
			unsigned int len, sub;

			/* libdw reads the length as one byte */
			if (r->end - r->p < 2)
				return -EINVAL;
			len = *r->p++;
			if ((size_t)(r->end - r->p) < len)
				return -EINVAL;
			sub = *r->p++;
			switch (sub) {
			case DW_LNE_end_sequence:
				err = lines__add_row(lines, &st, true);
				if (err)
					return err;
				state__reset(&st, lh);
				break;
			case DW_LNE_set_address:
				st.op_index = 0;
				st.addr = rd_fixed(r, addr_size);
				if (r->bad)
					return -EINVAL;
				break;
			case DW_LNE_set_discriminator:
				if (lh->std_len[DW_LNE_set_discriminator] != 1)
					return -EINVAL;
				rd_uleb(r);
				break;
			default:
				/* define_file (files added midway) and the odd lengths: libdw's */
				if (sub == DW_LNE_define_file || !len)
					return -EOPNOTSUPP;
				if ((size_t)(r->end - (r->p - 1)) < len)
					return -EINVAL;
				r->p += len - 1;
				break;
			}
		} else if (op <= DW_LNS_set_isa) {
			static const u8 nargs[] = { 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };

			if (lh->std_len[op] != nargs[op])
				return -EINVAL;
			switch (op) {
			case DW_LNS_copy:
				err = lines__add_row(lines, &st, false);
				if (err)
					return err;
				break;
			case DW_LNS_advance_pc:		advance_pc(&st, lh, (u32)rd_uleb(r)); break;
			case DW_LNS_advance_line:	st.line += (int)rd_sleb(r); break;
			case DW_LNS_set_file:		st.file = (u32)rd_uleb(r); break;
			case DW_LNS_set_column:		st.column = (u32)rd_uleb(r); break;
			case DW_LNS_negate_stmt:	st.is_stmt = 1 - st.is_stmt; break;
			case DW_LNS_const_add_pc:
				if (!lh->line_range)
					return -EINVAL;
				advance_pc(&st, lh, (255u - lh->opcode_base) / lh->line_range);
				break;
			case DW_LNS_fixed_advance_pc:
				st.addr += rd_fixed(r, 2);
				st.op_index = 0;
				break;
			case DW_LNS_set_isa:		st.isa = (u32)rd_uleb(r); break;
			default:			break;
			}
		} else {
			int n;

			for (n = lh->std_len[op]; n > 0; n--)
				rd_uleb(r);
		}
		if (r->bad)
			return -EINVAL;
	}
	return 0;
}

/* @name's data as libdw left it (inflated), NULL if absent or still compressed. */
static const u8 *section_data(Elf *elf, const char *name, size_t *size)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = elf__find_section(elf, name, &shdr);
	Elf_Data *data;

	/* compressed sections are libdw's to read: we fall back to it */
	if (!scn || (shdr.sh_flags & SHF_COMPRESSED))
		return NULL;
	data = elf_rawdata(scn, NULL);
	if (!data || !data->d_buf)
		return NULL;
	*size = data->d_size;
	return data->d_buf;
}

void srcline_sections__init(struct srcline_sections *secs, Elf *elf)
{
	const unsigned char *ident = (const unsigned char *)elf_getident(elf, NULL);

	*secs = (struct srcline_sections){ .line = NULL };
	/* a file of the other byte order: no .debug_line here, libdw reads it */
	if (!ident || ident[EI_DATA] != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ?
					 ELFDATA2LSB : ELFDATA2MSB))
		return;
	secs->line = section_data(elf, ".debug_line", &secs->line_size);
	secs->line_str = section_data(elf, ".debug_line_str", &secs->line_str_size);
	secs->str = section_data(elf, ".debug_str", &secs->str_size);
	secs->aranges = section_data(elf, ".debug_aranges", &secs->aranges_size);
}

int srcline_lines__new(struct srcline_lines **out, const struct srcline_sections *secs, u64 off,
		       u8 addr_size, const char *comp_dir)
{
	struct line_reader r;
	struct srcline_lines *lines;
	struct line_header lh;
	const u8 *hdr_end;
	size_t offset_size = 4;
	u64 unit_length, hdr_len;
	int version, err = -EINVAL;

	if (!secs->line || off >= secs->line_size || (addr_size != 4 && addr_size != 8))
		return -EOPNOTSUPP;
	/* only now: no pointer arithmetic on NULL or past the section */
	r = (struct line_reader){ .p = secs->line + off, .end = secs->line + secs->line_size };
	lines = calloc(1, sizeof(*lines));
	if (!lines)
		return -ENOMEM;
	unit_length = rd_fixed(&r, 4);
	if (unit_length == 0xffffffff) {
		unit_length = rd_fixed(&r, 8);
		offset_size = 8;
	}
	if (r.bad || unit_length > (u64)(r.end - r.p))
		goto out;
	r.end = r.p + unit_length;
	version = (int)rd_fixed(&r, 2);
	if (r.bad || version < 2 || version > 5) {
		err = -EOPNOTSUPP;
		goto out;
	}
	if (version >= 5 && (rd_fixed(&r, 1) != addr_size || rd_fixed(&r, 1) != 0))
		goto out;
	hdr_len = rd_fixed(&r, offset_size);
	if (r.bad || hdr_len > (u64)(r.end - r.p))
		goto out;
	hdr_end = r.p + hdr_len;
	lh.min_insn = (u8)rd_fixed(&r, 1);
	lh.max_ops = version >= 4 ? (u8)rd_fixed(&r, 1) : 1;
	lh.default_is_stmt = (u8)rd_fixed(&r, 1);
	lh.line_base = (s8)rd_fixed(&r, 1);
	lh.line_range = (u8)rd_fixed(&r, 1);
	lh.opcode_base = (u8)rd_fixed(&r, 1);
	if (r.bad || !lh.max_ops || !lh.opcode_base ||
	    (size_t)(r.end - r.p) < (size_t)lh.opcode_base - 1)
		goto out;
	lh.std_len = r.p - 1;
	/* the known standard opcodes' lengths are read even when the base is lower */
	if (lh.opcode_base <= DW_LNS_set_isa) {
		err = -EOPNOTSUPP;
		goto out;
	}
	r.p += lh.opcode_base - 1;
	{
		struct line_reader files = { .p = r.p, .end = hdr_end };

		err = lines__read_files(lines, &files, version, offset_size, comp_dir, secs);
		if (err)
			goto out;
		/* libdw: the tables end exactly where the header says */
		err = -EINVAL;
		if (files.p != hdr_end)
			goto out;
	}
	r.p = hdr_end;
	err = lines__run(lines, &r, &lh, addr_size);
	if (err)
		goto out;
	/* the doubling's slack back (pages never touched, but the heap's) */
	if (lines->nr && lines->nr < lines->alloc) {
		struct srcline_row *rows = realloc(lines->rows, lines->nr * sizeof(*rows));

		if (rows) {
			lines->rows = rows;
			lines->alloc = lines->nr;
		}
	}
	rows__sort(lines->rows, lines->nr);
	/* libdw marks the highest row an end of sequence, spec or not */
	if (lines->nr)
		lines->rows[lines->nr - 1].end = 1;
	*out = lines;
	return 0;
out:
	srcline_lines__delete(lines);
	return err;
}

void srcline_lines__delete(struct srcline_lines *lines)
{
	size_t i;

	if (!lines)
		return;
	for (i = 0; i < lines->nr_files; i++)
		free(lines->files[i]);
	free(lines->files);
	free(lines->rows);
	free(lines);
}

/*
 * dwarf_getsrc_die()'s answer over the same sorted rows: the last row at
 * or below @addr (of rows at one address, the last), unless that is an
 * end of sequence (@addr past the code).
 */
static const struct srcline_row *lines__search(const struct srcline_lines *lines, u64 addr)
{
	size_t l = 0, u;

	if (!lines->nr)
		return NULL;
	u = lines->nr - 1;
	while (l < u) {
		size_t idx = u - (u - l) / 2;

		if (addr < lines->rows[idx].addr)
			u = idx - 1;
		else
			l = idx;
	}
	if (lines->rows[l].addr > addr || lines->rows[l].end)
		return NULL;
	return &lines->rows[l];
}

int srcline_lines__find(const struct srcline_lines *lines, u64 addr, const char **file, int *line)
{
	const struct srcline_row *row = lines__search(lines, addr);

	if (!row)
		return -ENOENT;
	*line = row->line;
	/* dwarf_linesrc(): no name for an index past the table */
	*file = row->file < lines->nr_files ? lines->files[row->file] : NULL;
	return 0;
}

size_t srcline_lines__nr(const struct srcline_lines *lines)
{
	return lines->nr;
}

u64 srcline_lines__addr(const struct srcline_lines *lines, size_t i)
{
	return lines->rows[i].addr;
}
