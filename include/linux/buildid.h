/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ELF build-id (NT_GNU_BUILD_ID note) parser, lib/buildid.c.  The same
 * source is compiled into the kernel and into perf (tools/include/linux/
 * holds the userspace shims).  See Documentation/buildid.txt.
 */
#ifndef _LINUX_BUILDID_H
#define _LINUX_BUILDID_H

#include <linux/types.h>

#define BUILD_ID_SIZE_MAX 20

/*
 * Note type of the GNU build-id (name "GNU").  The uapi <linux/elf.h> does
 * not define it and glibc's <elf.h> does, with this same value.
 */
#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

/*
 * Work bounds: a hostile file cannot make the parser walk more than these.
 * They are the defaults, for tools reading whole files; a reader may set
 * lower ones (the kernel's mmap path does, see lib/buildid-vma.c).
 */
#define BUILD_ID_MAX_HDRS	65536U	/* program or section headers */
#define BUILD_ID_MAX_NOTES	65536U	/* notes, in all note areas together */

/*
 * Random access to an ELF image (a file, a page-cache mapping, a buffer).
 * The parser checks every access against @size before calling @read, so
 * @read only fails on I/O errors.
 */
struct build_id_reader {
	/* Copy @len bytes at @off into @buf: 0, or -errno (-EIO). */
	int (*read)(const struct build_id_reader *r, u64 off, void *buf, size_t len);
	u64 size;	/* bytes readable from offset 0 */
	void *priv;
	u32 max_hdrs;	/* headers walked per table; 0: BUILD_ID_MAX_HDRS */
	u32 max_notes;	/* notes walked in all; 0: BUILD_ID_MAX_NOTES */
};

/**
 * build_id_parse_reader - find the GNU build-id note of an ELF image
 * @r:        random access to the image
 * @build_id: BUILD_ID_SIZE_MAX bytes, zero-padded after the id
 * @size:     the id's size, 1..20 (may be NULL)
 *
 * Finds the first valid GNU build-id note of an ELF image (ELF32/ELF64,
 * either byte order): in its PT_NOTE segments, else in its SHT_NOTE
 * sections.  On failure @build_id is all zeros and *@size 0.
 *
 * Return: 0, or why there is no id:
 *   -ENOEXEC  not an ELF image (magic, class or data encoding)
 *   -ENOENT   a well-formed ELF image without a build-id note
 *   -EINVAL   malformed: a header, note area or build-id note out of
 *             bounds or inconsistent, and no valid build-id elsewhere
 *   -E2BIG    more than BUILD_ID_MAX_NOTES notes walked
 *   other     an error of r->read(), passed through (-EIO...)
 */
int build_id_parse_reader(const struct build_id_reader *r, unsigned char *build_id,
			  u32 *size);

/* build_id_parse_reader() on an ELF image in memory. */
int build_id_parse_mem(const void *elf, size_t len, unsigned char *build_id, u32 *size);

/*
 * A raw notes blob in CPU byte order, 4-byte aligned notes, as in the
 * kernel's .notes section, /sys/kernel/notes or
 * /sys/module/<m>/notes/.note.gnu.build-id.  Same results as above, minus
 * -ENOEXEC.
 */
int build_id_parse_notes(const void *buf, size_t len, unsigned char *build_id, u32 *size);

/* build_id_parse_notes() without the size, with the kernel's signature. */
int build_id_parse_buf(const void *buf, unsigned char *build_id, u32 buf_size);

#endif
