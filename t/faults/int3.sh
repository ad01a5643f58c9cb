#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault suite's heaviest checks again with every probe on int3
# (-x fastpath=off): concurrency (entry, return, latency of 8 threads),
# unwinding (exceptions, longjmp, deep recursion), threads created and
# gone at a high rate (self-> of reused tids), forced unwinding
# (pthread_cancel, pthread_exit), every first-instruction shape, a
# displaced instruction that faults, signals across attach and detach,
# and signals that kill.
. "$top_srcdir/t/faults/ftlib.sh"

FT_X="-x fastpath=off" \
	subtest "concurrency.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/concurrency.sh"
FT_X="-x fastpath=off" \
	subtest "unwind.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/unwind.sh"
FT_X="-x fastpath=off" \
	subtest "threads.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/threads.sh"
FT_X="-x fastpath=off" \
	subtest "cancel.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/cancel.sh"
FT_X="-x fastpath=off" \
	subtest "insns.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/insns.sh"
FT_X="-x fastpath=off" \
	subtest "fault.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/fault.sh"
FT_X="-x fastpath=off" \
	subtest "sigattach.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/sigattach.sh"
FT_X="-x fastpath=off" \
	subtest "death.sh with -x fastpath=off" \
	bash "$top_srcdir/t/faults/death.sh"
