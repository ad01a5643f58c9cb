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

# need_sud: SUD names t/targets/sc-sud, or the test skips.  Where the
# kernel lacks syscall user dispatch, pidtrace says so in one line:
# then a test of the patched syscall sites has nothing to check.
need_sud()
{
	SUD=$TARGETS/sc-sud
	[ -x "$SUD" ] || skip "sc-sud not built"
	bounded 30 "$PIDTRACE" -q \
	    -n 'syscall::getppid:entry { @ = count(); }' \
	    -c "$SUD loop 1" >/dev/null 2>"$T/probe.err" ||
		fail "pidtrace: $(cat "$T/probe.err")"
	if grep -q 'no syscall user dispatch' "$T/probe.err"; then
		skip "the kernel has no syscall user dispatch (Linux 6.4)"
	fi
}
