#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Clause code at syscall sites (doc/INPROC.md, doc/TRACER.md "Syscall
# sites"): the trampolines of patched sites run the clauses that fit the
# subset in the calling thread, with no record and no stop.  The
# expected counts are the target's own (t/targets/sc-sud threads: T
# threads started together, each making N getppid and N getpgid through
# libc's syscall(), every third getpgid with argument 0):
#  - path: -l -v says every syscall clause runs in the process, and the
#    start report under -v says so in one line; a silent fall back to
#    records or stops fails here;
#  - burst: 8 threads x 20000 calls of each: count() on getppid's entry
#    and return, @[probefunc] over both calls' entries, a predicate on
#    arg0, self->ts from getpgid's entry to its return with quantize()
#    and count() beside it: every count exact, the quantize's buckets
#    adding up to the count, no drop, no stop for the threads' calls;
#  - both paths: the same program on 4 x 500 calls prints the same
#    lines in the process and with -x fastpath=off (the stop path),
#    the quantize's bucket totals aside, which are timings.
#  - restart: a read at a patched site interrupted by SA_RESTART
#    signals and restarted inside the trampoline, self-> from its entry
#    to its return in the process: the program's two reads are two
#    entries and two returns (0 and 5 bytes), the handler's write one;
#  - vfork: a vfork child making calls at a patched site with its
#    parent's TCB: its clause code is muted until the vfork ends, so
#    only the parent's calls count, as on the stop path (vfork children
#    are not traced).
#  - clone: a clause at clone's (or clone3's) return fires in each new
#    thread too, with 0, on its new stack, as the kernel's sys_exit
#    tracepoint sees it there (Oracle's Linux DTrace fires from it):
#    8 threads, 8 returns in them and 8 in the main thread, on both
#    paths.
. "$top_srcdir/t/syscall/sclib.sh"
need_sud

D='syscall::getppid:entry { @e = count(); }
   syscall::getppid:return { @r = count(); }
   syscall::getppid:entry, syscall::getpgid:entry { @f[probefunc] = count(); }
   syscall::getpgid:entry /arg0 == 0/ { @z = count(); }
   syscall::getpgid:entry /arg0 != 0/ { self->ts = timestamp; }
   syscall::getpgid:return /self->ts/ {
	@q = quantize(timestamp - self->ts); @n = count(); self->ts = 0; }
   END { printa("entry %@d\n", @e); printa("return %@d\n", @r);
	printa("%s %@d\n", @f); printa("zero %@d\n", @z);
	printa("timed %@d\n", @n); printa(@q); }'

# -l -v: each clause of each syscall probe, and where it runs.
bounded 60 "$PIDTRACE" -l -v -n "$D" -c "$SUD threads 1 1" >"$T/list" \
    2>"$T/list.err" || fail "-l -v: $(cat "$T/list.err")"
grep -c 'the clause of syscall::.*: in the process$' "$T/list" >"$T/n"
grep 'the clause of syscall::' "$T/list" | grep -v ': in the process$' \
    >"$T/other"
same_output /dev/null "$T/other"
same_output - "$T/n" <<W
7
W

# expect T N: the lines the program's own counts say pidtrace prints
# (the quantize's aside), from "calls C getpgid0 Z".
expect()
{
	set -- $1 $2 $(sed -n 's/^calls \([0-9]*\) getpgid0 \([0-9]*\)$/\1 \2/p' \
	    "$T/$3.out")
	[ "$3" = $(($1 * $2 * 2)) ] || fail "$3: the target's calls: $3"
	cat <<W
calls $3 getpgid0 $4
SIGSYS 0
entry $(($1 * $2))
return $(($1 * $2))
getpgid $(($1 * $2))
getppid $(($1 * $2))
zero $4
timed $(($1 * $2 - $4))
W
}

# run NAME OPTS T N: pidtrace's lines, the quantize's total apart.
run()
{
	bounded 120 "$PIDTRACE" -v -q $2 -n "$D" -c "$SUD threads $3 $4" \
	    >"$T/$1.out" 2>"$T/$1.err" ||
		fail "$1: pidtrace: $(cat "$T/$1.err")"
	grep -E '^[a-zA-Z]' "$T/$1.out" >"$T/$1.lines"
	awk '$1 ~ /^[0-9]+$/ && $2 ~ /^\|/ { s += $NF } END { print s + 0 }' \
	    "$T/$1.out" >"$T/$1.qsum"
	grep -q 'drops' "$T/$1.err" && fail "$1: drops: $(cat "$T/$1.err")"
	expect "$3" "$4" "$1" >"$T/$1.want"
	same_output "$T/$1.want" "$T/$1.lines"
	# every timed call in the quantize
	same_output - "$T/$1.qsum" <<W
$(sed -n 's/^timed //p' "$T/$1.lines")
W
}

