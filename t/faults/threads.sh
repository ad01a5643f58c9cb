#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Threads created and exiting at a high rate (5,000
# short-lived threads, 8 at a time; 50,000 with FT_SCALE=10, which wraps
# this machine's tids) while pidtrace -p traces ft_work.  Asserts: every
# call made by those threads is counted; every thread is seen once by a
# self-> flag (a tid reused after a thread exited must find its self->
# storage freed, or the count falls short); trdrive sees every thread's
# exit reported (h_thread_exit, which frees self-> storage in the glue:
# dsl_var_thread_gone, checked in t/dsl/rt-test.c); after detach no task of
# the target is stopped or a zombie, and it exits normally.  FT_X: flags
# for pidtrace (int3.sh, record.sh: the other paths).
. "$top_srcdir/t/faults/ftlib.sh"

k=$((5000 * FT_SCALE))

# start: ft-stress churn reading the fifo $T/in (fd 3); sets TPID.
start()
{
	rm -f "$T/in"
	mkfifo "$T/in"
	spawn _tp 120 sh -c 'exec "$0" churn "$1" 8 <"$2" >"$3" 2>&1' \
		"$STRESS" $k "$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$_tp") || fail "no target pid"
}

start
# shellcheck disable=SC2086
spawn _pp 120 "$PIDTRACE" ${FT_X:-} -q -n 'BEGIN { printf("armed\n"); }
	pid$target::ft_work:entry { @w = count(); }
	pid$target::ft_work:entry /!self->seen/ { self->seen = 1; @t = count(); }
	END { printa("w %@d\n", @w); printa("t %@d\n", @t); }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
PPID_=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed'
echo go >&3
wait_for "$T/out" '^threads=' 60
kill -INT "$PPID_"
wait "$_pp" || fail "pidtrace: $(cat "$T/p.err")"
cat "$T/out" "$T/p.out"
expect "calls counted" "$(agg "$T/p.out" w)" $((10 * k))
expect "target's calls" "$(grep -o 'work=[0-9]*' "$T/out")" work=$((10 * k))
expect "threads seen" "$(agg "$T/p.out" t)" $k
tasks_ok "$TPID"
expect "tasks left" "$(ls /proc/"$TPID"/task | wc -l)" 1
echo bye >&3
exec 3>&-
wait "$_tp" || fail "target exit status $?"
grep -q '^bye' "$T/out" || fail "target did not finish"

# The tracer reports every thread's exit (trdrive counts the reports;
# its threads= counts the leader too).  Once: FT_X changes pidtrace's
# runs only (int3.sh, record.sh).
[ -n "${FT_X:-}" ] && exit 0
TRDRIVE=$top_builddir/t/tracer/trdrive
[ -x "$TRDRIVE" ] || skip "trdrive not built"
start
spawn _dp 120 "$TRDRIVE" $(nm "$STRESS" |
	awk '$3 == "ft_work" { print "-s ft_work=" $1 }') -p "$TPID" \
	>"$T/drv" 2>"$T/drv.err"
DPID=$(child_of "$_dp") || fail "no trdrive pid"
wait_for "$T/drv.err" '^armed'
echo go >&3
wait_for "$T/out" '^threads=' 60
kill -INT "$DPID"
wait "$_dp"
cat "$T/drv"
grep -q "^ft_work hits $((10 * k))\$" "$T/drv" || fail "trdrive hits"
grep -q " threads=$((k + 1)) exited=$k\$" "$T/drv" || fail "thread exits not all reported"
tasks_ok "$TPID"
echo bye >&3
wait "$_tp" || fail "target exit status $?"
