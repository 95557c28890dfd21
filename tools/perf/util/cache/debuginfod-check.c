// SPDX-License-Identifier: GPL-2.0
/*
 * The whole-file check of a file a debuginfod server sent, before it is
 * used or left in the client cache.
 *
 * A matching build-id note is not enough: a body cut short after its
 * first pages still carries the note (it lives near the start), and was
 * cached for good - later runs said "already cached" and resolved
 * nothing.  A gzip'ed body passed too (the build-id reader inflates) and
 * was inflated again by every report.  So a fetched file is kept only if:
 *
 *  - libelf parses it as ELF, and it is not compressed as a whole
 *    (servers send plain ELF; libdebuginfod's other users, gdb among
 *    them, would not inflate it either);
 *  - its program and section header tables, every segment's file bytes
 *    and every section's bytes (but SHT_NOBITS) lie inside the file, and
 *    no more than DEBUGINFOD_CHECK_SLACK bytes follow the last of them
 *    (room for a kernel module's appended signature, not for a payload);
 *  - its compressed sections (SHF_COMPRESSED) inflate to at most
 *    DEBUGINFOD_CHECK_RATIO times their size (DWARF compresses 3 to 10
 *    times; 64 MiB of zeros, 1000 times) and @max_size in all;
 *  - its build-id is the one asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <gelf.h>
#include "util/symbols/build-id.h"
#include "util/cache/debuginfod.h"

#define DEBUGINFOD_CHECK_SLACK	(64ULL << 10)
#define DEBUGINFOD_CHECK_RATIO	64

static int check__fail(char *why, size_t len, int err, const char *fmt, ...)
{
	va_list ap;

	if (why && len) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return err;
}

static const char *check__compression(const unsigned char *magic, size_t n)
{
	static const unsigned char gz[] = { 0x1f, 0x8b }, zst[] = { 0x28, 0xb5, 0x2f, 0xfd },
				   xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };

	if (n >= sizeof(gz) && !memcmp(magic, gz, sizeof(gz)))
		return "gzip";
	if (n >= sizeof(xz) && !memcmp(magic, xz, sizeof(xz)))
		return "xz";
	if (n >= sizeof(zst) && !memcmp(magic, zst, sizeof(zst)))
		return "zstd";
	return NULL;
}

/* @off + @sz inside @size?  Updates *@end, the last byte of the ELF. */
static bool check__inside(u64 off, u64 sz, u64 size, u64 *end)
{
	if (off > size || sz > size - off)
		return false;
	if (off + sz > *end)
		*end = off + sz;
	return true;
}

