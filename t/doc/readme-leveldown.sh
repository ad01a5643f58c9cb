#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's first user story, verbatim: its commands against a
# Node.js program that puts into LevelDB through leveldown
# (t/doc/lv-app.js), whose puts each example asks for (the workload) once
# the probes are armed.  Asserts, for each: exit status 0, and the output
# the text shows, modulo pids, addresses and timings: the exact count of
# puts, the keys and value sizes put.d prints.
. "$top_srcdir/t/doc/doclib.sh"

command -v node >/dev/null || fail "node is not installed"
need_leveldown
ln -s "$LEVELDOWN_PREFIX/node_modules" "$DOC_WORK/node_modules"
ln -s "$LEVELDOWN_NODE" "$DOC_WORK/leveldown.node"
mkfifo "$T/in"
spawn _lv 600 sh -c 'exec node "$0" "$1" "$2" <"$3"' \
	"$top_srcdir/t/doc/lv-app.js" "$LEVELDOWN_PREFIX" "$T/db" "$T/in" \
	>"$T/lv.out" 2>&1
exec 3>"$T/in"
wait_for "$T/lv.out" '^ready' 60
TARGET_PID=$(child_of "$_lv") || fail "no node"
_pt_pids="$_pt_pids $TARGET_PID"

# doc-workload "LINE;LINE": each line to the program, then its "ok".
cat >"$T/bin/doc-workload" <<'EOS'
#!/bin/bash
n=$(grep -c '^ok' "$LV_OUT")
IFS=';' read -r -a lines <<<"$1"
for l in "${lines[@]}"; do
	echo "$l" >"$LV_IN"
	n=$((n + 1))
	for _ in $(seq 6000); do
		[ "$(grep -c '^ok' "$LV_OUT")" -ge $n ] && continue 2
		sleep 0.01
	done
	echo "doc-workload: no ok for '$l'" >&2
	exit 1
done
EOS
chmod +x "$T/bin/doc-workload"
# The fifo stays open on fd 3 here; the helper opens it again to write.
export LV_IN=$T/in LV_OUT=$T/lv.out DOC_WORKLOAD=$T/bin/doc-workload
doc_run leveldown
