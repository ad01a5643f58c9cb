#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace's rtld hook: probes on a function of a library the target
# dlopens later (-Z: no match at start), armed when the loader reports
# the library; after dlclose and a new dlopen, armed again.  Asserts: the
# count equals the library's own.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
DL=$TARGETS/tr-dlopen
PLUGIN=$(cd "$TARGETS" && pwd)/tr-plugin.so
[ -x "$DL" ] && [ -f "$PLUGIN" ] || skip "tr-dlopen not built"

printf 'load\ncall 500\nunload\nload\ncall 20\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -Z -n 'pid$target::plugin_fn:entry { @ = count(); }
	END { printa("plugin_fn %@d\n", @); }' \
	-c "$DL $PLUGIN" <"$T/cmds" >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep -q '^called plugin_calls=20 ' "$T/out" || fail "target output"
grep -q '^plugin_fn 520$' "$T/out" || fail "count across dlopen/dlclose"
