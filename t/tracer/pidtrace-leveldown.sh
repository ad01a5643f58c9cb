#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The first user story: attach to a node process using leveldown (a .node
# with only .dynsym, called from libuv's pool threads) and count
# leveldb::DBImpl::Put and its returns.  Asserts: the counts equal the
# puts made while attached, and node goes on after detach.
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
spawn _pp 60 "$PIDTRACE" -q -n '
	BEGIN { printf("armed\n"); }
	pid$target::*DBImpl*Put*:entry { @e = count(); }
	pid$target::*DBImpl*Put*:return { @r = count(); }
	END { printa("entry %@d\n", @e); printa("return %@d\n", @r); }' \
	-p "$NP" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp")
wait_for "$T/p.out" '^armed' 30	# BEGIN fires once the sites are in
echo "put 1000" >&3
wait_for "$T/out" '^put 1000$' 30
kill -INT "$PP"
wait_for "$T/p.out" '^return' 20
cat "$T/p.out" "$T/p.err"
grep -q '^entry 1000$' "$T/p.out" || fail "DBImpl::Put entries"
grep -q '^return 1000$' "$T/p.out" || fail "DBImpl::Put returns"
echo "put 10" >&3
wait_for "$T/out" '^put 10$' 30
echo quit >&3
wait_for "$T/out" '^closed' 30
