// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel glue for lib/buildid.c: build-ids of mapped files, and the running
 * kernel's own build-id.
 *
 * lib/buildid.c only sees a struct build_id_reader; here are two readers of
 * a file's page cache:
 *
 *  - build_id_parse() never sleeps and never starts I/O: it only copies
 *    from pages already cached and up to date.  BPF stack maps call it with
 *    interrupts off or from NMI, and the perf mmap path calls it with
 *    mmap_lock held for writing.  So it does not call i_size_read() (a
 *    seqcount loop on 32-bit SMP, which could spin forever in NMI): a page
 *    past the end of the file is never cached, so the size is not needed to
 *    stay inside the file.
 *
 *  - build_id_parse_file() may sleep: it reads missing pages in, under the
 *    mapping's invalidate_lock so that truncation and hole punching cannot
 *    change the pages under the parser.  Its callers must not hold
 *    mmap_lock: the perf mmap path defers to it with task_work, on the
 *    way back to user space (kernel/events/mmap3.c).
 *
 * Both keep the last page they used: the ELF header, program headers and
 * the note usually share a page, so a parse costs one or two page-cache
 * lookups, not one per header.  Both walk at most BUILD_ID_KERNEL_MAX_HDRS
 * headers and BUILD_ID_KERNEL_MAX_NOTES notes, so a crafted file cannot make
 * an mmap do more than a few hundred lookups.
 *
 * It lives in lib/, not kernel/events/: init/main.c needs vmlinux_build_id
 * without perf, and BPF needs build_id_parse().
 */
#include <linux/buildid.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/hugetlb.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/secretmem.h>
#include <linux/shmem_fs.h>

/* As lib/buildid.c did before it read past page 0: real files need few. */
#define BUILD_ID_KERNEL_MAX_HDRS	256
#define BUILD_ID_KERNEL_MAX_NOTES	256

struct buildid_page_reader {
	struct file *file;
	bool may_sleep;
	struct page *page;	/* referenced, or NULL */
	pgoff_t index;		/* of @page */
};

/* One page of the file, referenced, or an ERR_PTR. */
static struct page *buildid_get_page(const struct buildid_page_reader *v,
				     pgoff_t index)
{
	struct address_space *mapping = v->file->f_mapping;
	struct page *page;

	if (!v->may_sleep) {
		page = find_get_page(mapping, index);
		if (!page)
			return ERR_PTR(-EFAULT);
		if (!PageUptodate(page)) {
			put_page(page);
			return ERR_PTR(-EFAULT);
		}
		return page;
	}
	if (mapping->a_ops->read_folio)
		return read_mapping_page(mapping, index, v->file);
	/* tmpfs has no ->read_folio(); its pages come from shmem itself. */
	if (shmem_mapping(mapping))
		return shmem_read_mapping_page(mapping, index);
	return ERR_PTR(-EIO);
}

static int buildid_page_read(const struct build_id_reader *r, u64 off, void *buf,
			     size_t len)
{
	struct buildid_page_reader *v = r->priv;
	unsigned char *dst = buf;

	while (len) {
		size_t in_page = offset_in_page(off);
		size_t n = min_t(size_t, len, PAGE_SIZE - in_page);
		pgoff_t index = off >> PAGE_SHIFT;
		void *addr;

		if (!v->page || v->index != index) {
			struct page *page = buildid_get_page(v, index);

			if (IS_ERR(page))
				return PTR_ERR(page);
			if (v->page)
				put_page(v->page);
			v->page = page;
			v->index = index;
		}
		addr = kmap_local_page(v->page);
		memcpy(dst, addr + in_page, n);
		kunmap_local(addr);
		dst += n;
		off += n;
		len -= n;
	}
	return 0;
}

static int buildid_parse_pages(struct buildid_page_reader *v, u64 size,
			       unsigned char *build_id, __u32 *id_size)
{
	struct build_id_reader r = {
		.read = buildid_page_read,
		.size = size,
		.priv = v,
		.max_hdrs = BUILD_ID_KERNEL_MAX_HDRS,
		.max_notes = BUILD_ID_KERNEL_MAX_NOTES,
	};
	int err;

	err = build_id_parse_reader(&r, build_id, id_size);
	if (v->page)
		put_page(v->page);
	return err;
}

