#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The D hooks outside a process's firing, with a process traced: BEGIN,
# a tick and END fire in pidtrace's own context, so copyin() there is a
# runtime error (dtrace's "invalid address"), %a and ufunc() print the
# address in hex, ustack() is empty and vtimestamp is timestamp.  They
# once took the process for the firing and crashed pidtrace.
. "$top_srcdir/t/lib.sh"

bounded 30 "$PIDTRACE" -q -n '
BEGIN { printf("begin %a [%s]\n", 4096, ufunc(8192)); ustack(); }
BEGIN { trace(*(int *)copyin(4096, 4)); }
tick-10ms { printf("tick %a %d\n", 8192, vtimestamp > 0); }
tick-10ms { exit(0); }
END { printf("end %a\n", 12288); }' -c "sleep 30" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc = 0 ] || fail "exit $rc"
printf 'begin 0x1000 [0x2000]\n\ntick 0x2000 1\nend 0x3000\n\n' >"$T/want"
same_output "$T/want" "$T/out"
# dtrace's wording; the DIF offset is our compiler's
sed 's/ at DIF offset [0-9]*$//' "$T/err" >"$T/err2"
printf 'pidtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x1000) in action #1\n' >"$T/want"
same_output "$T/want" "$T/err2"
exit 0
