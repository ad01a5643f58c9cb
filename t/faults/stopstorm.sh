#!/bin/bash
# Job control as fast as the shell can send it: SIGSTOP, SIGCONT, over
# and over, to ft-stress conc (8 threads, 100,000 calls; 1,000,000 with
# FT_SCALE=10) under pidtrace -c with entry and return probes, until it
# ends.  Group-stops land on threads at probes, in slots, in clone;
# each must be kept (PTRACE_LISTEN) and ended by the next SIGCONT.
# Asserts: exact counts, the untraced output, pidtrace exits 0.
. "$top_srcdir/t/faults/ftlib.sh"

n=$((100000 * FT_SCALE))
bounded 60 "$STRESS" conc 8 $n | sed 's/pid=[0-9]*//' >"$T/want"
spawn _pp 120 "$PIDTRACE" -q -n 'pid$target::ft_work:entry { @e = count(); }
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
