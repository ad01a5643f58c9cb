#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/unwind.sh with every clause run in pidtrace from records
# (-x fastpath=record).  Its tens of thousands of records may all be in
# flight at once when pidtrace gets little CPU during the run (a shard,
# 4 MB of the default 16 MB, dropped 5,232 of them at load 42): the ring
# is made big enough for all of them, so no drop depends on how fast
# the consumer runs.
PIDTRACE_X="-x fastpath=record -x bufsize=128m" \
	exec bash "$top_srcdir/t/fastpath/unwind.sh"
