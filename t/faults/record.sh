#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault suite's heaviest checks again with every clause run in
# pidtrace from the trampolines' records (-x fastpath=record): concurrency
# (entry, return, latency of 8 threads), unwinding (exceptions, longjmp,
# deep recursion), threads created and gone at a high rate (self-> of
# reused tids) and forced unwinding (pthread_cancel, pthread_exit).  The
# default runs them in the process, and int3.sh with every probe
# stopping the thread.
. "$top_srcdir/t/faults/ftlib.sh"

FT_X="-x fastpath=record -x bufsize=256m" \
	bash "$top_srcdir/t/faults/concurrency.sh" ||
	fail "concurrency.sh with -x fastpath=record"
FT_X="-x fastpath=record -x bufsize=128m" bash "$top_srcdir/t/faults/unwind.sh" ||
	fail "unwind.sh with -x fastpath=record"
FT_X="-x fastpath=record" bash "$top_srcdir/t/faults/threads.sh" ||
	fail "threads.sh with -x fastpath=record"
FT_X="-x fastpath=record" bash "$top_srcdir/t/faults/cancel.sh" ||
	fail "cancel.sh with -x fastpath=record"
