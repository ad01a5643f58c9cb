#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Syscall sites as trampolines (doc/TRACER.md, "Syscall sites"): the
# same D on both paths, the patched one (the default where the kernel
# has syscall user dispatch) and the stop path (-x fastpath=off), with
# counts against the target's own (t/targets/sc-sud counts its calls
# through libc's syscall(), whose site is patched at its first call),
# and -v's line saying which path the calls took.
#  - loop: exact entry counts and return values;
#  - restart: a read blocked on a pipe, interrupted by SA_RESTART
#    signals until the fifth one's handler writes: through the
#    trampoline the kernel restarts it inside it, and the program's two
#    reads are two entries and two returns, 0 and 5 bytes (the stop path
#    shows each interruption as an EINTR return and a new entry, as
#    Solaris's syscall provider does: only the last two returns are
#    compared there);
#  - seccomp: the program's own filter makes getppid fail with EPERM,
#    and keeps doing so under both paths;
#  - cancel: a thread blocked in read is cancelled, its cleanup runs;
#  - ownsud: a program that uses syscall user dispatch itself;
#  - burst: pidtrace -p on a program making calls in a loop, stopped by
#    SIGINT mid-burst: the program runs on to its end, its answers all
#    right, its maps as before the attach, no SIGSYS ever delivered.
. "$top_srcdir/t/syscall/sclib.sh"
need_sud

# The program's reads are of 16 bytes (the loader's, from the exec on,
# are not).
D='syscall::getppid:entry, syscall::write:entry { @e[probefunc] = count(); }
   syscall::read:entry /arg2 == 16/ { @e[probefunc] = count(); self->r = 1; }
   syscall::getppid:return { @r[probefunc, arg0 == ppid ? 1 : arg0, errno] = count(); }
   syscall::read:return /self->r/ { @r[probefunc, arg0, errno] = count(); self->r = 0; }
   syscall::write:return /arg0 == 1/ { @r["write", 1, errno] = count(); }
   END { printa("%s entry %@d\n", @e); printa("%s return %d %d: %@d\n", @r); }'

# run NAME OPTS ARGS: the target's output and pidtrace's, and -v's line.
run()
{
	bounded 60 "$PIDTRACE" -v -q $2 -n "$D" -c "$SUD $3" >"$T/$1.out" \
	    2>"$T/$1.err" || fail "$1: pidtrace: $(cat "$T/$1.err")"
	grep -E 'system calls: ' "$T/$1.err" >"$T/$1.path" ||
		fail "$1: no path line: $(cat "$T/$1.err")"
	say "$1: $(cat "$T/$1.path")"
}

# sysd PATHFILE: "T D" calls through trampolines, dispatched to a stop.
sysd()
{
	sed -n 's/.*system calls: \([0-9]*\) through [0-9]* patched sites, \([0-9]*\) dispatched.*/\1 \2/p' "$1"
}

N=1000
# The target's own counts, untraced: N of each, through syscall().
bounded 30 "$SUD" loop $N >"$T/own" || fail "untraced loop"
same_output - "$T/own" <<W
getppid $N write $N
SIGSYS 0
W
for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	run "loop-$path" "$o" "loop $N"
	# getppid(): the program's N through syscall() and its N checks.
	grep -q "^getppid entry $((2 * N))\$" "$T/loop-$path.out" &&
	    grep -q "^getppid return 1 0: $((2 * N))\$" "$T/loop-$path.out" &&
	    grep -q "^write return 1 0: $N\$" "$T/loop-$path.out" &&
	    grep -q "^getppid $N write $N\$" "$T/loop-$path.out" &&
	    grep -q "^SIGSYS 0\$" "$T/loop-$path.out" ||
		fail "loop $path: $(cat "$T/loop-$path.out")"
	set -- $(sysd "$T/loop-$path.path")
	if [ $path = fast ]; then
		# Every call of the loop through a trampoline; a few of
		# libc's own calls dispatched at their site's first call.
		[ "$1" -ge $((3 * N)) ] && [ "$2" -lt 50 ] ||
			fail "loop: not the patched path: $(cat "$T/loop-$path.path")"
	else
		[ "$1" = 0 ] && [ "$2" = 0 ] ||
			fail "loop: not the stop path: $(cat "$T/loop-$path.path")"
	fi
done

