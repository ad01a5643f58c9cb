#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input, each: one error line, exit 1, the target untouched (not
# traced, its text equal to the file's, its output exact at the end).
# Malformed D in every position, -p/-c arguments, probe descriptions
# with a bad provider or a function of five fields, offsets past the end
# or inside an instruction;
# -p of a kernel thread, of pidtrace itself, of a zombie; -c of a file
# that is not executable or not a program; a target whose ELF is
# corrupt; and one deleted from disk while running, which is traced.
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

start_counter
echo "go 10 1" >&3
wait_for "$T/out" '^done work=10 '

# bad PROGRAM MESSAGE: pidtrace -n PROGRAM -p $TPID says exactly
# "pidtrace: MESSAGE" ($TPID in MESSAGE as @P) and exits 1; the target
# is as before.
bad()
{
	_want="pidtrace: $(printf '%s' "$2" | sed "s/@P/$TPID/g")"
	bounded 20 "$PIDTRACE" -q -n "$1" -p "$TPID" >"$T/o" 2>&1
	_rc=$?
	say "$(cat "$T/o")"
	[ $_rc = 1 ] || fail "exit $_rc for: $1"
	[ "$(cat "$T/o")" = "$_want" ] || fail "for: $1
want: $_want
got:  $(cat "$T/o")"
	[ "$(tracer_of "$TPID")" = 0 ] || fail "target still traced after: $1"
	text_intact "$TPID" "$COUNTER" || fail "target's text changed by: $1"
}

E='pid$target::work:entry'
# Malformed D: in the description, the predicate, the body, after the
# last clause.
bad 'pid$target::wo rk:entry { @ = count(); }' \
	"invalid probe specifier pid\$target::wo rk:entry { @ = count(); }:1:16: syntax error near \"rk\""
bad "$E /arg0 ==/ { @ = count(); }" \
	"invalid probe specifier $E /arg0 ==/ { @ = count(); }:1:32: syntax error near \"/\""
bad "$E { @ = count(); " \
	"invalid probe specifier $E { @ = count(); :1:39: syntax error: unexpected end of input, expected \"}\""
bad "$E { @ = count(); } }" \
	"invalid probe specifier $E { @ = count(); } }:1:41: syntax error near \"}\""
bad "$E { @ = count(); } pid\$target" \
	"invalid probe specifier $E { @ = count(); } pid\$target:1:41: probe description :::pid@P does not match any probes"
# Descriptions: five fields (the middle ones are the function), no
# pid, pid0.
bad 'pid$target:a.out:b:work:entry {}' \
	"invalid probe specifier pid\$target:a.out:b:work:entry {}: no function matches 'b:work' in a.out; did you mean 'work'?"
bad 'pid::work:entry {}' \
	'invalid probe specifier pid::work:entry {}:1:1: probe description pid::work:entry does not match any probes'
# pid0 names no process: refused by name, as dtrace does (D_PROC_BADPID)
bad 'pid0::work:entry {}' \
	'invalid probe specifier pid0::work:entry {}: provider pid0 names no process: give pid$target or pid<PID> of a -p or -c'
# Offsets: far past the end, too big for 64 bits, inside an instruction.
# (in the shell: gawk reads "0x1d" as 0 where mawk reads 29)
size=$(nm -S "$COUNTER" | while read -r _a _s _t _n; do
	[ "$_n" = work ] && printf '%#x' "0x$_s"; done)
bad 'pid$target::work:7fffffffffff {}' \
	"invalid probe specifier pid\$target::work:7fffffffffff {}: offset 0x7fffffffffff is beyond the end of work (size $size)"
bad 'pid$target::work:99999999999999999999999 {}' \
	"invalid probe specifier pid\$target::work:99999999999999999999999 {}: invalid probe name '99999999999999999999999': expected entry, return or a hexadecimal offset"
