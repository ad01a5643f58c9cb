#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Job control as fast as the shell can send it: SIGSTOP, SIGCONT, over
# and over, to ft-stress conc (8 threads, 100,000 calls; 1,000,000 with
# FT_SCALE=10) under pidtrace -c with entry and return probes, until it
# ends.  Group-stops land on threads at probes, in slots, in clone;
# each must be kept (PTRACE_LISTEN) and ended by the next SIGCONT.
# Asserts: exact counts, the untraced output, pidtrace exits 0.  Then
# the same storm across attach and detach (below).
. "$top_srcdir/t/faults/ftlib.sh"

n=$((100000 * FT_SCALE))
bounded 60 "$STRESS" conc 8 $n | sed 's/pid=[0-9]*//' >"$T/want"
# Stops while firings stop threads: int3 sites (the fast path would end
# the target before the storm begins).
spawn _pp 120 "$PIDTRACE" -x fastpath=off -q -n 'pid$target::ft_work:entry { @e = count(); }
	pid$target::ft_work:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }' \
	-c "$STRESS conc 8 $n" >"$T/out" 2>"$T/err"
wait_for "$T/out" '^ready'
TPID=$(sed -n 's/^ready pid=//p' "$T/out")
k=0
while kill -STOP "$TPID" 2>/dev/null; do
	kill -CONT "$TPID" 2>/dev/null
	k=$((k + 1))
done
wait "$_pp" || fail "pidtrace status $?: $(cat "$T/err")"
say "$k SIGSTOP/SIGCONT pairs"
[ $k -ge 1 ] || fail "no SIGSTOP sent while tracing"
cat "$T/out"
grep -e '^ready' -e '^work=' "$T/out" | sed 's/pid=[0-9]*//' >"$T/got"
same_output "$T/want" "$T/got"
expect "entry count" "$(agg "$T/out" e)" $n
expect "return count" "$(agg "$T/out" r)" $n

# The storm again, against three spinning threads, while pidtrace -p
# attaches and detaches 10 times (100 with FT_SCALE=10), the fast path
# on, record and off in turn: seizing and
# parking threads that group-stop and resume under our feet.  Each is
# ended by SIGINT once it has fired, not a fixed 50 ms after "armed"
# (the handshake files are removed first: see wait_for).  Asserts: each
# pidtrace exits 0 having fired, the count at least the firing seen;
# afterwards nothing traces the target, every thread runs, and SIGTERM
# kills it as untraced (143).
spawn _tp 120 "$STRESS" spin 3 >"$T/spin"
wait_for "$T/spin" '^ready'
TPID=$(child_of "$_tp") || fail "no target pid"
(while kill -STOP "$TPID" 2>/dev/null; do kill -CONT "$TPID"; done) &
_pt_pids="$_pt_pids $!"
storm=$!
for k in $(seq $((10 * FT_SCALE))); do
	rm -f "$T/p.out" "$T/p.err"
	set -- on record off; shift $((k % 3)); fp=$1
	spawn _pp 60 "$PIDTRACE" -x fastpath=$fp -q -n 'BEGIN { printf("armed\n"); }
		pid$target::ft_work:entry { @w = count(); }
		pid$target::ft_work:entry /!fired/ { fired = 1; printf("fired\n"); }
		END { printa("w %@d\n", @w); }' -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	PPID_=$(child_of "$_pp") || fail "no pidtrace pid"
	wait_for "$T/p.out" '^armed'
	wait_for "$T/p.out" '^fired'
	kill -INT "$PPID_"
	wait "$_pp" || fail "pidtrace $k ($fp): status $?: $(cat "$T/p.err")"
	[ "$(agg "$T/p.out" w)" -gt 0 ] || fail "pidtrace $k ($fp): no firings"
done
kill "$storm"
wait "$storm" 2>/dev/null
kill -CONT "$TPID"
expect "tracer after detach" "$(sed -n 's/^TracerPid:[[:space:]]*//p' /proc/"$TPID"/status)" 0
tasks_ok "$TPID"
expect "threads" "$(ls /proc/"$TPID"/task | wc -l)" 3
kill -TERM "$TPID"
wait "$_tp"
expect "status after SIGTERM" $? 143
