#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Threads asleep in system calls of every restart kind
# (t/targets/ij-sleep: read with a SA_RESTART handler and with a plain
# one, relative clock_nanosleep short and long, poll with a timeout,
# sigsuspend, pause, a condition variable, waitpid; the main thread in a
# read of stdin), traced 20 times with a syscall probe and a pid probe,
# each session ended by SIGINT at a random moment.  Every thread is
# inside a call when pidtrace stops it, at a syscall stop since syscall
# tracing is on: before, "no thread can run munmap" left the pages of
# 19 sessions in 20.  Then each kind alone, twice (its thread is the one
# pidtrace borrows at the end): whichever thread lends itself for a
# syscall of ours, the kernel must still restart its call as it would
# have (ERESTARTSYS, ERESTARTNOHAND, ERESTART_RESTARTBLOCK with the time
# left), and the mask of sigsuspend must come back.
# Asserts: each session ends with exit 0 and nothing said, the process
# untraced, no task stopped, its /proc/PID/maps line for line as before;
# the process answers between sessions; at the end every thread, woken
# in turn, reports what an untraced run reports (handlers run, EINTR
# only where a plain handler interrupted, the long sleep's length kept,
# the mask of sigsuspend back).  IJ_N changes the number of sessions of
# the first run; IJ_KINDS=no skips the runs of each kind.
. "$top_srcdir/t/inject/ijlib.sh"

D='syscall::write:entry { @w = count(); }
	pid$target::ij_work:entry { @c = count(); }'
ping() { echo ping >&3; }

# sleepers N [NAME]: ij-sleep [NAME] untraced with N pings, then traced by
# N sessions, one ping in each; the same output.
sleepers()
{
	_sn=$1; shift
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn _tp 120 sh -c 'exec "$0" "$@" <"$T/in" >"$T/in.out" 2>&1' \
		"$IJ_SLEEP" "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	_i=0
	while [ $_i -lt "$_sn" ]; do
		_i=$((_i + 1))
		ping
		wait_for "$T/in.out" "^pong $_i "
	done
	exec 3>&-
	wait "$_tp" || fail "untraced ij-sleep $*: exit $?: $(cat "$T/in.out")"
	sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/want"

	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn _tp 600 sh -c 'exec "$0" "$@" <"$T/in" >"$T/in.out" 2>&1' \
		"$IJ_SLEEP" "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_all "$TPID" >"$T/maps0"
	_i=0
	while [ $_i -lt "$_sn" ]; do
		_i=$((_i + 1))
		session "$TPID" "$D" "ij-sleep $*: session $_i" ping
		wait_for "$T/in.out" "^pong $_i "
		maps_same "$TPID" "$T/maps0" "ij-sleep $*: session $_i"
		tasks_ok "$TPID"
	done
	exec 3>&-
	wait "$_tp" || fail "ij-sleep $*: exit $?: $(cat "$T/in.out")"
	sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/got"
	cat "$T/got"
	same_output "$T/want" "$T/got"
	say "ij-sleep $*: $_sn sessions left the maps as found," \
		"the output is the untraced one"
}

export T
sleepers "${IJ_N:-20}"
grep -q '^waitpid: the child, exit 7$' "$T/want" ||
	fail "untraced: $(cat "$T/want")"
[ "${IJ_KINDS:-}" = no ] && exit 0
for k in restart eintr sleep long poll susp pause cond wait; do
	sleepers 2 "$k"
done
