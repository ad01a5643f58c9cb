#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# USDT over several processes: `ut*:::` names the probes of two attached
# usdt-args (ut<PID1>, ut<PID2>); each counts its own rounds, and each
# one's semaphore was raised only while attached (its own count of
# enabled checks).
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$TARGETS/usdt-args" ] || skip "usdt-args not built"

for k in 1 2; do
	mkfifo "$T/in$k"
	spawn _tp 120 sh -c 'exec "$0" -p "$1" <"$2" >"$3" 2>&1' \
		"$TARGETS/usdt-args" "$T/target$k" "$T/in$k" "$T/out$k"
	eval "exec $((k + 2))>\"\$T/in$k\""
	wait_for "$T/out$k" '^ready'
	eval "TP$k=\$(child_of \$_tp)" || fail "no target pid"
	eval "TW$k=\$_tp"
done
spawn _pp 60 "$PIDTRACE" -q -n '
	BEGIN { printf("armed\n"); }
	ut*:::zero { @z[probeprov, pid] = count(); }
	ut*::gated:gated { @g[pid] = count(); }
	END { printa("%s %d %@d\n", @z); printa("gated %d %@d\n", @g); }' \
	-p "$TP1" -p "$TP2" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 30
for i in 1 2 3; do echo x >&3; done
for i in 1 2 3 4 5 6; do echo x >&4; done
wait_for "$T/out1" '^round 2$'
wait_for "$T/out2" '^round 5$'
kill -INT "$PP"
wait "$_pp" || fail "pidtrace exit status"
echo x >&3; echo x >&4
wait_for "$T/out1" '^round 3$'
wait_for "$T/out2" '^round 6$'
exec 3>&- 4>&-
wait "$TW1" && wait "$TW2" || fail "a target failed"
cat "$T/p.out" "$T/p.err"
grep -qx "ut$TP1 $TP1 3" "$T/p.out" || fail "first process"
grep -qx "ut$TP2 $TP2 6" "$T/p.out" || fail "second process"
grep -qx "gated $TP1 3" "$T/p.out" && grep -qx "gated $TP2 6" "$T/p.out" ||
	fail "gated"
grep -q '^checks 3 max 1$' "$T/target1" || fail "first: $(grep checks "$T/target1")"
grep -q '^checks 6 max 1$' "$T/target2" || fail "second: $(grep checks "$T/target2")"
