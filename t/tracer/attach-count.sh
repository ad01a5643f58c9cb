#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach to a running tr-counter idle in read(2), probe five function
# entries (emulated mov, out-of-line push and rip-relative lock add, a
# tail-call function), let it work, detach on SIGINT.  Asserts: each hit
# count equals the target's own count; after detach the target runs on
# untraced and exits with the checksum of an untraced run.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work mix leaf tail on_usr1) -p "$TPID"
grep -q '^armed 5 ' "$T/drv.err" || fail "not all sites armed: $(cat "$T/drv.err")"
echo "go 20000 1" >&3
wait_for "$T/out" '^done'
stop_drive
[ "$(hits "$T/drv" work)" = "$(field "$T/out" done work)" ] || fail "work hits"
[ "$(hits "$T/drv" mix)" = "$(field "$T/out" done mix)" ] || fail "mix hits"
[ "$(hits "$T/drv" leaf)" = "$(field "$T/out" done leaf)" ] || fail "leaf hits"
[ "$(hits "$T/drv" tail)" = 20000 ] || fail "tail hits"
[ "$(hits "$T/drv" on_usr1)" = 0 ] || fail "on_usr1 hits"

# Detached: the code is as it was; the target finishes like an untraced one.
echo "go 1000 2" >&3
echo quit >&3
exec 3>&-
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 20000 1\ngo 1000 2\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
