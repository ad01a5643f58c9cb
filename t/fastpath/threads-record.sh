#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/threads.sh with every clause run in pidtrace from records
# (-x fastpath=record): the fast path without clause code in the process.
PIDTRACE_X="-x fastpath=record" \
	exec bash "$top_srcdir/t/fastpath/threads.sh"
