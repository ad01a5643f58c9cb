#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Children and exec while probes are live: under pidtrace -c, a
# second thread of fp-load calls the probed fp_bgwork() without pause
# while the main thread calls the probed fp_work() around a fork child
# (which checks its own text against the file and its maps for a shared
# or memfd executable mapping, then calls fp_work()), a vfork child
# calling fp_work() in the shared memory, a posix_spawn and a fork+exec
# of a fresh image calling it.  Run twice: the second thread stopped at
# the end; then the target exec'ing itself ("fp-load child N") while the
# second thread is still in or near fp_bgwork().  pidtrace traces the
# process it was given, not its children.
# Asserts, counts by pid: every record is the target's pid's; fp_work's
# entries and returns are the main thread's calls (the children's and
# the vfork child's are not counted), plus, after the exec, the new
# image's N; fp_bgwork's are the second thread's calls, or, when the exec
# ended it, as many returns as entries or one fewer; every child exited
# as untraced (the fork child found its text and maps clean); the output
# equals the untraced output; nothing on stderr.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((1000 * FT_SCALE))
D='pid$target::fp_work:entry, pid$target::fp_bgwork:entry
	{ @e[pid, probefunc] = count(); }
	pid$target::fp_work:return, pid$target::fp_bgwork:return
	{ @r[pid, probefunc] = count(); }
	END { printa("e %d %s %@d\n", @e); printa("r %d %s %@d\n", @r); }'

# forkrun NAME ARGS...: fp-load fork N ARGS under pidtrace -c; sets PID
# and checks output, stderr, that every record is PID's, and fp_work.
forkrun()
{
	_f=$1; shift
	reference "$_f" "$FP_LOAD" fork $n "$@"
	grep -v '^bg calls=' "$T/$_f.want" >"$T/$_f.w"
	bounded 120 "${PT[@]}" -q -o "$T/$_f.d" -n "$D" \
		-c "$FP_LOAD fork $n $*" </dev/null >"$T/$_f.raw" 2>"$T/$_f.err" ||
		fail "$_f: pidtrace exited $?: $(cat "$T/$_f.err")"
	cat "$T/$_f.raw" "$T/$_f.d" "$T/$_f.err"
	sed 's/^ready pid=.*/ready/' "$T/$_f.raw" | grep -v '^bg calls=' \
		>"$T/$_f.g"
	same_output "$T/$_f.w" "$T/$_f.g"
	no_drops "$T/$_f.err" "$(printf '%s\n%s' "an instruction a jump would \
replace cannot move: pid:fp-load:fp_bgwork:return at offset 0x35" \
		"$SLOW_WORK")"
	PID=$(sed -n 's/^ready pid=//p' "$T/$_f.raw")
	awk -v p="$PID" 'NF && $2 != p' "$T/$_f.d" | grep -q . &&
		fail "$_f: records of another pid than $PID"
	_w=$((5 * n))
	[ $# -gt 0 ] && _w=$((6 * n))
	expect "$_f: fp_work entries" "$(count "$T/$_f.d" "e $PID fp_work")" $_w
	expect "$_f: fp_work returns" "$(count "$T/$_f.d" "r $PID fp_work")" $_w
}

forkrun fork
bg=$(sed -n 's/^bg calls=//p' "$T/fork.raw")
expect "fork: fp_bgwork entries" "$(count "$T/fork.d" "e $PID fp_bgwork")" "$bg"
expect "fork: fp_bgwork returns" "$(count "$T/fork.d" "r $PID fp_bgwork")" "$bg"

forkrun fexec exec
e=$(count "$T/fexec.d" "e $PID fp_bgwork")
r=$(count "$T/fexec.d" "r $PID fp_bgwork")
[ -n "$e" ] || fail "fexec: fp_bgwork never fired"
[ "${r:-0}" -le "$e" ] && [ "$e" -le $((${r:-0} + 1)) ] ||
	fail "fexec: fp_bgwork $e entries, ${r:-0} returns"
say "ok: fexec: fp_bgwork $e entries, ${r:-0} returns (the exec ended the thread)"
