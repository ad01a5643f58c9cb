#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Quick start: ./quickstart demo, as the README gives it, in the
# built tree (its packages are there, so it installs nothing, and its
# make has nothing to do).  demo/run-demo lists kvdemo's Put symbols,
# prints the keys of 3 puts from DWARF-typed args, and times 3000 puts.
# Asserts: exit status 0; the listing has kv::Store::Put in both forms;
# the three keys; one histogram, of kv::Store::Put, holding the 3000
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
# The keys are stdout; pidtrace's notices on stderr (which probes stop
# the thread, and why) are interleaved in the demo's output and are not
# the keys.
sed -n '/stringof(args->key)/,/^kvdemo: 3 puts/p' "$T/out" | sed '1d' |
	grep -v '^pidtrace: ' >"$T/keys"
printf 'key0\nkey1\nkey2\nkvdemo: 3 puts, 3 gets\n' >"$T/want"
same_output "$T/want" "$T/keys"
grep -q '^kvdemo: 3000 puts, ' "$T/out" || fail "kvdemo did not make its 3000 puts"
[ "$(grep -c '^  kv::Store::Put(' "$T/out")" = 1 ] || fail "not one histogram"
n=$(awk '/^  kv::Store::Put\(/ { on = 1; next }
	on && $2 ~ /^\|/ { n += $NF } END { print n + 0 }' "$T/out")
[ "$n" = 3000 ] || fail "the histogram holds $n puts, kvdemo made 3000"
