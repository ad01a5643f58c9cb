#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# resolve-leveldown: in a node process that has required leveldown (whose
# prebuilt .node has only .dynsym), *DBImpl*Put* and the mangled
# _ZN7leveldb6DBImpl3Put* both find leveldb::DBImpl::Put(...), its return
# sites are objdump's, and resolving over every module of node works
# (times are measured by bench/attach.sh, not asserted here).
# Needs node and leveldown (need_leveldown in t/lib.sh).
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

RESOLVE=$top_builddir/t/probes/resolve
command -v node >/dev/null || skip "node is not installed"
command -v objdump >/dev/null || skip "needs objdump (binutils)"
need_leveldown
dir=$LEVELDOWN_PREFIX

spawn TP 60 node -e "require('$dir/node_modules/leveldown');
	console.log('ready'); setTimeout(() => {}, 60000);" > "$T/out"
wait_for "$T/out" '^ready' 30
P=$(child_of "$TP") || fail "no node process"
# Killing timeout with KILL (the cleanup trap) would orphan the target.
_pt_pids="$_pt_pids $P"
MOD=$(awk '$6 ~ /leveldown.*\.node$/ { print $6; exit }' "/proc/$P/maps")
[ -n "$MOD" ] || fail "no leveldown .node mapped in node $P"
BASE=${MOD##*/}
BIAS=$((0x$(exe_bias "$P" "$MOD")))
FUNC='leveldb::DBImpl::Put(leveldb::WriteOptions const&, leveldb::Slice const&, leveldb::Slice const&)'
MANGLED=_ZN7leveldb6DBImpl3PutERKNS_12WriteOptionsERKNS_5SliceES6_
set -- $(dyn_sym "$MOD" "$MANGLED")
[ $# = 2 ] || fail "$MANGLED not in $MOD's .dynsym"
say "$BASE: DBImpl::Put at $1 size $2, bias $(printf %x $BIAS)"

say "*DBImpl*Put* and _ZN7leveldb6DBImpl3Put* find DBImpl::Put"
printf 'pid%s %s %s entry %x %s sites 0@%x\n' "$P" "$BASE" "$FUNC" \
    $((0x$1 + BIAS)) "$2" $((0x$1 + BIAS)) > "$T/want"
for g in '*DBImpl*Put*' '_ZN7leveldb6DBImpl3Put*'; do
	bounded 20 "$RESOLVE" "$P" '' "$g" entry > "$T/got" ||
		fail "resolve $g"
	same_output "$T/want" "$T/got"
done

say "its return sites are objdump's"
return_line "pid$P" "$BASE" "$FUNC" "$MOD" "$1" "$2" "$BIAS" > "$T/want" ||
	fail "objdump finds no return site in DBImpl::Put"
bounded 20 "$RESOLVE" "$P" "${BASE%.node}*" '*DBImpl*Put*' return \
    > "$T/got" || fail "resolve return"
same_output "$T/want" "$T/got"

say "the glob, then every function, over every module of node"
bounded 30 "$RESOLVE" -t "$P" '' '*DBImpl*Put*' entry ||
	fail "resolving *DBImpl*Put* over every module failed"
bounded 60 "$RESOLVE" -t "$P" "" "" entry || fail "resolving every function failed or took over 60 s"
exit 0
