#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The seed's next step: each leveldown put's key and value size, read from
# DBImpl::Put's Slice arguments with a struct declared in the script
# (copyin, ->, copyinstr(addr, len)) on the stripped prebuilt .node.
# Asserts: one line per put made while attached, with the key and value
# size lv-put.js wrote ('k' + i, i % 50 bytes), and node goes on after.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v node >/dev/null || skip "node is not installed"
need_leveldown	# t/lib.sh: installs once, sets LEVELDOWN_PREFIX
dir=$LEVELDOWN_PREFIX

mkfifo "$T/in"
spawn _np 120 sh -c 'exec node "$0" "$1" "$2" <"$3" >"$4" 2>&1' \
	"$top_srcdir/t/tracer/lv-put.js" "$(cd "$dir" && pwd)" "$T/db" \
	"$T/in" "$T/out"
exec 3>"$T/in"
wait_for "$T/out" '^ready' 30
NP=$(child_of "$_np") || fail "no node pid"
# Put returns a leveldb::Status through a hidden first argument: the
# key and value Slices are arg3 and arg4.
cat >"$T/put.d" <<'D'
#pragma D option quiet
struct slice { uintptr_t data; size_t size; };

BEGIN { printf("armed\n"); }

pid$target::*DBImpl3Put*:entry
{
	this->k = (struct slice *)copyin(arg3, sizeof (struct slice));
	printf("put %s %d\n", copyinstr(this->k->data, this->k->size),
	    ((struct slice *)arg4)->size);
}
D
spawn _pp 60 "$PIDTRACE" -s "$T/put.d" -p "$NP" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp")
wait_for "$T/p.out" '^armed' 30
echo "put 60" >&3
wait_for "$T/out" '^put 60$' 30
kill -INT "$PP"
wait "$_pp" 2>/dev/null
cat "$T/p.err"
for i in $(seq 0 59); do echo "put k$i $((i % 50))"; done | sort >"$T/want"
grep '^put ' "$T/p.out" | sort >"$T/got"
diff -u "$T/want" "$T/got" || fail "keys and value sizes differ"
not_fast_report "$T/p.err" | grep -q . && fail "pidtrace wrote errors"
echo "put 10" >&3
wait_for "$T/out" '^put 10$' 30
echo quit >&3
wait_for "$T/out" '^closed' 30
