#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/inject/fork.sh with the fast path off (-x fastpath=off): the int3
# path maps out-of-line pages instead.
PIDTRACE_X="-x fastpath=off" \
	exec bash "$top_srcdir/t/inject/fork.sh"
