#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x follow keeps what it read of a file for the next images that map
# it, by device and inode; a file rewritten in place between two runs
# keeps both.  A shell runs one program from a file, writes another
# program over the same file (same inode), runs it, and writes the first
# back: each run's pid* probes are the functions of the program then in
# the file, counted as the programs count their own calls (pd-prog
# "run N": N calls of loopfunc; follow-fe says its fe_* counts).  Run
# with sh and with bash: one makes vfork children that are adopted at
# their exec, the other fork children that exec.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
PD=$TARGETS/pd-prog FE=$TARGETS/follow-fe
[ -x "$PD" ] && [ -x "$FE" ] || skip "pd-prog or follow-fe not built"
P=$T/prog
D='pid*::loopfunc:entry, pid*::fe_*:entry { @[probefunc] = count(); }
END { printa("%s %@d\n", @); }'
S="cat $PD >$P; $P run 3; cat $FE >$P; $P 2; cat $PD >$P; $P run 4"

for sh in sh bash; do
	command -v $sh >/dev/null || continue
	: >"$P"
	chmod 755 "$P"
	ino=$(stat -c %i "$P")
	bounded 60 "$PIDTRACE" -Z -q -x follow -n "$D" -c "$sh -c '$S'" \
	    >"$T/out" 2>"$T/err" || fail "$sh: pidtrace: $(cat "$T/err")"
	cat "$T/out" "$T/err"
	# an image with one program's functions and not the other's is
	# said (bash execs the last command itself)
	grep -v "exec'd prog: probe description .* matches no probes" \
	    "$T/err" >"$T/said"
	[ -s "$T/said" ] && fail "$sh: pidtrace said: $(cat "$T/said")"
	[ "$(stat -c %i "$P")" = "$ino" ] ||
		skip "$sh: the file was not rewritten in place"
	# the programs' own counts: loopfunc 3 + 4, follow-fe's lines
	{ echo "loopfunc 7"
	  awk 'NF == 4 && $3 ~ /^fe_/ { print $3, $4 }' "$T/out"
	} | sort >"$T/want"
	[ "$(wc -l <"$T/want")" = 4 ] || fail "$sh: the programs said: " \
	    "$(cat "$T/out")"
	awk 'NF == 2 && ($1 == "loopfunc" || $1 ~ /^fe_/)' "$T/out" |
	    sort >"$T/got"
	same_output "$T/want" "$T/got"
done
say pass
