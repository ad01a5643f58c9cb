#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidnm and nm agree byte for byte on our own targets: C++ shapes
# (namespaces, overloads, templates, anonymous namespace, operators,
# static locals, weak inlines) and Rust v0/legacy names; with several
# files, the "\nFILE:\n" headings and the "no symbols" message in place.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/pidnm/oracle.sh"
command -v nm >/dev/null || skip "no nm (binutils) to compare with"

cxx=$TARGETS/cxxsyms
rust=$TARGETS/rustsyms
for f in "$cxx" "$rust"; do
	for opts in "" -C -D "-D -C" -n "-n -C" -r -p -g -u --defined-only \
	    -a "-a -n"; do
		oracle "$f" $opts
	done
done
# A stripped copy has .dynsym only: nm says "no symbols", exit 0.
cp "$cxx" "$T/stripped"
strip "$T/stripped" || fail "strip failed"
oracle "$T/stripped"
oracle "$T/stripped" -D -C
# Several files: headings, messages between them.
bounded 60 nm -C "$cxx" "$T/stripped" "$rust" >"$T/nm.out" 2>&1
bounded 60 "$PIDNM" -C "$cxx" "$T/stripped" "$rust" >"$T/pidnm.out" 2>&1
sed -i 's/^pidnm: /nm: /' "$T/pidnm.out"
same_output "$T/nm.out" "$T/pidnm.out"
grep -qx "$cxx:" "$T/pidnm.out" || fail "no heading for $cxx"
# The names the test targets were written for are there.
bounded 30 "$PIDNM" -C "$cxx" >"$T/cxx" || fail "pidnm -C $cxx failed"
for n in 'leveldown::Database::Put(v8::Arguments const&)' \
    '(anonymous namespace)::hidden_helper(int)' 'int cxx::twice<int>(int)' \
    'cxx::overload(char const*, unsigned int)' \
    'cxx::Point::operator==(cxx::Point const&) const'; do
	grep -qF " $n" "$T/cxx" || fail "no '$n' in pidnm -C $cxx"
done
grep -q ' T mycrate::example$' <(bounded 30 "$PIDNM" -C "$rust") ||
	fail "Rust v0 name not demangled"
exit 0
