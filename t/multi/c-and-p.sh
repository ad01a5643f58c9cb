#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -c with -p in one run (t/multi/mlib.sh).  Asserts: $target is the first
# process given, -p or -c (the Dynamic Tracing Guide: "the first such
# process"); each process's counts are exact; when the -c process exits,
# "pid N has exited" is said and tracing goes on for the -p one; pidtrace
# ends by itself when the last one exits, and the -p one ran to the
# output of an untraced run.
. "$top_srcdir/t/multi/mlib.sh"

start_counter_as A 3

# $target: the first given.
printf 'quit\n' >"$T/cmds"
bounded 30 "$PIDTRACE" -q -n 'BEGIN { printf("target %d\n", $target);
	exit(0); }' -p "$A" -c "$COUNTER" <"$T/cmds" >"$T/t1" 2>&1 ||
	fail "-p -c: $(cat "$T/t1")"
grep -qx "target $A" "$T/t1" || fail "-p A -c: \$target: $(cat "$T/t1")"
bounded 30 "$PIDTRACE" -q -n 'BEGIN { printf("target %d\n", $target);
	exit(0); }' -c "$COUNTER" -p "$A" <"$T/cmds" >"$T/t2" 2>&1 ||
	fail "-c -p: $(cat "$T/t2")"
grep -q "^target [0-9]" "$T/t2" || fail "-c -p: $(cat "$T/t2")"
grep -qx "target $A" "$T/t2" && fail "-c C -p A: \$target is A"
[ "$(traced_by "$A")" = 0 ] || fail "A still traced after exit()"

# The -c process exits first; the -p one is traced on until its end.
printf 'go 500 2\nquit\n' >"$T/cmds"
# (spawn's `&` would give the command /dev/null for stdin: sh redirects.)
spawn _pp 60 sh -c 'exec "$@" <"$0"' "$T/cmds" "$PIDTRACE" -n 'pid*::work:entry { @w[pid] = count(); }
	pid$target::mix:entry { @t[pid] = count(); }' \
	-c "$COUNTER" -p "$A" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^exit work=1000 '
C=$(sed -n 's/^ready pid=//p' "$T/p.out")
wait_for "$T/p.err" "^pidtrace: pid $C has exited\$"
[ "$(traced_by "$A")" = "$PT" ] || fail "A not traced after C exited"
echo "go 300 1" >&3
wait_for "$T/A.out" '^done work=300 '
echo quit >&3
wait "$_pp"
rc=$?
cat "$T/p.out" "$T/p.err"
[ $rc = 0 ] || fail "pidtrace exit status $rc"
grep -qx "pidtrace: pid $A has exited" "$T/p.err" || fail "no notice for A"
grep -q "^ *$C  *1000\$" "$T/p.out" || fail "work count of C"
grep -q "^ *$A  *300\$" "$T/p.out" || fail "work count of A"
grep -q "^ *$C  *2000\$" "$T/p.out" || fail "pid\$target (C) mix count"
[ "$(grep -c "^ *$A  *" "$T/p.out")" = 1 ] || fail "pid\$target matched A"
sed 's/pid=[0-9]*//' "$T/A.out" >"$T/A.got"
reference 'go 300 1\nquit\n' >"$T/A.want"
same_output "$T/A.want" "$T/A.got"
