#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tools/pidtrace-dtruss on targets with known calls.  Asserts: -h exits
# 0, a bad option and no target exit 2; on t/targets/sc-calls (N
# reads of 1234 bytes from /dev/zero, N opens of a file and N of a
# missing one, N reads of 5 bytes, N nanosleeps) the exact lines dtruss
# prints for those calls (paths and buffers with %S, errors as
# "-1 Err#2"), N of each; -c's table equals strace -c's counts of an
# identical run; -t keeps one call; -l -d -e -o print pid/tid, relative,
# elapsed and on-CPU columns (CPU <= elapsed, a 100 us sleep >= 100 us
# elapsed); -p on a running tr-counter shows its write(2) of a known
# line and, with -s, its user stack (through report(), which prints);
# -n finds it by name; the targets run to a correct exit.
. "$top_srcdir/t/tracer/trlib.sh"
SC_CALLS=$TARGETS/sc-calls
[ -x "$SC_CALLS" ] || skip "sc-calls not built"
command -v strace >/dev/null || skip "strace is not installed"
DTRUSS=$top_srcdir/tools/pidtrace-dtruss
export PIDTRACE

"$DTRUSS" -h >"$T/h" || fail "-h exits $?"
grep -q '^Usage: pidtrace-dtruss ' "$T/h" || fail "-h: $(cat "$T/h")"
for bad in "-Q true" "" "-p 1 true"; do
	"$DTRUSS" $bad >/dev/null 2>"$T/e"
	[ $? = 2 ] || fail "pidtrace-dtruss $bad does not exit 2"
done
grep -q '^pidtrace-dtruss: give one of' "$T/e" || fail "no-target: $(cat "$T/e")"

N=5
echo "hello world" >"$T/file"
TAB=$(printf '\t\t')

say "dtruss -c: the calls and the table"
bounded 60 "$DTRUSS" -c "$SC_CALLS" -n $N "$T/file" 2>"$T/dt" >"$T/so" ||
	fail "dtruss exited $?: $(tail -n 3 "$T/dt")"
[ -s "$T/so" ] && fail "dtruss wrote to stdout: $(head -n 3 "$T/so")"
head -n 1 "$T/dt" | grep -qx "SYSCALL(args) $TAB = return" ||
	fail "header: $(head -n 1 "$T/dt")"
