#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x errtags puts dtrace's tag on each error of the pid provider's
# descriptions.  The expected tags are those of Oracle's Linux DTrace
# tests of the pid provider (test/unittest/pid/err.D_*.d: a test named
# err.D_PROC_FUNC.badfunc.d expects [D_PROC_FUNC] and exit status 1):
# a function that is not there (D_PROC_FUNC), a module that is not
# there (D_PDESC_ZERO), a bad probe name (D_PROC_NAME), an offset past
# the function's end (D_PROC_OFF), function "-" with a library
# (D_PROC_LIB) or without one address as its name (D_PROC_NAME),
# provider pid0 (D_PROC_BADPID).
# Without -x errtags, the same errors carry no tag.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

check()
{
	tag=$1 desc=$2
	bounded 30 "$PIDTRACE" -xerrtags -n "$desc {}" \
	    -c "$TARGETS/pd-prog sleep" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 1 ] || fail "$desc: exit $rc, not 1"
	[ "$(wc -l <"$T/err")" -eq 1 ] || fail "$desc: not one line"
	grep -qF "[$tag] " "$T/err" || fail "$desc: no [$tag]"
	bounded 30 "$PIDTRACE" -n "$desc {}" \
	    -c "$TARGETS/pd-prog sleep" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 1 ] || fail "$desc: exit $rc without errtags, not 1"
	grep -q '\[D_' "$T/err" && fail "$desc: a tag without -x errtags"
	return 0
}

check D_PROC_FUNC 'pid$target:a.out:ahl_r00lz:entry'
check D_PDESC_ZERO 'pid$target:libbmc_sucks.so.1::entry'
check D_PROC_NAME 'pid$target:a.out:main:beginning'
check D_PROC_OFF 'pid$target:a.out:go:1000'
check D_PROC_LIB 'pid$target:libc:-:800'
check D_PROC_NAME 'pid$target::-:'
check D_PROC_NAME 'pid$target::-:10*'
check D_PDESC_ZERO 'pidgin:::entry'
check D_PROC_BADPID 'pid0:::entry'
say "every pd-prog started was killed with pidtrace"
running_with "$TARGETS/pd-prog sleep" && fail "a pd-prog is left running"
exit 0
