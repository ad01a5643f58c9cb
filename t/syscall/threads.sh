#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Pid and syscall probes in one program, over threads: sc-threads runs 2
# pairs of threads playing ping-pong ROUNDS times; each put() is one
# write of 4 bytes and each get() one read of 4 bytes, a pair making
# 2 * ROUNDS + 1 of each (the last ping says stop).  Counts from
# pid$target::put:entry, syscall::write:entry and syscall::read:return
# must all be 4 * ROUNDS + 2, each thread's writes its own, and the
# target's output the untraced run's.
. "$top_srcdir/t/syscall/sclib.sh"

ROUNDS=500
echo go | bounded 60 "$SC_THREADS" 2 $ROUNDS >"$T/want" || fail "untraced"
echo go | bounded 60 "$PIDTRACE" -q -n '
	pid$target::put:entry { @n["put"] = count(); }
	pid$target::get:return { @n["get"] = count(); }
	syscall::write:entry /arg2 == 4/ { @n["write"] = count(); @t[tid] = count(); }
	syscall::read:return /arg0 == 4/ { @n["read"] = count(); }
	END { printa("%s %@d\n", @n); printa("tid %@d\n", @t); }' \
    -c "$SC_THREADS 2 $ROUNDS" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
n=$((4 * ROUNDS + 2))
for what in put get write read; do
	grep -q "^$what $n\$" "$T/out" || fail "$what: want $n"
done
# Four threads wrote; each of a pair's two wrote ROUNDS or ROUNDS + 1.
[ "$(grep -c '^tid ' "$T/out")" = 4 ] || fail "not 4 writing threads"
[ "$(grep -Ec "^tid ($ROUNDS|$((ROUNDS + 1)))\$" "$T/out")" = 4 ] ||
	fail "per-thread writes"
grep -v -e '^put ' -e '^get ' -e '^write ' -e '^read ' -e '^tid ' "$T/out" |
    grep -v '^$' >"$T/got"
same_output "$T/want" "$T/got"
say pass
