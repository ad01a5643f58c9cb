#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A blocking read interrupted by a signal, as dtrace's syscall provider
# shows it (illumos systrace): the return fires with -1 and errno EINTR
# whatever the kernel's restart code (ERESTARTSYS at the exit stop,
# before the signal decides); a restarted call (SA_RESTART) is a new
# entry and return.  Without SA_RESTART the program sees EINTR once: one
# entry, one EINTR return.  With it, the program sees one read returning
# 1 byte; the trace shows 1 + R entries, R EINTR returns (one per alarm
# that found it blocked, at most the alarms the target counted) and one
# return of 1.  nanosleep cut short by a handled alarm: -1, EINTR.  The
# target's output is the untraced run's.
. "$top_srcdir/t/syscall/sclib.sh"

echo "hello world" >"$T/file"
bounded 60 "$SC_CALLS" -n 1 -s "$T/file" >"$T/own" || fail "untraced run"
cat >"$T/sig.d" <<'D'
#pragma D option quiet
syscall::read:entry /arg2 == 1/ { self->p = 1; printf("read entry\n"); }
syscall::read:return /self->p/ { printf("read return %d %d %d\n", arg0, arg1, errno); self->p = 0; }
syscall::nanosleep:entry /arg0 != 0 && tid == pid/ { self->ns = 1; }
syscall::nanosleep:return /self->ns/ { printf("nanosleep return %d %d\n", arg0, errno); self->ns = 0; }
D
# The stop path (-x fastpath=off) and the default (patched sites where
# the kernel has syscall user dispatch).
for opt in -xfastpath=off ""; do
	min=2; [ -z "$opt" ] && min=1
	bounded 60 "$PIDTRACE" -s "$T/sig.d" $opt -c "$SC_CALLS -n 1 -s $T/file" \
	    >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
	cat "$T/out"
	grep -v -e '^read entry$' -e '^read return ' -e '^nanosleep return' "$T/out" | grep -v '^$' >"$T/got"
	sed 's/alarms [0-9]*$/alarms/' "$T/own" >"$T/want"
	sed -i 's/alarms [0-9]*$/alarms/' "$T/got"
	same_output "$T/want" "$T/got"

	alarms=$(sed -n 's/^restart read returned 1 alarms \([0-9]*\)$/\1/p' "$T/out")
	[ -n "$alarms" ] || fail "no restart line"
	entries=$(grep -c '^read entry$' "$T/out")
	eintr=$(grep -c '^read return -1 -1 4$' "$T/out")
	ok=$(grep -c '^read return 1 1 0$' "$T/out")
	others=$(grep '^read return' "$T/out" | grep -vc -e ' -1 -1 4$' -e ' 1 1 0$')
	say "read: entries $entries, EINTR returns $eintr, returns of 1: $ok, alarms $alarms"
	[ "$others" = 0 ] || fail "read returns neither EINTR nor 1"
	[ "$ok" = 1 ] || fail "$ok returns of 1 byte, want 1"
	[ "$entries" = $((eintr + 1)) ] || fail "entries $entries != EINTR returns $eintr + 1"
	# One EINTR without SA_RESTART, at least one restart, at most one each
	# alarm; through a trampoline the kernel restarts the read inside it,
	# unseen: the program's one read is one entry and one return.
	[ "$eintr" -ge "$min" ] && [ "$eintr" -le $((alarms + 1)) ] ||
		fail "EINTR returns $eintr, alarms $alarms"
	# The main thread's: -n 1 of 100 us, then the one cut short.
	printf 'nanosleep return 0 0\nnanosleep return -1 4\n' >"$T/nwant"
	grep '^nanosleep return' "$T/out" >"$T/ngot"
	same_output "$T/nwant" "$T/ngot"
done
say pass
