#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every flag and -x option pidtrace takes, and every flag and long
# option of pidnm, is documented (man pages, --help, README.md's list
# of flags), and every one documented is taken: the code's getopt
# strings and dsl/prog.c's table of options against the text
# (t/doc/options.py says what is read where).  Refused -x options
# (dtrace's, which act on what pidtrace has not) must be named too.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] && [ -x "$PIDNM" ] || skip "pidtrace or pidnm not built"
command -v python3 >/dev/null || skip "no python3"

bounded 30 "$PIDTRACE" --help >"$T/pidtrace.help" ||
	fail "pidtrace --help exited $?"
bounded 30 "$PIDNM" --help >"$T/pidnm.help" || fail "pidnm --help exited $?"
say "the options the code takes are the ones the text documents"
python3 "$top_srcdir/t/doc/options.py" "$top_srcdir" "$T/pidtrace.help" \
    "$T/pidnm.help" || fail "options and their documentation differ"
exit 0
