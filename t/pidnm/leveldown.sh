#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The leveldown story: its prebuilt .node has no .symtab (nm: "no
# symbols"), but pidnm -D -C --grep Put finds LevelDB's Put in .dynsym,
# and -D listings equal nm's.  Needs npm and the registry, or a cached
# install in $top_builddir/t/node.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/pidnm/oracle.sh"
command -v nm >/dev/null || skip "no nm (binutils) to compare with"

need_leveldown
mod=$LEVELDOWN_NODE
say "module: $mod"

oracle "$mod"
grep -qx "NM: $mod: no symbols" "$T/pidnm.err2" || fail "no 'no symbols' message"
oracle "$mod" -D
oracle "$mod" -D -C
bounded 30 "$PIDNM" -D -C --grep Put "$mod" >"$T/put" || fail "pidnm --grep failed"
grep -qE '^[0-9a-f]{16} T leveldb::DBImpl::Put\(leveldb::WriteOptions const&, leveldb::Slice const&, leveldb::Slice const&\)$' \
	"$T/put" || fail "leveldb::DBImpl::Put not found: $(head -n 3 "$T/put")"
bounded 30 "$PIDNM" -D -j --grep 'leveldb::DBImpl::Put(*)' "$mod" >"$T/join"
grep -qE '^[0-9a-f]{16} T _ZN7leveldb6DBImpl3PutERKNS_12WriteOptionsERKNS_5SliceES6_ == leveldb::DBImpl::Put\(leveldb::WriteOptions const&, leveldb::Slice const&, leveldb::Slice const&\)$' \
	"$T/join" || fail "join view of DBImpl::Put: $(cat "$T/join")"
exit 0
