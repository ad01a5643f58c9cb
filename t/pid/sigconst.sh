#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# D's signal constants, as dtrace's signal.d defines them: every SIG*
# number of the system's <signal.h> (Oracle's Linux DTrace builds
# signal.d from it; its pid tests raise(SIGUSR1)).  Each constant
# equals the number the shell's own `kill -l` gives (SIGIOT, SIGCLD and
# SIGPOLL are <signal.h>'s other names of SIGABRT, SIGCHLD and SIGIO);
# raise(SIGUSR1) in a pid probe kills pd-prog, which has no handler,
# with signal number `kill -l USR1`.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

names="HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM
TERM STKFLT CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH
IO PWR SYS"
prog='BEGIN {'
: >"$T/want"
for s in $names; do
	prog="$prog printf(\"SIG$s %d\\n\", SIG$s);"
	echo "SIG$s $(kill -l "$s")" >>"$T/want"
done
for pair in IOT:ABRT CLD:CHLD POLL:IO; do
	prog="$prog printf(\"SIG${pair%%:*} %d\\n\", SIG${pair%%:*});"
	echo "SIG${pair%%:*} $(kill -l "${pair#*:}")" >>"$T/want"
done
prog="$prog exit(0); }"
bounded 30 "$PIDTRACE" -q -n "$prog" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || fail "exit $rc"
grep -v "^$" "$T/out" >"$T/got"
same_output "$T/want" "$T/got"

say "raise(SIGUSR1) in a pid probe"
bounded 30 "$PIDTRACE" -q -w -n 'pid$target:a.out:go:entry { raise(SIGUSR1); }' \
    -c "$TARGETS/pd-prog run 1" >"$T/out" 2>"$T/err"
cat "$T/err"
grep -q "^pidtrace: pid [0-9]* was killed by signal $(kill -l USR1) (SIGUSR1)\$" \
    "$T/err" || fail "pd-prog not killed by SIGUSR1"
grep -q '^done' "$T/out" && fail "pd-prog finished"
exit 0
