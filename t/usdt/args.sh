#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# USDT arguments: every probe of usdt-args (0 to 12 arguments, every size
# signed and unsigned, registers of every width, memory through a base,
# base+index*scale and sym(%rip), constants, a string) printed by D must
# equal what the target printed it passed; the semaphore-gated probe
# fires every round of a -c run (its semaphore is raised before main)
# and the target's own count of enabled checks says so.  The semaphore
# counts probes, not descriptions: gated is in two functions sharing one
# semaphore; one of them enabled (by one or three descriptions) raises
# it to 1, both to 2.  A fork child never sees it set.  D has arg0..arg9:
# the twelve-argument probe is compared on its first ten.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$TARGETS/usdt-args" ] || skip "usdt-args not built"

bounded 60 "$PIDTRACE" -q -s "$top_srcdir/t/usdt/all-args.d" \
    -c "$TARGETS/usdt-args 7 $T/target" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
[ -s "$T/err" ] && fail "stderr: $(cat "$T/err")"
grep -q '^checks 7 max 1$' "$T/target" ||
	fail "the gated probe's semaphore was not set every round: $(tail -n 1 "$T/target")"
# the target's lines, twelve cut to ten values, and dtrace's last newline
{ sed 's/^\(twelve\( [^ ]*\)\{10\}\).*/\1/' "$T/target" | grep -v '^checks'
  echo; } >"$T/want"
same_output "$T/want" "$T/out"
[ "$(grep -c '^gated' "$T/out")" = 7 ] || fail "gated count"

# untraced, the program never sees its semaphore set
bounded 30 "$TARGETS/usdt-args" 3 "$T/plain" || fail "untraced run"
grep -q '^checks 0 max 0$' "$T/plain" || fail "untraced: $(tail -n 1 "$T/plain")"

bounded 60 "$PIDTRACE" -q -n 'ut$target::gated_again:gated,
	ut$target::gated_again:gated { @ = count(); }
	ut$target::gated_*:gated { }' \
    -c "$TARGETS/usdt-args 3 $T/once" >/dev/null 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
grep -q '^checks 3 max 1$' "$T/once" || fail "one probe, three descriptions: $(tail -n 1 "$T/once")"

# a fork child is released untraced: the semaphore we raised is taken
# back in its copy before it runs, so it never sees it set
bounded 60 "$PIDTRACE" -q -n 'ut$target:::gated { @ = count(); }
	END { printa("gated %@d\n", @); }' \
    -c "$TARGETS/usdt-args -f 4 $T/fork" >"$T/fout" 2>"$T/ferr" ||
	fail "pidtrace: $(cat "$T/ferr")"
grep -q '^gated 8$' "$T/fout" || fail "fork: $(cat "$T/fout")"
grep -q '^checks 4 max 2$' "$T/fork" || fail "fork: parent $(grep checks "$T/fork")"
grep -q '^child checks 0$' "$T/fork" ||
	fail "fork: child saw the semaphore: $(grep child "$T/fork")"
say "ok: $(wc -l <"$T/out") lines equal"
