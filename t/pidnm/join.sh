#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidnm -j prints ADDRESS TYPE MANGLED == DEMANGLED, and NAME == NAME for
# a name that does not demangle; addresses and letters are nm's.
. "$top_srcdir/t/lib.sh"
command -v nm >/dev/null || skip "no nm (binutils) to take addresses from"

cxx=$TARGETS/cxxsyms
addr()
{
	nm "$cxx" | awk -v n="$1" '$3 == n { print $1; exit }'
}
put=$(addr _ZN9leveldown8Database3PutERKN2v89ArgumentsE)
ov=$(addr _ZN3cxx8overloadEi)
cf=$(addr c_function)
gc=$(addr global_counter)
[ -n "$put" ] && [ -n "$ov" ] && [ -n "$cf" ] && [ -n "$gc" ] ||
	fail "nm does not list the target's symbols"
cat >"$T/expected" <<EOT
$ov T _ZN3cxx8overloadEi == cxx::overload(int)
$put T _ZN9leveldown8Database3PutERKN2v89ArgumentsE == leveldown::Database::Put(v8::Arguments const&)
$cf T c_function == c_function
$gc D global_counter == global_counter
EOT
bounded 30 "$PIDNM" -j "$cxx" >"$T/all" || fail "pidnm -j failed"
grep -E ' (_ZN9leveldown8Database3PutERKN2v89ArgumentsE|_ZN3cxx8overloadEi|c_function|global_counter) ==' \
	"$T/all" >"$T/actual"
same_output "$T/expected" "$T/actual"
# Every line has the shape, undefined ones with a blank address.
bad=$(grep -cvE '^([0-9a-f]{16}| {16}) [A-Za-z?] .* == .*$' "$T/all")
[ "$bad" = 0 ] || fail "$bad lines of pidnm -j are not ADDRESS TYPE A == B"
[ "$(wc -l <"$T/all")" = "$(nm "$cxx" | wc -l)" ] ||
	fail "pidnm -j lists another number of symbols than nm"
# Dynamic symbols keep their version on both sides.
bounded 30 "$PIDNM" -j -D "$cxx" |
	grep -E '^ {16} U _Z[^ ]*@(GLIBCXX|CXXABI)_[0-9.]+ == std::[^ ].*@(GLIBCXX|CXXABI)_[0-9.]+$' >"$T/ver"
[ -s "$T/ver" ] || fail "pidnm -j -D: no versioned libstdc++ import line"
exit 0
