#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The release's last look (doc/TRACER.md, "Endings"): after its munmaps,
# every thread still stopped, pidtrace reads the process's maps once
# more and says, under -q too, any mapping of its memfd still there.
# Each path that leaves one says why on its own; this look is for a
# path nobody thought of.  PIDTRACE_TEST_KEEPMAPS plays that path: the
# teardown skips its munmaps and says nothing.
# Asserts, on -p after a burst of firings (each counted, against the
# target's own count) and a SIGINT:
#  - without the variable, no such line, and the target's maps hold no
#    /memfd:pidtrace after the detach;
#  - with it, one line "pidtrace: pid P: N of pidtrace's mappings are
#    still in the process after its release: LINE", N the count of the
#    target's /memfd:pidtrace lines after the detach and LINE the first
#    of them, exit 0 (the run itself went well), the target's text
#    restored and the target running on to its own output.
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

D='BEGIN { printf("armed\n"); } pid$target::work:entry { @ = count(); }
   END { printa("work %@d\n", @); }'

# attached NAME [ENV]: -p on the counter, a burst, SIGINT, then the maps.
attached()
{
	start_counter
	spawn _pp 60 env ${2:-} "$PIDTRACE" -q -n "$D" -p "$TPID" \
	    >"$T/$1.out" 2>"$T/$1.err"
	PT=$(child_of "$_pp") || fail "$1: no pidtrace pid"
	wait_for "$T/$1.out" '^armed'
	echo "go 200 2" >&3
	wait_for "$T/out" '^done'
	kill -INT "$PT"
	wait "$_pp" || fail "$1: pidtrace exited $?: $(cat "$T/$1.err")"
	# the burst was traced: every call counted
	grep -qx "work $(field "$T/out" done work)" "$T/$1.out" ||
		fail "$1: not every call counted: $(cat "$T/$1.out") against $(grep '^done' "$T/out")"
	grep '/memfd:pidtrace' "/proc/$TPID/maps" >"$T/$1.maps"
	[ "$(tracer_of "$TPID")" = 0 ] || fail "$1: target still traced"
	text_intact "$TPID" "$COUNTER" || fail "$1: target's text changed"
	echo "go 300 2" >&3
	wait_count "$T/out" '^done' 2
	echo quit >&3
	exec 3>&-
	wait_for "$T/out" '^exit'
	rm -f "$T/in"
}

# said NAME PID: the .err's line names every mapping in the .maps file.
said()
{
	n=$(wc -l <"$T/$1.maps")
	[ "$n" -ge 2 ] || fail "$1: $n mappings left, want the ring and a chunk: $(cat "$T/$1.maps")"
	printf 'pidtrace: pid %s: %s of pidtrace'"'"'s mappings are still in the process after its release: %s\n' \
	    "$2" "$n" "$(head -n 1 "$T/$1.maps")" >"$T/$1.want"
	grep "still in the process after its release" "$T/$1.err" >"$T/$1.got"
	same_output "$T/$1.want" "$T/$1.got"
}

attached p-quiet
grep -q 'after its release' "$T/p-quiet.err" &&
	fail "p-quiet: a mapping said left: $(cat "$T/p-quiet.err")"
[ -s "$T/p-quiet.maps" ] && fail "p-quiet: left: $(cat "$T/p-quiet.maps")"

attached p-kept PIDTRACE_TEST_KEEPMAPS=1
said p-kept "$TPID"

say "the release's look: silent when nothing is left, every mapping left said"
