#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Quick start: ./quickstart demo, as the README gives it, in the
# built tree (its packages are there, so it installs nothing, and its
# make has nothing to do).  demo/run-demo lists kvdemo's Put symbols,
# prints the keys of 3 puts from DWARF-typed args, and times 3000 puts.
# Asserts: exit status 0; the listing has kv::Store::Put in both forms;
# the three keys in order, kvdemo's line once, no other line (a notice
# that a probe stops the thread would be one); one histogram, of kv::Store::Put, holding the 3000
# puts kvdemo says it made.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || fail "pidtrace not built"
unset MAKEFLAGS MFLAGS MAKELEVEL
(cd "$top_srcdir" && bounded 300 ./quickstart demo) >"$T/out" 2>&1
rc=$?
cat "$T/out"
[ $rc = 0 ] || fail "./quickstart demo exited $rc"
grep -Eq '^[0-9a-f]{16} T _ZN2kv5Store3Put.* == kv::Store::Put\(' "$T/out" ||
	grep -Eq '^[0-9a-f]{16} T kv::Store::Put\(' "$T/out" ||
	fail "no kv::Store::Put in the listing"
# The keys, and kvdemo's own last line: the clause runs from the
# firings' records, so pidtrace prints the keys when it reads them, in
# their order, and kvdemo's line may come before, between or after
# them.  The block ends at the next command (its "$ " line); a notice
# of pidtrace's (a probe that stops the thread) would be a line too
# many.
sed -n '/stringof(args->key)/,/^\$ /p' "$T/out" | sed '1d;$d' |
	grep -v '^$' >"$T/block"
grep -v '^kvdemo: ' "$T/block" >"$T/keys"
printf 'key0\nkey1\nkey2\n' >"$T/want"
same_output "$T/want" "$T/keys"
[ "$(grep -c '^kvdemo: 3 puts, 3 gets$' "$T/block")" = 1 ] ||
	fail "kvdemo's line is not there once: $(cat "$T/block")"
grep -q '^kvdemo: 3000 puts, ' "$T/out" || fail "kvdemo did not make its 3000 puts"
[ "$(grep -c '^  kv::Store::Put(' "$T/out")" = 1 ] || fail "not one histogram"
n=$(awk '/^  kv::Store::Put\(/ { on = 1; next }
	on && $2 ~ /^\|/ { n += $NF } END { print n + 0 }' "$T/out")
[ "$n" = 3000 ] || fail "the histogram holds $n puts, kvdemo made 3000"
