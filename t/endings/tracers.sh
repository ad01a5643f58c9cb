#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Two tracers: pidtrace -p of a process that another pidtrace, strace or
# gdb traces fails with one error line and a hint naming the other
# tracer, and leaves that tracer's session alone: the other pidtrace's
# count stays exact, strace goes on printing, gdb goes on reading memory;
# the target's output equals an untraced run's.
. "$top_srcdir/t/tracer/trlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

D='BEGIN { printf("armed\n"); } pid$target::work:entry { @ = count(); }
	END { printa("work %@d\n", @); }'

# second_attach TRACER_PID COMM: pidtrace -p $TPID fails, naming it.
second_attach()
{
	bounded 20 "$PIDTRACE" -n "$D" -p "$TPID" >"$T/o" 2>&1 &&
		fail "attach under $2 succeeded"
	cat "$T/o"
	printf '%s\n%s\n' \
		"pidtrace: attach: ptrace(PTRACE_SEIZE, $TPID): Operation not permitted" \
		"hint: process $TPID is already traced by process $1 ($2)" >"$T/want"
	same_output "$T/want" "$T/o"
}

# traced_by: wait until /proc says someone traces $TPID.
traced_by()
{
	_n=0
	while [ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ]; do
		_n=$((_n + 1))
		[ $_n -lt 2000 ] || fail "nobody attached to $TPID"
		sleep 0.01
	done
}

start_counter
echo "go 100 2" >&3
wait_for "$T/out" '^done work=200 '

# Another pidtrace.
spawn _p1 60 "$PIDTRACE" -q -n "$D" -p "$TPID" >"$T/p1.out" 2>"$T/p1.err"
P1=$(child_of "$_p1")
wait_for "$T/p1.out" '^armed'
second_attach "$P1" pidtrace
echo "go 300 2" >&3
wait_for "$T/out" '^done work=800 '
kill -INT "$P1"
wait "$_p1" || fail "first pidtrace: $(cat "$T/p1.err")"
printf 'armed\n\nwork 600\n\n' >"$T/want"	# a blank line for ^C
same_output "$T/want" "$T/p1.out"

# strace.
if command -v strace >/dev/null; then
	spawn _st 60 strace -q -p "$TPID" -e trace=write -o "$T/strace"
	S=$(child_of "$_st")
	traced_by
	second_attach "$S" strace
	echo "go 10 1" >&3
	wait_for "$T/strace" '^write\(1, "done work=810 '
	kill -INT "$S"
	wait "$_st"
else
	say "strace not installed: that part skipped"
fi

# gdb, blocked in a shell command while attached; it reads memory after.
if command -v gdb >/dev/null; then
	spawn _g 60 gdb -q -batch -nx -p "$TPID" \
		-ex "shell touch $T/in-gdb; while [ ! -e $T/go ]; do sleep 0.02; done" \
		-ex 'print (unsigned long) n_work' >"$T/gdb" 2>&1
	G=$(child_of "$_g")
	bounded 30 bash -c 'while [ ! -e "$0" ]; do sleep 0.02; done' "$T/in-gdb" ||
		fail "gdb did not attach: $(cat "$T/gdb")"
	second_attach "$G" gdb
	touch "$T/go"
	wait "$_g"
	grep -qx '\$1 = 810' "$T/gdb" || fail "gdb: $(cat "$T/gdb")"
else
	say "gdb not installed: that part skipped"
fi

echo "go 5 1" >&3
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 100 2\ngo 300 2\ngo 10 1\ngo 5 1\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
