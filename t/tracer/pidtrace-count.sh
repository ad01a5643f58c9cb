#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# End to end: pidtrace -c runs tr-counter with pid probes on work's entry
# and mix's return, and -p attaches to a running one and detaches on
# SIGINT.  Asserts: count() equals the target's own counts, the return
# probe fires once per call (its arg0 offsets sum to the calls), and the
# target's output is that of an untraced run.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"

printf 'go 5000 1\ngo 2000 3\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -n 'pid$target::work:entry { @w = count(); }
	pid$target::mix:return { @m = count(); }
	END { printa("work %@d\n", @w); printa("mix %@d\n", @m); }' \
	-c "$COUNTER" <"$T/cmds" >"$T/out" 2>"$T/err" || fail "pidtrace -c: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep -q '^work 11000$' "$T/out" || fail "work count"
grep -q '^mix 22000$' "$T/out" || fail "mix return count"
grep -e '^ready' -e '^done' -e '^exit' "$T/out" | sed 's/pid=[0-9]*//' >"$T/got"
reference "$(cat "$T/cmds")\n" >"$T/want"
same_output "$T/want" "$T/got"

start_counter
spawn _pp 60 "$PIDTRACE" -n 'BEGIN { trace("armed"); }
	pid$target::work:entry { @[probefunc] = count(); }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
PPID_=$(child_of "$_pp")
wait_for "$T/p.out" 'armed'	# BEGIN fires once the sites are in
echo "go 3000 2" >&3
wait_for "$T/out" '^done work=6000 '
kill -INT "$PPID_"
wait_for "$T/p.out" 'work +6000$'
echo "go 10 1" >&3
echo quit >&3
wait_for "$T/out" '^exit work=6010 '
