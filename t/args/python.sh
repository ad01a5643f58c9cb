#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# python: typed args[] on a real program whose DWARF is in a separate
# debug file: Debian's python3.11 with python3.11-dbg's build-id file.
# PyObject_GetAttr(PyObject *v, PyObject *name): args[0]->ob_type->tp_name
# goes through two typed pointers (DWARF's PyObject, PyTypeObject) to the
# type's name; importing a module looks attributes up on modules and on
# types, so both names must show.  Skips when the interpreter or its
# debug file is not installed (./quickstart installs both).
. "$top_srcdir/t/lib.sh"

PY=/usr/bin/python3.11
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x "$PY" ] || skip "needs $PY (Debian package python3.11)"
id=$(readelf -n "$PY" 2>/dev/null | sed -n 's/.*Build ID: *//p')
[ -n "$id" ] && [ -f "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] ||
	skip "needs $PY's debug file (Debian package python3.11-dbg)"

bounded 60 "$PIDTRACE" -q -c "$PY -c 'import json'" -n '
pid$target::PyObject_GetAttr:entry
/stringof(args[0]->ob_type->tp_name) == "module"/
{
	m = 1;
}
pid$target::PyObject_GetAttr:entry
/stringof(args->v->ob_type->tp_name) == "type"/
{
	t = 1;
}
END
{
	printf("module %d type %d\n", m, t);
}' >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "pidtrace failed"; }
printf 'module 1 type 1\n\n' >"$T/want"
diff -u "$T/want" "$T/out" || { cat "$T/err"; fail "wrong names"; }
say "PASS: python3.11's PyObject_GetAttr typed from its debug file"
