#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# USDT with -p: attach to a running usdt-args, count its probes for 5
# rounds, detach with SIGINT, run 3 rounds more.  Asserts: the counts are
# the target's 5 rounds; the gated probe's semaphore was raised while
# attached and lowered on detach (the target saw it set exactly 5 times);
# the string argument reads; the target goes on and exits 0.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$TARGETS/usdt-args" ] || skip "usdt-args not built"

mkfifo "$T/in"
spawn _tp 120 sh -c 'exec "$0" -p "$1" <"$2" >"$3" 2>&1' \
	"$TARGETS/usdt-args" "$T/target" "$T/in" "$T/out"
exec 3>"$T/in"
wait_for "$T/out" '^ready'
TP=$(child_of "$_tp") || fail "no target pid"
echo x >&3
wait_for "$T/out" '^round 0$'	# one round before we come

spawn _pp 60 "$PIDTRACE" -q -n '
	BEGIN { printf("armed\n"); }
	ut$target::gated:gated { @g = count(); @s = sum(arg0); }
	ut$target::round_:zero { @z = count(); }
	ut$target:::dash__name /copyinstr(arg0) == "hello"/ { @d = count(); }
	END { printa("gated %@d\n", @g); printa("sum %@d\n", @s);
	      printa("zero %@d\n", @z); printa("dash %@d\n", @d); }' \
	-p "$TP" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 30
for i in 1 2 3 4 5; do echo x >&3; done
wait_for "$T/out" '^round 5$'
kill -INT "$PP"
wait_for "$T/p.out" '^dash' 20
for i in 1 2 3; do echo x >&3; done
wait_for "$T/out" '^round 8$'
exec 3>&-
wait "$_tp" || fail "target exit status $?"
cat "$T/p.out" "$T/p.err"
printf 'armed\n\ngated 5\nsum 15\nzero 5\ndash 5\n\n' >"$T/want"
same_output "$T/want" "$T/p.out"
grep -q '^checks 5 max 1$' "$T/target" ||
	fail "semaphore: $(grep checks "$T/target") (want 5: raised while attached only)"
grep -c '^gated' "$T/target" | grep -qx 5 || fail "gated lines"
