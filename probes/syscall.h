/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * syscall: the syscall provider's probes and what a firing means in D.
 *
 * Probes, as DTrace's syscall provider (Dynamic Tracing Guide, "syscall
 * Provider"): syscall::NAME:entry and syscall::NAME:return for every
 * x86-64 system call, NAME as the kernel names it (read, openat,
 * newfstatat, exit_group), the module empty ("the module name is
 * undefined").  The table is generated at build time from the installed
 * <asm/unistd_64.h> (tools/gen-syscalls.sh), never typed by hand.
 *
 * Arguments: entry probes get the six arguments of the call; return
 * probes get the return value in arg0 and arg1, and errno the error:
 * on failure arg0 = arg1 = -1 and errno the error number, on success
 * the value and errno 0 (illumos systrace: rval = -1 when lwp_errno is
 * set, then the return probe fires with (rval, rval)).
 *
 * A call interrupted by a signal leaves the kernel with one of its
 * restart codes (ERESTARTSYS 512, ERESTARTNOINTR 513, ERESTARTNOHAND
 * 514, ERESTART_RESTARTBLOCK 516); whether the program then sees EINTR
 * or the call is restarted is decided later, by the signal's
 * disposition.  D sees what Solaris's syscall provider shows for an
 * interrupted call: the return fires with -1 and errno EINTR, and a
 * restarted call is a new entry and return (restart_syscall for
 * nanosleep and the like, as the kernel names the call that resumes
 * them).  strace -c counts the same way: one errored call, one more.
 *
 * Pure: no process, no ptrace, no D.  Nothing here allocates; every
 * function may be called on the firing path.
 */
#ifndef PB_SYSCALL_H
#define PB_SYSCALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PB_SYSCALL_PROVIDER	"syscall"

typedef enum pb_syskind {
	PB_SYS_ENTRY = 0,
	PB_SYS_RETURN = 1,
} pb_syskind_t;

/* The number of system calls in the table. */
size_t
pb_syscall_count(void);

/* One past the largest system call number (the size of a table by nr). */
long
pb_syscall_limit(void);

/* The i-th system call by number (i < pb_syscall_count()): its number,
 * and its name in *name. */
long
pb_syscall_at(size_t i, const char **name);

/* The kernel's name of system call nr, or NULL if there is none. */
const char *
pb_syscall_name(long nr);

/* The number of the system call named name, or -1. */
long
pb_syscall_nr(const char *name);

/* "entry" or "return". */
const char *
pb_syscall_kind_name(pb_syskind_t kind);

/*
 * Every probe of the provider that the description's four globs match
 * (NULL or "" match anything; * ? [...] as fnmatch), in the order -l
 * lists them: by number, entry before return.  fn is called for each
 * with arg, the call's number and name and the kind.  Returns the number
 * of probes matched.
 */
size_t
pb_syscall_match(const char *prov, const char *mod, const char *func,
    const char *name, void (*fn)(void *arg, long nr, const char *func,
    pb_syskind_t kind), void *arg);

/*
 * What a return probe sees of a call that returned rax (the kernel's
 * value: -errno when is_error): *arg0 the value (arg0 and arg1), *err
 * errno.  Kernel restart codes become EINTR (see above).
 */
void
pb_syscall_retval(int64_t rax, bool is_error, int64_t *arg0, int *err);

#endif /* PB_SYSCALL_H */