static int check__elf(Elf *elf, u64 size, u64 max_size, char *why, size_t len)
{
	u64 end = 0, inflated = 0;
	size_t i, phnum, shnum;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		return check__fail(why, len, -EBADMSG, "not an ELF file");
	if (elf_getphdrnum(elf, &phnum) || elf_getshdrnum(elf, &shnum))
		return check__fail(why, len, -EBADMSG, "bad ELF header: %s", elf_errmsg(-1));
	check__inside(0, eh.e_ehsize, size, &end);
	if (phnum && !check__inside(eh.e_phoff, (u64)phnum * eh.e_phentsize, size, &end))
		return check__fail(why, len, -EBADMSG,
				   "program headers end past the end of the file (%llu bytes)",
				   (unsigned long long)size);
	if (shnum && !check__inside(eh.e_shoff, (u64)shnum * eh.e_shentsize, size, &end))
		return check__fail(why, len, -EBADMSG,
				   "section headers end past the end of the file (%llu bytes)",
				   (unsigned long long)size);
	for (i = 0; i < phnum; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, i, &ph))
			return check__fail(why, len, -EBADMSG, "bad program header %zu", i);
		if (!check__inside(ph.p_offset, ph.p_filesz, size, &end))
			return check__fail(why, len, -EBADMSG,
					   "segment %zu ends past the end of the file (%llu bytes)",
					   i, (unsigned long long)size);
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		GElf_Chdr ch;

		if (!gelf_getshdr(scn, &sh))
			return check__fail(why, len, -EBADMSG, "bad section header");
		if (sh.sh_type == SHT_NOBITS)
			continue;
		if (!check__inside(sh.sh_offset, sh.sh_size, size, &end))
			return check__fail(why, len, -EBADMSG,
					   "section %zu ends past the end of the file (%llu bytes)",
					   elf_ndxscn(scn), (unsigned long long)size);
		if (!(sh.sh_flags & SHF_COMPRESSED))
			continue;
		if (!gelf_getchdr(scn, &ch))
			return check__fail(why, len, -EBADMSG, "bad compressed section %zu",
					   elf_ndxscn(scn));
		inflated += ch.ch_size;
		/* a bomb, not debuginfo: a bad copy, whatever the size limit */
		if (ch.ch_size / DEBUGINFOD_CHECK_RATIO > sh.sh_size)
			return check__fail(why, len, -EBADMSG,
					   "compressed section %zu inflates %llu bytes to %llu",
					   elf_ndxscn(scn), (unsigned long long)sh.sh_size,
					   (unsigned long long)ch.ch_size);
		if (inflated > max_size)
			return check__fail(why, len, -EFBIG,
					   "compressed sections inflate to more than "
					   "DEBUGINFOD_MAXSIZE=%llu bytes",
					   (unsigned long long)max_size);
	}
	if (size > end + DEBUGINFOD_CHECK_SLACK)
		return check__fail(why, len, -EBADMSG,
				   "%llu bytes follow the ELF contents (%llu bytes)",
				   (unsigned long long)(size - end), (unsigned long long)end);
	return 0;
}

int debuginfod__check_file(const char *path, const struct build_id *want, u64 max_size,
			   char *why, size_t len)
{
	unsigned char magic[8];
	const char *comp;
	struct build_id got;
	struct stat st;
	Elf *elf;
	ssize_t n;
	int fd, err;

	if (why && len)
		*why = '\0';
	/* O_NONBLOCK: not a regular file (a FIFO) must not hang us */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		err = -errno;
		goto out;
	}
	if (!S_ISREG(st.st_mode) || !st.st_size) {
		err = check__fail(why, len, -EBADMSG, st.st_size ? "not a regular file" : "empty");
		goto out;
	}
	if ((u64)st.st_size > max_size) {
		err = check__fail(why, len, -EFBIG, "%llu bytes, more than %llu",
				  (unsigned long long)st.st_size, (unsigned long long)max_size);
		goto out;
	}
	n = pread(fd, magic, sizeof(magic), 0);
	comp = n > 0 ? check__compression(magic, n) : NULL;
	if (comp) {
		err = check__fail(why, len, -EBADMSG, "%s-compressed, not a plain ELF file", comp);
		goto out;
	}
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf) {
		err = check__fail(why, len, -EBADMSG, "not an ELF file");
		goto out;
	}
	err = check__elf(elf, st.st_size, max_size, why, len);
	elf_end(elf);
	if (err)
		goto out;
	memset(&got, 0, sizeof(got));
	err = fd__read_build_id(fd, &got);
	if (err == -ENOEXEC || err == -ENOENT || err == -EINVAL) {
		err = check__fail(why, len, -EBADMSG, "no build-id note");
	} else if (!err && !build_id__equal(&got, want)) {
		char hex[SBUILD_ID_SIZE];

		build_id__sprintf(&got, hex);
		err = check__fail(why, len, -EBADMSG, "its build-id is %s", hex);
	}
out:
	close(fd);
	return err;
}

int debuginfod__verify(const char *path, const struct build_id *want)
{
	struct stat st;

	/* A file that is not there (or not readable) is not a mismatch. */
	if (stat(path, &st) < 0)
		return -errno;
	return debuginfod__check_file(path, want, DEBUGINFOD_DEFAULT_MAXSIZE, NULL, 0);
}
