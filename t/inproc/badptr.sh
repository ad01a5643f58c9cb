#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad pointers read by clause code in the process: ip_ptr(p) is called
# with a good pointer, NULL, an unmapped page and a PROT_NONE page in
# turn, and the clause keys a count() by *(int *)arg0.  The code reads
# with process_vm_readv of the process's own pid: EFAULT, never a
# signal.  Asserts: the clause runs in the process (-l -v); the process
# notices nothing (its output is the untraced output, its exit 0, no
# signal); the output and the errors equal -x fastpath=off's (the int3
# path, where pidtrace reads; both say "invalid address" as dtrace does
# for an address the process cannot load), addresses aside (the pages
# move from run to run); 3 errors in 4 calls.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((400 * FT_SCALE))
D='pid$target::ip_ptr:entry { @[*(int *)arg0] = count(); }'
reference ptr "$IP_BURST" ptr $n
list_paths ptr "$D" -c "$IP_BURST ptr 1"
paths_is ptr "ip_ptr entry, line 1: in the process"

# norm FILE: pids and addresses cut, the target's lines left out.
norm()
{
	grep -v -e '^ready' -e '^ptr calls=' -e '^done' "$1" |
		sed -E 's/pid[0-9]+/pid/g; s/0x[0-9a-f]+/ADDR/g'
}
for m in on off; do
	bounded 120 "$PIDTRACE" -x fastpath=$m -q -n "$D" \
		-c "$IP_BURST ptr $n" </dev/null >"$T/$m.out" 2>"$T/$m.err" ||
		fail "fastpath=$m: pidtrace exited $?: $(cat "$T/$m.err")"
	cat "$T/$m.err" | head -n 4
	sed 's/^ready pid=.*/ready/' "$T/$m.out" | grep -e '^ready' \
		-e '^ptr calls=' -e '^done' >"$T/$m.got"
	same_output "$T/ptr.want" "$T/$m.got"
	grep -q 'was killed by signal' "$T/$m.err" &&
		fail "fastpath=$m: the process died"
	norm "$T/$m.out" >"$T/$m.d"
	norm "$T/$m.err" >"$T/$m.e"
done
same_output "$T/off.d" "$T/on.d"
same_output "$T/off.e" "$T/on.e"
expect "errors" "$(grep -c 'invalid address (ADDR) in action #1' "$T/on.e")" \
	$((3 * n / 4))
expect "good reads" "$(awk '$1 == 42 { print $2 }' "$T/on.out")" $((n / 4))
