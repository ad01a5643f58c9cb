#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A process with a user shadow stack (x86 CET shstk): an entry's call
# that ends the bytes a jump replaces would run in the trampoline as a
# push and a jump, which make no shadow stack entry, and the callee's ret
# would kill the thread.  Such sites keep int3, and the fast path's
# report says why.  fp-call's fc_rel, fc_mem and fc_reg entries are such
# calls (t/targets/fp-call.S; t/fastpath/call.sh runs them fast without
# a shadow stack); fc_mid's entry stays int3 for its own reason.
#
# Here the threads' status files are played by PIDTRACE_TEST_SHSTK (a
# file read in their place), with the kernel's lines
# (Documentation/arch/x86/shstk.rst): "x86_Thread_features: shstk wrss"
# keeps the three entries on int3, a line without shstk lets them run
# fast.  t/fastpath/shstk-real.sh (SHSTK_REAL=1) reads fp-call's own
# status instead, and SKIPs where it runs without a shadow stack.
# Asserts: the report gives exactly those entries the shadow stack's
# reason (and fc_mid's its own), every entry and return count equals
# the target's calls, the output equals the untraced output; after
# detach the text equals the files and no mapping was left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

[ "$FP_MODE" != int3 ] || skip "-x fastpath=off moves no call"
bin=$TARGETS/fp-call
[ -x "$bin" ] || skip "$bin not built"
n=$((200 * FT_SCALE))
A='fc_rel fc_mem fc_reg fc_mid'
b=$(basename "$bin")
mid="an instruction a jump would replace cannot move: pid:$b:fc_mid:entry"
why='a call a jump would replace cannot move: the process has a shadow stack (x86 CET shstk)'
reference ref "$bin" $n

# traced TAG WANT: fp-call traced, its report exactly WANT (slow_is).
traced()
{
	ent=$(for f in $A; do printf 'pid$target::%s:entry,' $f; done)
	ret=$(for f in $A; do printf 'pid$target::%s:return,' $f; done)
	attach_run "$1" "${ent%,} { @e[probefunc] = count(); }
	${ret%,} { @r[probefunc] = count(); }
	END { printa(\"e %s %@d\\n\", @e); printa(\"r %s %@d\\n\", @r); }" \
	    "$bin" $n
	same_output "$T/ref.want" "$T/$1.out"
	no_drops "$T/$1.err" "$2"
	for f in $A; do
		c=$(sed -n "s/^$f calls=\([0-9]*\).*/\1/p" "$T/$1.out")
		expect "$1 $f entries" "$(count "$T/$1.d" "e $f")" "$c"
		expect "$1 $f returns" "$(count "$T/$1.d" "r $f")" "$c"
	done
}

on="$why: pid:$b:fc_rel:entry, pid:$b:fc_mem:entry, pid:$b:fc_reg:entry"
if [ -z "${SHSTK_REAL:-}" ]; then
	printf 'Name:\tfp-call\nx86_Thread_features:\tshstk wrss\nx86_Thread_features_locked:\tshstk wrss\n' >"$T/on"
	printf 'Name:\tfp-call\nx86_Thread_features:\twrss\nx86_Thread_features_locked:\tshstk\n' >"$T/off"
	say "a shadow stack: the moved calls stay int3"
	PIDTRACE_TEST_SHSTK=$T/on traced on "$on
$mid"
	say "none (wrss alone, shstk locked off): they run fast"
	PIDTRACE_TEST_SHSTK=$T/off traced off "$mid"
	exit 0
fi

# Whether fp-call runs with a shadow stack: its status, at its ready.
rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$bin" 1
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
grep "^x86_Thread_features" "/proc/$TPID/status" >"$T/feat" || :
exec 3>&-
wait "$tp" || fail "fp-call 1 exited $?: $(cat "$T/in.out")"
grep -q '^x86_Thread_features:' "$T/feat" ||
	skip "the kernel ($(uname -r)) shows no x86_Thread_features line: no user shadow stacks here"
grep -Eq '^x86_Thread_features:.*[[:space:]]shstk([[:space:]]|$)' "$T/feat" ||
	skip "fp-call runs without a shadow stack ($(head -n 1 "$T/feat")): the CPU, the C library or the build does not enable it"
say "fp-call: $(head -n 1 "$T/feat")"
traced real "$on
$mid"
