// SPDX-License-Identifier: GPL-2.0
/*
 * Reading ELF images through libelf/gelf: symbols, build-id note, PT_LOAD
 * segments, .gnu_debuglink and MiniDebugInfo; compressed kernel modules
 * are inflated first (decompress.c).  Nothing here parses ELF structures
 * by hand: libelf validates offsets and sizes, and every libelf failure
 * is a warning plus "no symbols from this image", never a crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/symbols/symbol.h"
#include "util/symbols/demangle.h"
#include "util/base/debug.h"
#include "util/symbols/decompress.h"

/* Bounds on what a hostile compressed file can make us allocate. */
#define SYMSRC_MAX_COMPRESSED	(256ULL << 20)
#define SYMSRC_MAX_IMAGE	(1024ULL << 20)

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

static int symsrc__init_elf(struct symsrc *ss)
{
	int e;

	if (!ss->elf || elf_kind(ss->elf) != ELF_K_ELF || !gelf_getehdr(ss->elf, &ss->ehdr)) {
		e = elf_errno();
		pr_warning("%s: not a valid ELF file%s%s\n", ss->name, e ? ": " : "",
			   e ? elf_errmsg(e) : "");
		return -EINVAL;
	}
	return 0;
}

int symsrc__open_mem(struct symsrc *ss, void *buf, size_t len, const char *name)
{
	int err;

	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;
	ss->mem = buf;
	ss->mem_len = len;
	ss->name = strdup(name);
	if (!ss->name) {
		free(buf);
		ss->mem = NULL;
		return -ENOMEM;
	}
	elf_version(EV_CURRENT);
	ss->elf = elf_memory(buf, len);
	err = symsrc__init_elf(ss);
	if (err)
		symsrc__close(ss);
	return err;
}

int symsrc__open(struct symsrc *ss, const char *path)
{
	enum decompress_kind kind;
	u8 *image = NULL;
	size_t image_len = 0;
	struct stat st;
	int fd, err;

	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;

	/* O_NONBLOCK: a FIFO planted in the cache must not hang us */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		err = -errno;
		if (err != -ENOENT && err != -ENOTDIR)
			pr_warning("%s: %s\n", path, strerror(errno));
		return err;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		pr_warning("%s: not a regular file\n", path);
		close(fd);
		return -EINVAL;
	}
	/* by magic, not name: a cached module's "elf" may be compressed */
	kind = decompress__fd_kind(fd);
	if (kind != DECOMPRESS_NONE) {
		err = (u64)st.st_size > SYMSRC_MAX_COMPRESSED ? -EFBIG :
		      decompress__fd(fd, kind, SYMSRC_MAX_IMAGE, &image, &image_len);
		close(fd);
		if (err) {
			pr_warning("%s: cannot decompress: %s\n", path, strerror(-err));
			return err;
		}
		return symsrc__open_mem(ss, image, image_len, path);
	}

	ss->fd = fd;
	ss->name = strdup(path);
	if (!ss->name) {
		close(fd);
		ss->fd = -1;
		return -ENOMEM;
	}
	elf_version(EV_CURRENT);
	/* ELF_C_READ, not _MMAP: a file truncated under us must not SIGBUS */
	ss->elf = elf_begin(fd, ELF_C_READ, NULL);
	err = symsrc__init_elf(ss);
	if (err)
		symsrc__close(ss);
	return err;
}

void symsrc__close(struct symsrc *ss)
{
	if (ss->elf)
		elf_end(ss->elf);
	if (ss->fd >= 0)
		close(ss->fd);
	free(ss->mem);
	free(ss->name);
	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;
}

/* Look for NT_GNU_BUILD_ID in one block of notes. */
static int notes__find_build_id(Elf_Data *data, u8 *build_id, size_t max)
{
	size_t off = 0, next, name_off, desc_off;
	GElf_Nhdr nhdr;

	while (data && off < data->d_size &&
	       (next = gelf_getnote(data, off, &nhdr, &name_off, &desc_off)) > 0) {
		const char *name = (const char *)data->d_buf + name_off;

		if (nhdr.n_type == NT_GNU_BUILD_ID && nhdr.n_namesz == 4 &&
		    !memcmp(name, "GNU", 4) && nhdr.n_descsz >= 1 && nhdr.n_descsz <= max) {
			memcpy(build_id, (const u8 *)data->d_buf + desc_off, nhdr.n_descsz);
			return nhdr.n_descsz;
		}
		off = next;
	}
	return -ENOENT;
}

int symsrc__read_build_id(struct symsrc *ss, u8 *build_id, size_t max)
{
	Elf_Scn *scn = NULL;
	size_t i, nphdr;
	GElf_Shdr shdr;
	int ret;

	while ((scn = elf_nextscn(ss->elf, scn)) != NULL) {
		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		ret = notes__find_build_id(elf_getdata(scn, NULL), build_id, max);
		if (ret > 0)
			return ret;
	}
	/* no section headers (or none with the note): try PT_NOTE */
	if (elf_getphdrnum(ss->elf, &nphdr))
		return -ENOENT;
	for (i = 0; i < nphdr; i++) {
		GElf_Phdr phdr;

		if (!gelf_getphdr(ss->elf, i, &phdr) || phdr.p_type != PT_NOTE)
			continue;
		ret = notes__find_build_id(elf_getdata_rawchunk(ss->elf, phdr.p_offset,
								phdr.p_filesz, ELF_T_NHDR),
					   build_id, max);
		if (ret > 0)
			return ret;
	}
	return -ENOENT;
}

