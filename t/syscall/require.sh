#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x fastpath=require with syscall probes (doc/TRACER.md, "Syscall
# sites"): as for pid probes, every firing runs on the fast path (here
# a patched site's trampoline) or pidtrace stops with one line that
# says which probe, which site and why, and exits 1.
#  - fast: t/targets/sc-sud's loop under require, with a notice that
#    probes start at the entry point: counts equal to the program's own
#    (N syscall(SYS_getppid) and N getppid(), N writes and its own two
#    lines), status 0, nothing else said, and -v's lines show the
#    clauses ran in the process at patched sites (no stop, no record);
#    again under -x fastpath=record: the calls' records went through
#    patched sites;
#  - short: the program's own site with 2 bytes before its `syscall`
#    (as glibc's __read_nocancel) cannot take a jump: its first probed
#    call ends the trace with that reason, status 1, and the program,
#    which pidtrace started, dies with it (as dtrace -c's does).
#  - all: syscall:::entry names the calls that always stop the thread
#    (clone, fork, exec, exit, rt_sigreturn, prctl: the tracer's
#    table), refused before the program runs in one line that counts
#    and names the first three.
. "$top_srcdir/t/syscall/sclib.sh"
need_sud

D='syscall::getppid:entry, syscall::write:entry { @[probefunc] = count(); }
   END { printa("%s %@d\n", @); }'
N=1000
bounded 30 "$SUD" loop $N >"$T/own" || fail "untraced loop"
same_output - "$T/own" <<W
getppid $N write $N
SIGSYS 0
W
# fastrun NAME OPTS: the loop, its counts and notices (require's).
fastrun()
{
	bounded 60 "$PIDTRACE" -v -q $2 -n "$D" \
	    -c "$SUD loop $N" >"$T/$1.out" 2>"$T/$1.err"
	rc=$?
	cat "$T/$1.out" "$T/$1.err"
	[ $rc = 0 ] || fail "$1: status $rc"
	grep -v '^$' "$T/$1.out" >"$T/got"
	same_output - "$T/got" <<W
getppid $N write $N
SIGSYS 0
write $((N + 2))
getppid $((2 * N))
W
	grep -v -E '^pidtrace: pid [0-9]+: ([0-9]+ probe sites:|system calls:|syscall probes: |the thread key: )' \
	    "$T/$1.err" | sed 's/pid [0-9]*/pid/' >"$T/said"
	if [ "$2" = "-x fastpath=require" ]; then
		same_output - "$T/said" <<W
pidtrace: pid: -x fastpath=require: syscall probes start at its entry point, not at its exec: the dynamic loader's calls would stop the thread
W
	else
		same_output /dev/null "$T/said"
	fi
	# "R D S": calls recorded, dispatched to a stop, stops reported
	set -- $(sed -n 's/.*system calls: \([0-9]*\) through [0-9]* patched sites, \([0-9]*\) dispatched to a stop, \([0-9]*\) syscall stops.*/\1 \2 \3/p' \
	    "$T/$1.err")
	through=${1:-0} disp=${2:-0} stops=${3:-0}
}

fastrun fast "-x fastpath=require"
# The clause in the process: no record, no stop for the loop's calls.
grep -E '^pidtrace: pid [0-9]+: syscall probes: ' "$T/fast.err" |
    sed 's/pid [0-9]*/pid/' >"$T/said"
same_output - "$T/said" <<W
pidtrace: pid: syscall probes: 2 clauses in the process: syscall::write:entry, syscall::getppid:entry
W
[ "$through" -lt "$N" ] && [ "$disp" -lt 50 ] && [ "$stops" -lt 50 ] ||
	fail "fast: not the in-process path: $(cat "$T/fast.err")"
fastrun record "-x fastpath=record"
[ "$through" -ge $((3 * N)) ] && [ "$disp" -lt 50 ] ||
	fail "record: not the patched path: $(cat "$T/record.err")"

bounded 30 "$SUD" short 10 >"$T/own" || fail "untraced short"
same_output - "$T/own" <<W
short getppid 10
SIGSYS 0
W
bounded 60 "$PIDTRACE" -q -x fastpath=require -n "$D" \
    -c "$SUD short 10" >"$T/short.out" 2>"$T/short.err"
rc=$?
cat "$T/short.out" "$T/short.err"
[ $rc = 1 ] || fail "short: status $rc"
grep -q 'short getppid' "$T/short.out" &&
	fail "short: the program ran on untraced: $(cat "$T/short.out")"
sed 's/pid [0-9]*/pid/; s/thread [0-9]*/thread/; s/at 0x[0-9a-f]*/at ADDR/' \
    "$T/short.err" >"$T/said"
same_output - "$T/said" <<W
pidtrace: pid: -x fastpath=require: syscall probes start at its entry point, not at its exec: the dynamic loader's calls would stop the thread
pidtrace: pid: -x fastpath=require: syscall::getppid:entry stopped thread at the syscall at ADDR in shortsys: the instructions before the syscall are shorter than a jump
W

bounded 60 "$PIDTRACE" -q -x fastpath=require -n 'BEGIN { trace("begun"); }
    syscall:::entry { @[probefunc] = count(); }' \
    -c "$SUD short 10" >"$T/all.out" 2>"$T/all.err"
rc=$?
cat "$T/all.out" "$T/all.err"
[ $rc = 1 ] || fail "all: status $rc"
[ -s "$T/all.out" ] && fail "all: something ran: $(cat "$T/all.out")"
sed 's/pid [0-9]*/pid/' "$T/all.err" >"$T/said"
same_output - "$T/said" <<W
pidtrace: pid: -x fastpath=require: syscall probes start at its entry point, not at its exec: the dynamic loader's calls would stop the thread
pidtrace: pid: -x fastpath=require: 10 syscall probes stop the thread at each call: the call always stops the thread (it makes a child, replaces or ends the image, returns from a signal, or may set up syscall user dispatch): syscall::rt_sigreturn:entry, syscall::clone:entry, syscall::fork:entry and 7 more
W
say pass
