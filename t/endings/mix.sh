#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every mix of providers ends: pid, usdt, syscall, profile and tick
# probes, any subset, on 1, 4 or 16 threads that sit in the kernel (futex,
# read, poll, nanosleep), run flat out, or wait in vfork for a child
# (fe-mix), ended by SIGINT, SIGTERM, the script's exit() or the target's
# own end.  For each run: pidtrace ends (bounded: a hang is a failure;
# the time from the ending to pidtrace's exit is logged), with status 0
# and its END clause run.  But for the target's end: every task of the
# target is untraced and not stopped, /proc/PID/maps and the program's
# text are as before the attach, then the target runs ROUNDS more rounds
# in every thread.  Every round is checked by the target itself, which
# prints what the untraced run prints.  syscall + profile-97 on 4
# threads in futex is the run that used to spin for ever; exit() with 16
# busy threads waited 30 to 90 s for the main thread's turn.
#
# make check runs one run per mix, the thread counts, modes, endings
# and the fast path (on: clauses in the process; record: from the
# trampolines' records; off: int3) taken in turn, and a few vfork runs;
# FT_SCALE=10 runs every combination (31 mixes x 3 x 3 x 4 x 3: 3348
# runs, about an hour and a half).
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

MIX=$TARGETS/fe-mix
[ -x "$MIX" ] || skip "fe-mix not built"
FT_SCALE=${FT_SCALE:-1}
ROUNDS=500
BOUND=${MIX_BOUND:-10}	# seconds: far above the real figure, see the log

# script LETTERS ENDING: the D script of a mix (p pid, u usdt, s syscall,
# r profile, t tick).
script()
{
	printf 'BEGIN { printf("armed\\n"); }\n'
	case $1 in *p*) printf 'pid$target::mix_work:entry, pid$target::mix_work:return { @p = count(); }\n' ;; esac
	case $1 in *u*) printf 'fe$target:::round { @u = count(); }\n' ;; esac
	case $1 in *s*) printf 'syscall::read:entry, syscall::write:entry, syscall::futex:entry { @s = count(); }\n' ;; esac
	case $1 in *r*) printf 'profile-97 { @r = count(); }\n' ;; esac
	case $1 in *t*) printf 'tick-100hz { @t = count(); }\n' ;; esac
	[ "$2" = exit ] && printf 'pid$target::mix_quit:entry { exit(0); }\n'
	printf 'END { printf("end\\n"); }\n'
}

# now_ms: CLOCK_REALTIME in milliseconds (date +%N is GNU's, as is the
# coreutils timeout the suite needs anyway).
now_ms()
{
	echo $(( $(date +%s%N) / 1000000 ))
}

