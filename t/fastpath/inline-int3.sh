#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/inline.sh with the fast path off (-x fastpath=off): the int3 path.
PIDTRACE_X="-x fastpath=off" \
	exec bash "$top_srcdir/t/fastpath/inline.sh"