grep -qx "open ok $N enoent $N" "$T/dt" || fail "the target: $(cat "$T/dt")"
cnt() { grep -cxF -- "$1" "$T/dt"; }
fd=$(sed -n "s|^openat(0xFFFFFF9C, \"$T/file\\\\0\", 0x0)$TAB = \\([0-9]*\\) 0\$|\\1|p" "$T/dt" | sort -u)
[ "$(echo "$fd" | wc -w)" = 1 ] || fail "the file's fds: $fd"
[ "$(cnt "openat(0xFFFFFF9C, \"$T/file\\0\", 0x0)$TAB = $fd 0")" = $N ] ||
	fail "opens of the file"
[ "$(cnt "openat(0xFFFFFF9C, \"$T/file.missing\\0\", 0x0)$TAB = -1 Err#2")" = $N ] ||
	fail "opens of the missing file"
hex=$(printf '%X' "$fd")
[ "$(cnt "read(0x$hex, \"hello\\0\", 0x5)$TAB = 5 0")" = $N ] ||
	fail "reads of 5 bytes"
[ "$(grep -cE "^read\(0x[0-9A-F]+, \"\\\\0\", 0x4D2\)$TAB = 1234 0\$" "$T/dt")" = $N ] ||
	fail "reads of 1234 bytes"
[ "$(grep -cE "^nanosleep\(0x[0-9A-F]+, 0x0\)$TAB = 0 0\$" "$T/dt")" = $N ] ||
	fail "nanosleeps"
# the table against strace -c on the same run (strace counts its own
# execve and no exit_group)
sed -n '/^CALL  *COUNT$/,$p' "$T/dt" | awk 'NR > 1 && NF == 2 {
	if (length($1) < 32 && length($0) == 49) print $1, $2 }' |
	grep -v '^exit_group ' | sort >"$T/dt.tab"
bounded 60 strace -c -o "$T/strace" "$SC_CALLS" -n $N "$T/file" >"$T/so2" ||
	fail "strace run failed"
# strace -c's rows: % time, seconds, usecs/call, calls, [errors,] name
awk '$1 ~ /^[0-9.]+$/ && NF >= 5 { calls = $4
	if ($NF == "execve") calls--
	if ($NF != "total" && calls > 0) print $NF, calls }' "$T/strace" |
	sort >"$T/strace.tab"
same_output "$T/strace.tab" "$T/dt.tab"
say "pass: $(wc -l <"$T/dt.tab") calls agree with strace -c"

say "dtruss -t nanosleep -l -d -e -o"
bounded 60 "$DTRUSS" -t nanosleep -ldeo "$SC_CALLS" -n $N "$T/file" \
    2>"$T/dt" || fail "dtruss exited $?: $(tail -n 3 "$T/dt")"
cat "$T/dt"
head -n 1 "$T/dt" | grep -qx "PID/LWP    RELATIVE  ELAPSD    CPU SYSCALL(args) $TAB = return" ||
	fail "header: $(head -n 1 "$T/dt")"
awk -v n=$N '
	/^ *[0-9]+\/[0-9]+:  / {
		calls++
		if ($0 !~ /^ *[0-9]+\/[0-9]+:  +[0-9]+ +[0-9]+ +[0-9]+ nanosleep\(0x[0-9A-F]+, 0x0\)\t\t = 0 0$/) {
			print "line: " $0; exit 1 }
		split($1, id, "/"); sub(/:$/, "", id[2])
		if (id[1] != id[2]) { print "pid " id[1] " tid " id[2]; exit 1 }
		if ($2 < last) { print "relative went back: " $0; exit 1 }
		last = $2
		if ($3 < 100) { print "100 us sleep took " $3; exit 1 }
		if ($4 > $3) { print "cpu " $4 " > elapsed " $3; exit 1 }
	}
	/^ *[a-z]+\(/ && !/^(read|open|nanosleep|fork) / { print "other call: " $0; exit 1 }
	END { if (calls != n) { print calls " calls"; exit 1 } }
' "$T/dt" || fail "-t nanosleep -ldeo"

say "dtruss -s -p: a running process's write and its stack"
start_counter
spawn _dp 60 "$DTRUSS" -s -t write -p "$TPID" 2>"$T/dp"
wait_for "$T/dp" '^SYSCALL'
echo "go 1 1" >&3
wait_for "$T/out" '^done '
line=$(grep '^done ' "$T/out")
want=$(printf 'write(0x1, "%s\\n\\0", 0x%X)%s = %d 0' "$line" \
    $((${#line} + 1)) "$TAB" $((${#line} + 1)))
[ ${#line} -lt 32 ] || want=$(printf 'write(0x1, "%s\\0", 0x%X)%s = %d 0' \
    "${line:0:32}" $((${#line} + 1)) "$TAB" $((${#line} + 1)))
wait_for "$T/dp" '^write\('
grep -qxF -- "$want" "$T/dp" || fail "-p: want $want, got $(cat "$T/dp")"
# the stack: a blank line, frames indented 14, through report()
wait_for "$T/dp" '^              tr-counter`report\+0x[0-9a-f]+$'
sed -n '/^write(/,/^$/p' "$T/dp" | sed -n 2p | grep -qx '' ||
	fail "no blank line before the stack: $(cat "$T/dp")"
kill -INT "$(child_of "$_dp")"
echo quit >&3
wait_for "$T/out" '^exit work=1 '

say "dtruss -n: by name (a copy of tr-counter under a name of its own)"
NAME=dtn$$
cp "$COUNTER" "$T/$NAME"
mkfifo "$T/in2"
spawn _np 60 sh -c 'exec "$0" <"$1" >"$2" 2>&1' "$T/$NAME" "$T/in2" "$T/out2"
exec 4>"$T/in2"
wait_for "$T/out2" '^ready'
NPID=$(child_of "$_np")
spawn _dn 60 "$DTRUSS" -t write -n "$NAME" 2>"$T/dn"
wait_for "$T/dn" '^PID/LWP'
echo "go 1 1" >&4
wait_for "$T/out2" '^done '
wait_for "$T/dn" "^ *$NPID/$NPID:  write\\(0x1, \"done "
kill -INT "$(child_of "$_dn")"
echo quit >&4
wait_for "$T/out2" '^exit work=1 '
exit 0
