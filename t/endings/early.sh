#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A ^C that reaches pidtrace before it traces (while it reads its
# script, attaches or compiles) ends the trace as a ^C just after the
# start would: BEGIN, END, exit 0, the target untraced and running as
# before.  It used to kill pidtrace by the signal's default action (the
# handlers came with the run loop), a status of 130 and no END, seen
# when a loaded machine made the attach slower than a user's ^C.
#
# To reach that window on purpose, the script is a FIFO: pidtrace
# blocks opening it until the test writes it, and the SIGINT is sent
# while it does (its /proc/PID/syscall shows the openat).
# Expected output: dtrace(1)'s, on a SIGINT: tracing stops, its intr()
# prints a newline after the ^C (quiet or not), END fires, the final
# aggregation snapshot follows (a blank line; @ is empty here), exit 0.
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

start_counter
mkfifo "$T/s.d"
spawn _pp 60 "$PIDTRACE" -q -s "$T/s.d" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
n=0	# openat is system call 257 on x86-64
until [ "$(cut -d' ' -f1 "/proc/$PT/syscall" 2>/dev/null)" = 257 ]; do
	n=$((n + 1))
	[ $n -lt 2000 ] || fail "pidtrace never opened its script"
	sleep 0.01
done
kill -INT "$PT"
# A pidtrace killed by the signal never opens the FIFO: the write would
# wait for a reader forever.
timeout 20 sh -c 'printf "%s\n" "$1" >"$0"' "$T/s.d" \
	'BEGIN { printf("begin\n"); }
	pid$target::work:entry { @ = count(); }
	END { printf("end\n"); }' || fail "pidtrace did not read its script"
wait "$_pp"
rc=$?
cat "$T/p.out" "$T/p.err"
[ $rc = 0 ] || fail "pidtrace exited $rc after an early SIGINT"
printf 'begin\n\nend\n\n' >"$T/want"
same_output "$T/want" "$T/p.out"
[ "$(tracer_of "$TPID")" = 0 ] || fail "target still traced"
text_intact "$TPID" "$COUNTER" || fail "target's text changed"
echo "go 300 2" >&3
wait_for "$T/out" '^done'
echo quit >&3
exec 3>&-
wait_for "$T/out" '^exit'
say "early SIGINT: BEGIN and END ran, exit 0, target intact"
