#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace with a process, beyond counting: user errors (no such pid, no
# such command: one line, non-zero, nothing left behind); arguments and
# return values (arg0 of entry, arg1 of return, self-> per thread); exit()
# from a clause while four threads fire; tick probes while tracing.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"

pid=999999
while kill -0 $pid 2>/dev/null; do pid=$((pid - 1)); done
bounded 10 "$PIDTRACE" -n 'pid$target::work:entry {}' -p $pid >"$T/o" 2>&1 &&
	fail "-p $pid succeeded"
cat "$T/o"
[ "$(cat "$T/o")" = "pidtrace: attach: ptrace(PTRACE_SEIZE, $pid): No such process" ] ||
	fail "message: $(cat "$T/o")"
bounded 10 "$PIDTRACE" -n 'pid$target::work:entry {}' -c "$T/nope" >"$T/o" 2>&1 &&
	fail "-c succeeded"
[ "$(cat "$T/o")" = "pidtrace: launch: cannot execute '$T/nope': No such file or directory" ] ||
	fail "message: $(cat "$T/o")"

# Arguments: leaf(x) returns x * 2654435761 (mod 2^64); mix's self-> flag.
printf 'go 200 2\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -n '
	pid$target::leaf:entry { self->x = arg0; }
	pid$target::leaf:return /self->x * 2654435761 == arg1/ { @ok = count(); }
	pid$target::leaf:return /self->x * 2654435761 != arg1/ { @bad = count(); }
	pid$target::leaf:return { self->x = 0; }
	END { printa("ok %@d\n", @ok); printa("bad %@d\n", @bad); }' \
	-c "$COUNTER" <"$T/cmds" >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
grep -q "^ok $(field "$T/out" done leaf)\$" "$T/out" || fail "args/return values"
grep -q '^bad' "$T/out" && fail "wrong return values"

# exit() after 5000 firings while four threads fire; the -c child dies.
printf 'go 100000 4\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -n 'pid$target::mix:entry { @ = count(); }
	pid$target::mix:entry /++n[tid] == 1000/ { exit(3); }
	END { printa("mix %@d\n", @); }' \
	-c "$COUNTER" <"$T/cmds" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc = 3 ] || fail "exit status $rc"
grep -q '^mix [0-9]' "$T/out" || fail "no aggregation after exit()"

# tick-10ms fires while the loop waits for the target.
start_counter
spawn _pp 60 "$PIDTRACE" -q -n 'pid$target::work:entry { @ = count(); }
	tick-10ms /++t == 30/ { printf("ticked %d\n", t); exit(0); }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "tick: no pidtrace pid"
(wait_for "$T/p.out" '^ticked 30$') || {
	# what pidtrace was doing, for a failure seen once in a while
	say "pidtrace said: $(cat "$T/p.err")"
	for _t in /proc/$PT/task/*; do
		say "pidtrace task ${_t##*/}: $(cut -d' ' -f3 "$_t/stat") $(cat "$_t/wchan") syscall $(cut -d' ' -f1 "$_t/syscall")"
	done
	say "target: $(grep -E '^(State|TracerPid)' "/proc/$TPID/status" | tr '\n' ' ')"
	fail "tick-10ms did not fire 30 times"
}
echo "go 10 1" >&3
wait_for "$T/out" '^done work=10 '

# -l lists the pid probes a description matches; the launched process dies.
# An empty name is entry, return and every instruction's offset, as in
# dtrace (its test pid/tst.offsets.sh): work's offsets from objdump.
bounded 20 "$PIDTRACE" -l -n 'pid$target::work:,pid$target::mix:return' \
	-c "$COUNTER" </dev/null >"$T/l.out" 2>&1 || fail "-l: $(cat "$T/l.out")"
cat "$T/l.out"
sed 's/pid[0-9]*/pidN/' "$T/l.out" | awk '{ print $2, $3, $4, $5 }' >"$T/got"
{
	printf '%s\n' 'PROVIDER MODULE FUNCTION NAME' \
	    'pidN tr-counter work entry' 'pidN tr-counter work return'
	_w=
	for _s in $(insn_sites "$COUNTER" work); do
		case $_s in
		-s) ;;
		*) _a=${_s#*=}; [ -z "$_w" ] && _w=$_a
		   printf 'pidN tr-counter work %x\n' $((16#$_a - 16#$_w)) ;;
		esac
	done
	echo 'pidN tr-counter mix return'
} >"$T/want"
same_output "$T/want" "$T/got"

# %A names an address: pthread_create's start routine is tr-counter's
# worker (a static function: .symtab).
printf 'go 1 1\nquit\n' >"$T/cmds"
bounded 20 "$PIDTRACE" -q -n 'pid$target::pthread_create:entry {
	printf("%A %A\n", arg2, arg2 + 1); }' -c "$COUNTER" <"$T/cmds" \
	>"$T/a.out" 2>&1 || fail "%A: $(cat "$T/a.out")"
grep -qx 'tr-counter`worker tr-counter`worker+0x1' "$T/a.out" ||
	fail "%A: $(cat "$T/a.out")"
