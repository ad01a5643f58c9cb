# SPDX-License-Identifier: GPL-2.0-or-later
# t/doc/doclib.sh: the work folder and helpers under which t/doc/*.sh run
# the marked command examples of README.md and the man pages
# (t/doc/examples.py says how they are marked and compared).
#
# The commands run verbatim, in a work folder that has what the text
# assumes: demo/ (the build tree's), ./a.out, ./prog and ./server (test
# targets), the files the text writes with "$ cat FILE", and on PATH
# pidtrace, pidnm, the tools, and a pgrep that names the process the test
# started ($TARGET_PID: the text's "$(pgrep node)" is the test's node).
# The placeholders 1234 and 4242 of "-p 1234" and "--pid 4242" are
# $TARGET_PID too (doc_run rewrites them).
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || fail "pidtrace not built"
DOC_WORK=$T/work
mkdir -p "$DOC_WORK" "$T/bin" || fail "mkdir"
ln -s "$top_builddir/demo" "$DOC_WORK/demo"
ln -s "$top_builddir/demo/kvdemo" "$DOC_WORK/prog"
ln -s "$TARGETS/tr-counter" "$DOC_WORK/a.out"
ln -s "$TARGETS/usdt-throw" "$DOC_WORK/server"
ln -s "$top_srcdir/t/targets/pf-hot.js" "$DOC_WORK/app.js"
export PIDTRACE DOC_WORK
export PATH="$T/bin:$top_builddir:$top_srcdir/tools:$PATH"
# No make of ours leaks into the examples (./quickstart runs make).
unset MAKEFLAGS MFLAGS MAKELEVEL

cat >"$T/bin/pgrep" <<'EOS'
#!/bin/sh
# pgrep for the examples: the process the test started.
echo "$TARGET_PID"
EOS
chmod +x "$T/bin/pgrep"

# armed snap|wait FUNC: the first byte of the function whose demangled
# name starts with FUNC in $TARGET_PID; wait: until it is no longer the
# byte snap saw (an int3, or the fast path's jmp: the probe is armed).
cat >"$T/bin/doc-armed" <<'EOS'
#!/bin/bash
set -u
f=$("$PIDNM" -C --pid "$TARGET_PID" | awk -v n="$2" '
	index($0, n) && ($2 == "T" || $2 == "t") { print $1; exit }')
[ -n "$f" ] || { echo "doc-armed: no $2 in $TARGET_PID" >&2; exit 1; }
byte() { dd if="/proc/$TARGET_PID/mem" bs=1 skip=$((16#$f)) count=1 \
	2>/dev/null | od -An -tx1 | tr -d ' \n'; }
snap=$DOC_WORK/.armed
if [ "$1" = snap ]; then byte >"$snap"; exit 0; fi
for _ in $(seq 3000); do
	b=$(byte)
	[ -n "$b" ] && [ "$b" != "$(cat "$snap")" ] && exit 0
	sleep 0.01
done
echo "doc-armed: $2 in $TARGET_PID never patched" >&2
exit 1
EOS
chmod +x "$T/bin/doc-armed"
export PIDNM DOC_ARMED=$T/bin/doc-armed

# doc_run GROUP: the examples of GROUP in README.md and the man pages.
doc_run()
{
	export TARGET_PID=${TARGET_PID:-}
	python3 "$top_srcdir/t/doc/examples.py" "$1" "$top_srcdir/README.md" \
	    "$top_srcdir"/man/*.[17]
}
