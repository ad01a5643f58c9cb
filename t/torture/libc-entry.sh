#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The torture suite: the entry of every libc function (.symtab from
# libc6-dbg's debug file: 6,565 probes) on cat, ls -laR, sort, python3.11
# and a C++ program (std::string, iostream, exceptions), on the fast path
# and on the int3 path.  "Count every libc call" killed cat with SIGTRAP
# and ls with SIGILL: a jump laid over memcpy's first instructions, into
# which __mempcpy jumps.  make check runs the int3 reference of the
# cheap ones; FT_SCALE=10 runs every program on both paths.
# Asserts (tlib.sh, torture): output and exit status equal the untraced
# run's, no death, nothing said but the report of sites that stop.
. "$top_srcdir/t/torture/tlib.sh"

need_libc_dbg
[ -x "$PY" ] || skip "no $PY"
libc_work

both cat "$LIBC_E" cat "$T/run/sort.in"
RECORD=yes both ls "$LIBC_E" ls -laR tree
both sort "$LIBC_E" sort -n sort.in
both py "$LIBC_E" "$PY" w.py $((30 * FT_SCALE))
both cxx "$LIBC_E" "$TARGETS/tt-cxx" $((500 * FT_SCALE))
