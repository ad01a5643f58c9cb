#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# match-leveldown: t/probes/match-test on leveldown's prebuilt .node (only
# .dynsym, leveldb's C++ names): pb_glob_match's pre-filter never changes
# an answer against the plain fnmatch reference.
. "$top_srcdir/t/lib.sh"

need_leveldown
say "file: $LEVELDOWN_NODE"
bounded 120 "$top_builddir/t/probes/match-test" "$LEVELDOWN_NODE" >"$T/out" 2>&1
rc=$?
cat "$T/out"
[ $rc = 0 ] || fail "match-test exited $rc"
grep -q "^$LEVELDOWN_NODE: [1-9][0-9]* matches checked" "$T/out" ||
	fail "no symbol of $LEVELDOWN_NODE matched a glob"
