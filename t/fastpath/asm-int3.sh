#!/bin/bash
# t/fastpath/asm.sh with the fast path off (-x fastpath=off): the int3 path.
PIDTRACE_X="-x fastpath=off${PIDTRACE_X:+ $PIDTRACE_X}" \
	exec bash "$top_srcdir/t/fastpath/asm.sh"