static Elf_Scn *symsrc__find_section(struct symsrc *ss, u32 type, const char *name,
				     GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (name && elf_getshdrstrndx(ss->elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(ss->elf, scn)) != NULL) {
		const char *sname;

		if (!gelf_getshdr(scn, shdr))
			continue;
		if (type != SHT_NULL && shdr->sh_type != type)
			continue;
		if (name) {
			sname = elf_strptr(ss->elf, shstrndx, shdr->sh_name);
			if (!sname || strcmp(sname, name))
				continue;
		}
		return scn;
	}
	return NULL;
}

Elf_Scn *elf__find_section(Elf *elf, const char *name, GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *sname;

		if (!gelf_getshdr(scn, shdr) || shdr->sh_type == SHT_NOBITS || !shdr->sh_size)
			continue;
		sname = elf_strptr(elf, shstrndx, shdr->sh_name);
		if (sname && !strcmp(sname, name))
			return scn;
	}
	return NULL;
}

bool elf__has_section(Elf *elf, const char *name)
{
	GElf_Shdr shdr;

	return elf__find_section(elf, name, &shdr) != NULL;
}

bool symsrc__has_symtab(struct symsrc *ss)
{
	GElf_Shdr shdr;

	return symsrc__find_section(ss, SHT_SYMTAB, NULL, &shdr) && shdr.sh_entsize &&
	       shdr.sh_size / shdr.sh_entsize > 1;
}

/*
 * Is the symbol's section code?  For ET_REL (kernel modules) only .text
 * counts: every section starts at 0 there, so mixing .init.text in would
 * put two functions at one address.
 */
static bool symsrc__is_text(struct symsrc *ss, size_t shndx, size_t text_ndx)
{
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE)
		return false;
	if (ss->ehdr.e_type == ET_REL)
		return shndx == text_ndx;
	scn = elf_getscn(ss->elf, shndx);
	return scn && gelf_getshdr(scn, &shdr) && (shdr.sh_flags & SHF_EXECINSTR);
}

int symsrc__load_symbols(struct symsrc *ss, struct symbols *syms, bool dynsym_fallback,
			 enum demangle_mode demangle)
{
	size_t i, nsyms, text_ndx = 0;
	Elf_Scn *scn, *text;
	GElf_Shdr shdr, tshdr;
	Elf_Data *data;
	int added = 0, err;

	scn = symsrc__find_section(ss, SHT_SYMTAB, NULL, &shdr);
	if (!scn && dynsym_fallback)
		scn = symsrc__find_section(ss, SHT_DYNSYM, NULL, &shdr);
	if (!scn)
		return -ENOENT;
	if (ss->ehdr.e_type == ET_REL) {
		text = symsrc__find_section(ss, SHT_PROGBITS, ".text", &tshdr);
		if (!text)
			return -ENOENT;
		text_ndx = elf_ndxscn(text);
	}
	data = elf_getdata(scn, NULL);
	if (!data || !shdr.sh_entsize) {
		pr_warning("%s: bad symbol table: %s\n", ss->name, elf_errmsg(-1));
		return -EINVAL;
	}
	nsyms = data->d_size / shdr.sh_entsize;
	for (i = 1; i < nsyms; i++) {
		const char *name;
		char *demangled;
		GElf_Sym sym;
		int type;

		if (!gelf_getsym(data, i, &sym))
			break;
		type = GELF_ST_TYPE(sym.st_info);
		/* labels (assembly entry points like ld.so's _start) count too */
		if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE)
			continue;
		if (!symsrc__is_text(ss, sym.st_shndx, text_ndx))
			continue;
		name = elf_strptr(ss->elf, shdr.sh_link, sym.st_name);
		if (!name || !*name || *name == '$')
			continue;
		demangled = demangle__sym_mode(name, demangle);
		err = symbols__add(syms, sym.st_value, sym.st_size, GELF_ST_BIND(sym.st_info),
				   type, demangled ? demangled : name);
		free(demangled);
		if (err)
			return err;
		added++;
	}
	return added;
}

int symsrc__load_plt_symbols(struct symsrc *ss, struct symbols *syms,
			     enum demangle_mode demangle)
{
	GElf_Shdr rel_shdr, plt_shdr, dyn_shdr;
	Elf_Scn *rel_scn, *plt_scn, *dyn_scn;
	Elf_Data *rel_data, *dyn_data;
	u64 base, entsize, header, i, nr;
	bool rela = true;
	int added = 0, err;

