#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x fastpath=require: pidtrace refuses to trace when an enabled probe
# would stop the thread.  fp-into's fi_b must stay int3 (t/fastpath/
# into.sh); fi_a and fi_d run fast; a probe on exit_group always stops
# (t/syscall/require.sh has the rest of syscall probes under it).
# Asserts: with fi_b under -c, pidtrace exits 1, says the report with
# "-x fastpath=require:" and nothing else, fires neither BEGIN nor END,
# and the program it started never ran (no output); under -p, the same,
# and the process, detached untouched (text and mappings as before), then
# runs correctly; with fi_a and fi_d, the run is as without the option,
# exact counts; a syscall probe on a call that always stops is refused
# with its own line.  An
# unknown value (-x fastpath=bogus, a pragma's fastpath=of) is refused
# in one line that lists the values, status 1 as for any bad -x value
# (dtrace's "failed to set -x"), before the program runs.
. "$top_srcdir/t/fastpath/fplib.sh"

FP_INTO=$TARGETS/fp-into
[ -x "$FP_INTO" ] || skip "fp-into not built"
n=$((200 * FT_SCALE))
RQ=("$PIDTRACE" -x fastpath=require -q)
D_END='BEGIN { trace("armed"); } END { trace("end"); }'

# -c, a probe that stays int3: refused, the program never runs.
bounded 60 "${RQ[@]}" -n "$D_END pid\$target::fi_b:entry { @ = count(); }" \
	-c "$FP_INTO $n" </dev/null >"$T/c.out" 2>"$T/c.err"
rc=$?
cat "$T/c.out" "$T/c.err"
expect "-c refused: status" $rc 1
[ -s "$T/c.out" ] && fail "-c refused: something ran: $(cat "$T/c.out")"
sed 's/pid [0-9]*/pid/; s/pid[0-9]*/pid/g' "$T/c.err" >"$T/c.said"
cat >"$T/c.want" <<'WANT'
pidtrace: pid: -x fastpath=require: 1 of 1 probe sites stops the thread at each firing instead of running fast:
pidtrace:   1: code may jump into the bytes a jump would replace: pid:fp-into:fi_b:entry
WANT
same_output "$T/c.want" "$T/c.said"

# An unknown value: one line, nothing run.
for how in "-x fastpath=bogus" "#pragma D option fastpath=of"; do
	case $how in
	-x*)	set -- -x fastpath=bogus; v=bogus; prag= ;;
	*)	set --; v=of; prag="$how" ;;
	esac
	bounded 60 "$PIDTRACE" "$@" -q -n "$prag
	    $D_END pid\$target::fi_a:entry { @ = count(); }" \
	    -c "$FP_INTO $n" </dev/null >"$T/u.out" 2>"$T/u.err"
	rc=$?
	cat "$T/u.out" "$T/u.err"
	expect "$how: status" $rc 1
	[ -s "$T/u.out" ] && fail "$how: something ran: $(cat "$T/u.out")"
	printf "pidtrace: failed to set -x fastpath to '%s': Invalid value (on, record, off or require)\n" \
	    "$v" >"$T/u.want"
	same_output "$T/u.want" "$T/u.err"
done

# -c, probes that run fast: as without the option, their count() in
# the process.
DF='pid$target::fi_a:entry, pid$target::fi_d:entry
	{ @[probefunc] = count(); } END { printa("e %s %@d\n", @); }'
list_paths rq "$DF" -x fastpath=require -c "$FP_INTO 1"
paths_is rq "END, line 2: in pidtrace
fi_a entry, line 1: in the process
fi_d entry, line 1: in the process"
bounded 60 "${RQ[@]}" -n "$DF" \
	-c "$FP_INTO $n" </dev/null >"$T/f.out" 2>"$T/f.err"
rc=$?
cat "$T/f.out" "$T/f.err"
expect "-c fast: status" $rc 0
[ -s "$T/f.err" ] && fail "-c fast: pidtrace said: $(cat "$T/f.err")"
grep -q '^wrong=0$' "$T/f.out" || fail "-c fast: the program failed"
expect "fi_a entries" "$(count "$T/f.out" "e fi_a")" $n
expect "fi_d entries" "$(count "$T/f.out" "e fi_d")" $n

# -c, exit_group always takes the stop path.
bounded 60 "${RQ[@]}" -n "$D_END syscall::exit_group:entry { @ = count(); }" \
	-c "$FP_INTO $n" </dev/null >"$T/s.out" 2>"$T/s.err"
rc=$?
cat "$T/s.out" "$T/s.err"
expect "syscall refused: status" $rc 1
[ -s "$T/s.out" ] && fail "syscall refused: something ran: $(cat "$T/s.out")"
grep -qx 'pidtrace: pid [0-9]*: -x fastpath=require: 1 syscall probe stops the thread at each call: the call always stops the thread (it makes a child, replaces or ends the image, returns from a signal, or may set up syscall user dispatch): syscall::exit_group:entry' \
	"$T/s.err" || fail "syscall refused: $(cat "$T/s.err")"

# -p: refused, detached, the process untouched and correct.
rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
spawn tp 60 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$FP_INTO" $n
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
maps_snap "$TPID" >"$T/p.maps0"
bounded 60 "${RQ[@]}" -n "$D_END pid\$target::fi_b:entry { @ = count(); }" \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
rc=$?
cat "$T/p.out" "$T/p.err"
expect "-p refused: status" $rc 1
[ -s "$T/p.out" ] && fail "-p refused: BEGIN or END ran: $(cat "$T/p.out")"
sed 's/pid [0-9]*/pid/; s/pid[0-9]*/pid/g' "$T/p.err" >"$T/p.said"
same_output "$T/c.want" "$T/p.said"
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
	fail "-p refused: the target is still traced"
text_clean "$TPID"
maps_clean "$TPID" "$T/p.maps0"
echo go >&3
exec 3>&-
wait "$tp" || fail "-p refused: the target exited $?: $(cat "$T/in.out")"
grep -q '^wrong=0$' "$T/in.out" || fail "-p refused: $(cat "$T/in.out")"
say "ok: refused under -c and -p, nothing ran, the target untouched"
