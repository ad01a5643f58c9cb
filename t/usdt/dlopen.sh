#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# USDT probes of a library the target dlopens after main started: with
# -Z the description waits for a provider to name it, the library's
# notes are read when the loader reports it, and every round fires with
# its arguments (a number and a string, compared with what the library
# printed).  Without -Z the same description is a one-line error.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
LIB=$(cd "$TARGETS" && pwd)/usdt-lib.so
[ -x "$TARGETS/usdt-args" ] && [ -f "$LIB" ] || skip "usdt targets not built"

bounded 60 "$PIDTRACE" -Z -q -n '
	utlib$target:::round { printf("lib-round %d %s\n", arg0, copyinstr(arg1)); }
	ut$target:::zero { @z = count(); }
	END { printa("zero %@d\n", @z); }' \
	-c "$TARGETS/usdt-args -d $LIB 6 $T/target" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
{ grep '^lib-round' "$T/target"; echo 'zero 6'; echo; } >"$T/want"
same_output "$T/want" "$T/out"
[ "$(grep -c '^lib-round' "$T/out")" = 6 ] || fail "lib-round count"

bounded 60 "$PIDTRACE" -q -n 'utlib$target:::round { @ = count(); }' \
	-c "$TARGETS/usdt-args -d $LIB 1 $T/target" >"$T/out2" 2>"$T/err2" &&
	fail "no -Z: accepted"
cat "$T/err2"
[ "$(wc -l <"$T/err2")" = 1 ] || fail "not one line"
grep -q "^pidtrace: invalid probe specifier .*:1:1: probe description utlib[0-9]*:::round does not match any probes$" "$T/err2" ||
	fail "error text"
