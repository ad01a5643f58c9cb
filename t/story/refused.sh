#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A function that matches but cannot get a return probe (pb-ret's
# ret_tabled keeps a table inside its own text: decoded as code it reads
# as data) is named, with the reason, in -l listings and beside the
# "matched N probes" notice, and under -q too: its returns are lost data.
# A description that names it alone is no error: the other probes run,
# and count exactly.  Past five such functions in one description (every
# PLT stub: *@plt:), the rest are counted in one line.  An offset probe
# refused is named as one, however the offset is written.  An ifunc
# (libc's memchr: its symbol is the resolver) gets no probe at all, and
# the notice names the probe the description asked for: an entry-only
# description never hears of a return probe, a return-only one does,
# one that asks for both hears of no probe.
. "$top_srcdir/t/lib.sh"

KV=$TARGETS/pb-kv
RET=$TARGETS/pb-ret
want="pidtrace: no return probe for pb-ret\`ret_tabled: bytes that look like data at offset 0x"
re="^$(printf '%s' "$want" | sed 's/[][\.*^$]/\\&/g')[0-9a-f]*\$"

echo go | bounded 20 "$PIDTRACE" -l -n 'pid$target::ret_tab*:' -c "$RET" \
    >"$T/out" 2>"$T/err" || fail "-l exited $?"
grep -q "$re" "$T/err" || fail "-l did not say why: $(cat "$T/err")"
grep -qE '^ +[0-9]+ +pid[0-9]+ +pb-ret +ret_tabled entry$' "$T/out" ||
	fail "-l lost the entry probe: $(cat "$T/out")"
grep -q ' return$' "$T/out" && fail "-l lists a return probe for ret_tabled"

for off in 0 0x0; do
	echo go | bounded 20 "$PIDTRACE" -l -n "pid\$target::ret_tabled:$off" \
	    -c "$RET" >"$T/out" 2>"$T/err" || fail "-l :$off exited $?"
	grep -q "^pidtrace: no offset probe for pb-ret\`ret_tabled: bytes that look like data" \
	    "$T/err" || fail "offset $off: $(cat "$T/err")"
done

echo go | bounded 20 "$PIDTRACE" -n 'pid$target::ret_*:return { @[probefunc] = count(); }' \
    -c "$RET 100" >"$T/out" 2>"$T/err" || fail "tracing exited $?"
[ "$(grep -c '^pidtrace: no return probe' "$T/err")" = 1 ] ||
	fail "the notice is not there exactly once: $(cat "$T/err")"
echo go | bounded 20 "$PIDTRACE" -q -n 'pid$target::ret_*:return { @[probefunc] = count(); }' \
    -c "$RET 100" >"$T/out" 2>"$T/err" || fail "tracing -q exited $?"
grep -q "$re" "$T/err" || fail "-q hid the notice: $(cat "$T/err")"
[ "$(not_fast_report "$T/err" | wc -l)" = 1 ] ||
	fail "-q said more: $(cat "$T/err")"

say "named alone, the function is no error: ret_query's returns count"
echo go | bounded 20 "$PIDTRACE" -q -n 'pid$target::ret_tabled:return { @t = count(); }
	pid$target::ret_query:return { @q = count(); }
	END { printa("q %@d\n", @q); }' -c "$RET 100" >"$T/out" 2>"$T/err" ||
	fail "naming ret_tabled:return failed: $(cat "$T/err")"
grep -q "$re" "$T/err" || fail "no notice: $(cat "$T/err")"
grep -qx 'ret_query calls=100 sum=.*' "$T/out" || fail "the target: $(cat "$T/out")"
grep -qx 'q 100' "$T/out" || fail "ret_query:return did not count 100: $(cat "$T/out")"

bounded 20 "$PIDTRACE" -l -n 'pid$target::*@plt:' -c "$KV" \
    >"$T/out" 2>"$T/err" || fail "-l *@plt: exited $?"
[ "$(grep -c '^pidtrace: no return probe for pb-kv`' "$T/err")" -le 5 ] ||
	fail "more than five refusals named: $(cat "$T/err")"
n=$(sed -n 's/^pidtrace: no return probe for \([0-9]*\) more functions (pidtrace -l lists the probes there are)$/\1/p' "$T/err")
[ -n "$n" ] && [ "$n" -gt 0 ] ||
	fail "no count of the other refusals: $(tail -n 2 "$T/err")"

say "an ifunc's refusal names the probe asked for"
LIBC=$(ldd "$RET" | sed -n 's/^[[:space:]]*libc\.so\.6 => \([^ ]*\) .*/\1/p')
[ -n "$LIBC" ] || fail "no libc.so.6 in ldd $RET"
command -v readelf >/dev/null || skip "needs readelf (Debian package binutils)"
readelf -sW --dyn-syms "$LIBC" | grep -q ' IFUNC .* memchr@@' ||
	skip "$LIBC has no ifunc memchr"
ifunc=': a GNU indirect function (ifunc): its symbol is the resolver, not the code that runs$'
for name in entry return ""; do
	kind=${name:+$name }
	echo go | bounded 20 "$PIDTRACE" -n "pid\$target:libc.so.6:mem*:$name
	    { @ = count(); }" -c "$RET 100" >"$T/out" 2>"$T/err" ||
		fail "mem*:$name exited $?: $(cat "$T/err")"
	grep -q "^pidtrace: no ${kind}probe for libc\.so\.6\`memchr$ifunc" \
	    "$T/err" || fail "mem*:$name: memchr not named: $(cat "$T/err")"
	# A probe not asked for is never spoken of.
	case $name in
	entry)	grep '^pidtrace: no return probe' "$T/err" ;;
	return)	grep '^pidtrace: no entry probe' "$T/err" ;;
	esac >"$T/other"
	[ -s "$T/other" ] && fail "mem*:$name: said $(cat "$T/other")"
done
exit 0
