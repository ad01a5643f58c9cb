#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/endings.sh with the fast path off (-x fastpath=off): the int3
# path, whose out-of-line pages every ending must unmap too.
PIDTRACE_X="-x fastpath=off" \
	exec bash "$top_srcdir/t/fastpath/endings.sh"
