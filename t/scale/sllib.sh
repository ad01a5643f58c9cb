# SPDX-License-Identifier: GPL-2.0-or-later
# t/scale/sllib.sh: the set-up and the ending many.sh and words.sh
# share.  Their target reads commands ("go N", "quit") on stdin, says
# "ready PID" first and "done ..." after each go; the test attaches
# while it waits, and at the end the process must run on as it does
# untraced.
. "$top_srcdir/t/lib.sh"

# sl_start NAME CMDS: run $TARGETS/NAME alone on CMDS (printf's format)
# into $T/plain, then again reading the fifo $T/in (held open on fd 3)
# into $T/out, waited for at its "ready": sets TGT, tp (its job), pid,
# and $T/maps.before.
sl_start()
{
	TGT=$TARGETS/$1
	[ -x "$PIDTRACE" ] && [ -x "$TGT" ] ||
		skip "pidtrace or $1 not built"
	# The sums the target prints, untraced: the traced run must print
	# them.
	printf "$2" | bounded 30 "$TGT" >"$T/plain" ||
		fail "$1 alone failed"
	mkfifo "$T/in"
	# read-write: neither open waits for the other end
	exec 3<>"$T/in"
	# the redirections inside: a command put in the background by a
	# function would read /dev/null
	spawn tp 120 sh -c 'exec "$0" <"$1" >"$2"' "$TGT" "$T/in" "$T/out"
	wait_for "$T/out" '^ready '
	pid=$(sed -n 's/^ready //p' "$T/out")
	cp /proc/$pid/maps "$T/maps.before"
}

# sl_finish NAME CMDS: after the session: the target runs CMDS (then
# quits, as the untraced run's CMDS did) and exits 0, its output the
# untraced run's.
sl_finish()
{
	printf "$2" >&3
	exec 3>&-
	wait $tp || fail "$1 exited $?"
	grep -v '^ready ' "$T/plain" >"$T/want"
	grep -v '^ready ' "$T/out" >"$T/got"
	same_output "$T/want" "$T/got"
}