# work's instruction offsets (padding past its size left out).
insns=$(objdump -d --no-show-raw-insn "$COUNTER" | awk '
	/^[0-9a-f]+ <work>:$/ { on = 1; next }
	on && /^$/ { exit }
	on && $1 ~ /:$/ { print substr($1, 1, length($1) - 1) }' |
	{ read -r b; printf '0x0'; while read -r a; do
		[ $((16#$a - 16#$b)) -lt $((size)) ] &&
			printf ', 0x%x' $((16#$a - 16#$b)); done; })
bad 'pid$target::work:1 {}' \
	"invalid probe specifier pid\$target::work:1 {}: offset 0x1 is not on an instruction boundary of work (instructions at $insns)"

# -p/-c arguments: a pid past int (was truncated to another pid).
# Several -p and -c are allowed (t/multi/ tests them).
cli()
{
	_want=$1; shift
	bounded 10 "$PIDTRACE" -n "$E {}" "$@" >"$T/o" 2>&1 && fail "$* succeeded"
	[ "$(cat "$T/o")" = "$_want" ] || fail "$*: $(cat "$T/o")"
	[ "$(tracer_of "$TPID")" = 0 ] || fail "target traced after: $*"
}
cli "pidtrace: invalid process id: $((TPID + 4294967296))" -p $((TPID + 4294967296))

# -p of what cannot be traced.
bounded 10 "$PIDTRACE" -n "$E {}" -p 2 >"$T/o" 2>&1 && fail "-p 2 succeeded"
[ "$(cat "$T/o")" = "pidtrace: attach: process 2 ($(cat /proc/2/comm)) is a kernel thread: it has no user code to trace" ] ||
	fail "-p 2: $(cat "$T/o")"
bounded 10 sh -c 'exec "$0" -n "$1" -p $$' "$PIDTRACE" "$E {}" >"$T/o" 2>&1 &&
	fail "-p self succeeded"
grep -qx 'pidtrace: attach: [0-9]* is pidtrace itself' "$T/o" || fail "-p self: $(cat "$T/o")"
spawn _z 20 "$TARGETS/fe-spawn" --zombie >"$T/z"
wait_for "$T/z" '^zombie'
zp=$(sed -n 's/^zombie //p' "$T/z")
n=0
until grep -q '^State:.*Z' "/proc/$zp/status"; do
	n=$((n + 1)); [ $n -lt 2000 ] || fail "no zombie"; sleep 0.01
done
bounded 10 "$PIDTRACE" -n "$E {}" -p "$zp" >"$T/o" 2>&1 && fail "-p zombie succeeded"
[ "$(cat "$T/o")" = "pidtrace: attach: process $zp is exiting (Z (zombie))" ] ||
	fail "-p zombie: $(cat "$T/o")"

# -c of what cannot run.
printf 'not a program\n' >"$T/data"
bounded 10 "$PIDTRACE" -n "$E {}" -c "$T/data" >"$T/o" 2>&1 && fail "-c data succeeded"
[ "$(cat "$T/o")" = "pidtrace: launch: cannot execute '$T/data': Permission denied" ] ||
	fail "-c data: $(cat "$T/o")"
chmod +x "$T/data"	# not run through sh, as posix_spawnp
bounded 10 "$PIDTRACE" -n "$E {}" -c "$T/data" >"$T/o" 2>&1 && fail "-c +x data succeeded"
[ "$(cat "$T/o")" = "pidtrace: launch: cannot execute '$T/data': Exec format error" ] ||
	fail "-c +x data: $(cat "$T/o")"

# A corrupt ELF: section headers past the end of the file (the kernel
# runs it: it reads only the program headers).
cp "$COUNTER" "$T/corrupt"
printf '\377\377\377\177' | dd of="$T/corrupt" bs=1 seek=40 conv=notrunc 2>/dev/null
printf 'go 10 1\nquit\n' | bounded 20 "$PIDTRACE" -q -n "$E {}" -c "$T/corrupt" \
	>"$T/o" 2>&1 && fail "-c corrupt succeeded"
[ "$(cat "$T/o")" = "pidtrace: invalid probe specifier $E {}: no function matches 'work' in any module (unreadable: $T/corrupt: file truncated)" ] ||
	fail "-c corrupt: $(cat "$T/o")"

# Deleted while running: traced through /proc/PID/map_files (root) or
# /proc/PID/exe (an ordinary user).
cp "$COUNTER" "$T/deleted"
exec 3>&-
wait_for "$T/out" '^exit'
rm -f "$T/in" "$T/out"
COUNTER=$T/deleted start_counter
rm "$T/deleted"
spawn _pp 60 "$PIDTRACE" -q -n "BEGIN { printf(\"armed\n\"); } $E { @ = count(); }
	END { printa(\"work %@d\n\", @); }" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp")
wait_for "$T/p.out" '^armed'
echo "go 300 2" >&3
wait_for "$T/out" '^done'
kill -INT "$PT"
wait "$_pp" || fail "pidtrace on a deleted binary: $(cat "$T/p.err")"
printf 'armed\n\nwork 600\n\n' >"$T/want"
same_output "$T/want" "$T/p.out"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 300 2\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
