#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A SIGKILL of pidtrace leaves its jumps, trampolines and clause code in
# the process (doc/TRACER.md): the process runs on.  Clause code reads
# memory by loads only while pidtrace can fix up their faults; its
# watchdog (comm "ptwd<pid>") clears the area's word when pidtrace dies,
# and the code goes back to process_vm_readv.  ip-burst kill N makes N
# reads while traced (a good int and an unmapped page in turn: faults
# fixed up), waits, and once pidtrace was killed and its watchdog is
# gone, makes N reads of an unmapped and a PROT_NONE page: without the
# watchdog the first would kill it.  Asserts: its handlers saw no
# SIGSEGV or SIGBUS, it exits 0 with its untraced output.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((100 * FT_SCALE))
D='BEGIN { printf("armed\n"); } pid$target::ip_ptr:entry { @[*(int *)arg0] = count(); }'
mkfifo "$T/in"
spawn _tp 120 sh -c 'exec "$0" kill "$1" <"$2" >"$3" 2>&1' "$IP_BURST" $n \
	"$T/in" "$T/out"
exec 3>"$T/in"
wait_for "$T/out" '^ready'
TPID=$(child_of "$_tp") || fail "no target pid"
spawn _pp 120 "$PIDTRACE" -v -x memread=load -q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed'
# the watchdog of pidtrace's loads: there while it traces
_i=0
while ! grep -qx "ptwd$PT" /proc/[0-9]*/comm 2>/dev/null; do
	_i=$((_i + 1))
	[ $_i -lt 2000 ] || fail "no watchdog of pidtrace $PT: $(cat "$T/p.err")"
	sleep 0.01
done
echo go >&3
wait_for "$T/out" '^paused' || fail "no pause: $(cat "$T/out")"
kill -KILL "$PT"
wait "$_pp"
_i=0
while grep -qx "ptwd$PT" /proc/[0-9]*/comm 2>/dev/null; do
	_i=$((_i + 1))
	[ $_i -lt 2000 ] || fail "the watchdog outlived pidtrace"
	sleep 0.01
done
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
	fail "target still traced"
grep -q '/memfd:pidtrace' "/proc/$TPID/maps" ||
	fail "no fast path left in the target: the test proves nothing"
echo go >&3
exec 3>&-
wait "$_tp" || fail "the target's status is $?: $(cat "$T/out")"
cat "$T/out"
grep -q "^kill calls=$((2 * n)) signals=0\$" "$T/out" ||
	fail "the process saw a signal: $(grep '^kill' "$T/out")"