run burst "" 8 20000
grep -E '^pidtrace: pid [0-9]+: syscall probes: ' "$T/burst.err" |
    sed 's/pid [0-9]*/pid/' >"$T/said"
same_output - "$T/said" <<W
pidtrace: pid: syscall probes: 7 clauses in the process: syscall::getppid:entry, syscall::getppid:return, syscall::getpgid:entry, syscall::getpgid:return
W
# No record and at most the loader's and each thread's first calls
# stopped: the threads' 320000 calls ran their clauses in place.
set -- $(sed -n 's/.*system calls: \([0-9]*\) through [0-9]* patched sites, \([0-9]*\) dispatched to a stop, \([0-9]*\) syscall stops.*/\1 \2 \3/p' \
    "$T/burst.err")
[ "${1:-x}" = 0 ] && [ "${2:-999}" -lt 200 ] && [ "${3:-999}" -lt 400 ] ||
	fail "burst: not the in-process path: $(cat "$T/burst.err")"

run inproc "" 4 500
run stops "-x fastpath=off" 4 500
same_output "$T/inproc.lines" "$T/stops.lines"
grep -q 'system calls: 0 through 0 patched sites, 0 dispatched' \
    "$T/stops.err" || fail "stops: not the stop path: $(cat "$T/stops.err")"
# The restart, in the process.
R='syscall::read:entry /arg2 == 16/ { @e = count(); self->r = 1; }
   syscall::read:return /self->r/ { @r[arg0] = count(); self->r = 0; }
   syscall::write:entry /arg2 == 5/ { @w = count(); }
   END { printa("read entries %@d\n", @e); printa("read returned %d: %@d\n", @r);
	printa("handler writes %@d\n", @w); }'
bounded 60 "$PIDTRACE" -v -q -n "$R" -c "$SUD restart" >"$T/restart.out" \
    2>"$T/restart.err" || fail "restart: $(cat "$T/restart.err")"
grep -E '^pidtrace: pid [0-9]+: syscall probes: ' "$T/restart.err" |
    sed 's/pid [0-9]*/pid/' >"$T/said"
same_output - "$T/said" <<W
pidtrace: pid: syscall probes: 3 clauses in the process: syscall::read:entry, syscall::read:return, syscall::write:entry
W
grep -v '^$' "$T/restart.out" >"$T/got"
same_output - "$T/got" <<W
read 0 then 5 [hello] after 5 signals
SIGSYS 0
read entries 2
read returned 0: 1
read returned 5: 1
handler writes 1
W

# The vfork child, muted.
V='syscall::getppid:entry { @ = count(); } END { printa("getppid %@d\n", @); }'
for path in inproc stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 60 "$PIDTRACE" -q $o -n "$V" -c "$SUD vfork 1000" \
	    >"$T/vfork.out" 2>"$T/vfork.err" ||
		fail "vfork $path: $(cat "$T/vfork.err")"
	grep -v '^$' "$T/vfork.out" >"$T/got"
	same_output - "$T/got" <<W
parent getppid 1001, child 1000
SIGSYS 0
getppid 1001
W
done
# A clause at clone's return in the child threads.
C='syscall::clone:return, syscall::clone3:return /arg0 == 0/ {
	@c[tid != pid] = count(); }
   syscall::clone:return, syscall::clone3:return /arg0 > 0/ {
	@p[tid == pid] = count(); }
   END { printa("in a new thread %d: %@d\n", @c);
	printa("in the main thread %d: %@d\n", @p); }'
for path in inproc stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 60 "$PIDTRACE" -q $o -n "$C" -c "$SUD threads 8 10" \
	    >"$T/clone.out" 2>"$T/clone.err" ||
		fail "clone $path: $(cat "$T/clone.err")"
	grep -v '^$' "$T/clone.out" >"$T/got"
	same_output - "$T/got" <<W
calls 160 getpgid0 32
SIGSYS 0
in a new thread 1: 8
in the main thread 1: 8
W
done
say pass
