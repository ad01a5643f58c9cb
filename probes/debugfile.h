/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * debugfile: find an object's separate debug file, as gdb does
 * ("Debugging Information in Separate Files" in gdb's manual), on the
 * local disk only: no debuginfod, no network.
 *
 * For an object at /usr/lib/x/libfoo.so.1, in this order:
 *   1. by build-id: DIR/.build-id/ab/cdef....debug for each debug
 *      directory DIR, when the object has a build-id; the file found
 *      must carry the same build-id;
 *   2. by .gnu_debuglink NAME (its CRC-32 must match the file's):
 *      /usr/lib/x/NAME, /usr/lib/x/.debug/NAME, then DIR/usr/lib/x/NAME
 *      for each DIR.
 * The debug directories are $PIDTRACE_DEBUG_DIR, a colon-separated list
 * like gdb's debug-file-directory, or /usr/lib/debug when it is unset
 * (Debian's -dbgsym and libc6-dbg packages install there).  Tests set
 * it; an empty value disables the directories (1 and the DIR part of 2).
 *
 * A process in a container (procns.h) sees its own files: its object's
 * directory and the debug directories are looked up through its root
 * first, then, when its container holds no debug file, the host's
 * debug directories (1, then the DIR part of 2: not beside the object,
 * whose directory is the container's), which may keep the debug
 * packages of the images the host runs.  A file found on the host is
 * used only when it matches as any must (its build-id, its CRC).
 *
 * Not the firing path: opens and reads files.  One thread.
 */
#ifndef PB_DEBUGFILE_H
#define PB_DEBUGFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "probes/elfsym.h"

/*
 * Find the debug file of the object opened as obj, whose path (the one
 * maps shows, which gives the directory for .gnu_debuglink) is objpath,
 * as process pid sees it (0: a file of ours, not a process's).  Writes
 * the path to open into buf (under /proc/PID/root for a file in the
 * process's container).  Returns 0, or -1 with errno ENOENT when there
 * is none (or none that matches), ENAMETOOLONG, ENOMEM.
 */
int
pb_debugfile_find(pid_t pid, const char *objpath, pb_elf_t *obj, char *buf,
    size_t len);

/*
 * CRC-32 of the file at path, as .gnu_debuglink records it: 0 and *crc,
 * or -1 with errno.
 */
int
pb_debugfile_crc(const char *path, unsigned long *crc);

#endif /* PB_DEBUGFILE_H */
