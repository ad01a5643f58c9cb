#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/goargs.sh with -x fastpath=record.
PIDTRACE_X="-x fastpath=record" \
	exec bash "$top_srcdir/t/fastpath/goargs.sh"
