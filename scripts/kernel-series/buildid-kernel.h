/*
 * Kernel only (lib/buildid-vma.c): the build-id of a mapped file.
 * build_id_parse() never sleeps and only uses cached pages (BPF stack maps
 * call it from any context, perf from the mmap path); build_id_parse_file()
 * reads the file, and must not be called with mmap_lock held.
 */
#include <linux/mm_types.h>

struct file;

int build_id_parse(struct vm_area_struct *vma, unsigned char *build_id, __u32 *size);
int build_id_parse_file(struct file *file, unsigned char *build_id, __u32 *size);

#if IS_ENABLED(CONFIG_STACKTRACE_BUILD_ID) || IS_ENABLED(CONFIG_CRASH_CORE)
extern unsigned char vmlinux_build_id[BUILD_ID_SIZE_MAX];
void init_vmlinux_build_id(void);
#else
static inline void init_vmlinux_build_id(void) { }
#endif
