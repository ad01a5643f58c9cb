#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A function that matches but cannot get a return probe (pb-kv's
# kv::detail::dispatch jumps through a table) is named, with the reason,
# in -l listings and beside the "matched N probes" notice; -q hides the
# notice, as it hides every notice.  Past five such functions in one
# description (every PLT stub: *@plt:), the rest are counted in one line.
. "$top_srcdir/t/lib.sh"

KV=$TARGETS/pb-kv
want="pidtrace: no return probe for pb-kv\`kv::detail::dispatch(int, int): indirect jmp (jump table?) at offset 0x"

bounded 20 "$PIDTRACE" -l -n 'pid$target::*dispatch*:' -c "$KV" \
    >"$T/out" 2>"$T/err" || fail "-l exited $?"
grep -q "^$(printf '%s' "$want" | sed 's/[][\.*^$]/\\&/g')[0-9a-f]*\$" "$T/err" ||
	fail "-l did not say why: $(cat "$T/err")"
grep -qE '^ +[0-9]+ +pid[0-9]+ +pb-kv +kv::detail::dispatch\(int, int\) entry$' \
    "$T/out" || fail "-l lost the entry probe: $(cat "$T/out")"
grep -q ' return$' "$T/out" && fail "-l lists a return probe for dispatch"

bounded 20 "$PIDTRACE" -n 'pid$target::*kv*:return { @[probefunc] = count(); }' \
    -c "$KV" >"$T/out" 2>"$T/err" || fail "tracing exited $?"
[ "$(grep -c '^pidtrace: no return probe' "$T/err")" = 1 ] ||
	fail "the notice is not there exactly once: $(cat "$T/err")"
bounded 20 "$PIDTRACE" -q -n 'pid$target::*kv*:return { @[probefunc] = count(); }' \
    -c "$KV" >"$T/out" 2>"$T/err" || fail "tracing -q exited $?"
not_fast_report "$T/err" | grep -q . &&
	fail "-q printed a notice: $(cat "$T/err")"

bounded 20 "$PIDTRACE" -l -n 'pid$target::*@plt:' -c "$KV" \
    >"$T/out" 2>"$T/err" || fail "-l *@plt: exited $?"
[ "$(grep -c '^pidtrace: no return probe for pb-kv`' "$T/err")" -le 5 ] ||
	fail "more than five refusals named: $(cat "$T/err")"
n=$(sed -n 's/^pidtrace: no return probe for \([0-9]*\) more functions (pidtrace -l lists the probes there are)$/\1/p' "$T/err")
[ -n "$n" ] && [ "$n" -gt 0 ] ||
	fail "no count of the other refusals: $(tail -n 2 "$T/err")"
exit 0
