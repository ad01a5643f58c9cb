#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/inject/fork.sh with a syscall probe on write too: the thread stops at
# its syscall-entry and syscall-exit stops, and pidtrace finds it parked
# there at attach and at the end (an injection replaces a call at its
# entry and runs it again; it must run once).
IJ_D='syscall::write:entry { @w = count(); }
	pid$target::malloc:entry { @m = count(); }' \
	exec bash "$top_srcdir/t/inject/fork.sh"
