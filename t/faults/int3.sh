#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault suite's heaviest checks again with every probe on int3
# (-x fastpath=off): concurrency (entry, return, latency of 8 threads)
# and unwinding (exceptions, longjmp, deep recursion).
. "$top_srcdir/t/faults/ftlib.sh"

FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/concurrency.sh" ||
	fail "concurrency.sh with -x fastpath=off"
FT_X="-x fastpath=off" bash "$top_srcdir/t/faults/unwind.sh" ||
	fail "unwind.sh with -x fastpath=off"
