#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Clause code's own system calls with syscall probes on (doc/INPROC.md,
# "Memory reads"; doc/TRACER.md, "Clause code at syscall sites"): syscall
# user dispatch lets calls through only from the first trampoline chunk,
# and clause code may lie in any.  A probe on the entry and the return of
# each of sl-many's 2,048 functions fills the first chunk (1 MB) with
# trampolines, so the code lies past it.  Two clauses read memory: a
# member read in the process and a copyinstr() captured at the firing,
# both of arg0, which is the loop's counter (0..K-1: below 64 KiB, read by
# process_vm_readv under any -x memread, and refused by the kernel:
# EFAULT, D's "invalid address", as dtrace says for an address the process
# cannot load), then the address of an int and of a string (read by loads
# after the kernel's readability check, a call through the check's gate).
# Asserts:
#  - both clauses take the path planned for them (-l -v);
#  - each read's call ran without a stop: the calls dispatched to a stop
#    (-v's "system calls" line) are as many as in the same run with
#    clauses that read nothing, so 2 K fewer than a `syscall` in the code
#    made, each of which is dispatched (and as many calls of the
#    check);
#  - the output and the errors are those of -x fastpath=off (every clause
#    in pidtrace at int3 stops), pids aside: the counts are sl-many's
#    (2,048 functions K times each, entry and return), an error a call.
. "$top_srcdir/t/inproc/iplib.sh"

MANY=$TARGETS/sl-many
[ -x "$MANY" ] || skip "sl-many not built"
bounded 30 "$PIDTRACE" -q -n 'syscall::getppid:entry { @ = count(); }' \
    -c "$MANY" </dev/null >/dev/null 2>"$T/probe.err" ||
	fail "pidtrace: $(cat "$T/probe.err")"
grep -q 'no syscall user dispatch' "$T/probe.err" &&
	skip "the kernel has no syscall user dispatch (Linux 6.4)"

k=$((20 * FT_SCALE))
printf 'go %d\naddr %d\nquit\n' $k $k >"$T/in"
all='pid$target:sl-many:f[0-7]*:entry, pid$target:sl-many:f[0-7]*:return
	{ @n[probename] = count(); }'
sys='syscall::getppid:entry { @s = count(); }'
ends='END { printa("%s %@d\n", @n); printa("read %d %@d\n", @r);
	printa("getppid %@d\n", @s); }'
READ="$all"'
pid$target:sl-many:f0001:entry { @r[*(int *)arg0] = count(); }
pid$target:sl-many:f0002:entry { printf("str %s\n", copyinstr(arg0)); }
'"$sys $ends"
NOREAD="$all"'
pid$target:sl-many:f0001:entry { @r[arg0 + 1000] = count(); }
pid$target:sl-many:f0002:entry { printf("arg %d\n", arg0); }
'"$sys $ends"

list_paths read "$READ" -c "$MANY"
grep -e 'f0001:entry at line 3:' -e 'f0002:entry at line 4:' \
    "$T/read.list" | sed -e 's/^[[:space:]]*//' -e 's/pid[0-9]*:/pid:/' \
    >"$T/read.paths"
same_output - "$T/read.paths" <<W
the clause of pid:sl-many:f0001:entry at line 3: in the process
the clause of pid:sl-many:f0002:entry at line 4: $IP_CAPREC
W

# run NAME PROGRAM ARGS...: pidtrace -v on sl-many fed $T/in.
run()
{
	_rn=$1 _rd=$2; shift 2
	bounded 300 "$PIDTRACE" -v -q "$@" -n "$_rd" -c "$MANY" \
	    <"$T/in" >"$T/$_rn.out" 2>"$T/$_rn.err" ||
		fail "$_rn: pidtrace exited $?: $(tail -n 3 "$T/$_rn.err")"
	grep -q 'was killed by signal' "$T/$_rn.err" &&
		fail "$_rn: the process died"
	return 0
}
# dispatched NAME: the calls -v says were dispatched to a stop.
dispatched()
{
	sed -n 's/.*system calls: .*, \([0-9]*\) dispatched to a stop.*/\1/p' \
	    "$T/$1.err"
}
run read "$READ"
run noread "$NOREAD"
d=$(dispatched read)
[ -n "$d" ] || fail "no system calls line: $(cat "$T/read.err")"
expect "calls dispatched with reads as without" "$d" "$(dispatched noread)"

# norm FILE: the target's and pidtrace's report lines out, pids cut.
norm()
{
	grep -v -e '^ready' -e '^done' -e '^pidtrace: pid [0-9]*:' \
	    -e '^pidtrace:   ' "$1" | sed -E 's/pid[0-9]+/pid/g'
}
run off "$READ" -x fastpath=off
norm "$T/read.out" >"$T/read.d"
norm "$T/off.out" >"$T/off.d"
same_output "$T/off.d" "$T/read.d"
norm "$T/read.err" >"$T/read.e"
norm "$T/off.err" >"$T/off.e"
same_output "$T/off.e" "$T/read.e"
expect "entries" "$(awk '$1 == "entry" { print $2 }' "$T/read.out")" \
    $((2048 * k + 2 * k))
expect "returns" "$(awk '$1 == "return" { print $2 }' "$T/read.out")" \
    $((2048 * k + 2 * k))
expect "ints read" "$(awk '$1 == "read" && $2 == 42 { print $3 }' \
    "$T/read.out")" $k
expect "strings read" "$(grep -c '^str sl-many$' "$T/read.out")" $k
grep -q 'clause code read memory by loads of pages the kernel read first' \
    "$T/read.err" || fail "not read by checked loads: $(grep 'clause code' \
    "$T/read.err")"
expect "errors" "$(grep -c 'invalid address (0x[0-9a-f]*) in action #1' \
    "$T/read.e")" $((2 * k))
exit 0
