#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Options: --help and --version succeed on stdout; an unknown option
# fails with the usage on stderr; without FILE pidnm lists a.out, as nm.
. "$top_srcdir/t/lib.sh"

bounded 10 "$PIDNM" --help >"$T/out" || fail "--help exit status"
grep -q '^Usage: pidnm \[OPTION\]... \[FILE\]...$' "$T/out" || fail "--help text"
for o in -a -C -D -g -u -U -n -p -r -j --grep --pid --quiet; do
	grep -qe "$o" "$T/out" || fail "--help does not mention $o"
done
bounded 10 "$PIDNM" -V >"$T/out" || fail "-V exit status"
grep -qx 'pidnm (pidtrace) [0-9.]*' "$T/out" || fail "-V text: $(cat "$T/out")"
bounded 10 "$PIDNM" --no-such-option >"$T/out" 2>"$T/err" && fail "bad option: exit 0"
[ -s "$T/out" ] && fail "bad option: output on stdout"
grep -q '^Usage: pidnm' "$T/err" || fail "bad option: no usage on stderr"

cd "$T" || fail "cd"
bounded 10 "$PIDNM" >"$T/out" 2>"$T/err" && fail "no a.out: exit 0"
echo "pidnm: a.out: No such file" >"$T/want"
same_output "$T/want" "$T/err"
cp "$TARGETS/cxxsyms" a.out
bounded 10 "$PIDNM" >"$T/out" || fail "pidnm (a.out) failed"
grep -q ' T c_function$' "$T/out" || fail "a.out not listed"
# --quiet drops "no symbols"; it is no error either way.
strip a.out
bounded 10 "$PIDNM" --quiet a.out >"$T/out" 2>"$T/err" || fail "--quiet exit"
[ -s "$T/err" ] && fail "--quiet still says: $(cat "$T/err")"
exit 0
