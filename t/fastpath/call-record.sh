#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/call.sh with every clause run in pidtrace from records
# (-x fastpath=record).
PIDTRACE_X="-x fastpath=record" \
	exec bash "$top_srcdir/t/fastpath/call.sh"
