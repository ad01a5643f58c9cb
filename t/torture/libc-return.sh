#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The torture suite: the entry and every return of every libc function
# (libc6-dbg's .symtab), on cat, ls -laR, sort, python3.11 and a C++
# program, on the fast path and on the int3 path: return sites lay their
# jumps over a function's last instructions, where jumps to the shared
# epilogue land (ls -laR died of it).  make check runs the int3
# reference of the cheap ones; FT_SCALE=10 all of them.
# Asserts (tlib.sh, torture): output and exit status equal the untraced
# run's, no death, nothing said but the report of sites that stop.
. "$top_srcdir/t/torture/tlib.sh"

need_libc_dbg
[ -x "$PY" ] || skip "no $PY"
libc_work

both cat "$LIBC_ER" cat "$T/run/sort.in"
both ls "$LIBC_ER" ls -laR tree
both sort "$LIBC_ER" sort -n sort.in
both py "$LIBC_ER" "$PY" w.py $((30 * FT_SCALE))
RECORD=yes both cxx "$LIBC_ER" "$TARGETS/tt-cxx" $((500 * FT_SCALE))
