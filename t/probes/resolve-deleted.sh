#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# resolve-deleted: a target whose executable was deleted after it started
# (an upgrade under a running server): maps says "(deleted)", the path
# is gone, and resolution reads the file through /proc/PID/map_files.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

RESOLVE=$top_builddir/t/probes/resolve
cp "$TARGETS/pb-kv" "$T/kv-old" || fail "copy pb-kv"
cp "$TARGETS/pb-kv" "$T/kv-ref" || fail "copy pb-kv"
mkfifo "$T/in"
exec 3<>"$T/in"
spawn TP 60 sh -c 'exec "$0" 1 <"$1" >"$2"' "$T/kv-old" "$T/in" "$T/out"
wait_for "$T/out" '^ready'
P=$(child_of "$TP") || fail "no target process"
# Killing timeout with KILL (the cleanup trap) would orphan the target.
_pt_pids="$_pt_pids $P"
BIAS=$((0x$(exe_bias "$P" "$T/kv-old")))
rm "$T/kv-old"
grep -q "kv-old (deleted)$" "/proc/$P/maps" || fail "maps shows no deleted file"
set -- $(func_syms "$T/kv-ref" | awk '$3 == "_ZL3mixii" { print $1, $2 }')
printf 'pid%s kv-old mix(int, int) entry %x %s sites 0@%x\n' "$P" \
    $((0x$1 + BIAS)) "$2" $((0x$1 + BIAS)) > "$T/want"
bounded 20 "$RESOLVE" "$P" a.out mix entry > "$T/got" ||
	fail "resolution of a deleted executable"
same_output "$T/want" "$T/got"
echo go >&3
wait "$TP" || fail "the target exited $?"
exit 0
