/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an option of dtrace's that means nothing for a user process
 * is refused in one line that says why, not silently ignored.
 * @@runtest-opts: -x errtags
 * EXPECTED: dtrace's tag for an option it cannot set, D_PRAGMA_OPTSET
 * (Oracle's libdtrace dt_pragma.c); the reason and the file:line:col are
 * pidtrace's (the cpu option restricts dtrace to a CPU of the kernel's).
 */
#pragma D option cpu=0

BEGIN
{
	exit(0);
}
