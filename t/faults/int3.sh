#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault suite's heaviest checks again with every probe on int3
# (-x fastpath=off): concurrency (entry, return, latency of 8 threads),
# unwinding (exceptions, longjmp, deep recursion), threads created and
# gone at a high rate (self-> of reused tids) and forced unwinding
# (pthread_cancel, pthread_exit).
. "$top_srcdir/t/faults/ftlib.sh"

FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/concurrency.sh" ||
	fail "concurrency.sh with -x fastpath=off"
FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/unwind.sh" ||
	fail "unwind.sh with -x fastpath=off"
FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/threads.sh" ||
	fail "threads.sh with -x fastpath=off"
FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/cancel.sh" ||
	fail "cancel.sh with -x fastpath=off"
