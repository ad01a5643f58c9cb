#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# inline: entry probes on the copies of a function the compiler inlined.
# t/targets/cg-inline.c, built -O2 -g: square() is inlined into twelve
# use_N() (after a store of their own: each copy starts mid-function)
# and called once a round through a pointer; it counts its own calls.
# Asserts:
#  - square:entry counts every call, made or inlined: the program's
#    count; the "matched" line and -l say 12 inlined copies;
#  - square:return fires for the calls made (one a round): an inlined
#    copy has no return instruction of its own;
#  - a clause reading arguments is told they read 0 at the copies;
#  - without DWARF (objcopy --strip-debug), the copies cannot be found:
#    the count is the calls made, and one line says what is not probed.
. "$top_srcdir/t/code/codelib.sh"

TG=$TARGETS/cg-inline
[ -x "$TG" ] || skip "t/targets/cg-inline not built"
command -v objdump >/dev/null || skip "needs objdump (binutils)"
# the compiler's choice, which the test depends on: no call of square
# is left in use_0 ... use_11
calls=$(objdump -d "$TG" | awk '/^[0-9a-f]+ <use_[0-9]+>:/ { u = 1; next }
	/^[0-9a-f]+ </ { u = 0 } u && /call.*<square>/ { n++ } END { print n + 0 }')
[ "$calls" = 0 ] || skip "gcc left $calls calls of square in use_N()"
n=9

trace with 'pid$target::square:entry { @e = count(); }
	pid$target::square:return { @r = count(); }
	END { printa("entry %@d\nreturn %@d\n", @e, @r); }' "$TG" $n
want=$(sed -n 's/^square calls=\([0-9]*\) .*/\1/p' "$T/with.out")
printf 'entry %s\nreturn %s\n' "$want" "$n" >"$T/with.want"
grep -v '^$' "$T/with.d" >"$T/with.got"
same_output "$T/with.want" "$T/with.got"
no_err with
say "ok: $want calls counted, $n of them made"

# not -q: the matched line
bounded 60 "$PIDTRACE" -n 'pid$target::square:entry { @ = count(); }' \
    -c "$TG 1" </dev/null >/dev/null 2>"$T/m.err" || fail "$(cat "$T/m.err")"
grep -qx "pidtrace: description 'pid\$target::square:entry ' matched 1 probe (and 12 inlined copies)" \
    "$T/m.err" || fail "the matched line: $(cat "$T/m.err")"
bounded 60 "$PIDTRACE" -l -n 'pid$target::square:entry' -c "$TG 1" \
    </dev/null >"$T/l.out" 2>"$T/l.err" || fail "-l: $(cat "$T/l.err")"
grep -Eqx 'pidtrace: pid[0-9]+:cg-inline:square:entry fires at 12 inlined copies too' \
    "$T/l.err" || fail "-l: $(cat "$T/l.err")"
say "ok: the matched line and -l say 12 inlined copies"

trace args 'pid$target::square:entry { @ = sum(arg0); }' "$TG" $n
grep -Eqx 'pidtrace: pid[0-9]+:cg-inline:square:entry: its arguments read 0 at its 12 inlined copies \(no call passes them there\)' \
    "$T/args.err" || fail "no word of the arguments: $(cat "$T/args.err")"
say "ok: arguments at the copies are said to read 0"

objcopy --strip-debug "$TG" "$T/cg-inline-nodw" || fail "objcopy"
trace nodw 'pid$target::square:entry { @e = count(); }
	END { printa("entry %@d\n", @e); }' "$T/cg-inline-nodw" $n
[ "$(grep -v '^$' "$T/nodw.d")" = "entry $n" ] ||
	fail "without DWARF: $(cat "$T/nodw.d"), want entry $n"
echo "pidtrace: cg-inline-nodw has no debug info: copies of square the compiler inlined, if any, are not probed" \
    >"$T/nodw.want"
same_output "$T/nodw.want" "$T/nodw.err"
say "ok: without DWARF, the $n calls made, and one line"
