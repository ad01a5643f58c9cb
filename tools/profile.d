#!/usr/bin/env -S pidtrace -s
/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile.d: sample the traced processes' user stacks HZ times a second
 * of their CPU, and count the stacks (bcc's and bpftrace's profile).
 *
 *   pidtrace -s profile.d -p PID HZ SECS FOLDED
 *
 * HZ samples a second; SECS the seconds to sample (0: until Ctrl-C or
 * the end of the process); FOLDED 1 keys the stacks by the process's
 * name too, for -x stackfmt=folded (name;frame;...;frame count, as bcc's
 * profile -f prints), 0 prints them as dtrace does, with a header.
 */
#pragma D option quiet

dtrace:::BEGIN
/!$3/
{
	printf("Sampling at %d Hertz of PID %d by user stack", $1, $target);
}

dtrace:::BEGIN
/!$3 && $2 > 0/
{
	printf(" for %d secs.\n", $2);
}

dtrace:::BEGIN
/!$3 && $2 <= 0/
{
	printf("... Hit Ctrl-C to end.\n");
}

profile-$1
/!$3/
{
	@stacks[ustack()] = count();
}

profile-$1
/$3/
{
	@folded[execname, ustack()] = count();
}

profile:::tick-1s
/$2 > 0 && ++secs >= $2/
{
	exit(0);
}
