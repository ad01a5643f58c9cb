#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# vfork and posix_spawn caught in flight: t/targets/ij-fork spawn
# vforks (the child exits 3 at once) and posix_spawns /bin/true in turn,
# one thread, while pidtrace attaches with a pid probe on malloc and is
# stopped by SIGINT at a random moment, 10 times (100 with FT_SCALE=10),
# with the fast path and without.  A vfork child runs in its parent's
# memory while the parent waits in the kernel, where no ptrace stop can
# reach it: pidtrace waited for that stop forever (and left its pages
# when the parent sat at its vfork event, the only thread).
# Asserts: as t/inject/fork.sh (no "c" lines: these children log
# nothing); each session ends, says nothing, leaves the maps as found.
. "$top_srcdir/t/inject/ijlib.sh"

N=$((10 * FT_SCALE))
D='pid$target::malloc:entry { @ = count(); }'
fork_run spawn "$D" spawn
PT=("$PIDTRACE" -x fastpath=off)
fork_run spawn "$D" "spawn, fastpath=off"
