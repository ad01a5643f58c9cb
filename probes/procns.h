/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * procns: a process's files as that process sees them.
 *
 * A process in a container has its own root (its mount namespace and a
 * chroot, as docker, podman and kubernetes make them) and perhaps its own
 * PID and user namespaces.  Every path pidtrace derives from a process
 * (the modules' paths in /proc/PID/maps, debug directories, perf maps)
 * is a path in that process's root, reached from here through the
 * kernel's /proc/PID/root.  A process that shares our root and mount
 * namespace is read at its paths as they are, as before.
 *
 * Not the firing path: reads /proc.  One thread.
 */
#ifndef PB_PROCNS_H
#define PB_PROCNS_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Whether pid sees another file system than we do: 1 when its root or
 * its mount namespace differ from ours (then its files are reached
 * through /proc/PID/root), 0 when they are ours, or when /proc/PID/root
 * cannot be read (the paths are then taken as ours, the best left).
 */
int
pb_proc_foreign(pid_t pid);

/*
 * The paths in /proc/PID/maps and /proc/PID/exe are the kernel's names
 * for the files from our root, not the process's: for a process that
 * chroot()ed inside its container's mount namespace (rather than
 * pivot_root() as runc does) they carry its root's own path first
 * ("/srv/ct/usr/lib/libc.so.6").  pb_proc_rootlink writes that prefix
 * (the target of /proc/PID/root) into buf, or "" when the process's root
 * is "/" or closed to us; 0, or -1 (ENAMETOOLONG).  pb_proc_unroot cuts
 * it from path, in place, leaving the path as the process sees it
 * ("/usr/lib/libc.so.6").
 */
int
pb_proc_rootlink(pid_t pid, char *buf, size_t len);

void
pb_proc_unroot(const char *prefix, char *path);

/*
 * The path to open here for path as process pid sees it: path itself
 * when pid <= 0 or the process shares our file system, else
 * /proc/PID/root followed by path with its symbolic links resolved
 * inside the process's root (an absolute link in a container points into
 * the container, not into ours).  Writes into buf; 0, or -1 with errno
 * ENAMETOOLONG, ELOOP, EINVAL (path is not absolute).  The file need not
 * exist.
 */
int
pb_proc_path(pid_t pid, const char *path, char *buf, size_t len);

/*
 * The number of pid's process in its own PID namespace (the last of
 * /proc/PID/status's NStgid line, which is NSpid's for the process and
 * names a thread's process): what the process's getpid() returns, and
 * so the number it writes in /tmp/perf-N.map.  pid itself when the line
 * is missing (kernels before 4.1) or the process is gone.
 */
pid_t
pb_proc_nspid(pid_t pid);

/*
 * Let this process trace pid when pid runs, in a user namespace of our
 * user's (a rootless container), as one of our subordinate user ids:
 * enter that namespace, as `podman unshare` does.  Its owner may
 * ptrace(2) its processes from outside, but opens their /proc/PID/mem
 * (owned by the subordinate uid) only from inside, where it holds
 * CAP_DAC_OVERRIDE over the ids mapped there.  Returns 1 when it
 * entered, 0 when nothing was needed or nothing applies (pid is ours,
 * root runs us, its namespace is not one of ours: the attach then goes
 * or fails as usual), -1 with a one-line message in err, saying what to
 * run instead, when entering failed.  Must run before the process starts
 * a thread (setns(2) refuses a threaded caller).
 */
int
pb_proc_userns_enter(pid_t pid, char *err, size_t errlen);

#endif /* PB_PROCNS_H */
