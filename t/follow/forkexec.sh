#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x follow with pid probes: t/targets/follow-fe calls fe_parent N
# times, its fork child fe_child N+1 times, and the image the child
# execs fe_exec N+2 times, each saying its pid and count (the expected
# values are the program's own).  pid* fires in all three, keyed by
# the pid of each (the child's own in the child and in its exec'd
# image); pid$target in the first process only; a vfork child's calls
# are its own before its exec (execve's entry, by the child's pid) and
# its probes fire from its exec.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
FE=$TARGETS/follow-fe
[ -x "$FE" ] || skip "follow-fe not built"
N=7
D='pid*::fe_*:entry { @[probefunc, pid] = count(); }
syscall::execve:entry { @[probefunc, pid] = count(); }
END { printa("%s %d %@d\n", @); }'

for mode in fork vfork; do
	arg=
	[ $mode = vfork ] && arg=vfork
	bounded 60 "$PIDTRACE" -q -x follow -n "$D" -c "$FE $N $arg" \
	    >"$T/out" 2>"$T/err" || fail "$mode: pidtrace: $(cat "$T/err")"
	cat "$T/out" "$T/err"
	[ -s "$T/err" ] && fail "$mode: pidtrace said: $(cat "$T/err")"
	# the program's lines, "WHO PID fe_WHAT COUNT", as D prints them
	# and the child's execve, by its own pid (a vfork child's too)
	awk 'NF == 4 && $3 ~ /^fe_/ { print $3, $2, $4 }
	    $1 == "exec" { print "execve", $2, 1 }' "$T/out" |
	    sort >"$T/want"
	grep -E '^(fe_[a-z]+|execve) [0-9]+ [0-9]+$' "$T/out" |
	    sort >"$T/got"
	n=4
	[ $mode = vfork ] && n=3
	[ "$(wc -l <"$T/want")" = $n ] || fail "$mode: the program said: \
$(cat "$T/out")"
	same_output "$T/want" "$T/got"
done

# pid$target: the first process's only.
bounded 60 "$PIDTRACE" -q -x follow -c "$FE $N" \
    -n 'pid$target::fe_*:entry { @[probefunc, pid] = count(); }
    END { printa("%s %d %@d\n", @); }' >"$T/out" 2>"$T/err" ||
	fail "pid\$target: $(cat "$T/err")"
awk '$1 == "parent" { print $3, $2, $4 }' "$T/out" >"$T/want"
grep -E '^fe_[a-z]+ [0-9]+ [0-9]+$' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
say pass
