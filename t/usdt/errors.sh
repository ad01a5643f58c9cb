#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad USDT input, each a one-line error, exit 1, the attached process
# unharmed: a note whose argument has no size, a note whose semaphore
# lies outside every mapping of its file, one that points at code (we
# would write it through /proc/PID/mem), a name that matches nothing.
# The good probe of the same file still traces, and the process still
# runs after each failed attach.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$TARGETS/usdt-bad" ] || skip "usdt-bad not built"

mkfifo "$T/in"
spawn _tp 120 sh -c 'exec "$0" <"$1" >"$2" 2>&1' "$TARGETS/usdt-bad" \
	"$T/in" "$T/out"
exec 3>"$T/in"
wait_for "$T/out" '^ready'
TP=$(child_of "$_tp") || fail "no target pid"

# try DESCRIPTION EXPECTED-STDERR
try()
{
	bounded 30 "$PIDTRACE" -q -n "$1 { @ = count(); }" -p "$TP" \
		>"$T/e.out" 2>"$T/e.err" && fail "$1: accepted"
	say "$1: $(cat "$T/e.err")"
	printf '%s\n' "$2" >"$T/e.want"
	same_output "$T/e.want" "$T/e.err"
	n=$(( ${n:-0} + 1 ))
	echo x >&3
	wait_for "$T/out" "^fired $n\$"	# the process goes on
}
try 'bad$target:::args' "pidtrace: invalid probe specifier bad\$target:::args { @ = count(); }: bad$TP:::args in usdt-bad: argument 1 'x@%rdi': size must be 1, 2, 4 or 8, negative when signed"
try 'bad$target:::sem' "pidtrace: invalid probe specifier bad\$target:::sem { @ = count(); }: bad$TP:::sem in usdt-bad: semaphore 0x70000000 is not in a writable mapping of the object"
try 'bad$target:::semcode' "pidtrace: invalid probe specifier bad\$target:::semcode { @ = count(); }: bad$TP:::semcode in usdt-bad: semaphore 0x$(readelf -n "$TARGETS/usdt-bad" | grep -A1 'Name: semcode' | sed -n 's/.*Location: 0x0*\([0-9a-f]*\),.*/\1/p') is not in a writable mapping of the object"
try 'bad$target:::nope' "pidtrace: invalid probe specifier bad\$target:::nope { @ = count(); }: no USDT probe matches 'bad$TP:::nope' in process $TP"
try 'bda$target:::good' "pidtrace: invalid probe specifier bda\$target:::good { @ = count(); }:1:1: probe description bda$TP:::good does not match any probes"

# the good probe of the same file
spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
	bad$target:::good { @s = sum(arg0); } END { printa("sum %@d\n", @s); }' \
	-p "$TP" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 30
echo x >&3; echo x >&3
wait_for "$T/out" '^fired 7$'
kill -INT "$PP"
wait_for "$T/p.out" '^sum' 20
grep -q '^sum 13$' "$T/p.out" || fail "good probe: $(cat "$T/p.out" "$T/p.err")"
exec 3>&-
wait "$_tp" || fail "target exit status"
