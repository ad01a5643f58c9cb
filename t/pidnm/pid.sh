#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidnm --pid lists the modules of a running process at run-time
# addresses: the target prints where cxx::overload(int) is; pidnm must
# say the same, as MODULE`NAME, and also relocate libc's symbols so that
# they fall inside libc's mappings; also when the executable was deleted.
. "$top_srcdir/t/lib.sh"

spawn tpid 60 "$TARGETS/cxxsyms" serve >"$T/out"
wait_for "$T/out" '^ready [0-9a-f]{16}$'
pid=$(child_of "$tpid") || fail "no target process"
want=$(awk '/^ready/ { print $2 }' "$T/out")

bounded 30 "$PIDNM" --pid "$pid" >"$T/syms" 2>"$T/err" ||
	fail "pidnm --pid failed: $(cat "$T/err")"
[ -s "$T/err" ] && fail "pidnm --pid wrote to stderr: $(cat "$T/err")"
grep -qx "$want T cxxsyms\`_ZN3cxx8overloadEi" "$T/syms" ||
	fail "cxx::overload(int) not at $want: $(grep overloadEi "$T/syms")"
bounded 30 "$PIDNM" --pid "$pid" -C --grep 'cxx::overload(int)' >"$T/c"
echo "$want T cxxsyms\`cxx::overload(int)" >"$T/expected"
same_output "$T/expected" "$T/c"

# libc: its "T malloc" must lie in an executable mapping of libc.
line=$(grep -m1 ' T libc\.so\.6`malloc@@GLIBC_' "$T/syms") ||
	fail "no libc malloc in pidnm --pid"
addr=$((16#${line%% *}))
inside=no
while read -r range perms _ _ _ path; do
	case $path in */libc.so.6) ;; *) continue ;; esac
	lo=$((16#${range%-*})); hi=$((16#${range#*-}))
	[ "$addr" -ge "$lo" ] && [ "$addr" -lt "$hi" ] &&
		[ "${perms:2:1}" = x ] && inside=yes
done <"/proc/$pid/maps"
[ "$inside" = yes ] || fail "libc malloc at ${line%% *} is in no r-x mapping of libc"
# No undefined symbols: they have no address in their module.
grep -q '^ \{16\} ' "$T/syms" && fail "--pid listed undefined symbols"

# A deleted executable still lists, through /proc/PID/map_files, under
# the name it had.
cp "$TARGETS/cxxsyms" "$T/gone" || fail "cp"
spawn gpid 60 "$T/gone" serve >"$T/gout"
wait_for "$T/gout" '^ready [0-9a-f]{16}$'
rm -f "$T/gone"
gchild=$(child_of "$gpid") || fail "no deleted target process"
gwant=$(awk '/^ready/ { print $2 }' "$T/gout")
bounded 30 "$PIDNM" --pid "$gchild" --grep _ZN3cxx8overloadEi >"$T/g" 2>&1 ||
	fail "pidnm --pid on a deleted file: $(cat "$T/g")"
echo "$gwant T gone\`_ZN3cxx8overloadEi" >"$T/expected"
same_output "$T/expected" "$T/g"

# Done with the targets: reap them here, so that bash's job notices do
# not land in the output checked below.
kill -KILL "$pid" "$gchild" 2>/dev/null
wait "$tpid" "$gpid" 2>/dev/null

# A process that is not there: one line, exit 1.
bounded 30 "$PIDNM" --pid 999999999 >"$T/o" 2>"$T/e" && fail "exit 0 for no process"
[ "$(wc -l <"$T/e")" = 1 ] || fail "not one error line: $(cat "$T/e")"
grep -q '^pidnm: --pid 999999999: /proc/999999999/maps: No such file or directory$' "$T/e" ||
	fail "error message: $(cat "$T/e")"
exit 0
