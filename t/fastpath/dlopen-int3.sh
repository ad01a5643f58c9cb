#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/dlopen.sh with the fast path off (-x fastpath=off).
PIDTRACE_X="-x fastpath=off" \
	exec bash "$top_srcdir/t/fastpath/dlopen.sh"
