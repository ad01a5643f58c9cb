#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The entry and the returns of every function of python3.11 at once, on
# the fast path: an inlined copy's entry jump (an entry site inside its
# enclosing function) and that function's return jump were built in
# one pass, each checked only against int3s and jumps already live, and
# the first ended on the second's first byte: _Py_GetConfig's
# `mov 0x10(%rax),%rax` (an inlined copy) got a jump whose last byte the
# return jump over `add; ret` overwrote, and python died of SIGSEGV at
# its first call.  Entries alone or returns alone never met.
# Asserts (tlib.sh, torture): output and exit status equal the untraced
# run's, no death, nothing said but the report of sites that stop.
. "$top_srcdir/t/torture/tlib.sh"

[ -x "$PY" ] || skip "no $PY"
mkdir -p "$T/run"
py_script
INT3=no both pyret 'pid$target:python3.11::entry,
	pid$target:python3.11::return { @ = count(); }' "$PY" w.py 300
