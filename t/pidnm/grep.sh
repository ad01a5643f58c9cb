#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --grep PATTERN keeps the symbols whose mangled or demangled name
# contains PATTERN; with a glob character (* ? [) PATTERN must match a
# whole name, mangled or demangled.
. "$top_srcdir/t/lib.sh"

cxx=$TARGETS/cxxsyms
names()
{
	bounded 30 "$PIDNM" "$@" "$cxx" | sed 's/^.\{16\} . //'
}
# Substring of the demangled name finds the mangled symbols.
names --grep 'Database::Put' >"$T/actual"
printf '%s\n' _ZN9leveldown8Database3PutERKN2v89ArgumentsE \
	_ZN9leveldown8Database3PutERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES8_ \
	>"$T/expected"
same_output "$T/expected" "$T/actual"
# Substring of the mangled name, printed demangled.
names -C --grep 8overloadE >"$T/actual"
printf '%s\n' 'cxx::overload(char const*, unsigned int)' \
	'cxx::overload(double)' 'cxx::overload(int)' >"$T/expected"
same_output "$T/expected" "$T/actual"
# A glob on the demangled form, anchored at both ends.
names -C --grep 'cxx::overload(*)' >"$T/actual"
same_output "$T/expected" "$T/actual"
names -C --grep 'overload(*' >"$T/actual"
[ -s "$T/actual" ] && fail "an unanchored glob matched: $(cat "$T/actual")"
# A glob on the mangled form.
names --grep '_ZN3cxx8overloadE[id]' >"$T/actual"
printf '%s\n' _ZN3cxx8overloadEd _ZN3cxx8overloadEi >"$T/expected"
same_output "$T/expected" "$T/actual"
# No match: no output, exit 0.
names --grep 'no such symbol anywhere' >"$T/actual" || fail "exit status"
[ -s "$T/actual" ] && fail "no-match grep printed something"
exit 0
