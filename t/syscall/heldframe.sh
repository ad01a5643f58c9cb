#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A detach while a signal handler holds a frame into a trampoline and its
# thread is blocked in a patched site's call (doc/TRACER.md, "Shutdown").
# The target (t/targets/sc-sud handler) reads stdin through libc's
# read(2), whose site pidtrace -p patches at its first call; blocked in
# the trampoline's call, it takes SIGUSR1, whose handler (a restorer
# pidtrace does not know: its frame cannot be moved) returns only once
# read()'s code is restored.  pidtrace then gets SIGINT: the frame points
# into the trampoline, so the release takes every jump out and lets the
# threads run (800 ms at most); the handler returns, and the thread is
# back in the call of a site no longer patched.  Each of three faults
# kept the trampolines mapped ("a signal frame still points into
# pidtrace's trampolines: left mapped"; Go's preemption signals made it
# happen in t/syscall/gosys.sh's Ctrl-C): such a thread was looked up
# among the patched sites only, and not moved; the threads ran under
# syscall stops nobody handled, a call a round; an int3 in the
# handler's way stopped it every round (the second run below).
# Asserts: pidtrace exits 0 having said nothing of the kind, the target
# is no longer traced and maps nothing of ours; then the handler
# returns and the interrupted read takes its line (restarted,
# SA_RESTART, at libc's own `syscall`), with the output an untraced run
# gives: "ready", "read 2" (the first line), "handler", "handler back",
# "read 2", "SIGSYS 0" (none of ours delivered).
. "$top_srcdir/t/syscall/sclib.sh"
need_sud

# run NAME D: the scene above, under the D program D.
run()
{
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	mkfifo "$T/in"
	spawn TP 60 sh -c 'exec "$0" handler <"$1" >"$2"' "$SUD" "$T/in" \
	    "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$TP") || fail "$1: no target pid"
	blocked "$TPID" 0
	spawn PP 60 "$PIDTRACE" -v -q -n "BEGIN { printf(\"armed\\n\"); } $2" \
	    -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	PT=$(child_of "$PP") || fail "$1: no pidtrace pid"
	wait_for "$T/p.out" '^armed'
	echo a >&3
	wait_for "$T/out" '^read 2'
	blocked "$TPID" 0
	kill -USR1 "$TPID"
	wait_for "$T/out" '^handler$'
	kill -INT "$PT"
	wait "$PP" || fail "$1: pidtrace exited $?: $(cat "$T/p.err")"
	grep -E 'system calls: ' "$T/p.err" >"$T/path" ||
		fail "$1: no path line: $(cat "$T/p.err")"
	say "$1: $(cat "$T/path")"
	n=$(sed -n 's/.*calls: [0-9]* through \([0-9]*\) patched.*/\1/p' "$T/path")
	[ "${n:-0}" -ge 1 ] || fail "$1: no site patched: $(cat "$T/path")"
	grep -E 'left mapped|still in the process' "$T/p.err" &&
		fail "$1: pidtrace left its pages: $(cat "$T/p.err")"
	grep 'memfd:pidtrace' "/proc/$TPID/maps" &&
		fail "$1: our mappings are still in the target"
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "$1: the target is still traced"
	wait_for "$T/out" '^handler back'
	echo b >&3
	exec 3>&-
	wait "$TP" || fail "$1: the target failed: $(cat "$T/out")"
	same_output - "$T/out" <<W
ready
read 2
handler
handler back
read 2
SIGSYS 0
W
}

run sys 'syscall::read:entry { @ = count(); }'
say "sys: a frame into a trampoline and a thread back in its call: all moved out, nothing left"

# The handler calls sc_tick every millisecond, a loop whose branch
# target is 2 bytes in: a probe there takes an int3, which the wait
# must not leave in the handler's way (a hit would stop it until the
# next round, rewound onto the same int3, every round).
run int3 'syscall::read:entry { @ = count(); } pid$target::sc_tick:entry { @t = count(); }'
grep -q ' 1 probe sites: 0 ran fast, 1 stopped the thread' "$T/p.err" ||
	fail "int3: sc_tick's site is not an int3: $(cat "$T/p.err")"
say "int3: the same with an int3 in the handler's way: its byte back before the wait"