bounded 30 "$SUD" restart >"$T/own" || fail "untraced restart"
same_output - "$T/own" <<W
read 0 then 5 [hello] after 5 signals
SIGSYS 0
W
run restart-fast "" restart
grep -E '^(read|SIGSYS)' "$T/restart-fast.out" >"$T/got"
same_output - "$T/got" <<W
read 0 then 5 [hello] after 5 signals
SIGSYS 0
read entry 2
read return 0 0: 1
read return 5 0: 1
W
set -- $(sysd "$T/restart-fast.path")
[ "$1" -ge 2 ] || fail "restart: not the patched path: $(cat "$T/restart-fast.path")"
run restart-stops "-x fastpath=off" restart
grep -E '^read (return [05] |0 then)' "$T/restart-stops.out" >"$T/got"
same_output - "$T/got" <<W
read 0 then 5 [hello] after 5 signals
read return 0 0: 1
read return 5 0: 1
W

for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	run "seccomp-$path" "$o" "seccomp 100"
	grep -E '^(getppid|SIGSYS)' "$T/seccomp-$path.out" >"$T/got"
	same_output - "$T/got" <<W
getppid EPERM 100
SIGSYS 0
getppid entry 100
getppid return -1 1: 100
W
done

# pthread_cancel of a thread blocked in read(2) at a patched site (its
# first read patched it): glibc before 2.41 cancels asynchronously
# around the call, wherever the pc is; glibc 2.41's bridge
# (__syscall_cancel_arch) checks the pc and is left on the stop path.
for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 60 "$PIDTRACE" -q $o -n 'syscall::read:entry /tid != pid/
	    { @ = count(); } END { printa("reader reads %@d\n", @); }' \
	    -c "$SUD cancel" >"$T/cancel.out" 2>"$T/cancel.err" ||
		fail "cancel $path: $(cat "$T/cancel.err")"
	grep -v '^$' "$T/cancel.out" >"$T/got"
	same_output - "$T/got" <<W
cancelled, cleanup ran
SIGSYS 0
reader reads 2
W
done

# A program that turns syscall user dispatch on for itself (as Wine
# does): ours goes off in every thread before its prctl runs, with a
# notice, and its own SIGSYS reaches its handler.
bounded 30 "$SUD" ownsud >"$T/own" || fail "untraced ownsud"
same_output - "$T/own" <<W
getppid 1, then 4242 from the handler, its SIGSYS 1
SIGSYS 0
W
for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 30 "$PIDTRACE" -q $o -n 'syscall::getppid:entry { @ = count(); }
	    END { printa("getppid calls %@d\n", @); }' -c "$SUD ownsud" \
	    >"$T/ownsud.out" 2>"$T/ownsud.err" ||
		fail "ownsud $path: $(cat "$T/ownsud.err")"
	grep -v '^$' "$T/ownsud.out" >"$T/got"
	same_output - "$T/got" <<W
getppid 1, then 4242 from the handler, its SIGSYS 1
SIGSYS 0
getppid calls 2
W
	n=0; [ $path = fast ] && n=1
	[ "$(grep -c 'sets up syscall user dispatch itself' \
	    "$T/ownsud.err")" = $n ] || fail "ownsud $path: $(cat "$T/ownsud.err")"
done

# Detach mid-burst.
rm -f "$T/stop" "$T/b.out" "$T/p.out"
spawn _tp 60 sh -c 'exec "$0" burst "$1" >"$2"' "$SUD" "$T/stop" \
    "$T/b.out"
wait_for "$T/b.out" '^ready'
TPID=$(child_of "$_tp") || fail "no target pid"
cat "/proc/$TPID/maps" >"$T/maps.before"
spawn _pp 60 "$PIDTRACE" -q -n 'syscall::getppid:entry { @ = count(); }
	syscall::getppid:entry /!live/ { live = 1; printf("live\n"); }' \
    -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^live'
kill -INT "$PT"
wait "$_pp" || fail "burst: pidtrace: $(cat "$T/p.err")"
tracer=$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")
[ "${tracer:-0}" = 0 ] || fail "burst: target still traced by $tracer"
cat "/proc/$TPID/maps" >"$T/maps.after"
same_output "$T/maps.before" "$T/maps.after"
touch "$T/stop"
wait "$_tp" || fail "burst: target failed: $(cat "$T/b.out")"
same_output - "$T/b.out" <<W
ready
rounds done, 0 wrong
SIGSYS 0
W
grep -Eq '^ *[1-9][0-9]*$' "$T/p.out" ||
	fail "burst: no count: $(cat "$T/p.out")"
say pass
