#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A library loaded by dlopen after attach gets the fast path: tr-dlopen
# (started, then attached with -p) loads tr-plugin.so on a line of stdin;
# plugin_fn is probed at entry and return (-Z: no match at attach), main
# at entry so the fast path is set up at attach, near the executable,
# more than 2 GB from the libraries.  At the loader's r_brk the plugin's
# sites become jumps with every thread stopped, through a new trampoline
# chunk within rel32 reach of the plugin (an mremap'd copy of the first
# chunk's mapping: the tracee no longer holds the memfd's fd).
# Asserts: after the load, a memfd mapping of pidtrace's lies within 2 GB
# of the plugin's text; the counts equal the calls the plugin counted
# (before and after a dlclose and a new dlopen); pidtrace said nothing;
# after detach the text equals the files, no mapping of ours is left,
# and the target finishes as untraced.
. "$top_srcdir/t/fastpath/fplib.sh"

DL=$TARGETS/tr-dlopen
PLUGIN=$(cd "$TARGETS" && pwd)/tr-plugin.so
[ -x "$DL" ] && [ -f "$PLUGIN" ] || skip "tr-dlopen not built"

# near PID: the plugin's r-x mapping and a memfd mapping of ours lie
# within 2 GB of each other.
near()
{
	awk -v lib="$PLUGIN" '
		function hex(s,  i, c, v) { v = 0
			for (i = 1; i <= length(s); i++) {
				c = index("0123456789abcdef", substr(s, i, 1))
				v = v * 16 + c - 1 }
			return v }
		{ split($1, r, "-") }
		$2 ~ /x/ && $6 == lib { p = hex(r[1]) }
		$2 ~ /x/ && /memfd:pidtrace/ { m[++n] = hex(r[1]) }
		END { for (i = 1; i <= n; i++) {
			d = m[i] - p; if (d < 0) d = -d
			if (p && d < 2147483648) ok = 1 }
		      exit !ok }' "/proc/$1/maps"
}

rm -f "$T/in"; mkfifo "$T/in"
spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$DL" "$PLUGIN"
exec 3>"$T/in"
wait_for "$T/in.out" '^ready'
TPID=$(child_of "$tp") || fail "no target pid"
maps_snap "$TPID" >"$T/maps0"
D='BEGIN { trace("armed"); }
	pid$target::main:entry { @m = count(); }
	pid$target::plugin_fn:entry { @e = count(); }
	pid$target::plugin_fn:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }'
# main's count() runs in the process; plugin_fn's, not loaded yet, are
# planned at the dlopen (their code made then, every thread stopped).
list_paths dl "$D" -Z -p "$TPID"
paths_is dl "BEGIN, line 1: in pidtrace
END, line 5: in pidtrace
main entry, line 2: in the process"
spawn pp 120 "${PT[@]}" -q -Z -n "$D" -p "$TPID" >"$T/d" 2>"$T/err"
ptp=$(child_of "$pp") || fail "no pidtrace pid"
wait_for "$T/d" '^armed' 60
echo load >&3
wait_for "$T/in.out" '^loaded' 60
echo "call 3000" >&3
wait_for "$T/in.out" '^called plugin_calls=3000 ' 60
if grep -q 'fastpath=off' <<<"$PIDTRACE_X"; then
	say "int3 path: no memfd expected"
else
	cat "/proc/$TPID/maps" >"$T/maps.loaded"
	near "$TPID" || fail "no trampoline chunk of ours near the plugin: $(grep -e memfd -e tr-plugin "$T/maps.loaded")"
	say "ok: a trampoline chunk lies within 2 GB of the plugin"
fi
printf 'unload\nload\ncall 500\n' >&3
wait_for "$T/in.out" '^called plugin_calls=500 ' 60
kill -INT "$ptp"
wait "$pp"; rc=$?
cat "$T/d" "$T/err"
[ $rc = 0 ] || fail "pidtrace exited $rc"
quiet_err "$T/err"
expect "plugin_fn entries" "$(count "$T/d" e)" 3500
expect "plugin_fn returns" "$(count "$T/d" r)" 3500
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
	fail "target still traced after pidtrace exited"
text_clean "$TPID"
maps_clean "$TPID" "$T/maps0" "$PLUGIN"
echo "call 10" >&3
echo quit >&3
exec 3>&-
wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
grep -q '^called plugin_calls=510 ' "$T/in.out" ||
	fail "target output: $(cat "$T/in.out")"
say "PASS"
