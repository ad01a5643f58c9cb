#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A fork caught in flight: t/targets/ij-fork allocates, logs its loop
# counter and forks in a loop, one thread; each child logs the counter
# and exits, the parent reaps it.  pidtrace attaches with a pid probe on
# malloc and is stopped by SIGINT at a random moment, 10 times (100 with
# FT_SCALE=10).  Every session maps pages in the process (the fast
# path's ring and trampolines, or out-of-line pages) and unmaps them at
# the end by syscalls injected into that thread, which is often inside
# fork() when it stops (at its fork event, its syscall stops, or an
# interrupt inside the call).  Injected there as into user code, the
# call failed with ENOSYS and the fork ran again: a second child the
# parent never learns of (4 to 7 in 40 sessions before).
# Asserts: each session ends with exit 0 and nothing said, the process
# untraced and its /proc/PID/maps line for line as before attach; at the
# end no child left over, none exited wrong, every fork and every write
# of the log ran exactly once and no child found a mapping of ours, as
# in an untraced run.  IJ_D replaces the probes (fork-sys.sh).
. "$top_srcdir/t/inject/ijlib.sh"

N=$((10 * FT_SCALE))
D='pid$target::malloc:entry { @ = count(); }'
[ -n "${IJ_D:-}" ] && D=$IJ_D
fork_run fork "$D" fork
