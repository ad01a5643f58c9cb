#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A landing address no analysis of the file can see (t/targets/
# fp-unseen.S: fu_jump adds 3 to fu_land's address at run time and jumps
# there through a register), to check what pidtrace says when its jump
# is torn: the death, then where the thread faulted, inside which bytes
# replaced for which probe, and that it is pidtrace's bug.  doc/TRACER.md
# ("Landing addresses") lists such cases as what remains.  On the int3
# path the same run is correct.
# Asserts: fast path: the program dies of SIGSEGV, SIGILL or SIGTRAP, and
# stderr (under -q) says exactly the death and the fault inside the
# bytes at fu_land (its address from nm); int3 path: the program's output
# is the untraced one and nothing is said.
. "$top_srcdir/t/fastpath/fplib.sh"

FP_UNSEEN=$TARGETS/fp-unseen
[ -x "$FP_UNSEEN" ] || skip "fp-unseen not built"
case $PIDTRACE_X in *fastpath=off*) skip "the fast path's test" ;; esac
reference unseen "$FP_UNSEEN" 100
D='pid$target::fu_land:entry { @ = count(); }'

bounded 60 "$PIDTRACE" -x fastpath=off -q -n "$D" -c "$FP_UNSEEN 100" \
	</dev/null >"$T/off.raw" 2>"$T/off.err" ||
	fail "int3 path: pidtrace exited $?: $(cat "$T/off.err")"
cat "$T/off.raw" "$T/off.err"
[ -s "$T/off.err" ] && fail "int3 path: pidtrace said: $(cat "$T/off.err")"
sed 's/^ready pid=.*/ready/; /^ *[0-9]*$/d' "$T/off.raw" >"$T/off.out"
same_output "$T/unseen.want" "$T/off.out"

bounded 60 "$PIDTRACE" -x fastpath=on -q -n "$D" -c "$FP_UNSEEN 100" \
	</dev/null >"$T/on.raw" 2>"$T/on.err" ||
	fail "fast path: pidtrace exited $?: $(cat "$T/on.err")"
cat "$T/on.raw" "$T/on.err"
pid=$(sed -n 's/^ready pid=//p' "$T/on.raw")
off=$(nm "$FP_UNSEEN" | awk '$3 == "fu_land" { print $1 }')
[ -n "$off" ] || fail "no fu_land in nm $FP_UNSEEN"
# The death, then the fault: the pc and p0 are run-time addresses; the
# probe, the byte count and the words are fixed.
sed -E 's/0x[0-9a-f]+/ADDR/g' "$T/on.err" >"$T/on.said"
sig=$(sed -n 's/^pidtrace: pid [0-9]* was killed by signal \([0-9]*\) .*/\1/p' \
	"$T/on.err")
case $sig in 4|5|11) ;; *) fail "fast path: no death by SIGILL, SIGTRAP or SIGSEGV" ;; esac
cat >"$T/on.want" <<WANT
pidtrace: pid $pid was killed by signal $sig ($(sed -n 's/.*signal [0-9]* (\(SIG[A-Z]*\)).*/\1/p' "$T/on.err"))
pidtrace: pid $pid: thread $pid faulted at ADDR, inside the 6 bytes at ADDR that pidtrace's jump replaced for pid$pid:fp-unseen:fu_land:entry: a bug of pidtrace's (a branch it did not see lands there), please report it with this line
WANT
same_output "$T/on.want" "$T/on.said"
# p0 is fu_land's run-time address: its page offset is nm's.
p0=$(sed -n 's/.*inside the 6 bytes at 0x\([0-9a-f]*\) .*/\1/p' "$T/on.err")
[ "$(printf '%x' $((16#$p0 & 4095)))" = "$(printf '%x' $((16#$off & 4095)))" ] ||
	fail "the bytes named are not at fu_land ($off): $p0"
say "ok: the torn jump is said, and where (fu_land at $p0, nm $off)"
