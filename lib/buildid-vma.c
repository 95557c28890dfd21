// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel glue for lib/buildid.c: build-ids of files mapped by a VMA, and the
 * running kernel's own build-id.
 *
 * lib/buildid.c only sees a struct build_id_reader; here are two readers of
 * a mapped file, both working on its page cache:
 *
 *  - build_id_parse() never sleeps and never starts I/O: it only copies
 *    from pages already cached and up to date, as Linux 6.1's parser did
 *    (but no longer only from page 0).  BPF stack maps call it with
 *    interrupts off or from NMI.
 *
 *  - build_id_parse_sleepable() reads missing pages in (read_folio), so the
 *    note is found wherever it is in the file, cached or not.  It must be
 *    called from process context; the perf mmap path calls it with the
 *    mmap_lock held for writing, which is why it does not use kernel_read():
 *    a file system may take i_rwsem in ->read_iter() (XFS does), while
 *    write() holds i_rwsem across faults that take the mmap_lock.  Reading
 *    through the page cache takes only folio locks, in the same order as a
 *    page fault does.
 *
 * It lives in lib/, not kernel/events/: init/main.c needs vmlinux_build_id
 * without perf, and BPF needs build_id_parse().
 */
#include <linux/buildid.h>
#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/secretmem.h>
#include <linux/shmem_fs.h>

struct buildid_vma_reader {
	struct file *file;
	bool may_sleep;
};

/* One page of the file, referenced, or an ERR_PTR. */
static struct page *buildid_vma_get_page(const struct buildid_vma_reader *v,
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

static int buildid_vma_read(const struct build_id_reader *r, u64 off, void *buf,
			    size_t len)
{
	const struct buildid_vma_reader *v = r->priv;
	unsigned char *dst = buf;

	while (len) {
		size_t in_page = offset_in_page(off);
		size_t n = min_t(size_t, len, PAGE_SIZE - in_page);
		struct page *page;
		void *addr;

		page = buildid_vma_get_page(v, off >> PAGE_SHIFT);
		if (IS_ERR(page))
			return PTR_ERR(page);
		addr = kmap_local_page(page);
		memcpy(dst, addr + in_page, n);
		kunmap_local(addr);
		put_page(page);
		dst += n;
		off += n;
		len -= n;
	}
	return 0;
}

static int buildid_vma_parse(struct vm_area_struct *vma, unsigned char *build_id,
			     __u32 *size, bool may_sleep)
{
	struct buildid_vma_reader v = { .file = vma->vm_file, .may_sleep = may_sleep };
	struct build_id_reader r = { .read = buildid_vma_read, .priv = &v };

	/* Only regular files: a device or anon mapping has no ELF image. */
	if (!v.file || !S_ISREG(file_inode(v.file)->i_mode))
		return -EINVAL;
	/* Never copy out of memfd_secret() pages. */
	if (vma_is_secretmem(vma))
		return -EFAULT;
	r.size = i_size_read(file_inode(v.file));
	return build_id_parse_reader(&r, build_id, size);
}

/**
 * build_id_parse - build-id of the file mapped by @vma, from cached pages only
 * @vma:      the mapping
 * @build_id: BUILD_ID_SIZE_MAX bytes, zero-padded on success, zeroed on error
 * @size:     the id's size on success (may be NULL)
 *
 * Never sleeps and never starts I/O.  Return: 0, -EFAULT if a page the
 * parser needs is not cached, -EINVAL for a non-regular file, or an error of
 * build_id_parse_reader().
 */
int build_id_parse(struct vm_area_struct *vma, unsigned char *build_id, __u32 *size)
{
	return buildid_vma_parse(vma, build_id, size, false);
}

/**
 * build_id_parse_sleepable - build-id of the file mapped by @vma
 * @vma:      the mapping
 * @build_id: BUILD_ID_SIZE_MAX bytes, zero-padded on success, zeroed on error
 * @size:     the id's size on success (may be NULL)
 *
 * May sleep: reads the pages it needs into the page cache.  Return values
 * as build_id_parse(), except that missing pages are read (-EIO on failure).
 */
int build_id_parse_sleepable(struct vm_area_struct *vma, unsigned char *build_id,
			     __u32 *size)
{
	might_sleep();
	return buildid_vma_parse(vma, build_id, size, true);
}

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
