#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -F and -P, as dtrace(1) documents them and Oracle's Linux DTrace
# prints them (cmd/dtrace.c's chew() and libdtrace's dt_flowindent):
# under -F the heading is "CPU FUNCTION", an entry prints " -> func"
# and indents the thread's later lines by two, a return steps back and
# prints " <- func", any other probe "| func:name"; each line is the CPU
# ("%3d ") and the name left-justified in 41 columns.  The calls are
# pd-prog's own (run 1: main calls go, _loc and loopfunc once).
# -x flowindent=UnSeT is unset (dtrace's test misc/tst.boolopt.d).  -P
# dtrace is -n 'dtrace:::': BEGIN and END print their probe lines.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v objdump >/dev/null || skip "objdump not installed"

# The offset of loopfunc's second instruction, from objdump.
off=$(objdump -d --no-show-raw-insn "$TARGETS/pd-prog" |
    sed -n '/^[0-9a-f]* <loopfunc>:$/,/^$/p' | grep '^ *[0-9a-f]*:' |
    sed -n '1p;2p' | cut -d: -f1 | tr -d ' ' | tr '\n' ' ')
set -- $off
[ $# -eq 2 ] || fail "objdump: no two instructions in loopfunc"
off=$(printf '%x' $((16#$2 - 16#$1)))

bounded 60 "$PIDTRACE" -F -n "pid\$target:a.out:main:entry,
    pid\$target:a.out:main:return, pid\$target:a.out:go:entry,
    pid\$target:a.out:go:return, pid\$target:a.out:loopfunc:entry,
    pid\$target:a.out:loopfunc:return, pid\$target:a.out:loopfunc:$off" \
    -c "$TARGETS/pd-prog run 1" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err" "$T/out"
[ $rc -eq 0 ] || fail "exit $rc"
# The CPU column is where the thread ran: its 3 columns are left out.
grep -v '^done ' "$T/out" | grep -v '^$' | cut -c4- >"$T/got"
{
	printf ' %-41s\n' FUNCTION
	printf ' %-41s \n' ' -> main' '   -> go' '   <- go' '   -> loopfunc' \
	    "    | loopfunc:$off" '   <- loopfunc' ' <- main'
} >"$T/want"
same_output "$T/want" "$T/got"
head -1 "$T/out" | grep -q '^CPU ' || fail "no CPU heading"
grep -Eqv '^(  [0-9]|CPU|done|$)' "$T/out" && fail "a line without its CPU"

say "-x flowindent=UnSeT is off, as dtrace reads a boolean option"
bounded 30 "$PIDTRACE" -x flowindent=UnSeT -n 'BEGIN { exit(0); }' \
    >"$T/out" 2>"$T/err"
cat "$T/err" "$T/out"
head -1 "$T/out" | grep -q '^CPU *ID *FUNCTION:NAME$' || fail "flowindent on"

say "-P dtrace is -n 'dtrace:::'"
bounded 30 "$PIDTRACE" -P dtrace -n 'BEGIN { exit(0); }' >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err" "$T/out"
[ $rc -eq 0 ] || fail "-P: exit $rc"
grep -v '^$' "$T/out" | cut -c4- >"$T/got"
{
	printf ' %6s %32s\n' ID FUNCTION:NAME
	printf ' %6d %32s \n' 1 :BEGIN 1 :BEGIN 2 :END
} >"$T/want"
same_output "$T/want" "$T/got"
exit 0