	if (ss->ehdr.e_machine != EM_X86_64 && ss->ehdr.e_machine != EM_386)
		return 0;
	rel_scn = symsrc__find_section(ss, SHT_RELA, ".rela.plt", &rel_shdr);
	if (!rel_scn) {
		rel_scn = symsrc__find_section(ss, SHT_REL, ".rel.plt", &rel_shdr);
		rela = false;
	}
	if (!rel_scn || !rel_shdr.sh_entsize)
		return 0;
	/* IBT binaries jump through .plt.sec: no header there */
	plt_scn = symsrc__find_section(ss, SHT_PROGBITS, ".plt.sec", &plt_shdr);
	header = 0;
	if (!plt_scn) {
		plt_scn = symsrc__find_section(ss, SHT_PROGBITS, ".plt", &plt_shdr);
		header = 16;
	}
	if (!plt_scn)
		return 0;
	entsize = plt_shdr.sh_entsize ? plt_shdr.sh_entsize : 16;
	if (header)
		header = entsize;	/* the PLT header is one entry */
	base = plt_shdr.sh_addr;
	dyn_scn = elf_getscn(ss->elf, rel_shdr.sh_link);
	if (!dyn_scn || !gelf_getshdr(dyn_scn, &dyn_shdr))
		return 0;
	rel_data = elf_getdata(rel_scn, NULL);
	dyn_data = elf_getdata(dyn_scn, NULL);
	if (!rel_data || !dyn_data)
		return 0;
	nr = rel_data->d_size / rel_shdr.sh_entsize;
	for (i = 0; i < nr; i++) {
		const char *name = NULL;
		char *demangled, *full;
		u64 addr = base + header + i * entsize, info;
		GElf_Rela r;
		GElf_Rel rl;
		GElf_Sym sym;

		/* never past the end of the PLT, whatever .rela.plt claims */
		if (header + (i + 1) * entsize > plt_shdr.sh_size)
			break;
		if (rela ? !gelf_getrela(rel_data, i, &r) : !gelf_getrel(rel_data, i, &rl))
			break;
		info = rela ? r.r_info : rl.r_info;
		if (gelf_getsym(dyn_data, GELF_R_SYM(info), &sym))
			name = elf_strptr(ss->elf, dyn_shdr.sh_link, sym.st_name);
		if (!name)
			name = "";
		demangled = demangle__sym_mode(name, demangle);
		if (asprintf(&full, "%s@plt", demangled ? demangled : name) < 0)
			full = NULL;
		free(demangled);
		if (!full)
			return -ENOMEM;
		err = symbols__add(syms, addr, entsize, STB_GLOBAL, STT_FUNC, full);
		free(full);
		if (err)
			return err;
		added++;
	}
	return added;
}

int symsrc__load_segments(struct symsrc *ss, struct symsrc_seg *segs, int max)
{
	size_t i, nphdr;
	int nr = 0;

	if (elf_getphdrnum(ss->elf, &nphdr))
		return 0;
	for (i = 0; i < nphdr && nr < max; i++) {
		GElf_Phdr phdr;

		if (!gelf_getphdr(ss->elf, i, &phdr) || phdr.p_type != PT_LOAD || !phdr.p_filesz)
			continue;
		segs[nr].off = phdr.p_offset;
		segs[nr].vaddr = phdr.p_vaddr;
		segs[nr].filesz = phdr.p_filesz;
		nr++;
	}
	return nr;
}

int symsrc__debuglink(struct symsrc *ss, char *buf, size_t len)
{
	Elf_Data *data;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	size_t n;

	scn = symsrc__find_section(ss, SHT_NULL, ".gnu_debuglink", &shdr);
	if (!scn)
		return -ENOENT;
	data = elf_getdata(scn, NULL);
	if (!data || !data->d_buf || !data->d_size)
		return -ENOENT;
	n = strnlen(data->d_buf, data->d_size);
	/* a name, NUL-terminated inside the section, without a directory */
	if (!n || n == data->d_size || n >= len || memchr(data->d_buf, '/', n))
		return -ENOENT;
	memcpy(buf, data->d_buf, n + 1);
	return 0;
}

int symsrc__open_debugdata(struct symsrc *ss, struct symsrc *out)
{
	u8 *image = NULL;
	size_t image_len = 0;
	Elf_Data *data;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	char *name;
	int err;

	scn = symsrc__find_section(ss, SHT_PROGBITS, ".gnu_debugdata", &shdr);
	if (!scn)
		return -ENOENT;
	data = elf_rawdata(scn, NULL);
	if (!data || !data->d_buf || !data->d_size)
		return -ENOENT;
	err = decompress__mem(data->d_buf, data->d_size, DECOMPRESS_XZ, SYMSRC_MAX_IMAGE,
			      &image, &image_len);
	if (err) {
		pr_warning("%s: bad .gnu_debugdata: %s\n", ss->name, strerror(-err));
		return err;
	}
	if (asprintf(&name, "%s[.gnu_debugdata]", ss->name) < 0) {
		free(image);
		return -ENOMEM;
	}
	err = symsrc__open_mem(out, image, image_len, name);
	free(name);
	return err;
}