worst=0
runs=0
# one LETTERS THREADS MODE ENDING FASTPATH
one()
{
	m_mix=$1 m_n=$2 m_mode=$3 m_end=$4 m_fp=$5
	m_tag="$m_mix threads=$m_n $m_mode $m_end fastpath=$m_fp"
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	mkfifo "$T/in"
	spawn m_tp 120 sh -c 'exec "$0" "$1" "$2" "$3" <"$4" >"$5"' "$MIX" \
	    "$m_mode" "$m_n" $ROUNDS "$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	m_pid=$(child_of "$m_tp") || fail "$m_tag: no target pid"
	cat "/proc/$m_pid/maps" >"$T/maps.before"
	script "$m_mix" "$m_end" >"$T/d"
	spawn m_pp 120 "$PIDTRACE" -q -x fastpath=$m_fp -s "$T/d" -p "$m_pid" \
	    >"$T/p.out" 2>"$T/p.err"
	m_pt=$(child_of "$m_pp") || fail "$m_tag: no pidtrace pid"
	wait_for "$T/p.out" '^armed' 60
	# The moment of the ending, not a readiness wait: anywhere in the
	# first 0.3 s, when ticks and samples have begun.
	sleep "0.$((RANDOM % 3))$((RANDOM % 10))"
	m_t0=$(now_ms)
	case $m_end in
	INT|TERM) kill -s "$m_end" "$m_pt" ;;
	exit) echo quit >&3 ;;
	gone) echo go >&3 ;;
	esac
	wait "$m_pp"
	m_rc=$?
	m_ms=$(( $(now_ms) - m_t0 ))
	runs=$((runs + 1))
	[ $m_ms -gt $worst ] && worst=$m_ms
	say "$m_tag: ended in $m_ms ms"
	[ $m_rc = 0 ] || fail "$m_tag: pidtrace exited $m_rc: $(cat "$T/p.err")"
	# The target's own end includes its traced rounds: no bound there.
	[ "$m_end" = gone ] || [ $m_ms -le $((BOUND * 1000)) ] ||
		fail "$m_tag: pidtrace took $m_ms ms to end"
	grep -q '^end$' "$T/p.out" ||
		fail "$m_tag: END did not run: $(tail -n 3 "$T/p.out")"
	# From records, a thread outruns a pidtrace starved of CPU (a loaded
	# machine, a sanitizer build): its ring fills and pidtrace reports
	# the drops, as it must.  This test is about endings: a drop report
	# is accepted there, and nothing else.
	m_drop='^$'
	[ "$m_fp" = record ] && m_drop='^pidtrace: [0-9]+ drops in pid [0-9]+$'
	not_fast_report "$T/p.err" | grep -Ev "$m_drop" | grep -q . &&
		fail "$m_tag: pidtrace said: $(cat "$T/p.err")"
	if [ "$m_end" = gone ]; then
		exec 3>&-
		wait "$m_tp" ||
			fail "$m_tag: the target failed: $(cat "$T/out")"
		printf 'ready\nthreads %d rounds %d ok\n' "$m_n" $ROUNDS \
		    >"$T/want"
		same_output "$T/want" "$T/out"
		return 0
	fi
	for m_st in /proc/"$m_pid"/task/*/status; do
		m_tr=$(awk '/^TracerPid:/ { print $2 }' "$m_st")
		m_s=$(awk '/^State:/ { print $2 }' "$m_st")
		[ "${m_tr:-0}" = 0 ] || fail "$m_tag: $m_st still traced by $m_tr"
		case $m_s in
		t|T) fail "$m_tag: $m_st left stopped" ;;
		esac
	done
	cat "/proc/$m_pid/maps" >"$T/maps.after"
	diff -u "$T/maps.before" "$T/maps.after" ||
		fail "$m_tag: the target's mappings changed"
	text_intact "$m_pid" "$MIX" || fail "$m_tag: text not restored"
	echo go >&3
	exec 3>&-
	wait "$m_tp" || fail "$m_tag: the target failed: $(cat "$T/out")"
	printf 'ready\nthreads %d rounds %d ok\n' "$m_n" $ROUNDS >"$T/want"
	same_output "$T/want" "$T/out"
}

# The run that spun for ever, first; then threads held in vfork.
one sr 4 idle INT on
one sr 16 busy TERM off
one p 1 vfork INT on
one psr 4 vfork TERM off
one pusrt 16 vfork exit on
one pu 4 vfork INT record
THREADS="1 4 16"
MODES="idle busy vfork"
ENDS="INT TERM exit gone"
k=0
for m in $(seq 1 31); do
	mix=
	i=0
	for l in p u s r t; do
		[ $(( (m >> i) & 1 )) = 1 ] && mix=$mix$l
		i=$((i + 1))
	done
	if [ "$FT_SCALE" -ge 10 ]; then
		for n in $THREADS; do
			for mode in $MODES; do
				for e in $ENDS; do
					for fp in on record off; do
						one "$mix" "$n" "$mode" "$e" "$fp"
					done
				done
			done
		done
		continue
	fi
	set -- $THREADS; shift $((k % 3)); n=$1
	set -- idle busy; shift $((k / 3 % 2)); mode=$1
	set -- $ENDS; shift $(( (k + k / 9) % 4 )); e=$1
	set -- on record off; shift $((k / 2 % 3)); fp=$1
	one "$mix" "$n" "$mode" "$e" "$fp"
	k=$((k + 1))
done
say "$runs runs, the longest ending took $worst ms"
exit 0
