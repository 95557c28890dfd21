/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file behind a map of a running process, as that process sees it.
 *
 * /proc/PID/maps names a map by a path in the process's own mount
 * namespace: for a process in a container or a chroot that path may name
 * another file on the host, or none, and a "(deleted)" map names a file no
 * path reaches any more.  Reading the host's file at that path would put
 * the host binary's build-id on the process's map.
 */
#ifndef __PERF_PROC_MAP_FILE_H
#define __PERF_PROC_MAP_FILE_H

#include <linux/types.h>
#include <stdbool.h>
#include <time.h>
#include <sys/types.h>

/*
 * Open (read-only, close-on-exec) the regular file process @pid maps at
 * [@start, @end), named @path in its maps line (" (deleted)" included):
 * /proc/PID/map_files/START-END, the mapped file itself (needs
 * CAP_SYS_ADMIN or CAP_CHECKPOINT_RESTORE), else @path resolved in the
 * process's root directory, symlinks included (not for a deleted file:
 * that path now names another file or none).  Never @path on the host.
 * Returns a descriptor or -errno (of the last way tried).
 */
int proc_map_file__open(pid_t pid, u64 start, u64 end, const char *path);

/* Its two ways alone: map_files, and @path inside the process's root. */
int proc_map_file__open_mapped(pid_t pid, u64 start, u64 end);
int proc_map_file__open_in_root(pid_t pid, const char *path);

/* Does @path end in " (deleted)", the kernel's mark of an unlinked file? */
bool proc_map_file__deleted(const char *path);

/* What an inode-form MMAP2 record says of the file it maps. */
struct proc_map_ident {
	u32 maj, min;
	u64 ino, ino_generation;
};

/*
 * Is open file @fd the one @id names?  The inode number always.  With
 * @by_path (a file found by name, which may be a later file that reuses
 * the number) the device, the generation where the filesystem tells it
 * (FS_IOC_GETVERSION), and a ctime not after @seen (when the map was
 * seen: a file created or renamed there since cannot be the mapped one)
 * too.  Without it (a map_files descriptor, the mapped file itself) the
 * device is not compared: btrfs subvolumes and overlayfs report another
 * st_dev than the superblock the record names.
 */
bool proc_map_file__is(int fd, const struct proc_map_ident *id, bool by_path,
		       const struct timespec *seen);

#endif
