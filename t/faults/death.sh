#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals that kill: the target writes through NULL
# (SIGSEGV), or SIGKILL/SIGTERM come from outside, while ft_work is
# probed.  Asserts: under pidtrace -c, pidtrace prints its aggregation
# (the exact count for the SIGSEGV run), says the pid was killed by that
# signal, under -q too ("pid N was killed by signal 11 (SIGSEGV)", the
# signal's number and name), and exits 0 (as dtrace); under
# pidtrace -p, the target's parent
# (a shell) sees the same exit status as for an untraced run (128 + the
# signal), and pidtrace exits 0 with its aggregation.  Killed mid-burst
# (spin 3 N: N calls in all, the kill after the 1000th firing), the
# records run (n, the printf clause's, from records) plus the drops
# reported are at most the N the target made: a drop is a record made
# and lost, never more; the count (run in the process, no record) is at
# most N too.
. "$top_srcdir/t/faults/ftlib.sh"

D='BEGIN { printf("armed\n"); }
	pid$target::ft_work:entry { @w = count(); }
	pid$target::ft_work:entry /++n == 1000/ { printf("fired\n"); }
	END { printa("w %@d\n", @w); printf("n %d\n", n); }'
# The burst's calls: well past the kill, which comes after 1000 firings.
N=$((20000000 * FT_SCALE))

# made_at_most NAME OUT ERR: the records run plus the drops are N at
# most, and so is the count.
made_at_most()
{
	_w=$(agg "$2" w) _n=$(agg "$2" n)
	_d=$(sed -n 's/^pidtrace: \([0-9]*\) drops in pid [0-9]*$/\1/p' "$3")
	say "$1: $_w counted, $_n records run, ${_d:-0} dropped, of $N calls at most"
	[ "$_w" -le $N ] || fail "$1: $_w counted, past the $N calls made"
	[ $((_n + ${_d:-0})) -le $N ] ||
		fail "$1: $_n records run and ${_d:-0} drops, past the $N calls made"
}

# -c: the SIGSEGV of the program itself.
bounded 60 "$PIDTRACE" ${FT_X:-} -n "$D" -c "$STRESS segv 5000" </dev/null \
	>"$T/c.out" 2>"$T/c.err"
rc=$?
cat "$T/c.out" "$T/c.err"
expect "pidtrace -c status (SIGSEGV)" $rc 0
expect "count (SIGSEGV)" "$(agg "$T/c.out" w)" 5000
grep -q '^work=5000 ' "$T/c.out" || fail "target output"
grep -q "^pidtrace: pid [0-9]* was killed by signal 11 " "$T/c.err" ||
	fail "SIGSEGV not reported"

# -q: the death is said all the same, once, and nothing else is; no
# fault of ours is named (the program's own NULL write, not a site).
bounded 60 "$PIDTRACE" ${FT_X:-} -q -n "$D" -c "$STRESS segv 5000" </dev/null \
	>"$T/q.out" 2>"$T/q.err"
rc=$?
cat "$T/q.out" "$T/q.err"
expect "pidtrace -q -c status (SIGSEGV)" $rc 0
expect "count under -q (SIGSEGV)" "$(agg "$T/q.out" w)" 5000
grep -v '^pidtrace: pid [0-9]*: [0-9]* of [0-9]* probe sites stops\{0,1\} the thread\|^pidtrace:   [0-9]*: ' \
	"$T/q.err" >"$T/q.said"
printf 'pidtrace: pid %s was killed by signal 11 (SIGSEGV)\n' \
	"$(sed -n 's/^ready pid=//p' "$T/q.out")" >"$T/q.want"
same_output "$T/q.want" "$T/q.said"

# -c: SIGKILL and SIGTERM from outside.
for sig in KILL TERM; do
	spawn _cp 60 "$PIDTRACE" ${FT_X:-} -n "$D" -c "$STRESS spin 3 $N" \
		</dev/null >"$T/c$sig.out" 2>"$T/c$sig.err"
	# Both lines share the file: the target's "ready" may come after
	# pidtrace's first "fired".
	wait_for "$T/c$sig.out" 'fired$'
	# spin's threads run (and fire) before its main thread says ready
	wait_for "$T/c$sig.out" '^ready pid='
	kill -$sig "$(sed -n 's/^ready pid=//p' "$T/c$sig.out")"
	wait "$_cp"
	rc=$?
	cat "$T/c$sig.out" "$T/c$sig.err"
	expect "pidtrace -c status (SIG$sig)" $rc 0
	[ "$(agg "$T/c$sig.out" w)" -ge 1000 ] || fail "no aggregation (SIG$sig)"
	made_at_most "-c SIG$sig" "$T/c$sig.out" "$T/c$sig.err"
	grep -q "^pidtrace: pid [0-9]* was killed by signal $(kill -l $sig) " \
		"$T/c$sig.err" || fail "SIG$sig not reported"
done

# prun NAME ARGS SIG TRACED: the target under a shell that prints its
# status; SIG is sent from outside after 1000 firings (or, untraced,
# after "ready"); prints the shell's "status N" line.
prun()
{
	rm -f "$T/in"
	mkfifo "$T/in"
	spawn _sp 60 sh -c '"$0" $1 <"$2"; echo "status $?"' \
		"$STRESS" "$2" "$T/in" >"$T/$1" 2>&1
	exec 3>"$T/in"
	wait_for "$T/$1" '^ready'
	_t=$(sed -n 's/^ready pid=//p' "$T/$1")
	if [ "$4" = yes ]; then
		spawn _pp 60 "$PIDTRACE" ${FT_X:-} -n "$D" -p "$_t" >"$T/$1.p" 2>"$T/$1.perr"
		wait_for "$T/$1.p" 'armed$'
	fi
	echo go >&3
	exec 3>&-
	if [ "$3" != - ]; then
		[ "$4" = yes ] && wait_for "$T/$1.p" 'fired$'
		kill -"$3" "$_t"
	fi
	wait "$_sp"
	if [ "$4" = yes ]; then
		wait "$_pp" || fail "$1: pidtrace status $?: $(cat "$T/$1.perr")"
		[ "$(agg "$T/$1.p" w)" -ge 1000 ] || fail "$1: no aggregation"
		case $2 in
		spin*)	made_at_most "$1" "$T/$1.p" "$T/$1.perr" >&2 ;;
		esac
	fi
	grep '^status' "$T/$1"
}

for c in "segv - 139" "spin KILL 137" "spin TERM 143"; do
	set -- $c
	args="segv 5000"
	[ $1 = spin ] && args="spin 3 $N"	# three threads firing
	want=$(prun u-$1-$2 "$args" $2 no)
	expect "untraced parent sees ($1 $2)" "$want" "status $3"
	got=$(prun t-$1-$2 "$args" $2 yes)
	cat "$T/t-$1-$2.p" "$T/t-$1-$2.perr"
	expect "traced parent sees ($1 $2)" "$got" "$want"
done
