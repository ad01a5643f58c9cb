#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Ticks and samples are not calls, and never wedge the loop.  fe-mix
# idle 4: its four threads block in futex (a condition variable), read(2),
# poll(2) and nanosleep(2) when pidtrace -p attaches with syscall probes,
# profile-997 and tick-1000hz.
#
# 1. After 200 ticks the target is told to go: each thread runs ROUNDS
#    rounds of one write and one read, and the target exits.  The counts
#    of the four threads (the main thread left out) are the program's own:
#    ROUNDS x 4 read and write entries and returns, plus one read return
#    and one poll return, the calls they were blocked in at the attach
#    (DTrace's pid and syscall providers see a call in progress at the
#    attach by its return only).  A tick or a sample used to interrupt the
#    blocked threads, and each interrupt showed as a return and an entry
#    again; an interrupt of pidtrace's own is not the program's call.
# 2. SIGINT after 200 ticks, the threads still blocked: pidtrace ends
#    (this run spun for ever: a sample's interrupt taken by a syscall
#    stop left the thread marked as about to stop), the target is not
#    traced any more, then runs its rounds and prints what the untraced
#    run prints.
# 3. sc-threads: 2 pairs of threads in ping-pong through pipes, each
#    read(2) blocking until the other side writes, under syscall probes
#    and profile-4999: every read and write of 4 bytes counted at entry
#    and return must be the program's own, 2 * ROUNDS + 1 of each per
#    pair (t/targets/sc-threads.c).  A sample's interrupt that lands as
#    a thread enters read(2) is taken by the entry stop, and the wake-up
#    it leaves breaks the read with a restart code: its exit and the
#    kernel's restart showed as a second call (40 to 220 extra reads in
#    8,002 with 2,000 rounds; quiet.sh above failed by one now and then
#    under load, a sample catching the reader as it restarted the read
#    the attach broke).  FT_SCALE multiplies the rounds (FT_SCALE=10 by
#    hand for a longer stress).
. "$top_srcdir/t/syscall/sclib.sh"
FT_SCALE=${FT_SCALE:-1}

MIX=$TARGETS/fe-mix
[ -x "$MIX" ] || skip "fe-mix not built"
ROUNDS=300
D='BEGIN { printf("armed\n"); }
syscall::read:entry, syscall::read:return, syscall::write:entry,
syscall::write:return, syscall::poll:entry, syscall::poll:return
/tid != $target/ { @[probefunc, probename] = count(); }
profile-997 { s++; }
tick-1000hz { n++; }
tick-1000hz /n == 200/ { printf("ticked\n"); }
END { printa("%s %s %@d\n", @); }'

# start: the target, waiting for its commands on fd 3.
start()
{
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	mkfifo "$T/in"
	spawn TP 60 sh -c 'exec "$0" idle 4 "$1" <"$2" >"$3"' "$MIX" \
	    $ROUNDS "$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$TP") || fail "no target pid"
	spawn PP 60 "$PIDTRACE" -q -n "$D" -p "$TPID" \
	    >"$T/p.out" 2>"$T/p.err"
	wait_for "$T/p.out" '^armed'
	wait_for "$T/p.out" '^ticked' 30
}

printf 'ready\nthreads 4 rounds %d ok\n' $ROUNDS >"$T/want.out"

say "1. the program's calls, exactly"
start
echo go >&3
exec 3>&-
wait "$TP" || fail "the target failed: $(cat "$T/out")"
wait "$PP" || fail "pidtrace exited $?: $(cat "$T/p.err")"
same_output "$T/want.out" "$T/out"
sed '1,/^ticked$/d' "$T/p.out" | sort >"$T/got"
{
	echo poll return 1
	echo read entry $((4 * ROUNDS))
	echo read return $((4 * ROUNDS + 1))
	echo write entry $((4 * ROUNDS))
	echo write return $((4 * ROUNDS))
} | sort >"$T/want"
sed '/^$/d' "$T/got" >"$T/got2"
same_output "$T/want" "$T/got2"

say "2. SIGINT with every thread blocked"
start
kill -INT "$(child_of "$PP")"
wait "$PP" || fail "pidtrace exited $?: $(cat "$T/p.err")"
for st in /proc/"$TPID"/task/*/status; do
	tr=$(awk '/^TracerPid:/ { print $2 }' "$st")
	[ "${tr:-0}" = 0 ] || fail "$st still traced by $tr"
done
echo go >&3
exec 3>&-
wait "$TP" || fail "the target failed after the detach: $(cat "$T/out")"
same_output "$T/want.out" "$T/out"

say "3. ping-pong under profile-4999: blocking reads, exactly"
R=$((2000 * FT_SCALE))
echo go | bounded 60 "$SC_THREADS" 2 $R >"$T/pp.want" || fail "untraced"
echo go | bounded 120 "$PIDTRACE" -q -n '
	syscall::read:entry, syscall::write:entry /tid != pid && arg2 == 4/
	{ self->in = 1; @[probefunc, probename] = count(); }
	syscall::read:return, syscall::write:return /self->in/
	{ self->in = 0; @[probefunc, probename] = count(); }
	profile-4999 { s++; }
	END { printa("%s %s %@d\n", @); }' -c "$SC_THREADS 2 $R" \
    >"$T/pp.out" 2>"$T/pp.err" || fail "pidtrace: $(cat "$T/pp.err")"
n=$((2 * (2 * R + 1)))
printf '%s\n' "read entry $n" "read return $n" "write entry $n" \
    "write return $n" | sort >"$T/pp.wantc"
grep -E '^(read|write) ' "$T/pp.out" | sort >"$T/pp.gotc"
same_output "$T/pp.wantc" "$T/pp.gotc"
grep -Ev '^(read|write) |^$' "$T/pp.out" >"$T/pp.got"
same_output "$T/pp.want" "$T/pp.got"
exit 0
