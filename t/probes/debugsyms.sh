#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# debugsyms: the pid provider takes symbols from separate debug files.
# A stripped dw-types whose debug file lives only under a build-id
# directory ($PIDTRACE_DEBUG_DIR): its static dw_local resolves and fires
# once per call the target counts, and the target's output is unchanged.
# With libc6-dbg, libc's local _int_malloc resolves and fires while the
# target mallocs.
. "$top_srcdir/t/faults/ftlib.sh"

command -v objcopy >/dev/null || skip "needs objcopy (Debian package binutils)"
n=200

cp "$TARGETS/dw-types" "$T/prog"
objcopy --only-keep-debug "$T/prog" "$T/keep" || fail objcopy
strip -g -s "$T/prog" || fail strip
bid=$(readelf -n "$T/prog" | sed -n 's/.*Build ID: *//p')
mkdir -p "$T/root/.build-id/${bid:0:2}"
cp "$T/keep" "$T/root/.build-id/${bid:0:2}/${bid:2}.debug"
export PIDTRACE_DEBUG_DIR=$T/root

bounded 30 "$T/prog" $n >"$T/want" || fail "untraced run"

say "== without the debug file, dw_local is unknown"
PIDTRACE_DEBUG_DIR= bounded 30 "$PIDTRACE" -q -n \
    'pid$target:a.out:dw_local:entry { @ = count(); }' -c "$T/prog 1" \
    >"$T/out" 2>"$T/err" && fail "dw_local resolved without debug file"
cat "$T/err"

say "== with it, dw_local fires once per call"
bounded 60 "$PIDTRACE" -q -n '
    pid$target:a.out:dw_local:entry { @["dw_local"] = count(); }
    END { printa("%s %@d\n", @); }' -c "$T/prog $n" \
    >"$T/out" 2>"$T/err" || fail "traced run: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep '^dw-types' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
expect "dw_local entries" "$(agg "$T/out" dw_local)" $n

libc=$(ldd "$T/prog" | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')
lbid=$(readelf -n "$libc" | sed -n 's/.*Build ID: *//p')
if [ -f "/usr/lib/debug/.build-id/${lbid:0:2}/${lbid:2}.debug" ]; then
	# Our PIDTRACE_DEBUG_DIR hides /usr/lib/debug: run again with both.
	PIDTRACE_DEBUG_DIR=$T/root:/usr/lib/debug bounded 60 "$PIDTRACE" -q -n '
	    pid$target:libc.so.6:_int_malloc:entry { @["_int_malloc"] = count(); }
	    END { printa("%s %@d\n", @); }' -c "$T/prog $n" \
	    >"$T/out" 2>"$T/err" || fail "traced run: $(cat "$T/err")"
	cat "$T/out"
	grep '^dw-types' "$T/out" >"$T/got"
	same_output "$T/want" "$T/got"
	m=$(agg "$T/out" _int_malloc)
	[ "${m:-0}" -gt 0 ] || fail "_int_malloc did not fire"
	say "ok: _int_malloc fired $m times"
else
	say "no libc debug file: libc6-dbg is not installed"
fi
exit 0
