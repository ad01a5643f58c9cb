#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# completion/pidtrace in a real interactive bash (on a pty, with
# bash-completion loaded): flags, -x options and values, and the probe
# descriptions of the process the line traces, quoted and not, with the
# functions tr-counter really has (from pidnm --pid).
. "$top_srcdir/t/tracer/trlib.sh"

BC=/usr/share/bash-completion/bash_completion
[ -f "$BC" ] || skip "bash-completion not installed (Debian package bash-completion)"
[ -x "$PIDNM" ] || skip "pidnm not built"
PY=/usr/bin/python3.11
[ -x "$PY" ] || PY=python3

cat >"$T/rc" <<END
PS1='READY> '
. $BC
. $top_srcdir/completion/pidtrace
PATH=$top_builddir:\$PATH
END
tab()
{
	say "typed: $1"
	"$PY" "$top_srcdir/t/tools/ptyline.py" "$T/rc" "$1" "$2" >"$T/screen" ||
		fail "no /$2/ on the screen: $(cat "$T/screen")"
}

tab 'pidtrace -x oforma	' 'oformat='
tab 'pidtrace -x oformat=j	' 'oformat=json '
tab 'pidtrace -x metrics-f	' 'metrics-file='
tab 'pidtrace -x fastpath=rec	' 'fastpath=record '
tab 'pidtrace -Z	' '-Z '
tab 'pidtrace -x cpph	' 'cpphdrs '

start_counter
# quoted: bash lists the whole descriptions (two match)
tab "pidtrace -p $TPID -n 'pid\$target:a.out:work		" \
	'pid\$target:a\.out:work: +pid\$target:a\.out:worker:'
# unquoted: bash completes after the last ':'
tab "pidtrace -p $TPID -n pid\$target:a.out:lea	" 'a\.out:leaf:'
tab "pidtrace -p $TPID -n 'pid\$target:a.out:leaf:ret	" "leaf:return'"
tab "pidtrace -p $TPID -n 'dtrace:::BEG	" "dtrace:::BEGIN'"
tab "pidnm --no-d	" '--no-demangle '
echo quit >&3
wait_for "$T/out" '^exit '
exit 0
