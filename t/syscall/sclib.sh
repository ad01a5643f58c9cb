# SPDX-License-Identifier: GPL-2.0-or-later
# t/syscall/sclib.sh: sourced by the syscall provider's tests.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
SC_CALLS=$TARGETS/sc-calls
SC_THREADS=$TARGETS/sc-threads
[ -x "$SC_CALLS" ] && [ -x "$SC_THREADS" ] || skip "targets not built"

# The D program that tabulates every call of a run: "NAME calls errors",
# sorted by name, as strace_table prints strace -c's.
SC_TABLE='syscall:::entry { @c[probefunc] = count(); }
	syscall:::return /errno != 0/ { @e[probefunc] = count(); }
	END { printa("%s %@d %@d\n", @c, @e); }'

# strace_table FILE: strace -c's table as "NAME calls errors", by name.
strace_table()
{
	awk '$1 ~ /^[0-9.]+$/ && NF >= 5 {
		name = $NF; calls = $4; errs = (NF == 6) ? $5 : 0
		print name, calls, errs
	}' "$1" | sort
}
