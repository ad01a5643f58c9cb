#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault suite's heaviest checks again with every clause run in
# pidtrace from the trampolines' records (-x fastpath=record): concurrency
# (entry, return, latency of 8 threads), unwinding (exceptions, longjmp,
# deep recursion), threads created and gone at a high rate (self-> of
# reused tids), forced unwinding (pthread_cancel, pthread_exit), every
# first-instruction shape, a displaced instruction that faults, signals
# across attach and detach, and signals that kill.  The default runs
# them in the process, and int3.sh with every probe stopping the thread.
. "$top_srcdir/t/faults/ftlib.sh"

FT_X="-x fastpath=record -x bufsize=256m" \
	subtest "concurrency.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/concurrency.sh"
FT_X="-x fastpath=record -x bufsize=128m" \
	subtest "unwind.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/unwind.sh"
FT_X="-x fastpath=record" \
	subtest "threads.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/threads.sh"
FT_X="-x fastpath=record" \
	subtest "cancel.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/cancel.sh"
FT_X="-x fastpath=record" \
	subtest "insns.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/insns.sh"
FT_X="-x fastpath=record" \
	subtest "fault.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/fault.sh"
FT_X="-x fastpath=record" \
	subtest "sigattach.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/sigattach.sh"
FT_X="-x fastpath=record" \
	subtest "death.sh with -x fastpath=record" \
	bash "$top_srcdir/t/faults/death.sh"
