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

#endif
