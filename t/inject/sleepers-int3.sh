#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/inject/sleepers.sh with the fast path off (-x fastpath=off): the
# first run only, 10 sessions (20 with FT_SCALE above 1).
[ "${FT_SCALE:-1}" -gt 1 ] || export IJ_N=10
IJ_KINDS=no PIDTRACE_X="-x fastpath=off" \
	exec bash "$top_srcdir/t/inject/sleepers.sh"
