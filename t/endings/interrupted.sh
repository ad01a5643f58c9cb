#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals to pidtrace while it injects a syscall into the target: after
# the target execs, pidtrace maps out-of-line pages in the new image (an
# mmap run by a target thread) while SIGALRMs (the tick timer's signal)
# arrive as fast as a shell can send them.  Asserts, R times: the count
# in the new image is exact, the target's output equals an untraced
# run's, the target is untraced after.  An interrupted wait for the
# injected syscall used to leave the thread with the injection's
# registers: the target crashed, or the sites were not armed.
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

R=${INTERRUPTED_R:-5}
{ echo 'ready '; reference 'go 300 2\nquit\n'; } >"$T/want"
i=0
while [ $i -lt "$R" ]; do
	i=$((i + 1))
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	start_counter
	spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
		pid$target::work:entry, pid$target::leaf:entry { @ = count(); }
		END { printa("work+leaf %@d\n", @); }' -p "$TPID" \
		>"$T/p.out" 2>"$T/p.err"
	PT=$(child_of "$_pp")
	wait_for "$T/p.out" '^armed'
	# pidtrace's handlers are in: flood it with SIGALRM.
	spawn _fl 60 bash -c 'while kill -ALRM "$0" 2>/dev/null; do :; done' "$PT"
	echo exec >&3
	n=0	# the new image's "ready"
	while [ "$(grep -c '^ready' "$T/out")" -lt 2 ]; do
		n=$((n + 1))
		[ $n -lt 2000 ] || fail "run $i: no ready after exec: $(cat "$T/out")"
		sleep 0.01
	done
	echo "go 300 2" >&3
	wait_for "$T/out" '^done'
	kill "$_fl"
	wait "$_fl"
	kill -INT "$PT"
	wait "$_pp" || fail "run $i: pidtrace: $(cat "$T/p.err")"
	cat "$T/p.out" "$T/p.err"
	printf 'armed\n\nwork+leaf 1200\n\n' >"$T/pwant"
	same_output "$T/pwant" "$T/p.out"
	[ "$(tracer_of "$TPID")" = 0 ] || fail "run $i: target still traced"
	echo quit >&3
	exec 3>&-
	wait_for "$T/out" '^exit'
	sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
	same_output "$T/want" "$T/got"
done
