#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An empty provider field matches every provider, as in dtrace:
# ":::entry" and "::read:entry" match the syscall provider's probes (and
# USDT probes so named, ":::zero" on usdt-args), and the pid probes that
# a pid$target description made, whatever the order of the clauses; but
# make no pid probe of their own (dtrace makes pid probes only for a
# provider field that names a pid), so "-l -n :::entry -c" lists the
# syscall entries alone, "*:::entry" the same.  Exact -l listings and
# exact counts against sc-calls's own (7 reads of 1234 bytes).
. "$top_srcdir/t/syscall/sclib.sh"

echo "hello world" >"$T/file"
N=7

# -l without a process: every syscall entry, nothing else.
bounded 30 "$PIDTRACE" -l -n 'syscall:::entry' >"$T/sys" 2>"$T/err" ||
	fail "pidtrace -l syscall:::entry: $(cat "$T/err")"
[ "$(wc -l <"$T/sys")" -gt 300 ] || fail "few syscalls: $(wc -l <"$T/sys")"
bounded 30 "$PIDTRACE" -l -n ':::entry' >"$T/empty" 2>"$T/err" ||
	fail "pidtrace -l :::entry: $(cat "$T/err")"
same_output "$T/sys" "$T/empty"

# With a process: the same list (no pid probe made), for "" and "*".
for prov in '' '*'; do
	bounded 30 "$PIDTRACE" -l -n "$prov:::entry" \
	    -c "$SC_CALLS $T/file" >"$T/proc" 2>"$T/err" ||
		fail "pidtrace -l $prov:::entry -c: $(cat "$T/err")"
	same_output "$T/sys" "$T/proc"
done

# ::read:entry beside a pid$target description: both probes.
bounded 30 "$PIDTRACE" -l -n 'pid$target::read:entry' -n '::read:entry' \
    -c "$SC_CALLS $T/file" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l ::read:entry: $(cat "$T/err")"
# (fields only: the provider's width varies with the pid)
awk '{ sub(/^pid[0-9]+$/, "pidN", $2); $1 = $1; print }' "$T/out" >"$T/got"
cat >"$T/want" <<'W'
ID PROVIDER MODULE FUNCTION NAME
4 pidN sc-calls read entry
5 syscall read entry
W
same_output "$T/want" "$T/got"

# A USDT probe is matched by its name alone.
if [ -x "$TARGETS/usdt-args" ]; then
	bounded 30 "$PIDTRACE" -l -n ':::zero' -c "$TARGETS/usdt-args" \
	    >"$T/out" 2>"$T/err" || fail "pidtrace -l :::zero: $(cat "$T/err")"
	awk '{ sub(/^ut[0-9]+$/, "utN", $2); $1 = $1; print }' "$T/out" \
	    >"$T/got"
	cat >"$T/want" <<'W'
ID PROVIDER MODULE FUNCTION NAME
4 utN usdt-args round_ zero
W
	same_output "$T/want" "$T/got"
fi

# Firing, the empty field first and last: the pid probe fires for both
# clauses, the syscall probe for the empty one; N each.
P='pid$target::read:entry /arg2 == 1234/ { @["pid clause"] = count(); }'
E=':::entry /arg2 == 1234 && probefunc == "read"/ {
	@[probeprov == "syscall" ? "empty: syscall" : "empty: pid"] = count(); }'
R='::read:entry /arg2 == 1234/ {
	@[probeprov == "syscall" ? "empty: syscall" : "empty: pid"] = count(); }'
cat >"$T/want" <<W
read 1234 bytes $N
open ok $N enoent $N
read 5 bytes $N
nanosleep $N
fork 0
empty: pid $N
empty: syscall $N
pid clause $N
W
for prog in "$P $E" "$E $P" "$R $P" "$P $R"; do
	bounded 60 "$PIDTRACE" -q -n "$prog END { printa(\"%s %@d\\n\", @); }" \
	    -c "$SC_CALLS -n $N $T/file" >"$T/out" 2>"$T/err" ||
		fail "pidtrace: $(cat "$T/err")"
	grep -v '^$' "$T/out" >"$T/got"
	same_output "$T/want" "$T/got"
done

# Without a process, a syscall description says why it cannot fire.
bounded 30 "$PIDTRACE" -n '::read:entry {}' >"$T/out" 2>"$T/err" &&
	fail "::read:entry without a process was accepted"
same_output - "$T/err" <<'W'
pidtrace: probe description ::read:entry: syscall probes fire in traced processes only: give -p PID or -c CMD
W
exit 0
