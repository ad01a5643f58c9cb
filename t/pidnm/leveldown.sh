#!/bin/bash
# The leveldown story: its prebuilt .node has no .symtab (nm: "no
# symbols"), but pidnm -D -C --grep Put finds LevelDB's Put in .dynsym,
# and -D listings equal nm's.  Needs npm and the registry, or a cached
# install in $top_builddir/t/node.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/pidnm/oracle.sh"
command -v nm >/dev/null || skip "no nm (binutils) to compare with"

dir=$top_builddir/t/node
find_node()
{
	for f in "$dir"/node_modules/leveldown/prebuilds/linux-x64/*glibc*.node \
	    "$dir"/node_modules/leveldown/prebuilds/linux-x64/*.node; do
		[ -f "$f" ] && { echo "$f"; return 0; }
	done
	return 1
}
mod=$(find_node)
if [ -z "$mod" ]; then
	command -v npm >/dev/null || skip "npm is not installed"
	mkdir -p "$dir" || fail "mkdir $dir"
	# --ignore-scripts: the prebuilt binaries are all we need.
	(cd "$dir" && bounded 300 npm install --no-audit --no-fund \
	    --ignore-scripts --prefix "$dir" leveldown) >"$T/npm.log" 2>&1 ||
		skip "npm install leveldown failed (offline?): $(tail -n 1 "$T/npm.log")"
	mod=$(find_node) || fail "leveldown installed without a linux-x64 prebuild"
fi
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
