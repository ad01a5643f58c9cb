#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# libstdc++'s USDT probes: "who throws?" on a C++ target that throws a
# known number of times (parse() N times, check() N/2 times, all caught).
# Asserts: throw and catch each fire once per exception the target
# counted, probefunc is the function holding the probe (__cxa_throw),
# arg0 is the exception object (non-zero), and -l lists the probes with
# their module and function: those a description matches, or all of
# them without a program.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$TARGETS/usdt-throw" ] || skip "usdt-throw not built"
LIBSTDCXX=$(ldd "$TARGETS/usdt-throw" | sed -n 's/.*libstdc++.so.6 => \([^ ]*\).*/\1/p')
readelf -n "$LIBSTDCXX" 2>/dev/null | grep -q 'Provider: libstdcxx' ||
	skip "$LIBSTDCXX has no libstdcxx probes"

for n in 10 101; do
	bounded 60 "$PIDTRACE" -q -n '
	libstdcxx$target:::throw { @[probefunc] = count(); }
	libstdcxx$target:::throw /arg0 == 0/ { @zero = count(); }
	libstdcxx$target:::catch { @c = count(); }
	END { printa("caught %@d\n", @c); printa("zero %@d\n", @zero); }' \
		-c "$TARGETS/usdt-throw $n" >"$T/out" 2>"$T/err" ||
		fail "pidtrace: $(cat "$T/err")"
	cat "$T/out" "$T/err"
	t=$(sed -n 's/^thrown //p' "$T/out")
	[ "$t" = $((n + n / 2)) ] || fail "target: thrown $t"
	printf 'thrown %s\ncaught %s\n\n  %-50s %16s\n' "$t" "$t" __cxa_throw "$t" >"$T/want"
	same_output "$T/want" "$T/out"
done

bounded 60 "$PIDTRACE" -l -n 'libstdcxx$target:::throw' \
	-c "$TARGETS/usdt-throw 1" >"$T/l.out" 2>"$T/l.err" ||
	fail "pidtrace -l: $(cat "$T/l.err")"
cat "$T/l.out"
grep -Eq '^ +[0-9]+ libstdcxx[0-9]+ +libstdc\+\+\.so\.6[.0-9]* +__cxa_throw throw$' "$T/l.out" ||
	fail "-l line"
[ "$(wc -l <"$T/l.out")" = 2 ] || fail "-l lists more than it matched"

# -l without a program: the fixed probes, then every USDT probe
bounded 60 "$PIDTRACE" -l -c "$TARGETS/usdt-throw 1" >"$T/a.out" 2>"$T/a.err" ||
	fail "pidtrace -l: $(cat "$T/a.err")"
cat "$T/a.out"
for p in '__cxa_throw throw' '__cxa_rethrow rethrow' '__cxa_begin_catch catch' \
    ' BEGIN'; do
	grep -q " $p\$" "$T/a.out" || fail "-l without a program: $p"
done
if [ -s "$T/a.err" ]; then fail "stderr: $(cat "$T/a.err")"; fi
