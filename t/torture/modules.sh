#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The torture suite: the entry of every function of every module
# (pid$target:::entry: the program, libc, the loader, and what python
# dlopens), on ls and python3.11, on the fast path and on the int3 path.
# It failed to start on ls ("cannot trace ... _dl_debug_state ... File
# exists": pidtrace's own r_brk breakpoint was there), and now shares
# that site.  make check runs python's int3 reference with FT_SCALE=10
# only.
# Asserts (tlib.sh, torture): output and exit status equal the untraced
# run's, no death, nothing said but the report of sites that stop; the
# report names the loader's _dl_debug_state, which stops for r_brk.
. "$top_srcdir/t/torture/tlib.sh"

[ -x "$PY" ] || skip "no $PY"
mkdir -p "$T/run/tree/a/b"
seq 1 100 >"$T/run/tree/a/b/f"
py_script
full=no
[ "$FT_SCALE" -ge 10 ] && full=yes
ALL='pid$target:::entry { @ = count(); }'

both ls "$ALL" ls -laR tree
grep -q "pidtrace's own breakpoint there (the loader's r_brk, to follow dlopen) needs the thread stopped: pid[0-9]*:ld-linux-x86-64.so.2:_dl_debug_state:entry" \
	"$T/ls.on.err" || fail "_dl_debug_state's site: $(cat "$T/ls.on.err")"
INT3=$full both py "$ALL" "$PY" w.py $((30 * FT_SCALE))
