#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel.yama.ptrace_scope 1, as an ordinary user: -c works (its process
# is pidtrace's child), -p of a process that is not pidtrace's
# descendant is refused with the hint that names the setting.  Run by
# .ci/unprivileged after it set the scope to 1 (it is not in TESTS: no
# other pass has that setting).  Asserts: the exact count of -c, the
# exact error and hint of -p, the -p target untouched.
. "$top_srcdir/t/tracer/trlib.sh"

sc=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null) ||
	fail "no kernel.yama.ptrace_scope"
[ "$sc" = 1 ] || fail "kernel.yama.ptrace_scope is $sc, this test wants 1"
[ "$(id -u)" != 0 ] || fail "run as root: scope 1 does not bind root"

bounded 60 "$PIDTRACE" -q -n 'pid$target::work:entry { @ = count(); }
	END { printa("%@d\n", @); }' -c "$COUNTER" \
	<<<"$(printf 'go 25 1\nquit\n')" >"$T/c.out" 2>"$T/c.err" ||
	fail "-c at scope 1: $(cat "$T/c.err")"
cat "$T/c.out"
grep -qx 25 "$T/c.out" || fail "-c count: $(cat "$T/c.out")"

start_counter
bounded 10 "$PIDTRACE" -n 'pid$target::work:entry {}' -p "$TPID" \
	>"$T/o" 2>&1 && fail "-p of a sibling succeeded at scope 1"
cat "$T/o"
printf '%s\n' "pidtrace: attach: ptrace(PTRACE_SEIZE, $TPID): Operation not permitted" \
	"hint: kernel.yama.ptrace_scope is 1: only descendants (1) or root (2) may attach; try: sysctl kernel.yama.ptrace_scope=0" \
	>"$T/want"
same_output "$T/want" "$T/o"
echo "go 10 1" >&3
wait_for "$T/out" '^done work=10 '
