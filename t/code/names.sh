#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# names: how C++ programs and their libraries are named.  A probe
# description's function may hold "::" (its middle fields are the
# function: pid$target::*DB::Put*:entry), and a module matches by its
# DT_SONAME (libstdc++.so.6, the name ldd and DT_NEEDED use) as well as
# by its file's name (libstdc++.so.6.0.30).  Asserts: the calls of
# shop::DB::Put counted through "::" equal the program's; a library
# listed by its soname (readelf -d says it) gives the listing its file
# name gives.
. "$top_srcdir/t/code/codelib.sh"

TG=$TARGETS/cg-str
[ -x "$TG" ] || skip "t/targets/cg-str not built"
command -v readelf >/dev/null || skip "needs readelf (binutils)"

trace colons 'pid$target::*DB::Put*:entry, pid$target::shop::DB::Put:entry
	{ @ = count(); }
	END { printa("calls %@d\n", @); }' "$TG" 30
# each description matches the same probe, and dtrace makes an enabling
# for each description of a clause (dtrace-utils' pid/tst.weak1.d
# counts two firings of one call named twice): the clause runs twice
# a call
want=$(awk '/^put / { n += $NF } END { print n }' "$T/colons.out")
[ "$(grep -v '^$' "$T/colons.d")" = "calls $((2 * want))" ] ||
	fail "Put counted $(cat "$T/colons.d"), the program made $want" \
	    "calls, twice named"
no_err colons
say "ok: ::, $want calls"

lib=$(ldd "$TG" | awk '/libstdc\+\+/ { print $3 }')
[ -n "$lib" ] && [ -f "$lib" ] || skip "cg-str links no libstdc++"
real=$(basename "$(readlink -f "$lib")")
so=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ -n "$so" ] || fail "readelf finds no SONAME in $lib"
[ "$so" != "$real" ] || skip "$lib's file is named as its soname $so"
for m in "$so" "$real"; do
	bounded 60 "$PIDTRACE" -l -n "pid\$target:$m:*basic_string*_M_create*:entry" \
	    -c "$TG 1" </dev/null >"$T/l.$m" 2>"$T/l.$m.err" ||
		fail "-l $m: $(cat "$T/l.$m.err")"
	awk 'NR > 1 { $1 = $2 = ""; print }' "$T/l.$m" >"$T/l.$m.cut"
done
[ -s "$T/l.$real.cut" ] || fail "nothing listed in $real"
same_output "$T/l.$real.cut" "$T/l.$so.cut"
grep -q " $real " "$T/l.$so.cut" || fail "the module is not named $real"
say "ok: $so is $real ($(wc -l <"$T/l.$so.cut") probes)"