/*
 * Only regular files have an ELF image; never copy out of memfd_secret()
 * pages: they are not in the kernel's direct map; hugetlbfs indexes its
 * page cache in huge pages, not PAGE_SIZE.
 */
static int buildid_vma_usable(struct vm_area_struct *vma)
{
	if (!vma->vm_file || !S_ISREG(file_inode(vma->vm_file)->i_mode))
		return -EINVAL;
	if (vma_is_secretmem(vma))
		return -EACCES;
	if (is_vm_hugetlb_page(vma))
		return -EOPNOTSUPP;
	return 0;
}

/**
 * build_id_parse - build-id of the file mapped by @vma, from cached pages only
 * @vma:      the mapping
 * @build_id: BUILD_ID_SIZE_MAX bytes, zero-padded on success, zeroed on error
 * @size:     the id's size on success (may be NULL)
 *
 * Never sleeps and never starts I/O; safe in NMI.
 *
 * Return: 0; -EFAULT if a page the parser needs is not cached and up to
 * date; -EINVAL for a mapping without a regular file; -EACCES for
 * secretmem; -EOPNOTSUPP for hugetlbfs; or an error of
 * build_id_parse_reader().
 */
int build_id_parse(struct vm_area_struct *vma, unsigned char *build_id, __u32 *size)
{
	struct buildid_page_reader v = { .file = vma->vm_file };
	int err;

	memset(build_id, 0, BUILD_ID_SIZE_MAX);
	if (size)
		*size = 0;
	err = buildid_vma_usable(vma);
	if (err)
		return err;
	return buildid_parse_pages(&v, U64_MAX, build_id, size);
}
EXPORT_SYMBOL_GPL(build_id_parse);

/**
 * build_id_parse_file - build-id of a regular file, reading it if need be
 * @file:     the file (not hugetlbfs, not secretmem: see build_id_parse())
 * @build_id: BUILD_ID_SIZE_MAX bytes, zero-padded on success, zeroed on error
 * @size:     the id's size on success (may be NULL)
 *
 * Process context only; sleeps on I/O.  Must not be called with mmap_lock
 * held: it takes the mapping's invalidate_lock, which page faults take
 * under mmap_lock.
 *
 * Return: as build_id_parse(), with -EIO (or the file system's error) for
 * a page that could not be read, and -ESTALE when the file shrank while it
 * was parsed (the answer may mix old and new contents).
 */
int build_id_parse_file(struct file *file, unsigned char *build_id, __u32 *size)
{
	struct buildid_page_reader v = { .file = file, .may_sleep = true };
	struct address_space *mapping = file->f_mapping;
	struct inode *inode = file_inode(file);
	loff_t isize;
	int err;

	might_sleep();
	memset(build_id, 0, BUILD_ID_SIZE_MAX);
	if (size)
		*size = 0;
	if (!S_ISREG(inode->i_mode))
		return -EINVAL;
	filemap_invalidate_lock_shared(mapping);
	isize = i_size_read(inode);
	err = buildid_parse_pages(&v, isize, build_id, size);
	filemap_invalidate_unlock_shared(mapping);
	/* truncate() lowers i_size before it takes invalidate_lock. */
	if (i_size_read(inode) < isize) {
		memset(build_id, 0, BUILD_ID_SIZE_MAX);
		if (size)
			*size = 0;
		err = -ESTALE;
	}
	return err;
}
EXPORT_SYMBOL_GPL(build_id_parse_file);

#if IS_ENABLED(CONFIG_STACKTRACE_BUILD_ID) || IS_ENABLED(CONFIG_CRASH_CORE)
unsigned char vmlinux_build_id[BUILD_ID_SIZE_MAX] __ro_after_init;

/**
 * init_vmlinux_build_id - Compute and stash the running kernel's build ID
 */
void __init init_vmlinux_build_id(void)
{
	/* The linker script brackets the kernel's .notes section with these. */
	extern const char __start_notes[] __weak;
	extern const char __stop_notes[] __weak;

	build_id_parse_buf(__start_notes, vmlinux_build_id,
			   __stop_notes - __start_notes);
}
#endif
