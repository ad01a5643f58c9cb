#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# plt-count: pidtrace -c on pb-plt (PIE, -no-pie and IBT builds) with an
# entry probe on every stub of the program's PLT, and an offset probe on
# rand_r@plt's second instruction.  The first instruction of a stub is
# jmp *GOT(%rip) (.plt, .plt.got) or endbr64 (.plt.sec), displaced by the
# tracer.  Asserts: the traced output is the untraced output (rand_r's
# results are in the checksum); rand_r@plt and getppid@plt fire once per
# call the target counted; __cxa_finalize@plt (.plt.got, PIE only) once,
# at exit.  The lazy .plt's push (offset 6) runs only on the first call,
# while the GOT slot still points back into the stub (not with BIND_NOW);
# the jmp *GOT(%rip) at offset 4 of a .plt.sec stub runs on every call.
. "$top_srcdir/t/faults/ftlib.sh"

command -v readelf >/dev/null || skip "needs readelf (Debian package binutils)"

r=$((1000 * FT_SCALE))

# agg2 FILE FUNC NAME: the count printed for FUNC:NAME, or 0.
agg2()
{
	_v=$(agg "$1" "$2:$3")
	echo "${_v:-0}"
}

for t in pb-plt pb-plt-nopie pb-plt-ibt; do
	say "== $t"
	bounded 60 "$TARGETS/$t" $r </dev/null >"$T/want" || fail "untraced run"
	if readelf -SW "$TARGETS/$t" | grep -q ' \.plt\.sec '; then
		off=4 first=$r
	elif readelf -dW "$TARGETS/$t" | grep -Eq 'BIND_NOW|Flags:.* NOW'; then
		off=6 first=0
	else
		off=6 first=1
	fi
	bounded 120 "$PIDTRACE" -q -n "
	    pid\$target:a.out:*@plt:entry, pid\$target:a.out:rand_r@plt:$off
	    { @[probefunc, probename] = count(); }
	    END { printa(\"%s:%s %@d\n\", @); }" -c "$TARGETS/$t $r" \
	    </dev/null >"$T/out" 2>"$T/err" ||
		fail "traced run: $(cat "$T/err")"
	cat "$T/out" "$T/err"
	grep -e '^ready' -e '^pb-plt' "$T/out" | sed 's/^ready .*/ready/' \
	    >"$T/got"
	sed 's/^ready .*/ready/' "$T/want" >"$T/want2"
	same_output "$T/want2" "$T/got"
	expect "$t rand_r@plt entry" "$(agg2 "$T/out" rand_r@plt entry)" $r
	expect "$t getppid@plt entry" "$(agg2 "$T/out" getppid@plt entry)" \
	    $((2 * r))
	expect "$t rand_r@plt:$off" "$(agg2 "$T/out" rand_r@plt $off)" $first
	if readelf -SW "$TARGETS/$t" | grep -q ' \.plt\.got '; then
		expect "$t __cxa_finalize@plt entry (.plt.got)" \
		    "$(agg2 "$T/out" __cxa_finalize@plt entry)" 1
	fi
done
exit 0
