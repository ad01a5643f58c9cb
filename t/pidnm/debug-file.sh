#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidnm --debug-file: a file without .symtab lists its separate debug
# file's .symtab, exactly as nm lists the debug file, with a note on
# stderr; without the option the output stays nm's own ("no symbols").
# --pid --debug-file lists the static dw_local of a stripped process at
# its run-time address.  The debug file lives under a build-id directory
# in $PIDTRACE_DEBUG_DIR (the test's folder).
. "$top_srcdir/t/faults/ftlib.sh"

command -v nm >/dev/null || skip "needs nm (Debian package binutils)"
cp "$TARGETS/dw-types" "$T/prog"
objcopy --only-keep-debug "$T/prog" "$T/keep" || fail objcopy
strip -g -s "$T/prog" || fail strip
bid=$(readelf -n "$T/prog" | sed -n 's/.*Build ID: *//p')
mkdir -p "$T/root/.build-id/${bid:0:2}"
dbg=$T/root/.build-id/${bid:0:2}/${bid:2}.debug
cp "$T/keep" "$dbg"
export PIDTRACE_DEBUG_DIR=$T/root

say "== without --debug-file: nm's output, nm's message"
nm "$T/prog" >"$T/want" 2>"$T/wanterr"
"$PIDNM" "$T/prog" >"$T/got" 2>"$T/goterr"
same_output "$T/want" "$T/got"
sed 's/^nm:/pidnm:/' "$T/wanterr" >"$T/wanterr2"
same_output "$T/wanterr2" "$T/goterr"

say "== with --debug-file: nm on the debug file, and a note"
nm "$dbg" >"$T/want" || fail "nm on the debug file"
bounded 30 "$PIDNM" --debug-file "$T/prog" >"$T/got" 2>"$T/goterr" ||
	fail "pidnm --debug-file: $(cat "$T/goterr")"
same_output "$T/want" "$T/got"
echo "pidnm: $T/prog: symbols from its debug file $dbg" >"$T/wanterr"
same_output "$T/wanterr" "$T/goterr"
grep -q ' t dw_local$' "$T/got" || fail "no dw_local"

say "== a file with .symtab: --debug-file changes nothing"
nm "$TARGETS/dw-types" >"$T/want"
"$PIDNM" --debug-file "$TARGETS/dw-types" >"$T/got" 2>"$T/goterr"
same_output "$T/want" "$T/got"
[ -s "$T/goterr" ] && fail "stderr: $(cat "$T/goterr")"

say "== --pid --debug-file: dw_local at its run-time address"
spawn tpid 60 "$T/prog" 1 serve >"$T/out"
pid=$(child_of "$tpid") || fail "no target process"
wait_for "$T/out" '^ready'
bounded 30 "$PIDNM" --pid "$pid" --grep dw_local >"$T/without" 2>&1
[ -s "$T/without" ] && fail "dw_local without --debug-file: $(cat "$T/without")"
bounded 30 "$PIDNM" --pid "$pid" --debug-file --grep dw_local \
    >"$T/with" 2>"$T/err" || fail "pidnm --pid --debug-file: $(cat "$T/err")"
cat "$T/with" "$T/err"
link=$(awk '$3 == "dw_local" { print $1 }' "$T/want")
base=$(awk -v p="$T/prog" '$6 == p && $3 == "00000000" { print $1; exit }' \
    "/proc/$pid/maps")
want=$(printf '%016x t prog`dw_local' $((0x${base%-*} + 0x$link)))
expect "--pid dw_local" "$(cat "$T/with")" "$want"
exit 0
